"""``paddle.autograd.PyLayer`` on ``torch.autograd.Function``.

A PyLayer subclass defines ``forward(ctx, *args, **kwargs)`` and ``backward(ctx, *grads)`` on Paddle
Tensors. ``apply`` runs them inside one torch Function (built once per subclass): Tensor arguments
become the Function's differentiable inputs; everything else (and kwargs) is passed through untouched.
``backward`` returns one gradient per Tensor argument, in order (Paddle's rule).
"""

import torch

from .._core.tensor import Tensor, unwrap, wrap

__all__ = ["PyLayer", "PyLayerContext", "once_differentiable"]

# (pack_hook, unpack_hook) of the active paddle.autograd.saved_tensors_hooks contexts, innermost last
_SAVED_HOOKS = []


class PyLayerContext:
    """The ``ctx`` handed to ``forward``/``backward``; any attribute may be stored on it."""

    def __init__(self):
        self._saved = ()
        self._torch_ctx = None
        self._non_diff = ()
        self._materialize = True
        self.not_inplace_tensors = ()

    def save_for_backward(self, *tensors):
        hooks = _SAVED_HOOKS[-1] if _SAVED_HOOKS else None
        if hooks is None:
            self._saved = tensors
            self._unpack = None
        else:  # inside paddle.autograd.saved_tensors_hooks: pack now, unpack in saved_tensor() (Paddle's order)
            pack, self._unpack = hooks
            self._saved = tuple((True, pack(t)) if isinstance(t, Tensor) else (False, t) for t in tensors)

    def saved_tensor(self):
        unpack = getattr(self, "_unpack", None)
        if unpack is None:
            return self._saved
        return tuple(unpack(v) if packed else v for packed, v in self._saved)

    def mark_not_inplace(self, *args):
        self.not_inplace_tensors = args

    def mark_non_differentiable(self, *args):
        self._non_diff = args

    def set_materialize_grads(self, value: bool):
        self._materialize = bool(value)


class _Kwargs:
    __slots__ = ("kwargs", "layer", "pctx", "n_out", "tensor_pos", "single", "leaves")

    def __init__(self, layer, kwargs):
        self.layer = layer
        self.kwargs = kwargs


def _flatten_out(out):
    if isinstance(out, (tuple, list)):
        return list(out), False
    return [out], True


class _Bridge(torch.autograd.Function):
    @staticmethod
    def forward(ctx, holder, *args):
        layer = holder.layer
        pctx = layer._ctx_class()
        pctx._torch_ctx = ctx
        holder.pctx = pctx
        ctx.holder = holder
        wrapped = [wrap(a) if isinstance(a, torch.Tensor) else a for a in args]
        holder.tensor_pos = [i for i, a in enumerate(args) if isinstance(a, torch.Tensor)]
        holder.leaves = [a for a in args if isinstance(a, torch.Tensor) and a.is_leaf and a.requires_grad]
        out = layer.forward(pctx, *wrapped, **holder.kwargs)
        outs, single = _flatten_out(out)
        holder.single = single
        holder.n_out = len(outs)
        touts = tuple(o._t if isinstance(o, Tensor) else o for o in outs)
        if pctx._non_diff:
            ctx.mark_non_differentiable(*[unwrap(t) for t in pctx._non_diff if isinstance(t, Tensor)])
        ctx.set_materialize_grads(pctx._materialize)
        return touts

    @staticmethod
    def backward(ctx, *grads):
        holder = ctx.holder
        pctx = holder.pctx
        wgrads = [None if g is None else wrap(g) for g in grads]
        res = holder.layer.backward(pctx, *wgrads)
        res, _ = _flatten_out(res)
        n_args = len(ctx.needs_input_grad) - 1
        out = [None] * n_args
        pos = holder.tensor_pos
        if len(res) != len(pos):
            raise ValueError(
                f"The number of gradients returned by PyLayer.backward ({len(res)}) must equal the number of "
                f"Tensor inputs of forward ({len(pos)})."
            )
        for p, g in zip(pos, res):
            out[p] = None if g is None else unwrap(g)
        for t in holder.leaves:
            _mark_fresh_grad(t)
        return (None, *out)


def _mark_fresh_grad(leaf):
    """Paddle hands the tensor returned by ``PyLayer.backward`` (computed without grad: stop_gradient=True) to a
    leaf whose ``.grad`` is still empty, so that ``.grad`` prints stop_gradient=True. Mark the torch grad
    tensor created by this accumulation with ``_pd_sg = True`` (read by ``Tensor.grad``)."""
    if leaf.grad is not None:
        return
    handle = None

    def hook(t):
        handle.remove()
        if t.grad is not None:
            t.grad._pd_sg = True

    handle = leaf.register_post_accumulate_grad_hook(hook)


class PyLayer(PyLayerContext):
    """Subclass with static ``forward(ctx, ...)`` and ``backward(ctx, ...)``; call ``MyLayer.apply(...)``."""

    _ctx_class = PyLayerContext

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for PyLayer.")

    @staticmethod
    def backward(ctx, *args):
        raise NotImplementedError("You must implement the backward function for PyLayer.")

    @classmethod
    def apply(cls, *args, **kwargs):
        holder = _Kwargs(cls, kwargs)
        targs = [a._t if isinstance(a, Tensor) else a for a in args]
        outs = _Bridge.apply(holder, *targs)
        wrapped = [wrap(o) if isinstance(o, torch.Tensor) else o for o in outs]
        return wrapped[0] if holder.single else tuple(wrapped)


def once_differentiable(backward):
    def wrapper(ctx, *args):
        from ..framework.dygraph import no_grad

        with no_grad():
            return backward(ctx, *args)

    return wrapper
