"""Call forms of Tensor methods whose accepted arguments ``inspect`` cannot show (C-level methods in Paddle,
whose text signature says ``(self, /)`` although e.g. ``numpy`` takes an optional ``set_to_1d``), and of the
Python-level ones that real code calls with positional/keyword variants.

Shared by the oracle recorder (``record_call_forms.py``, real Paddle) and the replay test (ours): each form is
run on a fresh receiver and summarised as ``ok`` + a small description of the result, or the exception type.
"""

import numpy as np

# receiver name -> expression building it (evaluated with ``paddle`` and ``np`` in scope)
RECEIVERS = {
    "m": "paddle.to_tensor([[1., 2.], [3., 4.]])",
    "s": "paddle.to_tensor(3.5)",
    "i": "paddle.to_tensor([1, 2, 3])",
    "b": "paddle.to_tensor([1.5], dtype='bfloat16')",
    # a leaf that takes part in autograd, with a gradient already accumulated
    "g": "_leaf_with_grad(paddle)",
    # a leaf that takes part in autograd, no gradient yet
    "l": "paddle.to_tensor([1., 2.], stop_gradient=False)",
}

# (receiver, call text, expression summarised after the call or None); the call text is evaluated with the
# receiver bound to ``x`` and a second tensor ``y`` (same shape as ``x``) in scope
FORMS = [
    # numpy(set_to_1d=...)
    ("m", "x.numpy()", None), ("m", "x.numpy(False)", None), ("m", "x.numpy(True)", None),
    ("m", "x.numpy(set_to_1d=False)", None), ("m", "x.numpy(False, 1)", None), ("m", "x.numpy(foo=1)", None),
    ("s", "x.numpy()", None), ("s", "x.numpy(False)", None), ("s", "x.numpy(True)", None),
    ("b", "x.numpy()", None), ("b", "x.numpy(False)", None),
    # item(*index)
    ("m", "x.item()", None), ("m", "x.item(1)", None), ("m", "x.item(1, 0)", None), ("m", "x.item(0, 0, 0)", None),
    ("m", "x.item(index=1)", None), ("s", "x.item()", None), ("s", "x.item(0)", None), ("i", "x.item(2)", None),
    ("b", "x.item()", None), ("m", "x.item(1.0)", None),
    # backward(grad_tensor=None, retain_graph=False)
    ("l", "(x * x).sum().backward()", "x.grad"),
    ("l", "(x * x).sum().backward(None)", "x.grad"),
    ("l", "(x * x).sum().backward(None, True)", "x.grad"),
    ("l", "(x * x).sum().backward(retain_graph=True)", "x.grad"),
    ("l", "(x * x).sum().backward(grad_tensor=paddle.to_tensor(2.))", "x.grad"),
    ("l", "(x * x).backward(paddle.to_tensor([1., 3.]))", "x.grad"),
    ("l", "(x * x).backward()", "x.grad"),
    ("l", "(x * x).sum().backward(None, False, 1)", "x.grad"),
    ("l", "(x * x).sum().backward(foo=1)", "x.grad"),
    # set_value(value)
    ("m", "x.set_value(np.ones([2, 2], 'float32'))", "x"),
    ("m", "x.set_value(value=np.ones([2, 2], 'float32'))", "x"),
    ("m", "x.set_value(y)", "x"),
    ("m", "x.set_value()", "x"),
    ("m", "x.set_value(y, 1)", "x"),
    ("m", "x.set_value(np.ones([3], 'float32'))", "x"),
    # _copy_to(place, blocking)
    ("m", "x._copy_to(paddle.CPUPlace(), True)", None),
    ("m", "x._copy_to(paddle.CPUPlace(), False)", None),
    ("m", "x._copy_to(paddle.CPUPlace())", None),
    ("m", "x._copy_to()", None),
    # register_hook(hook)
    ("l", "x.register_hook(lambda g: g * 2)", None),
    ("l", "x.register_hook(hook=lambda g: g * 2)", None),
    ("l", "x.register_hook()", None),
    ("l", "x.register_hook(lambda g: g, 1)", None),
    ("m", "x.register_hook(lambda g: g)", None),
    # argument-less C methods, with and without a stray argument
    ("m", "x.clone()", None), ("m", "x.clone(1)", None),
    ("m", "x.detach()", None), ("m", "x.detach(1)", None),
    ("l", "x.detach_()", None), ("l", "x.detach_(1)", None),
    ("m", "x.contiguous()", None), ("m", "x.contiguous(1)", None),
    ("m", "x.is_contiguous()", None), ("m", "x.element_size()", None), ("m", "x.element_size(1)", None),
    ("m", "x.get_strides()", None), ("m", "x.is_dense()", None), ("m", "x.is_dist()", None),
    ("m", "x.is_sparse()", None), ("m", "x.is_sparse_coo()", None), ("m", "x.is_sparse_csr()", None),
    ("l", "x.retain_grads()", None), ("l", "x.retain_grads(1)", None),
    ("m", "x.is_same_shape(y)", None), ("m", "x.is_same_shape()", None), ("m", "x.is_same_shape(y=y)", None),
    ("m", "x._is_initialized()", None), ("m", "x._inplace_version()", None),
    ("m", "x._is_dense_tensor_hold_allocation()", None),
    # private C methods Paddle's own Python code (and code copied from it) calls
    ("g", "x._grad_ivar()", None), ("l", "x._grad_ivar()", None), ("g", "x._grad_ivar(1)", None),
    ("g", "x._grad_name()", None), ("m", "x._offset()", None), ("m", "x[1:]._offset()", None),
    ("m", "x._offset(1)", None), ("m", "(x._bump_inplace_version(), x._inplace_version())", None),
    ("m", "(x._bump_inplace_version(1), x._inplace_version())", None),
    ("m", "(paddle.to_tensor([5., 6., 7., 8., 9.])._share_buffer_to(y), y)[1]", None),
    ("m", "(x._share_buffer_to(y), x._is_shared_buffer_with(y), y._is_shared_buffer_with(x))[1:]", None),
    ("m", "x._is_shared_buffer_with(y)", None),
    ("m", "(paddle.to_tensor([5., 6., 7.])._share_underline_tensor_to(y), y)[1]", None),
    ("m", "(x._share_underline_tensor_to(y), x._is_shared_underline_tensor_with(y))[1]", None),
    ("m", "x._is_shared_underline_tensor_with(y)", None),
    ("m", "x._set_impl(paddle.to_tensor([5., 6., 7.]))", "x"),
    ("l", "x._copy_gradient_from(paddle.to_tensor([3., 4.]))", "x.grad"),
    # sparse / selected-rows / string members on a dense tensor, and buffer exchange
    ("m", "x.indices()", None), ("m", "x.crows()", None), ("m", "x.cols()", None), ("m", "x.nnz()", None),
    ("m", "x.to_sparse_csr().nnz()", None), ("m", "x.to_sparse_csr(1).nnz()", None),
    ("m", "x.is_selected_rows()", None), ("m", "x.is_selected_rows(1)", None), ("m", "x.rows()", None),
    ("m", "x.get_selected_rows()", None), ("m", "x.get_map_tensor()", None),
    ("m", "x.get_tensor() is x", None), ("m", "x.reconstruct_from_(y)", "x"),
    # (x.reconstruct_from_(other=y) crashes Paddle, which our keyword-capable signature cannot mirror)
    # cpu / cuda / pin_memory
    ("m", "x.cpu()", None), ("m", "x.cpu(1)", None),
    ("m", "x.cuda()", None), ("m", "x.pin_memory()", None),
    # to(*args, **kwargs)
    ("m", "x.to('cpu')", None), ("m", "x.to('float64')", None), ("m", "x.to(paddle.float64)", None),
    ("m", "x.to('cpu', 'float64')", None), ("m", "x.to(device='cpu')", None), ("m", "x.to(dtype='int32')", None),
    ("m", "x.to('cpu', 'float64', True)", None), ("m", "x.to(y)", None), ("m", "x.to('float64', blocking=False)", None),
    ("m", "x.to(paddle.CPUPlace())", None), ("m", "x.to(np.float64)", None), ("m", "x.to()", None),
    ("m", "x.to(foo=1)", None), ("m", "x.to('float64') is x", "x"),
    ("m", "x.to(other=paddle.to_tensor([1], 'int32'))", "x"),
    ("l", "(x * 2).to('float64')", None), ("l", "x.to('float64') is x", "x"), ("m", "x.to(blocking=True) is x", None),
    ("m", "x.to('cpu', blocking=1)", None), ("m", "x.to('cpu', 'float64', True, 1)", None),
    # astype / cast
    ("m", "x.astype('float64')", None), ("m", "x.astype(dtype='float64')", None), ("m", "x.astype(paddle.int32)", None),
    ("m", "x.astype(np.float64)", None), ("m", "x.astype()", None), ("m", "x.astype('float64', 1)", None),
    ("m", "x.cast('int64')", None), ("m", "x.cast(dtype='int64')", None),
    # gradient / clear_gradient / clear_grad / _zero_grads
    ("g", "x.gradient()", None), ("l", "x.gradient()", None), ("g", "x.gradient(1)", None),
    ("g", "x.clear_gradient()", "x.grad"), ("g", "x.clear_gradient(False)", "x.grad"),
    ("g", "x.clear_gradient(set_to_zero=False)", "x.grad"), ("g", "x.clear_gradient(True, 1)", "x.grad"),
    ("g", "x.clear_grad()", "x.grad"), ("g", "x.clear_grad(False)", "x.grad"),
    ("g", "x._zero_grads()", "x.grad"),
    # copy_(other, blocking)
    # (x.copy_(y) without `blocking` reads past Paddle's argument tuple: a crash or a ValueError from run to run,
    # so it has no stable answer to record)
    ("m", "x.copy_(y, True)", "x"), ("m", "x.copy_(y, False)", "x"),
    ("m", "x.copy_()", "x"),
    # tolist / numel / dim / value / get_tensor / data_ptr
    ("m", "x.tolist()", None), ("m", "x.numel()", None), ("m", "x.dim()", None), ("m", "x.ndimension()", None),
    ("m", "x.data_ptr() > 0", None), ("m", "x.data_ptr(1) > 0", None),
    # _local_value() of a dense (not distributed) tensor
    ("m", "x._local_value()", None), ("m", "x._local_value(1)", None),
]


# Forms whose outcome in real Paddle is undefined: its C argument parser reads past the argument tuple, and
# crashes or raises an arbitrary exception from run to run. Ours must raise an exception for them.
UNDEFINED = {"x._copy_to()", "x._copy_to(paddle.CPUPlace())", "x.copy_()", "x.is_same_shape()",
             "x.is_same_shape(y=y)"}


def _leaf_with_grad(paddle):
    x = paddle.to_tensor([1., 2.], stop_gradient=False)
    (x * x).sum().backward()
    return x


def summarise(value, paddle):
    """A small JSON description of a result that both implementations must agree on."""
    if value is None or isinstance(value, (bool, str)):
        return {"kind": type(value).__name__, "value": value}
    if isinstance(value, (int, float)):
        return {"kind": type(value).__name__, "value": float(value)}
    if isinstance(value, np.ndarray):
        return {"kind": "ndarray", "shape": list(value.shape), "dtype": str(value.dtype),
                "value": value.astype("float64").ravel().tolist()}
    if isinstance(value, paddle.Tensor):
        d = {"kind": "Tensor", "shape": list(value.shape), "dtype": str(value.dtype).replace("paddle.", ""),
             "stop_gradient": bool(value.stop_gradient)}
        if value.dtype != paddle.bfloat16:
            d["value"] = value.numpy().astype("float64").ravel().tolist()
        return d
    if isinstance(value, (list, tuple)):
        return {"kind": type(value).__name__, "value": [summarise(v, paddle) for v in value]}
    return {"kind": "other"}


def run_form(paddle, receiver, call, post):
    """Run one call form on a fresh receiver: ``{"result": ..., "post": ...}`` or ``{"error": type name}``."""
    scope = {"paddle": paddle, "np": np, "_leaf_with_grad": _leaf_with_grad}
    x = eval(RECEIVERS[receiver], scope)  # noqa: S307 - fixed expressions from this file
    scope["x"] = x
    scope["y"] = paddle.full(x.shape, 7, x.dtype)
    try:
        result = eval(call, scope)  # noqa: S307
    except Exception as e:  # noqa: BLE001 - the exception type is what is recorded
        return {"error": type(e).__name__}
    out = {"result": summarise(result, paddle)}
    if post is not None:
        out["post"] = summarise(eval(post, scope), paddle)  # noqa: S307
    return out


def form_id(receiver, call):
    return f"{receiver}: {call}"
