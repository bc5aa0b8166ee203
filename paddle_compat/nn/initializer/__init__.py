"""``paddle.nn.initializer``: in-place parameter initializers on torch's RNG.

Each initializer is a callable ``init(param, block=None)`` that fills ``param`` in place (no autograd)
following Paddle's formulas (fan computation: Paddle's ``_compute_fans``, where a 2-D weight is
``[in, out]``). Random values come from torch's generator (``paddle.seed`` seeds it): distributions
match Paddle's, the individual draws do not.
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
