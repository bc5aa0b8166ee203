"""``paddle.fluid``: absent from Paddle 2.6.2 (renamed ``paddle.base``, its layers moved to ``paddle.static.nn``
and ``paddle``), kept here for scripts written for Paddle 2.0-2.4 (a deliberate deviation, recorded in
mappings/base.toml).

Every name below is the very object Paddle 2.6.2 has under another path, where the 2.4 fluid API and that object
take the same arguments (``fluid.Executor`` is ``paddle.static.Executor``, ``fluid.layers.conv2d`` is
``paddle.static.nn.conv2d``...). Names whose 2.6 counterpart takes other arguments (``fluid.layers.elementwise_add``
with ``axis``, ``fluid.dygraph.Linear(input_dim, ...)``, ``fluid.io.save_inference_model(dirname, ...)``) raise
AttributeError naming the 2.6 API to use instead, rather than silently binding the arguments differently.
"""

from ._alias import make_getattr

_TABLE = {
    # programs, execution, scopes
    "Program": "paddle.static.Program", "program_guard": "paddle.static.program_guard",
    "default_main_program": "paddle.static.default_main_program",
    "default_startup_program": "paddle.static.default_startup_program",
    "Executor": "paddle.static.Executor", "global_scope": "paddle.static.global_scope",
    "scope_guard": "paddle.static.scope_guard", "Scope": "paddle.base.core.Scope",
    "CompiledProgram": "paddle.static.CompiledProgram", "BuildStrategy": "paddle.static.BuildStrategy",
    "ExecutionStrategy": "paddle.static.ExecutionStrategy",
    "Variable": "paddle.static.Variable", "name_scope": "paddle.static.name_scope",
    "device_guard": "paddle.static.device_guard", "data": "paddle.static.data",
    "embedding": "paddle.static.nn.embedding", "DataFeeder": "paddle.base.DataFeeder",
    "gradients": "paddle.static.gradients", "append_backward": "paddle.static.append_backward",
    "save": "paddle.static.save", "load": "paddle.static.load",
    "load_program_state": "paddle.static.load_program_state",
    "set_program_state": "paddle.static.set_program_state",
    # places and build queries
    "CPUPlace": "paddle.CPUPlace", "CUDAPlace": "paddle.CUDAPlace", "CUDAPinnedPlace": "paddle.CUDAPinnedPlace",
    "XPUPlace": "paddle.base.XPUPlace", "cpu_places": "paddle.static.cpu_places",
    "cuda_places": "paddle.static.cuda_places", "cuda_pinned_places": "paddle.base.cuda_pinned_places",
    "xpu_places": "paddle.static.xpu_places", "is_compiled_with_cuda": "paddle.is_compiled_with_cuda",
    "is_compiled_with_xpu": "paddle.is_compiled_with_xpu", "is_compiled_with_rocm": "paddle.is_compiled_with_rocm",
    "require_version": "paddle.utils.require_version", "set_flags": "paddle.set_flags",
    "get_flags": "paddle.get_flags",
    # modes
    "in_dygraph_mode": "paddle.base.in_dygraph_mode", "enable_dygraph": "paddle.base.enable_dygraph",
    "disable_dygraph": "paddle.base.disable_dygraph", "enable_imperative": "paddle.base.enable_imperative",
    "disable_imperative": "paddle.base.disable_imperative",
    # parameters and tensors
    "ParamAttr": "paddle.ParamAttr", "WeightNormParamAttr": "paddle.static.WeightNormParamAttr",
    "LoDTensor": "paddle.base.LoDTensor", "LoDTensorArray": "paddle.base.LoDTensorArray",
    "Tensor": "paddle.base.Tensor", "create_lod_tensor": "paddle.base.create_lod_tensor",
    "create_random_int_lodtensor": "paddle.base.create_random_int_lodtensor",
    "set_global_initializer": "paddle.nn.initializer.set_global_initializer",
    # submodules that are the same module in 2.6.2
    "core": "paddle.base.core", "framework": "paddle.base.framework", "unique_name": "paddle.base.unique_name",
    "executor": "paddle.base.executor", "compiler": "paddle.base.compiler", "backward": "paddle.base.backward",
    "data_feeder": "paddle.base.data_feeder", "param_attr": "paddle.base.param_attr",
    "layer_helper": "paddle.base.layer_helper", "dataset": "paddle.base.dataset",
    "regularizer": "paddle.regularizer",
    # fluid's own submodules (fluid/*.py)
    "layers": "paddle.fluid.layers", "dygraph": "paddle.fluid.dygraph", "initializer": "paddle.fluid.initializer",
    "io": "paddle.fluid.io", "optimizer": "paddle.fluid.optimizer", "clip": "paddle.fluid.clip",
    "install_check": "paddle.fluid.install_check",
}
_HINTS = {
    "one_hot": "paddle.nn.functional.one_hot(x, num_classes)", "metrics": "paddle.metric",
    "nets": "paddle.static.nn and paddle.nn", "contrib": "paddle.static.amp / paddle.incubate",
    "profiler": "paddle.profiler", "transpiler": "paddle.distributed.fleet", "incubate": "paddle.incubate",
    "memory_optimize": "nothing (removed)", "release_memory": "nothing (removed)",
    "save_dygraph": "paddle.save(layer.state_dict(), path + '.pdparams')", "load_dygraph": "paddle.load",
}
__getattr__ = make_getattr("paddle.fluid", _TABLE, _HINTS, globals())
__all__ = []


def __dir__():
    return sorted(set(globals()) | set(_TABLE))
