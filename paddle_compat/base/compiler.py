"""``paddle.base.compiler``: ``CompiledProgram`` and the build/execution strategies.

paddle-compat's Executor runs the recorded program directly; the strategies' fields are Paddle's performance
hints (fusions, thread counts, memory reuse), accepted and kept but with no effect on results.
"""

from .._stubs import define_stubs

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

    def __init__(self):
        # Paddle 2.6.2's defaults (read from a fresh BuildStrategy on the oracle)
        self.reduce_strategy = BuildStrategy.ReduceStrategy.AllReduce
        self.gradient_scale_strategy = BuildStrategy.GradientScaleStrategy.CoeffNumDevice
        self.allow_cuda_graph_capture = False
        self.async_mode = False
        self.bkcl_comm_num = 1
        self.build_cinn_pass = False
        self.cache_runtime_context = False
        self.debug_graphviz_path = ""
        self.enable_addto = False
        self.enable_auto_fusion = False
        self.enable_backward_optimizer_op_deps = True
        self.enable_inplace = True
        self.enable_sequential_execution = False
        self.fix_op_run_order = False
        self.fuse_adamw = False
        self.fuse_all_optimizer_ops = False
        self.fuse_all_reduce_ops = True
        self.fuse_bn_act_ops = False
        self.fuse_bn_add_act_ops = True
        self.fuse_broadcast_ops = True
        self.fuse_elewise_add_act_ops = False
        self.fuse_gemm_epilogue = False
        self.fuse_relu_depthwise_conv = False
        self.fused_attention = False
        self.fused_feedforward = False
        self.hierarchical_allreduce_inter_nranks = 0
        self.is_distribution = False
        self.memory_optimize = None
        self.mkldnn_enabled_op_types = set()
        self.nccl_comm_num = 1
        self.num_trainers = 1
        self.remove_unnecessary_lock = True
        self.sequential_run = False
        self.sync_batch_norm = False
        self.trainer_id = 0
        self.trainers_endpoints = []
        self.use_hierarchical_allreduce = False


class ExecutionStrategy:
    """Executor options (threads, scope dropping): stored, no effect on results here."""

    def __init__(self):
        self.allow_op_delay = False
        self.num_iteration_per_drop_scope = 100
        self.num_iteration_per_run = 1
        self.num_threads = 0
        self.use_experimental_executor = True
        self.use_thread_barrier = False


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

__all__ += define_stubs(globals(), "paddle.base.compiler", ["IpuCompiledProgram", "IpuStrategy"],
                        "IPU devices are not supported by paddle-compat")
