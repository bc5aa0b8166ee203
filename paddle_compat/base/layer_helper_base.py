"""``paddle.base.layer_helper_base``: ``LayerHelperBase``, the mode-independent half of ``LayerHelper``
(parameters, variables, programs); ``layer_helper.LayerHelper`` adds the input/attribute helpers."""

from ..framework.program import Variable, default_main_program, default_startup_program
from ..nn.param_attr import ParamAttr, WeightNormParamAttr
from .framework import in_dygraph_mode, in_pir_mode

__all__ = []
_ = (Variable, default_main_program, default_startup_program, ParamAttr, WeightNormParamAttr, in_dygraph_mode,
     in_pir_mode)
