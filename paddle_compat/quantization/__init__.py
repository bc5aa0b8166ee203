"""``paddle.quantization``: QAT and PTQ on Paddle's fake-quant formulas (paddle_compat/nn/quant/_kernels.py).

The legacy imperative QAT (``ImperativeQuantAware``) is implemented; its PTQ side (``ImperativePTQ``,
``PTQConfig``...) is not.
"""

from .._stubs import define_stubs
from . import observers, quanters  # noqa: F401
from .base_observer import BaseObserver
from .base_quanter import BaseQuanter
from .config import QuantConfig
from .factory import quanter
from .imperative import ImperativeQuantAware  # noqa: F401
from .ptq import PTQ
from .qat import QAT

__all__ = ["QuantConfig", "BaseQuanter", "BaseObserver", "quanter", "QAT", "PTQ"]

define_stubs(globals(), "paddle.quantization", [
    "PTQConfig", "default_ptq_config", "BaseQuantizer", "AbsmaxQuantizer", "PerChannelAbsmaxQuantizer",
    "KLQuantizer", "HistQuantizer", "PTQRegistry", "ImperativePTQ",
], "the legacy imperative post-training quantization API (use paddle.quantization.PTQ)")
