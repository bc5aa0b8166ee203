"""``paddle.nn``: Layers (``nn/layer/``), functionals (``nn/functional/``), initializers, clip, utils."""

from . import functional, initializer, layer, utils
from .clip import *
from .decode import BeamSearchDecoder, dynamic_decode
from .layer import *
from .param_attr import *
from . import quant  # noqa: E402,F401  (paddle.nn.quant, as Paddle imports it with paddle.nn)
