"""``fleet.distributed_scaler``: outside pure data parallel, ranks hold different gradients (model-parallel
shards, sharded owners), so the GradScaler's found-inf flag is combined over all ranks before the step."""

from types import MethodType

__all__ = []


def distributed_scaler(scaler):
    """Patch ``scaler`` so that its unscale step ORs the found-inf flag over the global group (as Paddle, only
    when the hybrid group is not in pure data-parallel mode); returns ``scaler``."""
    from .. import fleet as fleet_package
    from .base.topology import ParallelMode

    local_unscale = type(scaler)._unscale

    def unscale_method(self, optimizer):
        local_unscale(self, optimizer)
        if not self._enable:
            return
        from .. import communication
        from ..parallel import get_world_size

        if get_world_size() > 1:
            found_inf = self._found_inf.cast("int32")
            communication.all_reduce(found_inf, op=communication.ReduceOp.MAX, group=None)
            self._found_inf = found_inf.cast("bool")

    if fleet_package.fleet._hcg.get_parallel_mode() != ParallelMode.DATA_PARALLEL:
        scaler._unscale = MethodType(unscale_method, scaler)
    return scaler
