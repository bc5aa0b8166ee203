"""``paddle.autograd``: backward, PyLayer, jacobian/hessian, saved-tensor hooks, grad mode."""

import torch

from .._core.tensor import Tensor, _paddle_backward_error, unwrap, wrap
from ..framework.dygraph import _as_tensor_list, enable_grad, grad, is_grad_enabled, no_grad, set_grad_enabled
from .functional import Hessian, Jacobian, hessian, jacobian
from .py_layer import _SAVED_HOOKS, PyLayer, PyLayerContext, once_differentiable

__all__ = ["jacobian", "hessian", "backward", "PyLayer", "PyLayerContext", "saved_tensors_hooks"]


def backward(tensors, grad_tensors=None, retain_graph=False):
    """Accumulate into ``.grad`` of the leaves the gradients of ``tensors`` (Paddle's checks)."""

    tensors = _as_tensor_list(tensors, "tensors", "paddle.Tensor")
    assert len(tensors) == len(set(id(t) for t in tensors)), (
        "The argument 'tensors' of paddle.autograd.backward contains duplicate paddle.Tensor object."
    )
    if grad_tensors is not None:
        if not isinstance(grad_tensors, (list, tuple)):
            grad_tensors = [grad_tensors]
        for g in grad_tensors:
            if g is not None:
                assert isinstance(g, Tensor), "The argument 'grad_tensors' of paddle.autograd.backward is invalid"
        assert len(tensors) == len(grad_tensors), "The length of grad_tensors must be equal to tensors"
    else:
        grad_tensors = [None] * len(tensors)
    assert isinstance(retain_graph, bool), "retain_graph must be True or False"
    # Paddle skips a tensor outside any graph (stop_gradient=True) silently; torch would raise
    pairs = [(t._t, g) for t, g in zip(tensors, grad_tensors) if t._t.requires_grad]
    if not pairs:
        return
    ts = [t for t, _ in pairs]
    gs = [torch.ones_like(t) if g is None else unwrap(g) for t, g in pairs]
    try:
        torch.autograd.backward(ts, gs, retain_graph=retain_graph)
    except RuntimeError as e:
        raise _paddle_backward_error(e) from None


class saved_tensors_hooks:  # noqa: N801 - Paddle's public name
    """Context manager: ``pack_hook(Tensor) -> obj`` when autograd saves a tensor, ``unpack_hook(obj)``
    when it is needed again."""

    def __init__(self, pack_hook, unpack_hook):
        def pack(t):
            return pack_hook(wrap(t))

        def unpack(obj):
            return unwrap(unpack_hook(obj))

        self._inner = torch.autograd.graph.saved_tensors_hooks(pack, unpack)
        self._hooks = (pack_hook, unpack_hook)

    def __enter__(self):
        self._inner.__enter__()
        _SAVED_HOOKS.append(self._hooks)  # PyLayer ctx.save_for_backward packs through them too
        return self

    def __exit__(self, *exc):
        _SAVED_HOOKS.pop()
        return self._inner.__exit__(*exc)
