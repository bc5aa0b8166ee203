"""``MetaParallelBase``: a Layer wrapping the user's model for one kind of parallelism."""

from ....nn import Layer

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
