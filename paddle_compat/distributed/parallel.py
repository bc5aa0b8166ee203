"""``paddle.DataParallel``: on one process a transparent wrapper (Paddle's single-card fallback); across
processes it will be torch DistributedDataParallel over the Layer's torch Module view (later milestone)."""

import contextlib
import warnings

from ..nn import Layer

__all__ = ["DataParallel"]


class DataParallel(Layer):
    def __init__(self, layers, strategy=None, comm_buffer_size=25, last_comm_buffer_size=1,
                 find_unused_parameters=False, group=None):
        super().__init__(layers.full_name() + "_data_parallel")
        from . import get_world_size

        self._layers = layers
        self.find_unused_parameters = find_unused_parameters
        self.grad_need_sync = True
        self.group = group
        self._strategy = strategy
        nranks = getattr(strategy, "nranks", None) or get_world_size()
        if nranks > 1:
            raise NotImplementedError(
                "paddle.DataParallel across several processes is not implemented in paddle-compat yet "
                "(torch DistributedDataParallel is a later milestone); on one process it wraps the layer."
            )
        warnings.warn(
            "The program will return to single-card operation. Please check 1, whether you use spawn or fleetrun "
            "to start the program. 2, Whether it is a multi-card program. 3, Is the current environment multi-card."
        )

    def forward(self, *inputs, **kwargs):
        return self._layers(*inputs, **kwargs)

    @contextlib.contextmanager
    def no_sync(self):
        previous, self.grad_need_sync = self.grad_need_sync, False
        try:
            yield
        finally:
            self.grad_need_sync = previous

    def scale_loss(self, loss):
        return loss

    def apply_collective_grads(self):
        return None

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix=""):
        return self._layers.state_dict(destination=destination, include_sublayers=include_sublayers,
                                       structured_name_prefix=structured_name_prefix)

    def set_state_dict(self, state_dict, use_structured_name=True):
        return self._layers.set_state_dict(state_dict, use_structured_name=use_structured_name)

    set_dict = set_state_dict
    load_dict = set_state_dict
