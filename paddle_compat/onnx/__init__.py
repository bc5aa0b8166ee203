"""``paddle.onnx``: export a Layer to ONNX through ``torch.onnx``."""

from .export import export

__all__ = ["export"]
