"""``paddle.nn.quant``: Stub, QAT layers (``qat.QuantedLinear``/``QuantedConv2D``), converted layers
(``format``), functional layers and weight-only/LLM.int8 references."""

from . import format, lsq, qat, quant_layers, stub  # noqa: F401
from .functional_layers import (  # noqa: F401
    FloatFunctionalLayer,
    add,
    concat,
    divide,
    flatten,
    matmul,
    multiply,
    reshape,
    subtract,
    transpose,
)
from .quant_layers import QuantStub  # noqa: F401
from .quantized_linear import llm_int8_linear, weight_dequantize, weight_only_linear, weight_quantize
from .stub import Stub

__all__ = ["Stub", "weight_only_linear", "llm_int8_linear", "weight_quantize", "weight_dequantize"]
