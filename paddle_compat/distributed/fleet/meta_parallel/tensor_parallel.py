"""``TensorParallel``: at wrap time make replicated parameters equal across the model-parallel group and all
parameters equal across the data-parallel group; before each forward broadcast the inputs over the
model-parallel group (``mp_configs.need_broadcast_data``)."""

from ..utils.hybrid_parallel_util import broadcast_input_data
from .meta_parallel_base import _SyncedAtWrap

__all__ = []


class TensorParallel(_SyncedAtWrap):
    _synced_groups = ("mp", "dp")
    _ready_message = "mp's parameters is ready"

    def _check_supported(self):
        if self._hcg.get_sep_parallel_world_size() > 1:
            raise NotImplementedError("TensorParallel with sep_degree > 1 is not implemented in paddle-compat")
        if self._hcg.get_sharding_parallel_world_size() > 1:
            raise NotImplementedError(
                "TensorParallel with sharding_degree > 1 is not implemented in paddle-compat")

    def _pre_forward(self, *inputs, **kwargs):
        need_broadcast_data = True
        if self._strategy is not None:
            need_broadcast_data = self._strategy.hybrid_configs["mp_configs"].need_broadcast_data
        if need_broadcast_data:
            return broadcast_input_data(self._hcg, *inputs, **kwargs)
        return None
