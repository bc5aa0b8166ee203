"""``Layer._helper``: Paddle's ``LayerObjectHelper`` in dygraph mode.

Paddle's helper appends an operator to the tracer, which runs it at once and writes the outputs into the
variables made by ``create_variable_for_type_inference``. paddle-compat has no operator registry; the
helper runs a table of the legacy operators that layer code written against the 1.x/2.x static API still
calls (``mul``, ``matmul``, ``elementwise_*``, activations, ``scale``, ``reshape2``, ``softmax``) and
rebinds the output Tensors to the results (same wrapper objects, as the tracer fills the same variables).
"""

import numpy as np
import torch

from ..._core import Tensor, get_default_dtype, wrap
from ..._core.dtypes import convert_dtype_to_paddle
from ...utils import unique_name


def _first(v):
    return v[0] if isinstance(v, (list, tuple)) else v


def _t(v):
    v = _first(v)
    return v._t if isinstance(v, Tensor) else torch.as_tensor(np.asarray(v))


def _flat2(x, k):
    shape = list(x.shape)
    return x.reshape(int(np.prod(shape[:k], dtype=np.int64)), int(np.prod(shape[k:], dtype=np.int64)))


def _op_mul(ins, attrs):
    x, y = _t(ins["X"]), _t(ins["Y"])
    xk, yk = int(attrs.get("x_num_col_dims", 1)), int(attrs.get("y_num_col_dims", 1))
    out = _flat2(x, xk) @ _flat2(y, yk)
    return {"Out": out.reshape(list(x.shape[:xk]) + list(y.shape[yk:]))}


def _matmul_operands(ins, attrs, transpose_x, transpose_y):
    """X and Y, each transposed (last two dims) where its attribute says so."""
    def operand(v, flag):
        v = _t(v)
        return v.transpose(-1, -2) if attrs.get(flag, False) and v.dim() > 1 else v

    return operand(ins["X"], transpose_x), operand(ins["Y"], transpose_y)


def _op_matmul_v2(ins, attrs):
    x, y = _matmul_operands(ins, attrs, "trans_x", "trans_y")
    return {"Out": torch.matmul(x, y)}


def _op_matmul(ins, attrs):
    x, y = _matmul_operands(ins, attrs, "transpose_X", "transpose_Y")
    out = torch.matmul(x, y)
    alpha = float(attrs.get("alpha", 1.0))
    return {"Out": out if alpha == 1.0 else out * alpha}


def _elementwise(fn):
    def op(ins, attrs):
        x, y = _t(ins["X"]), _t(ins["Y"])
        axis = int(attrs.get("axis", -1))
        if axis != -1 and y.dim() < x.dim():  # Paddle's axis: y aligns with x's dims starting at axis
            y = y.reshape(list(y.shape) + [1] * (x.dim() - axis - y.dim()))
        return {"Out": fn(x, y)}

    return op


def _unary(fn):
    def op(ins, attrs):
        return {"Out": fn(_t(ins["X"]))}

    return op


def _op_scale(ins, attrs):
    x = _t(ins["X"])
    s, b = float(attrs.get("scale", 1.0)), float(attrs.get("bias", 0.0))
    return {"Out": x * s + b if attrs.get("bias_after_scale", True) else (x + b) * s}


def _op_softmax(ins, attrs):
    return {"Out": torch.softmax(_t(ins["X"]), int(attrs.get("axis", -1)))}


def _op_reshape2(ins, attrs):
    x = _t(ins["X"])
    shape = [x.shape[i] if s == 0 else s for i, s in enumerate(attrs["shape"])]
    return {"Out": x.reshape(shape)}


_OPS = {
    "mul": _op_mul,
    "matmul": _op_matmul,
    "matmul_v2": _op_matmul_v2,
    "elementwise_add": _elementwise(torch.add),
    "elementwise_sub": _elementwise(torch.sub),
    "elementwise_mul": _elementwise(torch.mul),
    "elementwise_div": _elementwise(torch.div),
    "relu": _unary(torch.relu),
    "sigmoid": _unary(torch.sigmoid),
    "tanh": _unary(torch.tanh),
    "exp": _unary(torch.exp),
    "scale": _op_scale,
    "softmax": _op_softmax,
    "reshape2": _op_reshape2,
}


class LayerObjectHelper:
    """The dygraph subset of Paddle's ``paddle.nn.layer.layers.LayerObjectHelper``."""

    def __init__(self, name):
        self.name = name
        self.layer_type = name

    def create_variable_for_type_inference(self, dtype, stop_gradient=False, shape=None):
        dt = convert_dtype_to_paddle(dtype or get_default_dtype())
        t = wrap(torch.empty(0 if shape is None else [max(int(s), 0) for s in shape], dtype=dt.torch))
        t.name = unique_name.generate_with_ignorable_key(".".join([self.name, "tmp"]))
        return t

    def create_variable(self, name=None, dtype=None, shape=None, persistable=False, **kwargs):
        t = self.create_variable_for_type_inference(dtype, shape=shape)
        if name is not None:
            t.name = name
        t.persistable = bool(persistable)
        return t

    def create_parameter(self, attr, shape, dtype=None, is_bias=False, default_initializer=None, **kwargs):
        from ..param_attr import _make_parameter

        return _make_parameter(self.name, attr, shape, dtype or get_default_dtype(), is_bias, default_initializer)

    def append_op(self, type=None, inputs=None, outputs=None, attrs=None, stop_gradient=None):  # noqa: A002
        fn = _OPS.get(type)
        if fn is None:
            raise NotImplementedError(
                f"LayerHelper.append_op: operator '{type}' is not available in paddle-compat (supported: "
                f"{', '.join(sorted(_OPS))}); use the paddle API instead"
            )
        results = fn(inputs or {}, attrs or {})
        for key, res in results.items():
            dest = (outputs or {}).get(key)
            if dest is None:
                continue
            dest = _first(dest)
            if isinstance(dest, Tensor):
                dest._t = res  # the operator decides the output's dtype/shape, as Paddle's infer-meta does
                if stop_gradient:
                    dest.stop_gradient = True
        return None

    def append_activation(self, input_var, act=None, use_cudnn=None):
        if act is None:
            return input_var
        if isinstance(act, str):
            act = {"type": act}
        act = dict(act)
        act_type = act.pop("type")
        out = self.create_variable_for_type_inference(input_var.dtype)
        self.append_op(type=act_type, inputs={"X": [input_var]}, outputs={"Out": [out]}, attrs=act)
        return out
