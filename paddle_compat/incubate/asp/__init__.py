"""``paddle.incubate.asp``: Automatic SParsity: n:m structured pruning of Linear/Conv2D weights and training
that keeps them sparse (masks re-applied after every optimizer update)."""

from . import asp, supported_layer_list, utils  # noqa: F401 - Paddle's submodules
from .asp import ASPHelper, decorate, prune_model, reset_excluded_layers, set_excluded_layers  # noqa: F401
from .supported_layer_list import add_supported_layer
from .utils import (  # noqa: F401
    CheckMethod,
    MaskAlgo,
    calculate_density,
    check_mask_1d,
    check_mask_2d,
    check_sparsity,
    create_mask,
    get_mask_1d,
    get_mask_2d_best,
    get_mask_2d_greedy,
)

__all__ = [
    'calculate_density',
    'decorate',
    'prune_model',
    'set_excluded_layers',
    'reset_excluded_layers',
    'add_supported_layer',
]


def _present_as_paddle():
    from ... import _present_classes_as_paddle

    _present_classes_as_paddle(__name__)


_present_as_paddle()
del _present_as_paddle
