"""``recompute`` on ``torch.utils.checkpoint``: activations of ``function`` are dropped after the forward
and recomputed in the backward, replaying the RNG state of the forward (the global generator through torch's
``preserve_rng_state``, and the model-parallel RNG tracker's states here) so dropout masks match."""

from ...._core.tensor import Tensor, wrap
from ....framework.random import default_cpu_generator
from ..layers.mpu.random import get_rng_state_tracker
from ..utils.log_util import logger

__all__ = []


def _check_recompute_necessary(inputs):
    needs = []
    for value in inputs:
        if isinstance(value, Tensor):
            needs.append(value.stop_gradient)
        elif type(value) is tuple:
            needs.extend(item.stop_gradient for item in value if isinstance(item, Tensor))
    if all(needs):
        logger.warning("[Recompute]: None of the inputs to current recompute block need grad, therefore there is "
                       "NO need to recompute this block in backward !")


def _to_torch(value):
    if isinstance(value, Tensor):
        return value._t
    if type(value) in (tuple, list):
        return type(value)(_to_torch(v) for v in value)
    return value


def _to_paddle(value):
    import torch

    if isinstance(value, torch.Tensor):
        return wrap(value)
    if type(value) in (tuple, list):
        return type(value)(_to_paddle(v) for v in value)
    return value


def recompute(function, *args, **kwargs):
    """Run ``function(*args, **kwargs)`` without keeping its activations; they are recomputed in backward.
    ``preserve_rng_state`` (default True) replays the forward's RNG; ``use_reentrant`` (default True) selects
    the reentrant implementation, which takes no keyword arguments."""
    import torch
    from torch.utils.checkpoint import checkpoint

    from ....framework import is_grad_enabled

    preserve = kwargs.pop("preserve_rng_state", True)
    use_reentrant = kwargs.pop("use_reentrant", True)
    if kwargs and use_reentrant:
        raise ValueError("Error, if you want to send kwargs(dict parameter) to function, please set "
                         "use_reentrant=False.")
    if is_grad_enabled():
        _check_recompute_necessary(args)
    tracker = get_rng_state_tracker()
    forward_tracker_states = dict(tracker.get_states_tracker()) if preserve else None
    # CPU random ops draw from Paddle's engine, which torch's preserve_rng_state does not cover
    generator = default_cpu_generator()
    forward_generator_state = generator.get_state() if preserve else None
    calls = [0]

    def run(*torch_args, **torch_kwargs):
        calls[0] += 1
        paddle_args = _to_paddle(torch_args)
        paddle_kwargs = {key: _to_paddle(value) for key, value in torch_kwargs.items()}
        if calls[0] == 1 or forward_tracker_states is None:
            return _to_torch(function(*paddle_args, **paddle_kwargs))
        # The recomputation: replay the RNG states (model-parallel tracker and Paddle's CPU engine) as they
        # were before the forward.
        current = tracker.get_states_tracker()
        current_generator_state = generator.get_state()
        tracker.set_states_tracker(dict(forward_tracker_states))
        generator.set_state(forward_generator_state)
        try:
            return _to_torch(function(*paddle_args, **paddle_kwargs))
        finally:
            tracker.set_states_tracker(current)
            generator.set_state(current_generator_state)

    torch_args = [_to_torch(a) for a in args]
    torch_kwargs = {key: _to_torch(value) for key, value in kwargs.items()}
    if use_reentrant and not any(isinstance(a, torch.Tensor) and a.requires_grad for a in torch_args):
        # torch's reentrant checkpoint would warn and cut the graph; Paddle's PyLayer runs the block with grads
        # off in the same case, which is what we do.
        with torch.no_grad():
            return _to_paddle(run(*torch_args))
    output = checkpoint(run, *torch_args, use_reentrant=use_reentrant, preserve_rng_state=preserve,
                        **torch_kwargs)
    return _to_paddle(output)


def recompute_sequential(ctx, functions, *args, **kwargs):
    """Recompute a ``Sequential`` (or list of layers) in ``ctx['segments']`` segments; the last segment runs
    normally."""
    from ....nn import Sequential

    segments = ctx.get("segments", 1)
    preserve_rng_state = ctx.get("preserve_rng_state", True)

    def run_segment(begin, end, funcs):
        def run(value):
            for index in range(begin, end + 1):
                value = funcs[index](value)
            return value

        return run

    if isinstance(functions, Sequential):
        functions = list(functions.children())
    segment_size = len(functions) // segments
    end = -1
    for begin in range(0, segment_size * (segments - 1), segment_size):
        end = begin + segment_size - 1
        args = recompute(run_segment(begin, end, functions), *args, preserve_rng_state=preserve_rng_state,
                         **kwargs)
    return run_segment(end + 1, len(functions) - 1, functions)(args)
