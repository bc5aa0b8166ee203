"""``paddle.static.amp.decorator``: the static-graph optimizer decorator."""

from .fp16_utils import _STATIC


def decorate(*args, **kwargs):
    raise NotImplementedError(
        f"paddle.static.amp.decorate {_STATIC}; in dygraph use paddle.amp.decorate and paddle.amp.auto_cast."
    )
