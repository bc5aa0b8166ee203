"""``paddle.fluid.layers``: the 2.4 layer functions whose 2.6.2 counterpart kept fluid's signature
(``paddle.static.nn.*``: conv2d, batch_norm, embedding, cond, while_loop...), as those same objects; ``fc`` and
``data`` are thin adapters because 2.6.2 renamed their arguments. Other fluid.layers names (elementwise_*,
reduce_*, fill_constant...) raise AttributeError naming the 2.6 API."""

import functools

from ._alias import make_getattr, same_names

_STATIC_NN = [
    "conv2d", "conv2d_transpose", "conv3d", "conv3d_transpose", "batch_norm", "layer_norm", "instance_norm",
    "group_norm", "data_norm", "embedding", "sparse_embedding", "prelu", "bilinear_tensor_product",
    "spectral_norm", "row_conv", "nce", "py_func", "cond", "case", "switch_case", "while_loop",
    "sequence_conv", "sequence_softmax", "sequence_pool", "sequence_concat", "sequence_first_step",
    "sequence_last_step", "sequence_slice", "sequence_expand", "sequence_expand_as", "sequence_pad",
    "sequence_unpad", "sequence_reshape", "sequence_scatter", "sequence_enumerate", "sequence_reverse",
]
_TABLE = {name: f"paddle.static.nn.{name}" for name in _STATIC_NN}
_TABLE.update(same_names({
    "paddle.static": "Print create_parameter",
    "paddle.nn.functional": "relu sigmoid",
    "paddle": "tanh exp sqrt abs square log floor ceil cast shape logical_not",
    "paddle.tensor": "array_write array_read array_length create_array",
}))
_HINTS = {
    # 2.4 signatures that differ from the 2.6 function (input= / force_cpu / cond / in_place arguments)
    "assign": "paddle.assign(x, output)", "less_than": "paddle.less_than(x, y)", "equal": "paddle.equal(x, y)",
    "greater_than": "paddle.greater_than(x, y)", "increment": "paddle.increment(x, value)",
    "elementwise_add": "paddle.add (no axis argument: reshape y to broadcast)", "elementwise_sub": "paddle.subtract",
    "elementwise_mul": "paddle.multiply", "elementwise_div": "paddle.divide", "elementwise_max": "paddle.maximum",
    "elementwise_min": "paddle.minimum", "elementwise_pow": "paddle.pow", "reduce_sum": "paddle.sum",
    "reduce_mean": "paddle.mean", "reduce_max": "paddle.max", "reduce_min": "paddle.min",
    "reduce_prod": "paddle.prod", "fill_constant": "paddle.full", "mean": "paddle.mean",
    "softmax": "paddle.nn.functional.softmax", "cross_entropy": "paddle.nn.functional.cross_entropy",
    "softmax_with_cross_entropy": "paddle.nn.functional.softmax_with_cross_entropy",
    "concat": "paddle.concat(x, axis)", "reshape": "paddle.reshape", "transpose": "paddle.transpose",
    "matmul": "paddle.matmul", "mul": "paddle.matmul", "pool2d": "paddle.nn.functional.max_pool2d/avg_pool2d",
    "dropout": "paddle.nn.functional.dropout", "accuracy": "paddle.static.accuracy", "auc": "paddle.static.auc",
    "one_hot": "paddle.nn.functional.one_hot", "square_error_cost": "paddle.nn.functional.square_error_cost",
    "unsqueeze": "paddle.unsqueeze", "squeeze": "paddle.squeeze", "split": "paddle.split", "stack": "paddle.stack",
    "slice": "paddle.slice", "topk": "paddle.topk", "argmax": "paddle.argmax", "zeros": "paddle.zeros",
    "ones": "paddle.ones", "fill_constant_batch_size_like": "paddle.full", "range": "paddle.arange",
    "clip": "paddle.clip", "scale": "paddle.scale", "gather": "paddle.gather", "where": "paddle.where",
    "IfElse": "paddle.static.nn.cond", "Switch": "paddle.static.nn.switch_case",
    "While": "paddle.static.nn.while_loop", "StaticRNN": "paddle.nn.RNN", "DynamicRNN": "paddle.nn.RNN",
    "lstm": "paddle.nn.LSTM", "piecewise_decay": "paddle.optimizer.lr.PiecewiseDecay",
    "exponential_decay": "paddle.optimizer.lr.ExponentialDecay",
}


def fc(input, size, num_flatten_dims=1, param_attr=None, bias_attr=None, act=None, name=None):  # noqa: A002
    """Paddle 2.4's ``fluid.layers.fc``: ``paddle.static.nn.fc`` with its 2.4 argument names (``input``,
    ``param_attr``, ``act`` became ``x``, ``weight_attr``, ``activation``)."""
    from ..static.nn import fc as static_fc

    return static_fc(input, size, num_flatten_dims=num_flatten_dims, weight_attr=param_attr, bias_attr=bias_attr,
                     activation=act, name=name)


def data(name, shape, append_batch_size=True, dtype="float32", lod_level=0, type=None,  # noqa: A002
         stop_gradient=True):
    """Paddle 2.4's ``fluid.layers.data``: ``paddle.static.data`` that (with ``append_batch_size``) prepends a -1
    batch dimension unless the shape already has a -1/None."""
    from ..static import data as static_data

    if type is not None:
        raise NotImplementedError("paddle.fluid.layers.data: the `type` argument (LoD/SelectedRows variable types) "
                                  "is not supported")
    shape = list(shape)
    if append_batch_size and not any(s is None or s < 0 for s in shape):
        shape = [-1] + shape
    var = static_data(name, shape, dtype, lod_level)
    var.stop_gradient = stop_gradient
    return var


fc.__module__ = data.__module__ = "paddle.fluid.layers"
_ = functools
__getattr__ = make_getattr("paddle.fluid.layers", _TABLE, _HINTS, globals())
__all__ = []
