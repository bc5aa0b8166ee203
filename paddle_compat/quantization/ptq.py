"""``paddle.quantization.PTQ``: post-training quantization (observers collect statistics in eval mode)."""

import copy

from .quantize import Quantization


class PTQ(Quantization):
    def __init__(self, config):
        super().__init__(config)

    def _is_parallel_training(self):
        try:
            from ..distributed import get_world_size

            return get_world_size() > 2
        except Exception:  # noqa: BLE001 - no parallel environment
            return False

    def quantize(self, model, inplace=False):
        _model = model
        if not inplace:
            assert not self._is_parallel_training(), "'inplace' is not compatible with parallel training."
            _model = copy.deepcopy(model)
            _model.eval()
        assert not model.training, (
            "Post-Training Quantization shoud not work on training models. Please set evaluation mode by "
            "model.eval()."
        )
        self._config._specify(_model)
        self._convert_to_quant_layers(_model, self._config)
        self._insert_activation_observers(_model, self._config)
        return _model
