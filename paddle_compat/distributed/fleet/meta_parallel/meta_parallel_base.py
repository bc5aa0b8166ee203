"""``MetaParallelBase``: a Layer wrapping the user's model for one kind of parallelism; ``_SyncedAtWrap``, its
kind that makes the parameters equal across hybrid groups when it wraps the model."""

from ....nn import Layer
from ..utils import hybrid_parallel_util
from ..utils.log_util import logger

__all__ = []


class MetaParallelBase(Layer):
    def __init__(self, layers, hcg, strategy):
        super().__init__(layers.full_name() + "_meta_parallel_base")
        self._layers = layers
        self._hcg = hcg
        self._strategy = strategy
        self._prepare_for_model()

    def _prepare_for_model(self):
        pass

    def _pre_forward(self, *inputs, **kwargs):
        pass

    def forward(self, *inputs, **kwargs):
        self._pre_forward(*inputs, **kwargs)
        output = self._layers(*inputs, **kwargs)
        self._post_forward(output)
        return output

    def _post_forward(self, output):
        pass


_GROUP_AXES = {"dp": "data", "mp": "model", "sharding": "sharding", "sep": "sep"}


class _SyncedAtWrap(MetaParallelBase):
    """At wrap time broadcast the parameters from each group's source rank, in ``_synced_groups`` order: over
    the first group always, over the others only when they have more than one rank; ``_check_supported`` runs
    after the first broadcast, ``_ready_message`` is logged at the end."""

    _synced_groups = ()
    _ready_message = None

    def __init__(self, layers, hcg, **kwargs):
        super().__init__(layers, hcg, **kwargs)

    def _check_supported(self):
        pass

    def _prepare_for_model(self):
        for index, kind in enumerate(self._synced_groups):
            axis = _GROUP_AXES[kind]
            if index > 0 and getattr(self._hcg, f"get_{axis}_parallel_world_size")() <= 1:
                continue
            logger.info(f"start broadcast {kind} parameters")
            getattr(hybrid_parallel_util, f"broadcast_{kind}_parameters")(self._layers, self._hcg)
            if index == 0:
                self._check_supported()
        if self._ready_message is not None:
            logger.info(self._ready_message)
