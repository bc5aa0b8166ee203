"""``paddle.incubate.nn.FusedDropoutAdd``: dropout(x) + y."""

from ....nn.layer.layers import Layer
from .. import functional as F

__all__ = ["FusedDropoutAdd"]


class FusedDropoutAdd(Layer):
    """dropout(x, p, mode) + y."""

    def __init__(self, p=0.5, mode="upscale_in_train", name=None):
        super().__init__()
        self.p = p
        self.mode = mode
        self.name = name

    def forward(self, x, y):
        return F.fused_dropout_add(x, y, p=self.p, training=self.training, mode=self.mode, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}, mode={self.mode}{name_str}"
