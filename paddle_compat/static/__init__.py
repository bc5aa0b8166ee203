"""``paddle.static``: static-graph programs (``enable_static``), the Executor, backward, persistence, and
``InputSpec``. Ops on ``paddle.static.data`` variables are recorded into the default main program
(framework/program.py); the Executor (base/executor.py) replays them on torch."""

from .._stubs import define_stubs
from ..base.backward import append_backward, gradients
from ..base.compiler import BuildStrategy, CompiledProgram, ExecutionStrategy
from ..base.executor import Executor, Scope, global_scope, scope_guard
from ..framework.program import (
    Program,
    Variable,
    data,
    default_main_program,
    default_startup_program,
    name_scope,
    program_guard,
)
from . import amp, nn
from ..nn.param_attr import WeightNormParamAttr, create_parameter
from .input import InputSpec, setitem
from .misc import (
    ExponentialMovingAverage,
    Print,
    accuracy,
    auc,
    cpu_places,
    ctr_metric_bundle,
    create_global_var,
    cuda_places,
    device_guard,
    xpu_places,
)
from .nn import py_func  # Paddle: paddle.static.py_func is paddle.static.nn.py_func
from .io import (
    deserialize_persistables,
    deserialize_program,
    load,
    load_from_file,
    load_inference_model,
    load_program_state,
    normalize_program,
    save,
    save_inference_model,
    save_to_file,
    serialize_persistables,
    serialize_program,
    set_program_state,
)

_ = Scope, setitem  # paddle.static.Scope and setitem exist in Paddle (not in its __all__)

__all__ = ["InputSpec", "Program", "Variable", "data", "default_main_program", "default_startup_program",
           "program_guard", "name_scope", "create_parameter", "Executor", "global_scope", "scope_guard",
           "BuildStrategy", "CompiledProgram", "ExecutionStrategy", "append_backward", "gradients",
           "save", "load", "save_inference_model", "load_inference_model", "serialize_program",
           "serialize_persistables", "save_to_file", "deserialize_program", "deserialize_persistables",
           "load_from_file", "normalize_program", "load_program_state", "set_program_state",
           "Print", "py_func", "cpu_places", "cuda_places", "xpu_places", "create_global_var", "accuracy",
           "device_guard", "ExponentialMovingAverage", "auc", "WeightNormParamAttr", "ctr_metric_bundle"]
from ..base._device_absent import IpuCompiledProgram, IpuStrategy, ipu_shard_guard, set_ipu_shard  # noqa: E402

__all__ += define_stubs(globals(), "paddle.static", [
    "ipu_shard_guard", "IpuCompiledProgram", "IpuStrategy",
    "set_ipu_shard",
], "this part of paddle.static is not implemented yet")
