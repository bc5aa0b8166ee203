"""``paddle.nn.functional``: one module per Paddle source file; each ``__all__`` is exported here."""

from . import activation, common, conv, distance, extension, input, loss, norm, pooling, vision
from .activation import *
from .common import *
from .conv import *
from .distance import *
from .extension import *
from .input import *
from .loss import *
from .norm import *
from .pooling import *
from .sparse_attention import *
from .vision import *
from .flash_attention import scaled_dot_product_attention, sdp_kernel  # noqa: F401 (Paddle defines them there)
