"""``paddle.incubate.asp.supported_layer_list``: which layers ASP prunes, and how."""

import logging
import threading

import numpy as np

from ...base.log_helper import get_logger
from . import utils

__all__ = []

_logger = get_logger(__name__, logging.INFO, fmt='%(asctime)s-%(levelname)s: %(message)s')


def _default_pruning(weight_nparray, m, n, func_name, param_name):
    """Prune a Linear/Conv weight along its input dimension (the ``k`` dimension cuSparseLt prunes once Paddle's
    ``X W`` is computed as ``(W^T X^T)^T``): returns the pruned weight and its mask. Weights whose input dimension
    is smaller than ``m`` are left dense (cuSparseLt cannot run them sparse)."""
    shape = weight_nparray.shape
    if len(shape) == 2 and shape[0] < m:
        _logger.warning(f'{param_name} is not pruned because the first dimension of {shape} is smaller than {m}')
        return weight_nparray.copy(), np.ones_like(weight_nparray)
    if len(shape) == 4 and shape[1] < m:
        _logger.warning(f'{param_name} is not pruned because the second dimension of {shape} is smaller than {m}')
        return weight_nparray.copy(), np.ones_like(weight_nparray)
    check_method = utils.CheckMethod.get_checking_method(func_name)
    # the mask functions prune along rows, the input dimension is the weight's first: mask the transpose
    mask = utils.create_mask(weight_nparray.T, func_name=func_name, n=n, m=m).T
    pruned = np.multiply(weight_nparray, mask)
    if not utils.check_sparsity(pruned.T, n=n, m=m, func_name=check_method):
        raise AssertionError(f'Pruning {param_name} weight matrix failure!!!')
    return pruned, mask


_supported_layers_and_prune_func_map_lock = threading.Lock()
# layer name (snake case, as in parameter names like ``linear_0.w_0``) -> pruning function
supported_layers_and_prune_func_map = {}


def add_supported_layer(layer, pruning_func=None):
    """Let ASP prune the layers named ``layer`` (a name as in parameter names, e.g. 'linear', or a Layer
    class/instance, turned into its snake-case name) with ``pruning_func(weight, m, n, mask_algo, param_name)
    -> (pruned weight, mask)``; default: prune along the input dimension.
    """
    from ...nn.layer.layers import Layer, _convert_camel_to_snake

    name = None
    if isinstance(layer, str):
        name = layer
    elif isinstance(layer, Layer):
        name = _convert_camel_to_snake(type(layer).__name__)
    elif issubclass(layer, Layer):
        name = _convert_camel_to_snake(layer.__name__)
    # Paddle registers any other class under the name None (its type check is an assert on a non-empty string)
    with _supported_layers_and_prune_func_map_lock:
        supported_layers_and_prune_func_map[name] = _default_pruning if pruning_func is None else pruning_func


add_supported_layer('fc')
add_supported_layer('linear')
add_supported_layer('conv2d')
