"""``paddle.base``: Paddle 2.6's name for the old fluid core (``paddle.base.dygraph.guard``,
``paddle.base.core``, ``paddle.base.framework``...), as aliases of paddle-compat's own modules.

Imported lazily (first ``paddle.base`` access). The static-graph names (Program, Executor, scopes,
append_backward, CompiledProgram...) are the static engine's objects (``framework/program.py``,
``base/executor.py``). The datasets, trainers and device workers of the parameter-server stack and LoD tensor
creation are stubs that raise NotImplementedError naming them. ``paddle.fluid`` (gone in 2.6.2) is provided for
2.0-2.4 scripts by ``paddle_compat/fluid`` as aliases of these objects.
"""

from .._core import CPUPlace, CUDAPinnedPlace, CUDAPlace
from .._core.tensor import Tensor as _EagerTensor  # noqa: F401 - paddle.base.Tensor is the core LoDTensor
from ..device import IPUPlace
from ..device import _XPUPlace as XPUPlace
from ..framework.misc import get_flags, set_flags
from ..nn.initializer import set_global_initializer
from . import (
    backward,
    compiler,
    core,
    data_feed_desc,
    data_feeder,
    dataset,
    device_worker,
    dygraph,
    dygraph_utils,
    executor,
    framework,
    incubate,
    initializer,
    io,
    layer_helper,
    layer_helper_base,
    layers,
    libpaddle,
    lod_tensor,
    log_helper,
    multiprocess_utils,
    param_attr,
    proto,
    reader,
    trainer_desc,
    trainer_factory,
    unique_name,
    variable_index,
    wrapped_decorator,
)
from .data_feed_desc import DataFeedDesc
from .dataset import DatasetFactory, InMemoryDataset
from .trainer_desc import (
    DistMultiTrainer,
    HeterPipelineTrainer,
    HeterXpuTrainer,
    MultiTrainer,
    PipelineTrainer,
    TrainerDesc,
)
from .backward import append_backward, gradients
from .compiler import BuildStrategy, CompiledProgram, ExecutionStrategy, IpuCompiledProgram, IpuStrategy
from .core import CustomPlace, LoDTensor, LoDTensorArray, Scope, Tensor
from .data_feeder import DataFeeder
from .dygraph.base import disable_dygraph, enable_dygraph
from .executor import Executor, global_scope, scope_guard
from .framework import (
    Program,
    Variable,
    cpu_places,
    cuda_pinned_places,
    cuda_places,
    default_main_program,
    default_startup_program,
    device_guard,
    in_dygraph_mode,
    in_dynamic_or_pir_mode,
    in_pir_mode,
    ipu_shard_guard,
    is_compiled_with_cinn,
    is_compiled_with_cuda,
    is_compiled_with_rocm,
    is_compiled_with_xpu,
    name_scope,
    program_guard,
    require_version,
    set_ipu_shard,
    xpu_places,
)
from .lod_tensor import create_lod_tensor, create_random_int_lodtensor
from .param_attr import ParamAttr, WeightNormParamAttr

legacy_core = libpaddle
enable_imperative = enable_dygraph
disable_imperative = disable_dygraph


def monkey_patch_tensor():
    """Paddle (re)installs the Tensor methods; paddle-compat's Tensor defines them in its class: nothing to do."""


def monkey_patch_variable():
    """Paddle installs operators on static Variables; here they are Tensors whose class defines them."""


__all__ = []

_ = (data_feed_desc, dataset, device_worker, incubate, io, layer_helper_base, layers, multiprocess_utils, proto,
     reader, trainer_desc, trainer_factory, variable_index, DataFeedDesc, DatasetFactory, InMemoryDataset,
     DistMultiTrainer, HeterPipelineTrainer, HeterXpuTrainer, MultiTrainer, PipelineTrainer, TrainerDesc,
     libpaddle, backward, compiler, executor, lod_tensor, log_helper, wrapped_decorator, append_backward, gradients,
     BuildStrategy, CompiledProgram, ExecutionStrategy, IpuCompiledProgram, IpuStrategy, DataFeeder, Executor,
     global_scope, scope_guard, create_lod_tensor, create_random_int_lodtensor, CPUPlace, CUDAPinnedPlace, CUDAPlace,
     IPUPlace, XPUPlace, get_flags, set_flags, set_global_initializer, core, data_feeder, dygraph, dygraph_utils,
     framework, initializer, layer_helper, param_attr, unique_name, CustomPlace, LoDTensor, LoDTensorArray, Scope,
     Tensor, Program, Variable, cpu_places, cuda_pinned_places, cuda_places, default_main_program,
     default_startup_program, device_guard, in_dygraph_mode, in_dynamic_or_pir_mode, in_pir_mode, ipu_shard_guard,
     is_compiled_with_cinn, is_compiled_with_cuda, is_compiled_with_rocm, is_compiled_with_xpu, name_scope,
     program_guard, require_version, set_ipu_shard, xpu_places, ParamAttr, WeightNormParamAttr)
