"""``paddle.fluid.clip``: the gradient-clip classes, the same objects as ``paddle.nn.ClipGradBy*``."""

from ._alias import make_getattr

_TABLE = {"ClipGradByValue": "paddle.nn.ClipGradByValue", "ClipGradByNorm": "paddle.nn.ClipGradByNorm",
          "ClipGradByGlobalNorm": "paddle.nn.ClipGradByGlobalNorm"}
_HINTS = {"GradientClipByGlobalNorm": "paddle.nn.ClipGradByGlobalNorm(clip_norm)",
          "GradientClipByNorm": "paddle.nn.ClipGradByNorm(clip_norm)",
          "GradientClipByValue": "paddle.nn.ClipGradByValue(max, min)"}
__getattr__ = make_getattr("paddle.fluid.clip", _TABLE, _HINTS, globals())
__all__ = []
