"""``paddle.nn.functional`` pooling (pooling.py in Paddle 2.6) on ``torch.nn.functional``.

Paddle's pooling differs from torch's in corner cases, so the general path is explicit:
* output size is ``(in + pad0 + pad1 - k [+ s - 1]) // s + 1`` (no torch "last window must start
  inside" correction under ``ceil_mode``); windows past the input give ``-FLT_MAX`` (max) or
  ``0 / 0 = nan`` (exclusive avg);
* ``exclusive=False`` divides by the full kernel volume; ``exclusive=True`` by the number of input
  (non padding) elements in the window;
* asymmetric padding ``[before, after, ...]`` and 'SAME' / 'VALID' strings.
The plain symmetric cases go straight to the torch kernel.
"""

import math

import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import Tensor, errors, wrap
from ._checks import OK as _OK
from ._checks import check_kernel as _check_kernel
from ._checks import convert_to_list as _convert_to_list
from ._checks import explicit_padding as _explicit_padding
from ._checks import named as _named
from ._checks import not_tensor as _not_tensor
from ._checks import read_tensor as _read_tensor
from ._checks import refuse as _refuse

__all__ = [
    "avg_pool1d",
    "avg_pool2d",
    "avg_pool3d",
    "max_pool1d",
    "max_pool2d",
    "max_pool3d",
    "max_unpool1d",
    "max_unpool2d",
    "max_unpool3d",
    "adaptive_avg_pool1d",
    "adaptive_avg_pool2d",
    "adaptive_avg_pool3d",
    "adaptive_max_pool1d",
    "adaptive_max_pool2d",
    "adaptive_max_pool3d",
]

_F32 = torch.float32
_FORMATS = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}
_TO_CF = {1: (0, 2, 1), 2: (0, 3, 1, 2), 3: (0, 4, 1, 2, 3)}
_TO_CL = {1: (0, 2, 1), 2: (0, 2, 3, 1), 3: (0, 2, 3, 4, 1)}
_AVG = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}
_MAX = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}
_AAVG = {1: F.adaptive_avg_pool1d, 2: F.adaptive_avg_pool2d, 3: F.adaptive_avg_pool3d}
_AMAX = {1: F.adaptive_max_pool1d, 2: F.adaptive_max_pool2d, 3: F.adaptive_max_pool3d}
_UNPOOL = {1: F.max_unpool1d, 2: F.max_unpool2d, 3: F.max_unpool3d}


def _check_x(x, nd, fname):
    """Paddle's ``_check_input``: reads ``len(x.shape)`` (AttributeError for a non-Tensor)."""
    t = _read_tensor(x)
    if t.dim() != nd + 2:
        raise ValueError(f"Excepted Input X is {nd + 2}-D tensor, but received {t.dim()}-D {type(x)}")
    return t


def _op_input(x, nd, kernel):
    """x as Paddle's pooling C op takes it: a Tensor (ValueError), of a registered dtype (RuntimeError), N-D."""
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor(kernel, "x", 0, x) from None
    if t.dtype is not _F32 and t.dtype not in _OK[kernel]:
        _refuse(kernel, t.dtype)
    if t.dim() != nd + 2:
        raise errors.invalid_argument(f"Excepted Input X is {nd + 2}-D tensor, but received {t.dim()}-D {type(x)}")
    return t


def _channel_last(data_format, nd):
    fmts = _FORMATS[nd]
    if data_format not in fmts:
        raise ValueError(
            f"Attr(data_format) should be '{fmts[0]}' or '{fmts[1]}'. Received Attr(data_format): {data_format}"  # noqa: E501
        )
    return data_format == fmts[1]


_PADDLE_NAMES = {"kernel_size": "pool_size", "stride": "pool_stride"}


def _to_list(v, n, name):
    if isinstance(v, Tensor):
        v = v._t.tolist()
    if type(v) is int:
        v = [v] * n
    else:
        v = _convert_to_list(v, n, _PADDLE_NAMES.get(name, name))
    for e in v:
        if e < 1e-3:
            raise errors.invalid_argument(f"Excepted the input {name} to be greater than 0.001 but received x: {e}. ")
    return v


def _padding(padding, nd, channel_last, ceil_mode):
    """-> ('SAME', None) or ('EXPLICIT', [b0, a0, b1, a1, ...])."""
    if type(padding) is int:
        return "EXPLICIT", [padding] * (2 * nd)
    if isinstance(padding, str):
        p = padding.upper()
        if p not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{p}'. It can only be 'SAME' or 'VALID'.")
        if p == "VALID":
            if ceil_mode is not False:
                raise ValueError(
                    'When Attr(padding) is "VALID", Attr(ceil_mode) must be False. Received ceil_mode: True.'
                )
            return "EXPLICIT", [0] * (2 * nd)
        return "SAME", None
    return "EXPLICIT", _explicit_padding(padding, nd, channel_last, "Invalid padding")


def _prepare(x, kernel_size, stride, padding, ceil_mode, data_format, nd, fname, kernel=None):
    if nd == 1:
        _check_x(x, nd, fname)
    channel_last = _channel_last(data_format, nd)
    k = _to_list(kernel_size, nd, "kernel_size")
    s = k if stride is None else _to_list(stride, nd, "stride")
    algo, pads = _padding(padding, nd, channel_last, ceil_mode)
    t = _op_input(x, nd, kernel or ("pool3d" if nd == 3 else "pool2d"))
    if channel_last:
        t = t.permute(_TO_CF[nd])
    spatial = t.shape[2:]
    if algo == "SAME":
        pads = []
        for i, kk, ss in zip(spatial, k, s):
            out = (i + ss - 1) // ss
            total = max((out - 1) * ss + kk - i, 0)
            pads += [total // 2, total - total // 2]
    outs = []
    negative = False
    for i in range(nd):
        if pads[2 * i] < 0:
            negative = True
        span = spatial[i] + pads[2 * i] + pads[2 * i + 1] - k[i]
        # C++ integer division truncates toward zero: a window larger than the padded input still gives 1 output
        o = int((span + s[i] - 1) / s[i]) + 1 if ceil_mode else int(span / s[i]) + 1
        if o <= 0:
            raise ValueError(
                f"The output size of {fname} must be greater than 0, but received input shape {x.shape}, "
                f"kernel_size {k}, stride {s}, padding {pads}."
            )
        outs.append(o)
    if negative:
        # Paddle's windows start at o * s - before and end by in + before: a negative `before` never reads the
        # first or last |before| elements; drop them and the windows start at o * s
        for i in range(nd):
            if pads[2 * i] < 0:
                c = -pads[2 * i]
                t = t.narrow(2 + i, c, max(t.shape[2 + i] - 2 * c, 0))
                pads[2 * i] = pads[2 * i + 1] = 0
    return t, channel_last, k, s, pads, outs


def _torch_ok(k, s, pads, outs, spatial, ceil_mode):
    """True when the torch kernel with symmetric padding gives Paddle's result."""
    for i in range(len(k)):
        p = pads[2 * i]
        if pads[2 * i + 1] != p or p > k[i] // 2 or p < 0 or (spatial[i] + 2 * p - k[i]) // s[i] + 1 != outs[i]:
            return False
        if ceil_mode and (outs[i] - 1) * s[i] >= spatial[i] + p:
            return False
    return True


def _full_pads(k, s, pads, outs, spatial):
    """torch F.pad list (last dim first) padding up to exactly the windows Paddle reads."""
    tpad = []
    for i in reversed(range(len(k))):
        need = (outs[i] - 1) * s[i] + k[i]
        after = max(need - spatial[i] - pads[2 * i], pads[2 * i + 1])
        tpad += [pads[2 * i], after]
    return tpad


def _avg_pool(x, kernel_size, stride, padding, ceil_mode, exclusive, divisor_override, data_format, nd, fname):
    t, channel_last, k, s, pads, outs = _prepare(x, kernel_size, stride, padding, ceil_mode, data_format, nd, fname)
    spatial = tuple(t.shape[2:])
    # torch's avg_pool3d refuses an unpadded input smaller than the window, which Paddle pools through padding
    fits = nd != 3 or all(i >= kk for i, kk in zip(spatial, k))
    if not ceil_mode and fits and _torch_ok(k, s, pads, outs, spatial, False):
        out = _AVG[nd](t, k, s, pads[0::2], False, not exclusive)
    else:
        tpad = _full_pads(k, s, pads, outs, spatial)
        kvol = math.prod(k)
        sums = _AVG[nd](F.pad(t, tpad), k, s) * kvol
        sums = sums[(slice(None), slice(None)) + tuple(slice(0, o) for o in outs)]
        # Paddle's divisor: window [hs, min(hs + k, in + pad)), clipped to the input when exclusive
        div = None
        for i in range(nd):
            d = []
            for o in range(outs[i]):
                hs = o * s[i] - pads[2 * i]
                he = min(hs + k[i], spatial[i] + pads[2 * i])
                d.append(min(he, spatial[i]) - max(hs, 0) if exclusive else he - hs)
            d = torch.tensor(d, dtype=t.dtype, device=t.device)
            div = d if div is None else div.unsqueeze(-1) * d
        out = sums / div
    if divisor_override is not None:
        if not isinstance(divisor_override, (int, float)):
            raise ValueError(
                f"Excepted (<class 'int'>, <class 'float'>) type for divisor_override but received "
                f"type: {type(divisor_override)}. "
            )
        out = out * (math.prod(k) / divisor_override)
    if channel_last:
        out = out.permute(_TO_CL[nd])
    return wrap(out)


def _with_mask(x, out, idx):
    """(out, int32 mask) of return_mask pooling. Paddle marks the mask stop_gradient=False like the
    output (grad mode on and x with stop_gradient=False); torch cannot track it: the flag goes in _sg."""
    r, m = wrap(out), wrap(idx.to(torch.int32))
    if out.requires_grad:
        m._sg = False
    elif getattr(x, "_sg", True) is False and torch.is_grad_enabled():
        r._sg = m._sg = False
    return r, m


_amp = None  # paddle.amp's cast state while auto_cast is on (set by paddle_compat.amp.auto_cast)


def _max_pool(x, kernel_size, stride, padding, return_mask, ceil_mode, data_format, nd, fname):
    if return_mask:
        # Paddle's max_pool*_with_index ignores ceil_mode and the SAME algorithm (-> zero padding) and
        # only takes symmetric padding.
        _check_x(x, nd, fname)
        cl = _channel_last(data_format, nd)
        if cl:
            raise ValueError(
                f"When setting return_mask to true, data_format must be set to {_FORMATS[nd][0]} in API:{fname}"
            )
        algo, pads = _padding(padding, nd, cl, ceil_mode)
        if algo == "SAME":
            padding = 0
        elif any(pads[2 * i] != pads[2 * i + 1] for i in range(nd)):
            raise errors.invalid_argument(
                f"Paddings size {2 * (nd if nd > 1 else 2)} and pooling size {max(nd, 2)} should be the same."
            )
        ceil_mode = False
    kernel = f"max_pool{max(nd, 2)}d_with_index" if return_mask else None
    t, channel_last, k, s, pads, outs = _prepare(x, kernel_size, stride, padding, ceil_mode, data_format, nd, fname,
                                                 kernel)
    if return_mask and _amp is not None:
        (t,) = _amp.cast("max_pool2d_with_index" if nd == 2 else f"max_pool{nd}d_with_index", t)
    spatial = tuple(t.shape[2:])
    if _torch_ok(k, s, pads, outs, spatial, ceil_mode):
        res = _MAX[nd](t, k, s, pads[0::2], 1, ceil_mode, return_mask)
    else:
        tpad = _full_pads(k, s, pads, outs, spatial)
        xp = F.pad(t, tpad, value=torch.finfo(t.dtype).min if t.is_floating_point() else torch.iinfo(t.dtype).min)
        res = _MAX[nd](xp, k, s, 0, 1, False, return_mask)
        sl = (slice(None), slice(None)) + tuple(slice(0, o) for o in outs)
        if return_mask:
            out, idx = res
            out, idx = out[sl], idx[sl]
            # padded flat index -> input flat index
            pshape = xp.shape[2:]
            before = [tpad[2 * (nd - 1 - i)] for i in range(nd)]
            rem = idx
            coords = []
            for i in reversed(range(nd)):
                coords.append(rem % pshape[i] - before[i])
                rem = rem // pshape[i]
            coords.reverse()
            flat = torch.zeros_like(idx)
            for i in range(nd):
                flat = flat * spatial[i] + coords[i]
            res = (out, flat)
        else:
            res = res[sl]
    if return_mask:
        out, idx = res
        if channel_last:
            out, idx = out.permute(_TO_CL[nd]), idx.permute(_TO_CL[nd])
        return _with_mask(x, out, idx)
    if channel_last:
        res = res.permute(_TO_CL[nd])
    return wrap(res)


def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False, name=None):
    return _avg_pool(x, kernel_size, stride, padding, ceil_mode, exclusive, None, "NCL", 1, "avg_pool1d")


def _avg_pool_api(nd, fname, default_format):
    def avg_pool(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
                 data_format=default_format, name=None):
        return _avg_pool(x, kernel_size, stride, padding, ceil_mode, exclusive, divisor_override, data_format, nd,
                         fname)

    return _named(avg_pool, fname)


def _max_pool_api(nd, fname, default_format):
    def max_pool(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format=default_format, name=None):
        return _max_pool(x, kernel_size, stride, padding, return_mask, ceil_mode, data_format, nd, fname)

    return _named(max_pool, fname)


def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, name=None):
    return _max_pool(x, kernel_size, stride, padding, return_mask, ceil_mode, "NCL", 1, "max_pool1d")


avg_pool2d = _avg_pool_api(2, "avg_pool2d", "NCHW")
avg_pool3d = _avg_pool_api(3, "avg_pool3d", "NCDHW")
max_pool2d = _max_pool_api(2, "max_pool2d", "NCHW")
max_pool3d = _max_pool_api(3, "max_pool3d", "NCDHW")


# ---- adaptive ---------------------------------------------------------------------------------
def _adaptive_sizes(output_size, spatial, nd):
    if isinstance(output_size, Tensor):
        output_size = output_size._t.tolist()
    if isinstance(output_size, (list, tuple)):
        if len(output_size) != nd:
            raise ValueError(f"output_size must be an int or a list/tuple of {nd} ints, but received {output_size}")
        sizes = []
        for i, o in enumerate(output_size):
            if o is None:
                o = spatial[i]
            elif isinstance(o, Tensor):
                o = int(o._t.item())
            elif not isinstance(o, int):  # Paddle's C op parses the sizes as a list of int
                raise ValueError(f"(InvalidArgument) pool{max(nd, 2)}d(): argument (position 2) must be list of int, "
                                 f"but got {type(o).__name__} at pos {i}")
            sizes.append(o)
        return sizes
    if type(output_size) is not int:
        if isinstance(output_size, str):  # Paddle indexes the str as a list of sizes
            raise IndexError("list index out of range")
        if isinstance(output_size, float):
            raise TypeError("'float' object is not iterable")
    return [int(output_size)] * nd


def _adaptive(x, output_size, data_format, return_mask, nd, is_max, fname):
    channel_last = _channel_last(data_format, nd)  # Paddle checks data_format before reading x.shape
    t = _check_x(x, nd, fname)
    if channel_last:
        t = t.permute(_TO_CF[nd])
    osz = _adaptive_sizes(output_size, t.shape[2:], nd)
    _check_kernel(f"max_pool{max(nd, 2)}d_with_index" if is_max else "pool3d" if nd == 3 else "pool2d", t)
    if is_max:
        res = _AMAX[nd](t, osz, return_mask)
        if return_mask:
            return _with_mask(x, res[0], res[1])
        return wrap(res)
    out = _AAVG[nd](t, osz)
    if channel_last:
        out = out.permute(_TO_CL[nd])
    return wrap(out)


def adaptive_avg_pool1d(x, output_size, name=None):
    return _adaptive(x, output_size, "NCL", False, 1, False, "adaptive_avg_pool1d")


def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    return _adaptive(x, output_size, data_format, False, 2, False, "adaptive_avg_pool2d")


def adaptive_avg_pool3d(x, output_size, data_format="NCDHW", name=None):
    return _adaptive(x, output_size, data_format, False, 3, False, "adaptive_avg_pool3d")


def adaptive_max_pool1d(x, output_size, return_mask=False, name=None):
    return _adaptive(x, output_size, "NCL", return_mask, 1, True, "adaptive_max_pool1d")


def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    return _adaptive(x, output_size, "NCHW", return_mask, 2, True, "adaptive_max_pool2d")


def adaptive_max_pool3d(x, output_size, return_mask=False, name=None):
    return _adaptive(x, output_size, "NCDHW", return_mask, 3, True, "adaptive_max_pool3d")


# ---- unpool -----------------------------------------------------------------------------------
def _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, nd, fname):
    _check_x(x, nd, fname)
    if data_format != _FORMATS[nd][0]:
        raise ValueError(f"Attr(data_format) should be '{_FORMATS[nd][0]}'. Received Attr(data_format): {data_format}.")
    k = _to_list(kernel_size, nd, "kernel_size")
    s = k if stride is None else _to_list(stride, nd, "stride")
    p = _to_list_pad(padding, nd)
    t = x._t
    default = [(t.shape[2 + i] - 1) * s[i] - 2 * p[i] + k[i] for i in range(nd)]
    if output_size is None:
        osz = default
    else:
        if isinstance(output_size, Tensor):
            output_size = output_size._t.tolist()
        # Paddle runs 1-D unpooling as 2-D ([1, k] kernel), so its output_size has 2 or 4 entries
        kd = 2 if nd == 1 else nd
        osz = [int(o._t.item()) if isinstance(o, Tensor) else int(o) for o in output_size]
        if len(osz) == kd + 2:
            osz = osz[2:]
        if len(osz) != kd:
            raise ValueError(
                f"output_size should be a sequence containing {kd} or {kd + 2} elements, but it has a length of "
                f"'{len(osz)}'"
            )
        dflt = ([1] + default) if nd == 1 else default
        strd = ([1] + s) if nd == 1 else s
        for i in range(kd):
            lo, hi = dflt[i] - strd[i], dflt[i] + strd[i]
            if not lo < osz[i] < hi:
                raise ValueError(f'invalid output_size "{osz}" (dim {i} must be between {lo} and {hi})')
        osz = osz[-nd:]
    it = indices._t
    if it.dtype != torch.int32:
        raise errors.invalid_argument(
            f"The indices of {fname} must be an int32 Tensor (as returned by max_pool with return_mask), "
            f"but received {indices.dtype}"
        )
    if tuple(it.shape) != tuple(t.shape):
        raise errors.invalid_argument(
            f"The dimensions of Input(X) must equal the dimensions of Input(Indices), but received {x.shape} "
            f"and {indices.shape}"
        )
    idx = it.to(torch.int64)
    feasize = 1
    for o in osz:
        feasize *= int(o)
    bad = idx >= feasize
    if idx.numel() and bool(bad.any()):
        # Paddle's unpool kernel checks every index in (N, C, position) order and stops at the first
        first = int(idx.reshape(-1)[bad.reshape(-1).nonzero()[0, 0]])
        dims = "depth * output tensor height * output tensor width" if nd == 3 else "height * output tensor width"
        raise ValueError(
            f"(InvalidArgument) index should less than output tensor {dims}. Expected {first} < {feasize}, but got "
            f"{first} >= {feasize}. Please check input value.\n  [Hint: Expected index < output_feasize, but "
            f"received index:{first} >= output_feasize:{feasize}.]"
        )
    out = _UNPOOL[nd](t, idx, k, s, p, osz)
    return wrap(out)


def _to_list_pad(padding, nd):
    if isinstance(padding, (list, tuple)):
        v = [int(e) for e in padding]
        return v * nd if len(v) == 1 else v
    return [int(padding)] * nd


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, data_format="NCL", output_size=None, name=None):
    return _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 1, "max_unpool1d")


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, data_format="NCHW", output_size=None, name=None):
    return _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 2, "max_unpool2d")


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, data_format="NCDHW", output_size=None, name=None):
    return _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 3, "max_unpool3d")
