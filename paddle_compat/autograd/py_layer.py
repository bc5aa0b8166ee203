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
    __slots__ = ("kwargs", "layer", "pctx", "tensor_pos", "single", "leaves", "aliases", "layout")

    def __init__(self, layer, kwargs):
        self.layer = layer
        self.kwargs = kwargs


def _flatten_out(out):
    """forward's outputs and their container: None for a single output, else tuple or list (kept as Paddle does)."""
    if isinstance(out, (tuple, list)):
        return list(out), type(out)
    return [out], None


def _output_layout(outs):
    """Paddle's view of forward's outputs: each Tensor, and each Tensor inside a list/tuple output (one level),
    is a differentiable output; everything else is passed through. Returns the flat Tensors and, per output,
    its index among them, a (type, [index or value...]) entry for a sequence holding Tensors, or the value."""
    flat, layout = [], []
    for o in outs:
        if isinstance(o, Tensor):
            layout.append(len(flat))
            flat.append(o)
        elif isinstance(o, (list, tuple)) and any(isinstance(v, Tensor) for v in o):
            items = []
            for v in o:
                if isinstance(v, Tensor):
                    items.append(len(flat))
                    flat.append(v)
                else:
                    items.append(_Passed(v))
            layout.append((type(o), items))
        else:
            layout.append(_Passed(o))
    return flat, layout


class _Passed:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


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
        holder.leaves = [(i, a) for i, a in enumerate(args)
                         if isinstance(a, torch.Tensor) and a.is_leaf and a.requires_grad]
        out = layer.forward(pctx, *wrapped, **holder.kwargs)
        outs, holder.single = _flatten_out(out)
        flat, holder.layout = _output_layout(outs)
        if not flat:
            raise ValueError("(InvalidArgument) At least one output of `PyLayer.forward` is a `Tensor`.")
        holder.aliases = _returned_inputs(flat, wrapped, args, pctx.not_inplace_tensors)
        if pctx._non_diff:
            ctx.mark_non_differentiable(*[unwrap(t) for t in pctx._non_diff if isinstance(t, Tensor)])
        ctx.set_materialize_grads(pctx._materialize)
        return tuple(o._t for o in flat)

    @staticmethod
    def backward(ctx, *grads):
        holder = ctx.holder
        pctx = holder.pctx
        wgrads = [None if g is None else _incoming_grad(g) for g in grads]
        grouped = []  # one gradient per Tensor output, a list of them per sequence output (Paddle's grouping)
        for entry in holder.layout:
            if isinstance(entry, int):
                grouped.append(wgrads[entry])
            elif isinstance(entry, tuple):
                grouped.append([wgrads[i] for i in entry[1] if isinstance(i, int)])
        res = holder.layer.backward(pctx, *grouped)
        res = list(res) if isinstance(res, tuple) else [res]  # a returned list is one (invalid) gradient in Paddle
        n_args = len(ctx.needs_input_grad) - 1
        out = [None] * n_args
        pos = holder.tensor_pos
        if len(res) > len(pos):
            raise ValueError(
                f"(InvalidArgument) The number of outputs of `PyLayer.backward` should be {len(pos)}, but received "
                f"{len(res)}.")
        node = f"GradNodePyLayer_{holder.layer.__name__}_backward"
        for k, p in enumerate(pos):
            g = res[k] if k < len(res) else None
            if g is not None and not isinstance(g, Tensor):
                raise ValueError(
                    "(InvalidArgument) We can only support Tensor or None for backward output, , but got "
                    f"{type(g).__name__}, please check your PyLayer code and make it fits")
            if ctx.needs_input_grad[p + 1]:
                if g is None:
                    raise ValueError(
                        f"(InvalidArgument) {node}'s backward function should not return empty at {k} position.")
                out[p] = g._t
            elif g is not None:
                raise ValueError(
                    f"(InvalidArgument) {node}'s backward function should return None at {k} position, because "
                    "it's forward Tensor's stopgradient is true.")
        returned = dict(zip(pos, res))
        for p, t in holder.leaves:
            g = returned.get(p)
            if not isinstance(g, Tensor) or g.stop_gradient:
                _mark_fresh_grad(t)
        return (None, *out)


def _returned_inputs(outs, wrapped, args, not_inplace=()):
    """(output index, argument index) of each input Tensor that forward returned as it is (unless forward
    marked it with ``ctx.mark_not_inplace``: then the output is a new Tensor, as in Paddle)."""
    found = []
    for k, o in enumerate(outs):
        if any(o is t for t in not_inplace):
            continue
        for j, w in enumerate(wrapped):
            if o is w:
                if args[j].is_leaf and args[j].requires_grad:
                    raise ValueError(
                        "(InvalidArgument) Leaf Var () that doesn't stop gradient can't use inplace strategy.\n"
                        "  [Hint: Expected !inplace_tensor_autograd_meta->StopGradient() && "
                        "egr::EagerUtils::IsLeafTensor(*inplace_tensor) == false, but received "
                        "!inplace_tensor_autograd_meta->StopGradient() && "
                        "egr::EagerUtils::IsLeafTensor(*inplace_tensor):1 != false:0.]")
                found.append((k, j))
                break
    return found


def _incoming_grad(g):
    # Paddle's backward receives the output gradients with stop_gradient=False; handed back unchanged, such a
    # tensor becomes the leaf's .grad and keeps reporting False there
    r = wrap(g)
    r._sg = False
    return r


def _mark_fresh_grad(leaf):
    """Paddle hands the tensor returned by ``PyLayer.backward`` to a leaf whose ``.grad`` is still empty, so
    ``.grad`` prints that tensor's stop_gradient: True when it was computed in backward (without grad). Mark the
    torch grad tensor created by this accumulation with ``_pd_sg = True`` (read by ``Tensor.grad``)."""
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
        touts = _Bridge.apply(holder, *targs)
        flat = [wrap(t) for t in touts]
        for k, j in holder.aliases:  # an input handed back by forward: Paddle returns that very Tensor, now an output
            args[j]._t = touts[k]
            flat[k] = args[j]
        results = []
        for entry in holder.layout:
            if isinstance(entry, int):
                results.append(flat[entry])
            elif isinstance(entry, tuple):
                kind, items = entry
                seq = [flat[i] if isinstance(i, int) else i.value for i in items]
                results.append(seq if kind is list else kind(seq))
            else:
                results.append(entry.value)
        kind = holder.single
        return results[0] if kind is None else kind(results)


def once_differentiable(backward):
    def wrapper(ctx, *args):
        from ..framework.dygraph import no_grad

        with no_grad():
            return backward(ctx, *args)

    return wrapper
