"""``paddle.callbacks``: the public names of ``paddle.hapi.callbacks``, re-exported."""

from .hapi.callbacks import *  # noqa: F403
from .hapi.callbacks import __all__  # noqa: F401
