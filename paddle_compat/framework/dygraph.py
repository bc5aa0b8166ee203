"""Grad mode (``paddle.no_grad`` & co.) and ``paddle.grad``, on torch autograd."""

import functools
import inspect

import torch

from .._core.tensor import Tensor, unwrap, wrap
from . import program as _program

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "grad"]


class _DecoratorContextManager:
    """Usable as ``with obj:``, ``@obj`` and ``@obj()`` (Paddle's ``_DecoratorContextManager``)."""

    def __call__(self, func=None):
        if func is None:
            return self

        if inspect.isgeneratorfunction(func):

            @functools.wraps(func)
            def gen_wrapper(*args, **kwargs):
                gen = func(*args, **kwargs)
                with self.clone():
                    response = gen.send(None)
                while True:
                    try:
                        with self.clone():
                            request = yield response
                            response = gen.send(request)
                    except StopIteration:
                        return

            return gen_wrapper

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)

        return wrapper

    def clone(self):
        return self.__class__()

    def __enter__(self):
        raise NotImplementedError

    def __exit__(self, *exc):
        raise NotImplementedError


def _entering_grad_mode(mode):
    """The ``__enter__`` of a context that switches torch's grad mode to ``mode`` (the previous one kept)."""

    def __enter__(self):
        self._prev = torch.is_grad_enabled()
        torch.set_grad_enabled(mode)

    return __enter__


def _restore_grad_mode(self, *exc):
    """The ``__exit__`` of the grad-mode contexts: back to the mode before them."""
    torch.set_grad_enabled(self._prev)
    return False


class no_grad(_DecoratorContextManager):  # noqa: N801 - Paddle's public name
    """Disable gradient recording: ``with paddle.no_grad():`` / ``@paddle.no_grad()`` / ``@paddle.no_grad``."""

    # Paddle 2.6.2's no_grad_ takes no arguments. The bare decorator form ``@paddle.no_grad`` (a TypeError in
    # Paddle) is kept as an extension, through *args so that the signature stays Paddle's.
    def __new__(cls, *args):
        self = super().__new__(cls)
        if not args:
            return self
        if len(args) == 1 and callable(args[0]):
            return self(args[0])
        raise TypeError("no_grad_() takes no arguments")

    __enter__ = _entering_grad_mode(False)
    __exit__ = _restore_grad_mode


class enable_grad(_DecoratorContextManager):  # noqa: N801
    """Enable gradient recording inside a ``no_grad`` region."""

    __enter__ = _entering_grad_mode(True)
    __exit__ = _restore_grad_mode


class set_grad_enabled(_DecoratorContextManager):  # noqa: N801
    """``paddle.set_grad_enabled(mode)``: takes effect immediately and as a context manager."""

    def __init__(self, mode):
        self._prev = torch.is_grad_enabled()
        self.mode = bool(mode)
        torch.set_grad_enabled(self.mode)

    def clone(self):
        return self.__class__(self.mode)

    def __enter__(self):
        return None

    __exit__ = _restore_grad_mode


set_grad_enabled.__module__ = "paddle.base.dygraph.base"  # Paddle's repr: <paddle.base.dygraph.base.set_grad_...>


def is_grad_enabled():
    # Paddle: there is no dygraph tracer in static mode, so no grad is being recorded
    return torch.is_grad_enabled() and not _program._Mode.static


def _as_tensor_list(value, name, element_type="Tensor"):
    """Paddle's argument check of ``paddle.grad``/``paddle.autograd.backward`` (which words the element type as
    ``paddle.Tensor``): a Tensor or a non-empty list of Tensors, as a list."""
    assert value is not None, f"{name} should not be None"
    if isinstance(value, (list, tuple)):
        assert len(value) > 0, f"{name} cannot be empty"
        for v in value:
            assert isinstance(v, Tensor), f"Elements of {name} must be {element_type}"
        return list(value)
    assert isinstance(value, Tensor), f"{name} must be Tensor or list of Tensor"
    return [value]


def _reachable_without(outs, target, cut):
    """Is ``target`` (a leaf or an intermediate) reachable from ``outs`` in the autograd graph without going
    through the nodes that produced the ``cut`` tensors?"""
    blocked = {id(t.grad_fn) for t in cut}
    goal = target.grad_fn
    seen, stack = set(), [o.grad_fn for o in outs if o.grad_fn is not None]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen or id(node) in blocked:
            continue
        if node is goal or getattr(node, "variable", None) is target:
            return True
        seen.add(id(node))
        stack.extend(n for n, _ in node.next_functions)
    return False


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, no_grad_vars=None):
    """Sum of the gradients of ``outputs`` w.r.t. each of ``inputs`` (Paddle's checks and defaults).

    ``no_grad_vars`` is accepted and checked; torch cannot stop a gradient at an intermediate tensor after
    the graph is built, so it only has an effect when the listed tensors are leaves (their gradient is
    simply not returned)."""
    outputs = _as_tensor_list(outputs, "outputs")
    inputs = _as_tensor_list(inputs, "inputs")
    if grad_outputs is not None:
        if not isinstance(grad_outputs, (list, tuple)):
            grad_outputs = [grad_outputs]
        for g in grad_outputs:
            if g is not None:
                assert isinstance(g, Tensor), (
                    "grad_outputs must be None, a Variable or a list containing None or Variables"
                )
        assert len(grad_outputs) == len(outputs), "The length of grad_outputs must be equal to outputs"
    else:
        grad_outputs = [None] * len(outputs)
    if no_grad_vars is None:
        no_grad_vars = []
    elif isinstance(no_grad_vars, Tensor):
        no_grad_vars = [no_grad_vars]
    elif isinstance(no_grad_vars, (list, tuple, set)):
        no_grad_vars = list(no_grad_vars)
        for v in no_grad_vars:
            assert isinstance(v, Tensor), "no_grad_vars can only contains Tensor"
    else:
        raise AssertionError("no_grad_vars must be None, Tensor or list/tuple/set of Tensors")
    assert isinstance(create_graph, bool), "create_graph must be True or False"
    # validated as Paddle does, but not used: Paddle's eager paddle.grad keeps the graph either way (below)
    assert retain_graph is None or isinstance(retain_graph, bool), "retain_graph must be None, True or False"
    assert isinstance(allow_unused, bool), "allow_unused must be True or False"
    assert isinstance(only_inputs, bool), "only_inputs must be True or False"
    assert only_inputs, "only_inputs=False is not supported yet"

    outs, gouts = [], []
    for o, g in zip(outputs, grad_outputs):
        t = o._t
        if not t.requires_grad:
            continue
        outs.append(t)
        gouts.append(torch.ones_like(t) if g is None else unwrap(g).to(t.dtype))
    ins = [x._t for x in inputs]
    if not outs:  # no graph at all: Paddle reports the first input as absent from it
        if allow_unused:
            return [None] * len(inputs)
        raise ValueError(
            "(InvalidArgument) The 0-th input does not appear in the backward graph. Please check the input tensor "
            "or set allow_unused=True to get None result.")
    diff_idx = [i for i, t in enumerate(ins) if t.requires_grad]
    results = [None] * len(ins)
    cut = [v._t for v in no_grad_vars if v._t.requires_grad and v._t.grad_fn is not None]
    if cut:  # Paddle stops gradients at no_grad_vars: an input reached only through them "does not appear"
        diff_idx = [i for i in diff_idx if _reachable_without(outs, ins[i], cut)]
    if diff_idx:
        handles = [t.register_hook(torch.zeros_like) for t in cut]
        try:
            # Paddle 2.6's eager paddle.grad never frees the graph, whatever retain_graph says (checked: a
            # backward() or a second paddle.grad after retain_graph=False still works there)
            gs = torch.autograd.grad(outs, [ins[i] for i in diff_idx], gouts, retain_graph=True,
                                     create_graph=create_graph, allow_unused=True)
        except RuntimeError as e:
            raise RuntimeError(str(e)) from None
        finally:
            for h in handles:
                h.remove()
        for i, g in zip(diff_idx, gs):
            results[i] = g
    skip = {id(v._t) for v in no_grad_vars}
    out = []
    for i, (x, g) in enumerate(zip(ins, results)):
        if g is None or id(x) in skip:
            if not allow_unused:
                raise ValueError(
                    f"(InvalidArgument) The {i}-th input does not appear in the backward graph. Please check the "
                    "input tensor or set allow_unused=True to get None result."
                )
            out.append(None)
        else:
            out.append(wrap(g if create_graph else g.detach()))
    return out
