from .conv import QuantedConv2D
from .linear import QuantedLinear

__all__ = ["QuantedConv2D", "QuantedLinear"]
