"""``paddle.base.param_attr``: ``ParamAttr`` and ``WeightNormParamAttr`` (the same classes as paddle.ParamAttr)."""

from ..nn.param_attr import ParamAttr, WeightNormParamAttr

__all__ = ["ParamAttr", "WeightNormParamAttr"]
