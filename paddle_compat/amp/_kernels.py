"""Paddle's loss-scaling kernels on torch: check_finite_and_unscale and update_loss_scaling."""

import torch


def check_finite_and_unscale_(grads, scale):
    """Unscale ``grads`` (torch tensors) in place; True if any holds an inf/nan.

    On CPU, Paddle's kernel walks the tensors in order and, from the first tensor holding an inf/nan on,
    multiplies by 0 instead of 1/scale (so finite values become 0 and infs NaN); on CUDA it multiplies every
    tensor by 1/scale (torch's fused ``_amp_foreach_non_finite_check_and_unscale_``)."""
    if not grads:
        return False
    inv_scale = torch.reciprocal(scale.to(device=grads[0].device, dtype=torch.float32))
    if grads[0].device.type == "cuda":
        found = torch.zeros(1, dtype=torch.float32, device=grads[0].device)
        torch._amp_foreach_non_finite_check_and_unscale_(grads, found, inv_scale)
        return bool(found.item())
    found = False
    for g in grads:
        if not found and not bool(torch.isfinite(g).all()):
            found = True
        factor = torch.zeros_like(inv_scale) if found else inv_scale
        g.mul_(factor.to(g.dtype))
    return found


def update_loss_scaling_(grads, found_inf, scale, good, bad, incr_every_n_steps, decr_every_n_nan_or_inf,
                         incr_ratio, decr_ratio, stop_update=False):
    """Paddle's update_loss_scaling: zero the grads when ``found_inf``; unless ``stop_update``, count good/bad
    steps and grow the scale by ``incr_ratio`` every ``incr_every_n_steps`` good steps (if it stays finite) or
    shrink it by ``decr_ratio`` (not below 1) every ``decr_every_n_nan_or_inf`` bad ones. All in place."""
    if found_inf:
        for g in grads:
            g.zero_()
    if stop_update:
        return
    with torch.no_grad():
        if found_inf:
            good.zero_()
            bad.add_(1)
            if int(bad.item()) == decr_every_n_nan_or_inf:
                new = scale * decr_ratio
                scale.copy_(torch.where(new < 1, torch.ones_like(new), new))
                bad.zero_()
        else:
            bad.zero_()
            good.add_(1)
            if int(good.item()) == incr_every_n_steps:
                new = scale * incr_ratio
                scale.copy_(torch.where(torch.isfinite(new), new, scale))
                good.zero_()
