"""``paddle.base.libpaddle``: Paddle's compiled extension module; here, the same objects as ``paddle.base.core``."""

from .core import *  # noqa: F403
from .core import __all__  # noqa: F401
