"""Gradient-flag scenarios: what ``stop_gradient`` (and values) gradient tensors report after reads, writes,
clipping and ``paddle.autograd.backward``. Each scenario takes ``paddle`` and returns a JSON-able dict; run by
``record_goldens.py`` on real Paddle 2.6.2 and replayed on ours by ``test_grad_flags.py``."""


def _leaf(paddle, values=(1., 2.)):
    x = paddle.to_tensor(list(values), stop_gradient=False)
    (x * x).sum().backward()
    return x


def _flags(value):
    return None if value is None else {"stop_gradient": bool(value.stop_gradient), "value": value.numpy().tolist()}


def grad_read_twice(paddle):
    x = _leaf(paddle)
    return {"first": _flags(x.grad), "same_object": x.grad is x.grad}


def grad_flag_set_true_sticks(paddle):
    x = _leaf(paddle)
    g = x.grad
    g.stop_gradient = True
    after_true = _flags(x.grad)
    g.stop_gradient = False
    after_false = _flags(x.grad)
    x.grad.stop_gradient = True
    (x * x).sum().backward()  # accumulation keeps the gradient tensor and its flag
    return {"after_true": after_true, "after_false": after_false, "after_accumulate": _flags(x.grad)}


def grad_assign_fresh(paddle):
    x = paddle.to_tensor([1., 2.], stop_gradient=False)
    t = paddle.to_tensor([5., 6.])
    x.grad = t
    t[0] = 100.
    fresh = _flags(x.grad)
    (x * x).sum().backward()
    return {"fresh": fresh, "after_backward": _flags(x.grad), "source": t.numpy().tolist()}


def grad_assign_existing(paddle):
    x = _leaf(paddle)
    before = x.grad
    t = paddle.to_tensor([5., 6.])
    x.grad = t
    t[0] = 100.
    return {"read": _flags(x.grad), "earlier_read": _flags(before)}


def grad_assign_on_stop_gradient_tensor(paddle):
    x = paddle.to_tensor([1., 2.])
    x.grad = paddle.to_tensor([3., 4.])
    return {"read": _flags(x.grad), "x": bool(x.stop_gradient)}


def grad_assign_source_requires_grad(paddle):
    x = paddle.to_tensor([1., 2.], stop_gradient=False)
    t = paddle.to_tensor([3., 4.], stop_gradient=False)
    x.grad = t
    return {"read": _flags(x.grad), "source": bool(t.stop_gradient)}


def grad_assign_errors(paddle):
    out = {}
    x = _leaf(paddle)
    for name, value in (("none", None), ("int64", paddle.to_tensor([1, 2])), ("list", [1., 2.])):
        try:
            x.grad = value
            out[name] = "ok"
        except Exception as e:  # noqa: BLE001 - the type is recorded
            out[name] = type(e).__name__
    return out


def autograd_backward(paddle):
    x = paddle.to_tensor([1., 2.], stop_gradient=False)
    y = paddle.to_tensor([3.], stop_gradient=False)
    result = paddle.autograd.backward([(x * x).sum(), (y * x).sum()], [paddle.to_tensor(2.), None])
    return {"result": result, "x": _flags(x.grad), "y": _flags(y.grad)}


def _linear_with_grads(paddle):
    paddle.seed(7)
    layer = paddle.nn.Linear(2, 2)
    x = paddle.to_tensor([[1., 2.], [3., -4.]])
    layer(x).sum().backward()
    return layer


def clip_grad_norm(paddle):
    layer = _linear_with_grads(paddle)
    weight_grad = layer.weight.grad
    total = paddle.nn.utils.clip_grad_norm_(layer.parameters(), 0.5)
    out = {"total": _flags(total), "weight": _flags(layer.weight.grad), "earlier_read": _flags(weight_grad),
           "bias": _flags(layer.bias.grad)}
    layer.weight.grad.stop_gradient = True
    paddle.nn.utils.clip_grad_norm_(layer.parameters(), 0.1, norm_type=float("inf"))
    out["weight_flag_kept"] = _flags(layer.weight.grad)
    out["no_grads"] = _flags(paddle.nn.utils.clip_grad_norm_(paddle.nn.Linear(2, 2).parameters(), 1.0))
    return out


def clip_grad_value(paddle):
    layer = _linear_with_grads(paddle)
    weight_grad = layer.weight.grad
    result = paddle.nn.utils.clip_grad_value_(layer.parameters(), 1.5)
    out = {"result": result, "weight": _flags(layer.weight.grad), "earlier_read": _flags(weight_grad)}
    layer.bias.grad.stop_gradient = True
    paddle.nn.utils.clip_grad_value_(layer.parameters(), 0.5)
    out["bias_flag_kept"] = _flags(layer.bias.grad)
    return out


def flags_across_dtype_casts(paddle):
    layer = paddle.nn.Linear(2, 2)
    w = layer.weight
    out = []
    layer.to(dtype="int32")
    out.append([str(w.dtype), w.stop_gradient])
    w.stop_gradient = True
    out.append(w.stop_gradient)
    layer.to(dtype="float32")
    out.append([str(w.dtype), w.stop_gradient])
    w.stop_gradient = False
    out.append(w.stop_gradient)
    layer.to(dtype="int32")
    layer.to(dtype="float32")
    out.append(w.stop_gradient)
    x = paddle.to_tensor([1, 2])
    x.stop_gradient = False
    out.append(x.stop_gradient)
    x.stop_gradient = True
    out.append(x.stop_gradient)
    return {"flags": out}


SCENARIOS = {name: fn for name, fn in dict(globals()).items() if callable(fn) and not name.startswith("_")}

# the public APIs each scenario compares with real Paddle (credited by the conformance report)
VERIFIES = {
    "grad_read_twice": ["paddle.Tensor.grad"], "grad_flag_set_true_sticks": ["paddle.Tensor.stop_gradient"],
    "grad_assign_fresh": ["paddle.Tensor.grad"], "grad_assign_existing": ["paddle.Tensor.grad"],
    "grad_assign_errors": ["paddle.Tensor.grad"], "autograd_backward": ["paddle.autograd.backward"],
    "clip_grad_norm": ["paddle.nn.utils.clip_grad_norm_"], "clip_grad_value": ["paddle.nn.utils.clip_grad_value_"],
    "flags_across_dtype_casts": ["paddle.Tensor.stop_gradient"],
}
