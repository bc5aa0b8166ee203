"""Tensor repr/str, byte-identical to Paddle 2.6 (``paddle/tensor/to_string.py`` behaviour).

Rules reproduced: floats print with ``precision`` digits (``"%.Nf"``), integral floats as ``"3."``,
``sci_mode`` switches to ``"%.Ne"``; every element is left-justified to the widest element of the
(summarised) tensor, with one leading blank for non-negative items when any item is negative;
1-D rows wrap at ``linewidth``; tensors with more than ``threshold`` elements show ``edgeitems``
items at each end of every dimension around ``...``; bfloat16 is printed through float32.
"""

import numpy as np


class PrintOptions:
    precision = 8
    threshold = 1000
    edgeitems = 3
    linewidth = 80
    sci_mode = False


OPTIONS = PrintOptions()


def _check(value, name, types):
    if not isinstance(value, types):
        tname = types.__name__ if isinstance(types, type) else types
        raise TypeError(
            f"The type of '{name}' in set_printoptions must be {tname}, but received {type(value)}. "
        )


def set_printoptions(precision=None, threshold=None, edgeitems=None, sci_mode=None, linewidth=None):
    """``paddle.set_printoptions``: options used by every later ``print(tensor)``."""
    given = (("precision", precision, int), ("threshold", threshold, int), ("edgeitems", edgeitems, int),
             ("linewidth", linewidth, int), ("sci_mode", sci_mode, bool))
    for name, value, types in given:  # checked and set one by one, in this order, as before
        if value is not None:
            _check(value, name, types)
            setattr(OPTIONS, name, value)


_FLOAT_KINDS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def _summarise(arr):
    """Only the elements that will be shown (used to find the common width and sign)."""
    e = OPTIONS.edgeitems
    if arr.size == 0:
        return np.array([])
    if arr.ndim == 0:
        return arr
    if arr.ndim == 1:
        return np.concatenate([arr[:e], arr[-e:]]) if arr.shape[0] > 2 * e else arr
    rows = list(arr[:e]) + list(arr[-e:]) if arr.shape[0] > 2 * e else list(arr)
    return np.stack([_summarise(r) for r in rows])


def _item_str(v):
    if v.dtype in _FLOAT_KINDS:
        if OPTIONS.sci_mode:
            return f"{v:.{OPTIONS.precision}e}"
        if np.ceil(v) == v:
            return f"{v:.0f}."
        return f"{v:.{OPTIONS.precision}f}"
    return f"{v}"


def _fmt_item(v, width, signed):
    s = _item_str(v)
    if width <= len(s):
        return s
    if signed and not v < 0:
        return " " + s.ljust(width - 1)
    return s.ljust(width)


def _width_and_sign(arr):
    width, signed = 0, False
    for v in list(arr.flatten()):
        if not signed and v < 0:
            signed = True
        width = max(width, len(_item_str(v)))
    return width, signed


def _fmt(arr, summary, indent, width, signed):
    e = OPTIONS.edgeitems
    if arr.ndim == 0:
        return _fmt_item(arr, width, signed)
    n = arr.shape[0]
    cut = summary and n > 2 * e
    if arr.ndim == 1:
        per_line = max(1, (OPTIONS.linewidth - indent) // (width + 2))
        vals = list(arr)
        if cut:
            items = [_fmt_item(v, width, signed) for v in vals[:e]] + ["..."]
            items += [_fmt_item(v, width, signed) for v in vals[-e:]]
        else:
            items = [_fmt_item(v, width, signed) for v in vals]
        lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    if cut:
        parts = [_fmt(x, summary, indent + 1, width, signed) for x in arr[:e]] + ["..."]
        parts += [_fmt(x, summary, indent + 1, width, signed) for x in arr[-e:]]
    else:
        parts = [_fmt(x, summary, indent + 1, width, signed) for x in arr]
    return "[" + ("," + "\n" * (arr.ndim - 1) + " " * (indent + 1)).join(parts) + "]"


def format_array(arr, indent):
    """The data part of a tensor's repr for a numpy array (what Paddle's formatter does)."""
    size = 0 if arr.ndim == 0 else int(np.prod(arr.shape))
    summary = size > OPTIONS.threshold
    width, signed = _width_and_sign(_summarise(arr))
    return _fmt(arr, summary, indent, width, signed)


def _dense_array(t):
    import torch

    t = t.detach()
    if t.device.type != "cpu":
        t = t.cpu()
    if t.dtype is torch.bfloat16:
        t = t.float()
    if t.is_conj():
        t = t.resolve_conj()
    return t.numpy()


def sparse_tensor_to_string(tensor, prefix="Tensor"):
    """Paddle's ``sparse_tensor_to_string``: the indices (COO) or crows/cols (CSR) and the values."""
    indent = len(prefix) + 1
    if tensor.is_sparse_coo():
        parts = [("indices", tensor.indices()), ("values", tensor.values())]
    else:
        parts = [("crows", tensor.crows()), ("cols", tensor.cols()), ("values", tensor.values())]
    body = "".join(f", \n{' ' * indent}{k}=" + format_array(_dense_array(v._t), indent + len(k) + 1)
                   for k, v in parts)
    return (f"{prefix}(shape={list(tensor._t.shape)}, dtype=paddle.{tensor.dtype.name}, place={tensor.place}, "
            f"stop_gradient={tensor.stop_gradient}{body})")


def tensor_to_string(tensor, prefix="Tensor"):
    import torch

    indent = len(prefix) + 1
    if tensor._t.layout is not torch.strided:
        return sparse_tensor_to_string(tensor, prefix)
    data = format_array(_dense_array(tensor._t), indent)
    return (
        f"{prefix}(shape={list(tensor._t.shape)}, dtype={tensor.dtype.name}, place={tensor.place}, "
        f"stop_gradient={tensor.stop_gradient},\n{' ' * indent}{data})"
    )
