"""Paddle's fake-quantization kernels on torch ops, in Paddle's order of float32 operations.

- moving-average abs-max (training): ``state = rate*state + 1``, ``accum = rate*accum + max|x|``,
  ``scale = accum / state`` (state and accumulator start at 1);
- quant-dequant of the moving-average op: ``round_half_away((bin * (1/s)) * clip(x, -s, s)) * s / bin``;
- ``quantize_linear``: ``clip(round_half_even((bin * (1/s)) * x), -bin - 1, bin)``;
  ``dequantize_linear``: ``x * s / bin``;
where ``bin = 2**(bits-1) - 1``. Gradients pass straight through (Paddle's straight-through estimator, also for
clipped values), which torch.ao's fake_quantize (masked gradient, ties to even, scale = s/bin) does not do.
"""

import torch


def round_half_away(x):
    """C's round(): halves away from zero (torch.round rounds them to even)."""
    r = torch.round(x)
    t = torch.trunc(x)
    return torch.where((x - t).abs() == 0.5, t + torch.sign(x), r)


def _bin(bits):
    return float((1 << (bits - 1)) - 1)


def qdq_abs_max(x, s, bits):
    """Paddle's ClipAndFakeQuantDequant (round half away from zero, clip to [-s, s])."""
    b = torch.tensor(_bin(bits), dtype=x.dtype)
    k = b * torch.reciprocal(s)
    return round_half_away(k * torch.minimum(torch.maximum(x, -s), s)) * s / b


class _StraightThrough(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, out):
        return out

    @staticmethod
    def backward(ctx, grad):
        return grad, None


def fake_qdq_moving_average_abs_max(x, scale, state, accum, moving_rate, bits, training):
    """Quant-dequant ``x``; in training, first update ``scale``/``state``/``accum`` (1-element float32 torch
    tensors, in place) with the moving average of ``max|x|``."""
    with torch.no_grad():
        if training:
            cur = x.detach().abs().max().reshape([1]).to(scale.dtype)
            state.copy_(moving_rate * state + 1)
            accum.copy_(moving_rate * accum + cur)
            scale.copy_(accum / state)
        s = scale.detach().reshape([]).to(x.dtype)
        out = qdq_abs_max(x.detach(), s, bits)
    if x.requires_grad:
        return _StraightThrough.apply(x, out)
    return out


def _per_axis(s, x, axis):
    if s.dim() == 0 or axis is None or axis < 0 or s.numel() == 1:
        return s.reshape([])
    shape = [1] * x.dim()
    shape[axis] = -1
    return s.reshape(shape)


def quantize_linear(x, s, bits, axis):
    b = torch.tensor(_bin(bits), dtype=torch.float32)
    k = b * torch.reciprocal(_per_axis(s.to(torch.float32), x, axis))
    return torch.clamp(torch.round(k * x), -b - 1, b)


def dequantize_linear(x, s, bits, axis):
    b = torch.tensor(_bin(bits), dtype=torch.float32)
    return x * _per_axis(s.to(torch.float32), x, axis) / b


def fake_qdq_abs_max(x, bits, scale_out=None):
    """fake_quantize_dequantize_abs_max: scale = max|x| of this input; writes it to ``scale_out`` if given."""
    with torch.no_grad():
        s = x.detach().abs().max()
        if scale_out is not None:
            scale_out.copy_(s.reshape(scale_out.shape).to(scale_out.dtype))
        out = qdq_abs_max(x.detach(), s.to(x.dtype), bits)
    return _StraightThrough.apply(x, out) if x.requires_grad else out


def fake_qdq_channel_wise_abs_max(x, bits, axis, scale_out=None):
    """fake_channel_wise_quantize_dequantize_abs_max: one abs-max scale per slice along ``axis``."""
    with torch.no_grad():
        dims = [d for d in range(x.dim()) if d != axis]
        s = x.detach().abs().amax(dim=dims)
        if scale_out is not None:
            scale_out.copy_(s.to(scale_out.dtype))
        shape = [1] * x.dim()
        shape[axis] = -1
        out = qdq_abs_max(x.detach(), s.reshape(shape).to(x.dtype), bits)
    return _StraightThrough.apply(x, out) if x.requires_grad else out
