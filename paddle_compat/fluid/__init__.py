"""``paddle.fluid``: absent from Paddle 2.6.2 (renamed ``paddle.base``, its layers moved to ``paddle.static.nn``
and ``paddle``), kept here for scripts written for Paddle 2.0-2.4 (a deliberate deviation, recorded in
mappings/base.toml).

Every name below is the very object Paddle 2.6.2 has under another path, where the 2.4 fluid API and that object
take the same arguments (``fluid.Executor`` is ``paddle.static.Executor``, ``fluid.layers.conv2d`` is
``paddle.static.nn.conv2d``...). Names whose 2.6 counterpart takes other arguments (``fluid.layers.elementwise_add``
with ``axis``, ``fluid.dygraph.Linear(input_dim, ...)``, ``fluid.io.save_inference_model(dirname, ...)``) raise
AttributeError naming the 2.6 API to use instead, rather than silently binding the arguments differently.
"""

from ._alias import make_getattr, same_names

# each name is the object of the same name in the 2.6.2 module it is listed under
_TABLE = same_names({
    "paddle.static": "Program program_guard default_main_program default_startup_program Executor global_scope "
                     "scope_guard CompiledProgram BuildStrategy ExecutionStrategy Variable name_scope device_guard "
                     "data gradients append_backward save load load_program_state set_program_state cpu_places "
                     "cuda_places xpu_places WeightNormParamAttr",
    "paddle.base.core": "Scope",
    "paddle.static.nn": "embedding",
    "paddle.base": "DataFeeder XPUPlace cuda_pinned_places in_dygraph_mode enable_dygraph disable_dygraph "
                   "enable_imperative disable_imperative LoDTensor LoDTensorArray Tensor create_lod_tensor "
                   "create_random_int_lodtensor core framework unique_name executor compiler backward data_feeder "
                   "param_attr layer_helper dataset",
    "paddle": "CPUPlace CUDAPlace CUDAPinnedPlace is_compiled_with_cuda is_compiled_with_xpu is_compiled_with_rocm "
              "set_flags get_flags ParamAttr regularizer",
    "paddle.utils": "require_version",
    "paddle.nn.initializer": "set_global_initializer",
    "paddle.fluid": "layers dygraph initializer io optimizer clip install_check",
})
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
