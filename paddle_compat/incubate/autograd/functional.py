"""``paddle.incubate.autograd`` functional differentiation (vjp, jvp, Jacobian, Hessian) on
``torch.autograd.functional``: the Paddle function runs on Paddle tensors wrapping the traced torch tensors."""

import torch

from ..._core.tensor import Tensor, wrap

__all__ = ["vjp", "jvp", "Jacobian", "Hessian"]


def _as_list(xs):
    return list(xs) if isinstance(xs, (list, tuple)) else [xs]


def _check_tensors(xs, name):
    for x in _as_list(xs):
        if not isinstance(x, Tensor):
            raise TypeError(f"Expected '{name}' is a Tensor or a sequence of Tensor, but got {type(x)}.")


def _torch_function(func, shape_of_output):
    """``func`` on torch tensors, always returning a tuple; records in ``shape_of_output`` whether ``func``
    returned a sequence."""
    def call(*ts):
        out = func(*[wrap(t) for t in ts])
        shape_of_output["many"] = isinstance(out, (list, tuple))
        return tuple(o._t for o in out) if shape_of_output["many"] else (out._t,)
    return call


def _tracked(t):
    # Paddle's functional results always report stop_gradient=False, constants included
    return t if t.requires_grad or not t.is_floating_point() else t.detach().requires_grad_(True)


def _pack(ts, many):
    ts = [wrap(_tracked(t)) for t in ts]
    return ts if many else ts[0]


def vjp(func, xs, v=None):
    """(func(xs), v^T J): the vector-Jacobian product (v defaults to ones like the outputs)."""
    _check_tensors(xs, "xs")
    inputs = tuple(x._t.detach().requires_grad_(True) for x in _as_list(xs))
    kind = {}
    with torch.enable_grad():
        outs = _torch_function(func, kind)(*inputs)
        vs = tuple(torch.ones_like(o) for o in outs) if v is None else tuple(t._t for t in _as_list(v))
        grads = torch.autograd.grad(outs, inputs, vs, create_graph=True, allow_unused=True)
    grads = [torch.zeros_like(x) if g is None else g for g, x in zip(grads, inputs)]
    return _pack(outs, kind["many"]), _pack(grads, isinstance(xs, (list, tuple)))


def jvp(func, xs, v=None):
    """(func(xs), J v): the Jacobian-vector product (v defaults to ones like the inputs)."""
    _check_tensors(xs, "xs")
    inputs = tuple(x._t.detach() for x in _as_list(xs))
    vs = tuple(torch.ones_like(t) for t in inputs) if v is None else tuple(t._t for t in _as_list(v))
    kind = {}
    out, tangents = torch.autograd.functional.jvp(_torch_function(func, kind), inputs, vs, create_graph=True)
    return _pack(out, kind["many"]), _pack(tangents, kind["many"])


class Jacobian:
    """The Jacobian of ``func`` at ``xs``: rows are the flattened outputs, columns the inputs flattened and
    concatenated ([batch, out, in] when ``is_batched``, the first axis of every tensor being the batch);
    computed on first indexing."""

    def __init__(self, func, xs, is_batched=False):
        _check_tensors(xs, "xs")
        self._func, self._xs, self._is_batched = func, _as_list(xs), is_batched
        self._matrix = None
        outs = func(*self._xs)
        outs = _as_list(outs)
        if is_batched:
            batch = self._xs[0].shape[0]
            rows = sum(int(torch.tensor(o.shape[1:]).prod()) for o in outs)
            cols = sum(int(torch.tensor(x.shape[1:]).prod()) for x in self._xs)
            self._shape = (batch, rows, cols)
        else:
            self._shape = (sum(o.size for o in outs), sum(x.size for x in self._xs))

    @property
    def shape(self):
        return self._shape

    def _evaluate(self):
        inputs = tuple(x._t.detach() for x in self._xs)
        blocks = torch.autograd.functional.jacobian(_torch_function(self._func, {}), inputs, create_graph=True)
        rows = []
        for out_blocks in blocks:
            if self._is_batched:
                batch = self._shape[0]
                # Paddle differentiates the batch-summed outputs: J[c, i, j] = sum_b d out[b, i] / d x[c, j]
                # (the per-sample Jacobian when samples do not interact, as it assumes)
                parts = []
                for block, x in zip(out_blocks, inputs):
                    out_size = block.numel() // (batch * x.numel())
                    b = block.reshape(batch, out_size, batch, x.numel() // batch)
                    parts.append(b.sum(dim=0).permute(1, 0, 2))
                rows.append(torch.cat(parts, dim=-1))
            else:
                rows.append(torch.cat([blk.reshape(blk.shape[:blk.dim() - x.dim()].numel(), x.numel())
                                       for blk, x in zip(out_blocks, inputs)], dim=1))
        return torch.cat(rows, dim=-2)

    def __getitem__(self, indexes):
        if self._matrix is None:
            matrix = self._evaluate()
            # Paddle's entries come from grads taken with create_graph: stop_gradient is False even where the
            # derivative is constant (a linear func's Jacobian, x*x's Hessian)
            self._matrix = matrix if matrix.requires_grad else matrix.requires_grad_(True)
        return wrap(self._matrix[indexes])


class Hessian(Jacobian):
    """The Hessian of a scalar ``func`` at ``xs`` ([in, in]), the inputs flattened and concatenated."""

    def __init__(self, func, xs, is_batched=False):
        _check_tensors(xs, "xs")
        self._func, self._xs, self._is_batched = func, _as_list(xs), is_batched
        self._matrix = None
        if is_batched:
            size = sum(int(torch.tensor(x.shape[1:]).prod()) for x in self._xs)
            self._shape = (self._xs[0].shape[0], size, size)
        else:
            size = sum(x.size for x in self._xs)
            self._shape = (size, size)

    def _evaluate_batched(self, inputs):
        """[B, N, N]: the Jacobian (batched, as Jacobian's) of the gradient of the batch-summed output."""
        batch = self._shape[0]
        with torch.enable_grad():
            leaves = tuple(t.clone().requires_grad_(True) for t in inputs)
            out = self._func(*[wrap(t) for t in leaves])._t
            grads = torch.autograd.grad(out.sum(), leaves, create_graph=True, allow_unused=True)
            grad = torch.cat([(torch.zeros_like(x) if g is None else g).reshape(batch, -1)
                              for g, x in zip(grads, leaves)], dim=1)  # [B, N]
            rows = []
            for j in range(grad.shape[1]):
                second = torch.autograd.grad(grad[:, j].sum(), leaves, create_graph=True, allow_unused=True,
                                             retain_graph=True)
                rows.append(torch.cat([(torch.zeros_like(x) if g is None else g).reshape(batch, -1)
                                       for g, x in zip(second, leaves)], dim=1))  # [B, N]
        return torch.stack(rows, dim=1)  # [B, N (first derivative), N]

    def _evaluate(self):
        inputs = tuple(x._t.detach() for x in self._xs)
        if self._is_batched:
            return self._evaluate_batched(inputs)

        def scalar(*ts):
            out = self._func(*[wrap(t) for t in ts])
            return out._t.reshape(())

        blocks = torch.autograd.functional.hessian(scalar, inputs, create_graph=True)
        return torch.cat([torch.cat([blocks[i][j].reshape(xi.numel(), xj.numel()) for j, xj in enumerate(inputs)],
                                    dim=1) for i, xi in enumerate(inputs)], dim=0)
