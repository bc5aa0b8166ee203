"""``paddle.autograd.jacobian`` / ``hessian`` (eagerly evaluated ``Jacobian`` objects)."""

import torch

from .._core.tensor import Tensor, wrap

__all__ = ["jacobian", "hessian", "Jacobian", "Hessian"]


class Jacobian:
    """Jacobian of ``ys`` w.r.t. ``xs``; index it like a Tensor (``J[:]``, ``J[0, 1:3]``)."""

    def __init__(self, ys, xs, is_batched=False, _create_graph=False):
        y, x = ys._t, xs._t
        if not is_batched:
            if x.dim() > 1:
                raise ValueError(f"xs.ndim should be 0 or 1 when is_batched=False but got {x.dim()}")
            if y.dim() > 1:
                raise ValueError(f"ys.ndim should be 0 or 1 when is_batched=False but got {y.dim()}")
        else:
            if x.dim() not in (1, 2):
                raise ValueError(f"xs.ndim should be 1 or 2 when is_batched=True but got {x.dim()}")
            if y.dim() not in (1, 2):
                raise ValueError(f"ys.ndim should be 1 or 2 when is_batched=True but got {y.dim()}")
        self._y, self._x, self._batched, self._cg = y, x, is_batched, _create_graph
        if is_batched:
            b = x.shape[0]
            self.shape = [b] + ([y.shape[1]] if y.dim() == 2 else []) + ([x.shape[1]] if x.dim() == 2 else [])
        else:
            self.shape = ([y.shape[0]] if y.dim() == 1 else []) + ([x.shape[0]] if x.dim() == 1 else [])
        self._value = None

    def _row_grad(self, out):
        if not out.requires_grad:
            return torch.zeros_like(self._x)
        # Paddle computes every row with paddle.grad(..., create_graph=True): the Jacobian is differentiable
        (g,) = torch.autograd.grad(out, self._x, retain_graph=True, create_graph=True, allow_unused=True)
        return torch.zeros_like(self._x) if g is None else g

    def _evaluate(self):
        y = self._y
        if self._batched:
            cols = y.shape[1] if y.dim() == 2 else 1
            rows = []
            for m in range(cols):
                ym = y[:, m] if y.dim() == 2 else y
                rows.append(self._row_grad(ym.sum()))  # [B] or [B, N]
            j = torch.stack(rows, dim=1)  # [B, M, (N)]
            if y.dim() == 1:
                j = j[:, 0]
            return j
        yf = y.reshape(-1)
        rows = [self._row_grad(yf[i]).reshape(-1) for i in range(yf.shape[0])]
        j = torch.stack(rows, 0)  # [M, N]
        return j.reshape(self.shape)

    @property
    def _evaluated(self):
        if self._value is None:
            v = self._evaluate()
            if self._x.requires_grad and not v.requires_grad:
                # Paddle's values are stop_gradient=False even where they are constant (e.g. a linear ys)
                v = v.detach().requires_grad_()
            self._value = v
        return self._value

    def __getitem__(self, index):
        from .._core.tensor import _torch_index

        return wrap(self._evaluated[_torch_index(index)])

    @property
    def ndim(self):
        return len(self.shape)

    def _evaluate_all(self):
        return wrap(self._evaluated)

    def __getattr__(self, name):
        # as Paddle's: any other Tensor attribute (sum, numpy, T...) is the evaluated Jacobian's
        if name.startswith("__") or name in ("_y", "_x", "_value", "_batched", "_cg"):
            raise AttributeError(name)
        return getattr(self._evaluate_all(), name)


def _evaluated_operator(name):
    def operator(self, other):
        rhs = other._evaluate_all() if isinstance(other, Jacobian) else other
        return getattr(self._evaluate_all(), name)(rhs)

    operator.__name__ = name
    return operator


for _name in ("__add__", "__sub__", "__mul__", "__div__", "__truediv__", "__pow__", "__mod__", "__floordiv__",
              "__matmul__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"):
    setattr(Jacobian, _name, _evaluated_operator(_name))


class Hessian(Jacobian):
    pass


def _as_tuple(v):
    return (v, False) if isinstance(v, (tuple, list)) else ((v,), True)


def jacobian(ys, xs, batch_axis=None):
    if batch_axis is not None and batch_axis != 0:
        raise ValueError(f"batch_axis should be None or 0, but got {batch_axis}.")
    batched = batch_axis is not None
    ys_t, ys_single = _as_tuple(ys)
    xs_t, xs_single = _as_tuple(xs)
    res = tuple(tuple(Jacobian(y, x, batched) for x in xs_t) for y in ys_t)
    if ys_single and xs_single:
        return res[0][0]
    if ys_single:
        return res[0]
    if xs_single:
        return tuple(r[0] for r in res)
    return res


def hessian(ys, xs, batch_axis=None):
    if batch_axis is not None and batch_axis != 0:
        raise ValueError(f"batch_axis should be None or 0, but got {batch_axis}.")
    if isinstance(ys, (tuple, list)) or not isinstance(ys, Tensor):
        raise TypeError("ys must be a single Tensor")
    batched = batch_axis is not None
    if not batched and ys._t.numel() != 1:
        raise ValueError(f"Only support ys.numel()({ys._t.numel()})==1 when batch_axis is None.")
    xs_t, xs_single = _as_tuple(xs)
    y = ys._t.sum() if not batched else ys._t.reshape(-1).sum()
    grads = torch.autograd.grad(y, [x._t for x in xs_t], create_graph=True, allow_unused=True)
    grads = [torch.zeros_like(x._t) if g is None else g for g, x in zip(grads, xs_t)]
    res = tuple(tuple(Hessian(wrap(g), x, batched) for x in xs_t) for g in grads)
    return res[0][0] if xs_single else res
