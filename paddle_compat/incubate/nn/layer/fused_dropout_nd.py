"""``paddle.incubate.nn.FusedDropout``: ``paddle.nn.functional.dropout`` as a layer (axis-wise masks)."""

from ....nn.functional import dropout
from ....nn.layer.layers import Layer

__all__ = ["FusedDropout"]


class FusedDropout(Layer):
    """Dropout with a mask shared along the axes not in ``axis``."""

    def __init__(self, p=0.5, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        if not isinstance(p, (float, int)):
            raise TypeError("p argument should be a number")
        if p < 0 or p > 1:
            raise ValueError("p argument should between 0 and 1")
        mode = "downscale_in_infer" if mode == "downgrade_in_infer" else mode
        if mode not in ("downscale_in_infer", "upscale_in_train"):
            raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")
        self.p = p
        self.mode = mode
        self.name = name
        self.axis = None if axis is None else ([axis] if isinstance(axis, int) else list(axis))

    def forward(self, input):  # noqa: A002 - Paddle's name
        if self.p == 0:
            return input
        return dropout(input, p=self.p, axis=self.axis, training=self.training, mode=self.mode, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}, axis={self.axis}, mode={self.mode}{name_str}"
