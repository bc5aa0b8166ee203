"""``TensorParallel``: at wrap time make replicated parameters equal across the model-parallel group and all
parameters equal across the data-parallel group; before each forward broadcast the inputs over the
model-parallel group (``mp_configs.need_broadcast_data``)."""

from ..utils.hybrid_parallel_util import broadcast_dp_parameters, broadcast_input_data, broadcast_mp_parameters
from ..utils.log_util import logger
from .meta_parallel_base import MetaParallelBase

__all__ = []


class TensorParallel(MetaParallelBase):
    def __init__(self, layers, hcg, **kwargs):
        super().__init__(layers, hcg, **kwargs)

    def _prepare_for_model(self):
        logger.info("start broadcast mp parameters")
        broadcast_mp_parameters(self._layers, self._hcg)
        if self._hcg.get_sep_parallel_world_size() > 1:
            raise NotImplementedError("TensorParallel with sep_degree > 1 is not implemented in paddle-compat")
        if self._hcg.get_sharding_parallel_world_size() > 1:
            raise NotImplementedError(
                "TensorParallel with sharding_degree > 1 is not implemented in paddle-compat")
        if self._hcg.get_data_parallel_world_size() > 1:
            logger.info("start broadcast dp parameters")
            broadcast_dp_parameters(self._layers, self._hcg)
        logger.info("mp's parameters is ready")

    def _pre_forward(self, *inputs, **kwargs):
        need_broadcast_data = True
        if self._strategy is not None:
            need_broadcast_data = self._strategy.hybrid_configs["mp_configs"].need_broadcast_data
        if need_broadcast_data:
            return broadcast_input_data(self._hcg, *inputs, **kwargs)
        return None
