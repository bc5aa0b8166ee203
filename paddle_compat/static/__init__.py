"""``paddle.static``: only ``InputSpec`` is real so far; the static-graph Program/Executor API is a
later milestone (torch.fx), and its names raise NotImplementedError saying so."""

from .._stubs import define_stubs
from ..framework.misc import Variable  # the stub check_shape's defaults name (define_stubs keeps it)
from ..framework.program import Program, default_main_program, default_startup_program, program_guard
from . import amp, nn
from .input import InputSpec

__all__ = ["InputSpec"]
__all__ += define_stubs(globals(), "paddle.static", [
    "append_backward", "gradients", "Executor", "global_scope", "scope_guard", "BuildStrategy", "CompiledProgram",
    "ipu_shard_guard", "IpuCompiledProgram", "IpuStrategy", "Print", "py_func", "ExecutionStrategy", "name_scope",
    "program_guard", "WeightNormParamAttr", "ExponentialMovingAverage", "default_main_program",
    "default_startup_program", "Program", "data", "save", "load", "save_inference_model", "load_inference_model",
    "serialize_program", "serialize_persistables", "save_to_file", "deserialize_program",
    "deserialize_persistables", "load_from_file", "normalize_program", "load_program_state", "set_program_state",
    "cpu_places", "cuda_places", "xpu_places", "Variable", "create_global_var", "accuracy", "auc", "device_guard",
    "create_parameter", "set_ipu_shard", "ctr_metric_bundle",
], "paddle.static (Program/Executor on torch.fx) is a later milestone")
