"""``fleet.distributed_optimizer``: the optimizer itself on one process, ``HybridParallelOptimizer`` on more."""

import copy

from .utils.log_util import logger

__all__ = []

# Options that configure Paddle's static-graph meta optimizers; Paddle's dynamic-graph path does not read
# them (nor do we), so switching one on changes nothing in either — we say so instead of staying silent.
_STATIC_GRAPH_ONLY = ("recompute", "lars", "lamb", "dgc", "localsgd", "adaptive_localsgd", "gradient_merge",
                      "pipeline", "sharding", "fp16_allreduce", "asp", "qat", "tensor_parallel", "amp")


def _warn_static_graph_only(strategy):
    switched_on = [name for name in _STATIC_GRAPH_ONLY if name != "amp" and getattr(strategy, name)]
    if switched_on:
        logger.warning(
            f"DistributedStrategy options {switched_on} configure Paddle's static-graph meta optimizers; in "
            "dynamic-graph mode fleet.distributed_optimizer does not apply them (as in Paddle)")


def distributed_optimizer(*args, **kwargs):
    """``distributed_optimizer(optimizer, strategy=None)``: wrap ``optimizer`` for the hybrid-parallel groups
    made by ``fleet.init`` (more than one worker); ``strategy`` replaces the one given to ``fleet.init``."""
    from ...framework import in_dynamic_mode

    if not in_dynamic_mode():
        raise NotImplementedError(
            "fleet.distributed_optimizer in static-graph mode is not implemented in paddle-compat")
    return _dygraph_distributed_optimizer(*args, **kwargs)


def _dygraph_distributed_optimizer(optimizer, strategy=None):
    from .. import fleet as fleet_package
    from .meta_optimizers import HybridParallelOptimizer

    fleet_env = fleet_package.fleet
    fleet_env.user_defined_optimizer = optimizer
    if strategy is not None:
        if fleet_env._is_collective:
            logger.warning(
                "It is recommended to use DistributedStrategy in fleet_env.init(). The strategy here is only "
                "for compatibility. If the strategy in fleet_env.distributed_optimizer() is not None, then it "
                "will overwrite the DistributedStrategy in fleet_env.init(), which will take effect in "
                "distributed training.")
        fleet_env._user_defined_strategy = copy.deepcopy(strategy)
    fleet_env._context = {}
    if fleet_env.worker_num() <= 1:
        return optimizer
    user_strategy = fleet_env._user_defined_strategy
    if user_strategy.heter_ccl_mode:
        raise NotImplementedError("DistributedStrategy.heter_ccl_mode is not implemented in paddle-compat")
    _warn_static_graph_only(user_strategy)
    hp_optim = HybridParallelOptimizer(optimizer, fleet_env._hcg, user_strategy)
    pp_configs = user_strategy.hybrid_configs["pp_configs"]
    if pp_configs.dp_comm_overlap:
        hp_optim._dp_enable = False
        hp_optim._sep_enable = False
    if pp_configs.sharding_comm_overlap:
        hp_optim._sharding_enable = False
        assert not hp_optim._sep_enable, "sep parallel can not coexist with sharding_comm_overlap"
    return hp_optim
