"""``paddle.reader``: the legacy reader decorators (a *reader* is a no-argument callable returning an
iterable of samples; a decorator takes readers and returns a reader)."""

from .decorator import (  # noqa: F401
    ComposeNotAligned,
    buffered,
    cache,
    chain,
    compose,
    firstn,
    map_readers,
    multiprocess_reader,
    shuffle,
    xmap_readers,
)

__all__ = []
