"""``paddle.base.compiler``: ``CompiledProgram`` and the build/execution strategies.

paddle-compat's Executor runs the recorded program directly; the strategies' fields are Paddle's performance
hints (fusions, thread counts, memory reuse), accepted and kept but with no effect on results.
"""

__all__ = ["CompiledProgram", "BuildStrategy", "ExecutionStrategy"]


class BuildStrategy:
    """Graph-building options (Paddle's fusion/memory passes): stored, no effect on results here."""

    class ReduceStrategy:
        AllReduce = 0
        Reduce = 1
        _NoReduce = 2

    class GradientScaleStrategy:
        CoeffNumDevice = 0
        One = 1
        Customized = 2

    # Paddle 2.6.2's defaults (read from a fresh BuildStrategy on the oracle); class-level, as Paddle's
    # properties, and set per instance when assigned
    reduce_strategy = ReduceStrategy.AllReduce
    gradient_scale_strategy = GradientScaleStrategy.CoeffNumDevice
    allow_cuda_graph_capture = False
    async_mode = False
    bkcl_comm_num = 1
    build_cinn_pass = False
    cache_runtime_context = False
    debug_graphviz_path = ""
    enable_addto = False
    enable_auto_fusion = False
    enable_backward_optimizer_op_deps = True
    enable_inplace = True
    enable_sequential_execution = False
    fix_op_run_order = False
    fuse_adamw = False
    fuse_all_optimizer_ops = False
    fuse_all_reduce_ops = True
    fuse_bn_act_ops = False
    fuse_bn_add_act_ops = True
    fuse_broadcast_ops = True
    fuse_elewise_add_act_ops = False
    fuse_gemm_epilogue = False
    fuse_relu_depthwise_conv = False
    fused_attention = False
    fused_feedforward = False
    hierarchical_allreduce_inter_nranks = 0
    is_distribution = False
    memory_optimize = None
    nccl_comm_num = 1
    num_trainers = 1
    remove_unnecessary_lock = True
    sequential_run = False
    sync_batch_norm = False
    trainer_id = 0
    use_hierarchical_allreduce = False

    def __init__(self):
        # mutable defaults: one per instance
        self.mkldnn_enabled_op_types = set()
        self.trainers_endpoints = []


class ExecutionStrategy:
    """Executor options (threads, scope dropping): stored, no effect on results here."""

    allow_op_delay = False
    num_iteration_per_drop_scope = 100
    num_iteration_per_run = 1
    num_threads = 0
    use_experimental_executor = True
    use_thread_barrier = False


class CompiledProgram:
    """A Program with a BuildStrategy; ``Executor.run`` runs the wrapped program."""

    def __init__(self, program_or_graph, build_strategy=None):
        from ..framework.program import Program

        if not isinstance(program_or_graph, Program):
            raise TypeError(f"The type of program_to_graph parameter is wrong, expected Graph or Program, but "
                            f"received {type(program_or_graph)}")
        self._program = program_or_graph
        self._build_strategy = build_strategy if build_strategy is not None else BuildStrategy()
        self._exec_strategy = ExecutionStrategy()

    def _compile(self, scope, place):
        return self


for _cls in (BuildStrategy, ExecutionStrategy, CompiledProgram):
    _cls.__module__ = "paddle.base.compiler"
BuildStrategy.__module__ = ExecutionStrategy.__module__ = "paddle.base.libpaddle"
del _cls

from ._device_absent import IpuCompiledProgram, IpuStrategy  # noqa: E402

__all__ += ["IpuCompiledProgram", "IpuStrategy"]
