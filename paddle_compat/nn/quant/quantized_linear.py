"""Weight-only / LLM.int8 quantized linear algebra: reference implementations on torch.

Paddle 2.6.2 has these kernels on CUDA only (on CPU they raise); ours compute the same quantities in plain
layouts: ``weight_quantize`` returns the int8 weight transposed to ``[out, in]`` with one float32 scale per
output channel (``max|w| / 127``); Paddle's CUDA kernels additionally permute that layout for the target ``arch``
(CUTLASS interleaving), which these references do not reproduce."""

import torch

_ALGOS = ("weight_only_int8", "weight_only_int4", "llm.int8")


def _check_algo(algo):
    if algo not in _ALGOS:
        raise ValueError(f"algo must be one of {list(_ALGOS)}, but got {algo!r}")
    if algo == "weight_only_int4":
        raise NotImplementedError(
            "paddle.nn.quant: algo='weight_only_int4' (two int4 values per byte in an arch-specific layout) is "
            "not implemented by paddle-compat; use 'weight_only_int8' or 'llm.int8'."
        )


def _check_arch(arch):
    if arch is not None:
        assert arch == 70 or arch == 80 or arch == 86 or arch == 75, (
            f"Currently weight_quantize only support SM70/75/80/86. but got {arch} "
        )


def weight_quantize(x, algo="weight_only_int8", arch=None):
    from ..._core import wrap

    _check_arch(arch)
    _check_algo(algo)
    w = x._t.to(torch.float32)
    scale = w.abs().amax(dim=0) / 127.0
    safe = torch.where(scale == 0, torch.ones_like(scale), scale)
    q = torch.clamp(torch.round(w / safe), -127, 127).to(torch.int8).t().contiguous()
    return wrap(q), wrap(scale)


def weight_dequantize(x, scale, algo="weight_only_int8", out_dtype="float16"):
    from ..._core import wrap
    from ..._core.dtypes import to_torch_dtype

    _check_algo(algo)
    w = x._t.to(torch.float32) * scale._t.to(torch.float32).unsqueeze(1)
    return wrap(w.t().contiguous().to(to_torch_dtype(out_dtype)))


def _dequantized(weight, weight_scale, dtype):
    return (weight._t.to(torch.float32) * weight_scale._t.to(torch.float32).unsqueeze(1)).to(dtype)


def weight_only_linear(x, weight, bias=None, weight_scale=None, weight_dtype="int8", arch=None):
    from ..._core import wrap

    _check_arch(arch)
    if weight_dtype != "int8":
        raise NotImplementedError(f"paddle.nn.quant.weight_only_linear(weight_dtype={weight_dtype!r}): only 'int8' "
                                  "is implemented by paddle-compat.")
    xt = x._t
    out = torch.matmul(xt, _dequantized(weight, weight_scale, xt.dtype).t())
    if bias is not None:
        out = out + bias._t
    return wrap(out)


def llm_int8_linear(x, weight, bias=None, weight_scale=None, threshold=6.0):
    """LLM.int8(): input columns holding a value above ``threshold`` are multiplied in floating point, the rest
    with int8 activations (row-wise abs-max) against the int8 weight."""
    from ..._core import wrap

    xt = x._t
    xf = xt.to(torch.float32).reshape(-1, xt.shape[-1])
    outlier = (xf.abs() > threshold).any(dim=0)
    wq = weight._t.to(torch.float32)
    wscale = weight_scale._t.to(torch.float32)
    x_in = torch.where(outlier, torch.zeros_like(xf), xf)
    row_scale = x_in.abs().amax(dim=1, keepdim=True) / 127.0
    xq = torch.round(x_in / torch.where(row_scale == 0, torch.ones_like(row_scale), row_scale))
    out = torch.matmul(xq, wq.t()) * row_scale * wscale.unsqueeze(0)
    if bool(outlier.any()):
        out = out + torch.matmul(xf[:, outlier], (wq[:, outlier] * wscale.unsqueeze(1)).t())
    out = out.reshape(list(xt.shape[:-1]) + [wq.shape[0]]).to(xt.dtype)
    if bias is not None:
        out = out + bias._t
    return wrap(out)
