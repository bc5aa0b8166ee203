"""``paddle.nn.initializer``: in-place parameter initializers.

Each initializer is a callable ``init(param, block=None)`` that fills ``param`` in place (no autograd)
following Paddle's formulas (fan computation: Paddle's ``_compute_fans``, where a 2-D weight is
``[in, out]``). On CPU the random ones draw from Paddle's engine and kernels (``_core.paddle_rng``), so after
``paddle.seed`` they give real Paddle's values; on CUDA (and for Orthogonal) they use torch's generator.
"""

from .assign import Assign, NumpyArrayInitializer
from .Bilinear import Bilinear
from .constant import Constant, ConstantInitializer
from .dirac import Dirac
from .initializer import (
    Initializer,
    _global_bias_initializer,
    _global_weight_initializer,
    calculate_gain,
    set_global_initializer,
)
from .kaiming import KaimingNormal, KaimingUniform, MSRAInitializer
from .normal import Normal, NormalInitializer, TruncatedNormal, TruncatedNormalInitializer
from .orthogonal import Orthogonal
from .uniform import Uniform, UniformInitializer
from .xavier import XavierInitializer, XavierNormal, XavierUniform

__all__ = [
    "Bilinear",
    "Constant",
    "KaimingUniform",
    "KaimingNormal",
    "XavierNormal",
    "XavierUniform",
    "Assign",
    "Normal",
    "TruncatedNormal",
    "Uniform",
    "Orthogonal",
    "Dirac",
    "set_global_initializer",
    "calculate_gain",
]

_ = (Initializer, NumpyArrayInitializer, ConstantInitializer, MSRAInitializer, NormalInitializer,
     TruncatedNormalInitializer, UniformInitializer, XavierInitializer, _global_bias_initializer,
     _global_weight_initializer)  # importable as in Paddle, not in __all__
