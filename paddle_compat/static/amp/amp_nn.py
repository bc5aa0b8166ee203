"""``paddle.static.amp.amp_nn``: the loss-scaling ops, usable in dygraph as in Paddle."""

import torch

from ...amp._kernels import check_finite_and_unscale_, update_loss_scaling_


def check_finite_and_unscale(x, scale, name=None, float_status=None):
    """Unscale the tensors of ``x`` in place by ``scale``; returns ``(x, found_inf)``."""
    from ..._core import wrap

    if float_status is not None:
        raise NotImplementedError("check_finite_and_unscale(float_status=...) is for NPU devices only.")
    found = check_finite_and_unscale_([t._t.data for t in x], scale._t)
    return x, wrap(torch.tensor([found]))


def update_loss_scaling(
    x,
    found_inf,
    prev_loss_scaling,
    num_good_steps,
    num_bad_steps,
    incr_every_n_steps,
    decr_every_n_nan_or_inf,
    incr_ratio,
    decr_ratio,
    stop_update=False,
    name=None,
):
    """Zero ``x`` if ``found_inf``; update the loss scaling and the good/bad step counters in place."""
    update_loss_scaling_(
        [t._t.data for t in x], bool(found_inf._t.reshape(-1)[0]), prev_loss_scaling._t.data,
        num_good_steps._t.data, num_bad_steps._t.data, incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio,
        decr_ratio, stop_update,
    )
    return x
