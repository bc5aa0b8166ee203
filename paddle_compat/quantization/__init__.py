"""``paddle.quantization`` (milestone: torch.ao quantization)."""

from .._stubs import define_stubs

__all__ = define_stubs(
    globals(),
    "paddle.quantization",
    ["QuantConfig", "BaseQuanter", "BaseObserver", "quanter", "QAT", "PTQ"],
    "quantization on torch.ao is a later milestone",
)
