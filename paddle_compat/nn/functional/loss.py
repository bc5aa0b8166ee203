"""``paddle.nn.functional`` losses (Paddle's ``nn/functional/loss.py``) on torch."""

import math

import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import wrap
from ...framework.program import _Mode as _static_mode
from ._checks import OK as _OK
from ._checks import broadcast_mismatch as _broadcast_mismatch
from ._checks import check_kernel as _check_kernel
from ._checks import dtype_mismatch as _dtype_mismatch
from ._checks import elementwise as _elementwise
from ._checks import empty_reduce as _empty_reduce
from ._checks import keyed as _keyed
from ._checks import read_tensor as _read_tensor
from ._checks import refuse as _refuse
from ._checks import tensor_of as _tensor_of
from .activation import log_softmax_clipped

__all__ = [
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "cross_entropy",
    "dice_loss",
    "hsigmoid_loss",
    "kl_div",
    "l1_loss",
    "log_loss",
    "mse_loss",
    "margin_ranking_loss",
    "multi_label_soft_margin_loss",
    "nll_loss",
    "poisson_nll_loss",
    "npair_loss",
    "sigmoid_focal_loss",
    "smooth_l1_loss",
    "softmax_with_cross_entropy",
    "margin_cross_entropy",
    "square_error_cost",
    "ctc_loss",
    "rnnt_loss",
    "hinge_embedding_loss",
    "cosine_embedding_loss",
    "triplet_margin_with_distance_loss",
    "triplet_margin_loss",
    "multi_margin_loss",
    "soft_margin_loss",
    "gaussian_nll_loss",
]


def _check_reduction(reduction, what):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(
            f"The value of 'reduction' in {what} should be 'sum', 'mean' or 'none', but received {reduction}, "
            "which is not allowed."
        )


def _check_reduction_quoted(reduction, what):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"'reduction' in '{what}' should be 'sum', 'mean' or 'none', but received {reduction}.")


def _reduce(t, reduction):
    if reduction == "mean":
        return wrap(t.mean())
    if reduction == "sum":
        return wrap(t.sum())
    return wrap(t)


def _reduce_nonempty(t, reduction):
    """``_reduce`` through paddle.mean, whose kernel refuses a 0-size input and keeps an integer dtype."""
    if reduction == "mean":
        if not t.numel():
            raise _empty_reduce()
        if not t.is_floating_point() and not t.is_complex():
            return wrap(torch.div(t.sum(), t.numel(), rounding_mode="trunc").to(t.dtype))
        return wrap(t.mean())
    if reduction == "sum":
        return wrap(t.sum())
    return wrap(t)


# --- cross entropy -----------------------------------------------------------------------------------
class _SoftmaxSoftCE(torch.autograd.Function):
    """Soft-label softmax CE with Paddle's gradient ``(softmax - label) * dout`` (exact when labels sum to 1,
    which Paddle's kernel assumes); no gradient to the label."""

    @staticmethod
    def forward(ctx, x, lab, ax):
        logp = log_softmax_clipped(x, ax)
        ctx.save_for_backward(logp, lab)
        ctx.ax = ax
        return -(lab * logp).sum(ax, keepdim=True)

    @staticmethod
    def backward(ctx, g):
        logp, lab = ctx.saved_tensors
        return (torch.exp(logp) - lab) * g, None, None


def _ce_label_error(labl, c, ignore_index):
    """Paddle's cross_entropy kernel error for the first label outside [0, c) (not ignore_index): IndexError."""
    flat = labl.reshape(-1)
    bad_mask = (flat != ignore_index) & ((flat < 0) | (flat >= c))
    if not bool(bad_mask.any()):
        return None
    bad = int(flat[bad_mask][0])
    if bad < 0:
        return IndexError(
            f"(OutOfRange) label value should >= 0 when label value({bad}) not equal to ignore_index({ignore_index})\n"
            f"  [Hint: Expected lbl >= 0, but received lbl:{bad} < 0:0.]"
        )
    return IndexError(
        f"(OutOfRange) label value should less than the shape of axis dimension when label value({bad}) not equal "
        f"to ignore_index({ignore_index}), But received label value as {bad} and shape of axis dimension is {c}\n"
        f"  [Hint: Expected lbl < axis_dim_, but received lbl:{bad} >= axis_dim_:{c}.]"
    )


def _one_hot_label_error(labl, c):
    """Paddle's one_hot kernel error (label_smoothing path) for the first label outside [0, c): ValueError."""
    flat = labl.reshape(-1)
    bad = int(flat[(flat < 0) | (flat >= c)][0])
    if bad < 0:
        return ValueError(
            "(InvalidArgument) Illegal index value, Input(input) value should be at least 0, but received input "
            f"({bad}) less than 0"
        )
    return ValueError(
        "(InvalidArgument) Illegal index value, Input(input) value should be less than Input(depth), but received "
        f"input ({bad}) not less than depth ({c})"
    )


def _ce_core(x, lab, soft_label, use_softmax, ignore_index, ax):
    """Paddle's cross_entropy_with_softmax kernel: loss with the class axis kept (size 1)."""
    if x.shape != lab.shape:
        for i, (a, b) in enumerate(zip(x.shape, lab.shape)):
            if i != ax and a != b:
                raise ValueError(
                    "(InvalidArgument) Input(Logits) and Input(Label) should in same shape in dimensions except "
                    f"axis.\n  [Hint: Expected logits_dims[i] == labels_dims[i], but received logits_dims[i]:{a} != "
                    f"labels_dims[i]:{b}.]"
                )
        if soft_label and x.shape[ax] != lab.shape[ax]:
            raise ValueError(
                "(InvalidArgument) If Attr(soft_label) == true,  the axis dimension of Input(X) and Input(Label) "
                f"should be equal.\n  [Hint: Expected logits_dims[axis] == labels_dims[axis], but received "
                f"logits_dims[axis]:{x.shape[ax]} != labels_dims[axis]:{lab.shape[ax]}.]"
            )
    if soft_label:
        lab = lab.detach().to(x.dtype)
        if use_softmax:
            return _SoftmaxSoftCE.apply(x, lab, ax)
        return -(lab * torch.log(x)).sum(ax, keepdim=True)
    if lab.shape[ax] != 1:
        raise ValueError(
            "(InvalidArgument) If Attr(soft_label) == false, the axis dimension of Input(Label) should be 1.\n"
            f"  [Hint: Expected labels_dims[axis] == 1UL, but received labels_dims[axis]:{lab.shape[ax]} != 1UL:1.]"
        )
    labl = lab if lab.dtype is torch.int64 else lab.long()
    valid = labl != ignore_index
    safe = torch.where(valid, labl, torch.zeros_like(labl))
    c = x.shape[ax]
    if safe.numel() and (int(safe.min()) < 0 or int(safe.max()) >= c):
        raise _ce_label_error(labl, c, ignore_index)
    logp = log_softmax_clipped(x, ax) if use_softmax else torch.log(x)
    out = -logp.gather(ax, safe)
    out = torch.where(valid, out, torch.zeros_like(out))
    if lab.is_floating_point() and out.requires_grad:
        # Paddle runs the forward with float hard labels but has no gradient kernel for them.
        out = _FailingGrad.apply(out, f"function \"CrossEntropyWithSoftmaxGradCPUKernel\" is not implemented for "
                                      f"data type `{str(lab.dtype).replace('torch.', '')}`")
    return out


class _FailingGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t, msg):
        ctx.msg = msg
        return t.view_as(t)

    @staticmethod
    def backward(ctx, g):
        raise OSError(ctx.msg)


_CE_OK = _OK["cross_entropy_with_softmax"]


def _ce_label_dtype(x, lab, soft_label, label_smoothing):
    if not soft_label and label_smoothing == 0.0:
        # Paddle compares hard labels with ignore_index (no complex not_equal) and masks with them (no float16 multiply)
        if lab.dtype.is_complex:
            _refuse("not_equal", lab.dtype)
        if lab.dtype is torch.float16:
            _refuse("multiply", lab.dtype)
    elif soft_label and lab.dtype is not x.dtype:
        raise _dtype_mismatch(x.dtype, lab.dtype)


def cross_entropy(input, label, weight=None, ignore_index=-100, reduction="mean", soft_label=False, axis=-1,  # noqa: A002
                  use_softmax=True, label_smoothing=0.0, name=None):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(
            "The value of 'reduction' in softmax_cross_entropyshould be 'sum', 'mean' or 'none', but received "
            f"{reduction}, which is not allowed."
        )
    if ignore_index > 0 and soft_label:
        raise ValueError(
            "When soft_label == True, the value of 'ignore_index' in softmax_cross_entropyshould be '-100', but "
            f"received {ignore_index}, which is not allowed."
        )
    try:
        x = input._t
        lab = label._t
    except AttributeError:  # Paddle reads input.shape and label.shape first
        x = _read_tensor(input)
        lab = _read_tensor(label)
    if x.dtype not in _CE_OK:
        _refuse("cross_entropy_with_softmax", x.dtype)
    nd = x.dim()
    if nd == 0:
        raise ValueError("The dimention of input should be larger than zero!")
    ld = lab.dim()
    if axis != -1 and not -nd <= axis < nd:
        raise ValueError("(InvalidArgument) The insert dimension value shoule not be larger than the dimension size "
                         "of input tensor")
    if label_smoothing > 1.0:
        raise ValueError("The value of epsilon must be between 0 and 1.")
    ld_dtype = lab.dtype
    if soft_label or (ld_dtype is not torch.int64 and ld_dtype is not torch.int32):
        _ce_label_dtype(x, lab, soft_label, label_smoothing)
    ax = axis % nd
    # Fast path: [N, C] logits, [N] / [N, 1] int labels, plain softmax CE. torch's mean is Paddle's
    # (sum over non-ignored labels / their count) except when *every* label is ignored: NaN here, 0 in Paddle.
    if (nd == 2 and ax == 1 and not soft_label and use_softmax and label_smoothing == 0.0 and weight is None
            and not lab.is_floating_point() and (ld == 1 or (ld == 2 and lab.shape[1] == 1))
            and reduction != "none"):
        if _static_mode.static and not _static_mode.suspended and "_pdv" in x.__dict__ and ignore_index < 0:
            from ...framework.program import static_softmax_with_cross_entropy  # Paddle's op pair, static mode

            return static_softmax_with_cross_entropy(input, label, reduction)
        l1 = lab if ld == 1 else lab.reshape(-1)
        if l1.dtype is not torch.int64:
            l1 = l1.long()
        try:
            # through the clipped log-softmax: Paddle's kernel floors x - max(x) at -64
            return wrap(F.nll_loss(log_softmax_clipped(x, 1), l1, ignore_index=ignore_index, reduction=reduction))
        except (IndexError, RuntimeError) as e:
            raise (_ce_label_error(l1, x.shape[1], ignore_index) or ValueError(f"(InvalidArgument) {e}")) from None
        except ValueError as e:  # torch's batch-size check: Paddle's shape check comes before its label checks
            raise ValueError(f"(InvalidArgument) {e}") from None
    orig_ld = ld
    if nd - 1 == ld:
        lab = lab.unsqueeze(ax)
    elif nd != ld:
        raise ValueError(
            f"Expected nput_dims - 1 = label_dims or input_dims == label_dims             (got nput_dims{nd}, "
            f"label_dims{ld})"
        )
    if label_smoothing > 0.0:
        soft_label = True
        if nd - 1 == orig_ld:
            labl = lab.squeeze(ax).long()
            if labl.numel() and (int(labl.min()) < 0 or int(labl.max()) >= x.shape[-1]):
                raise _one_hot_label_error(labl, x.shape[-1])
            lab = F.one_hot(labl, x.shape[-1])
        lab = ((1 - label_smoothing) * lab + label_smoothing / lab.shape[-1]).to(x.dtype)
        ld = lab.dim()
    else:
        ld = orig_ld
    out = _ce_core(x, lab, soft_label, use_softmax, ignore_index, ax)
    wg = None
    if weight is not None:
        w = weight._t
        if soft_label:
            wg = torch.tensordot(lab.to(w.dtype), w, dims=([ax], [0])).reshape(out.shape)
        else:
            if x.shape[ax] != w.shape[-1]:
                raise ValueError(
                    f"input's class_dimension({x.shape[ax]}) must equal to weight's class_dimension({w.shape[-1]}) "
                    "when weight is provided"
                )
            labl = lab.long()
            valid = labl != ignore_index
            wg = w[torch.where(valid, labl, torch.zeros_like(labl))] * valid.to(w.dtype)
            wg = wg.reshape(out.shape)
        out = out.to(wg.dtype) * wg
    if reduction == "sum":
        return wrap(out.sum())
    if reduction == "mean":
        is_ignore = lab == ignore_index
        if bool(is_ignore.any()):
            out_sum = out.sum()
            mask = (~is_ignore).to(out.dtype)
            if wg is None:
                count = mask.sum()
                return wrap(out_sum / (count + (count == 0.0).to(count.dtype)))
            wsum = (mask.reshape(wg.shape) * wg).sum()
            return wrap(out_sum / (wsum + (wsum == 0.0).to(wsum.dtype)))
        if wg is not None:
            out_sum = out.sum()
            tw = wg.sum()
            return wrap(out_sum / (tw + (tw == 0.0).to(tw.dtype)))
        return wrap(out.mean())
    if nd - 1 == ld:
        out = out.squeeze(ax)
    return wrap(out)


def softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100, numeric_stable_mode=True,
                               return_softmax=False, axis=-1):
    x = logits._t
    lab = label._t
    nd = x.dim()
    if nd == 0:
        raise ValueError("The dimension of input should be larger than zero!")
    ld = lab.dim()
    if nd - 1 != ld and nd != ld:
        raise ValueError(
            f"Expected input_dims - 1 = label_dims or input_dims == label_dims             (got input_dims{nd}, "
            f"label_dims{ld})"
        )
    ax = axis % nd
    if nd - 1 == ld:
        lab = lab.unsqueeze(ax)
    loss = wrap(_ce_core(x, lab, soft_label, True, ignore_index, ax))
    if return_softmax:
        return loss, wrap(torch.softmax(x.detach(), ax).requires_grad_(x.requires_grad))
    return loss


def margin_cross_entropy(logits, label, margin1=1.0, margin2=0.5, margin3=0.0, scale=64.0, group=None,
                         return_softmax=False, reduction="mean"):
    """Single-process ArcFace-style margin softmax CE (``group`` None/False only)."""
    assert reduction in ("mean", "sum", "none", None)
    if group is not None and group is not False:
        raise NotImplementedError("margin_cross_entropy: model-parallel 'group' is not supported by paddle-compat")
    x = logits._t
    lab = label._t
    nd, ld = x.dim(), lab.dim()
    if nd - 1 != ld and nd != ld:
        raise ValueError(
            f"Expected input_dims - 1 = label_dims or input_dims == label_dims             (got input_dims{nd}, "
            f"label_dims{ld})"
        )
    if nd - 1 == ld:
        lab = lab.unsqueeze(-1)
    labl = lab.long()
    onehot = torch.zeros_like(x, dtype=torch.bool).scatter_(-1, labl, True)
    theta = torch.acos(x.clamp(-1.0, 1.0))
    target = torch.cos(margin1 * theta + margin2) - margin3
    z = torch.where(onehot, target, x) * scale
    logp = torch.log_softmax(z, -1)
    loss = -logp.gather(-1, labl)
    if reduction == "mean":
        loss = loss.mean()
    elif reduction == "sum":
        loss = loss.sum()
    if return_softmax:
        return wrap(loss), wrap(logp.exp())
    return wrap(loss)


# --- binary cross entropy ---------------------------------------------------------------------------
class _PosWeightBCE(torch.autograd.Function):
    """Paddle's sigmoid_cross_entropy_with_logits with pos_weight: forward
    ``max(x, 0) - x*y + pw * log(1 + exp(-|x|))``, gradient ``sigmoid(x)*pw - y`` (as its kernel)."""

    @staticmethod
    def forward(ctx, x, y, pw):
        ctx.save_for_backward(x, y, pw)
        return torch.clamp(x, min=0) - x * y + torch.log1p(torch.exp(-torch.abs(x))) * pw

    @staticmethod
    def backward(ctx, g):
        x, y, pw = ctx.saved_tensors
        return g * (torch.sigmoid(x) * pw - y), None, None


_SOFT_MARGIN_UNREGISTERED = (("multiply", (torch.float16,)), ("exp", (torch.bool,)),
                             ("log", (torch.complex64, torch.complex128)))


def _bce_inputs(api, kernel, reduction, named_input, label, keyed_on_label, which):
    """The checks bce_loss and sigmoid_cross_entropy_with_logits share, in Paddle's order: reduction, each
    input's type, the kernel's dtype (keyed on the input or on the label), then the shapes."""
    _check_reduction(reduction, api)
    x = _tensor_of(kernel, named_input[0], 0, named_input[1])
    y = _tensor_of(kernel, "label", 1, label)
    _keyed(kernel, x, y, y if keyed_on_label else x)
    if x.shape != y.shape:
        raise _bce_shape_error(x, y, which)
    return x, y


def _bce_shape_error(x, y, which):
    """Paddle's shape check of bce_loss / sigmoid_cross_entropy_with_logits (no broadcasting): rank, then shape."""
    if x.dim() != y.dim():
        return ValueError("(InvalidArgument) Input(X) and Input(Label) shall have the same rank.But received: the rank "
                          f"of Input(X) is [{x.dim()}], the rank of Input(Label) is [{y.dim()}].")
    return ValueError(f"(InvalidArgument) Input(X) and Input(Label) shall have the same shape{which}. But received: "
                      f"the shape of Input(X) is {list(x.shape)}, the shape of Input(Label) is {list(y.shape)}.")


def binary_cross_entropy(input, label, weight=None, reduction="mean", name=None):  # noqa: A002
    x, y = _bce_inputs("binary_cross_entropy", "bce_loss", reduction, ("input", input), label, False, "")
    try:
        out = F.binary_cross_entropy(x, y.detach().to(x.dtype), reduction="none")
    except RuntimeError as e:
        # Paddle's bce_loss kernel checks each input in [0, 1] (the first element failing: x >= 0, then x <= 1)
        flat = x.detach().reshape(-1)
        bad = flat[~((flat >= 0) & (flat <= 1))]
        if not bad.numel():
            raise ValueError(f"(InvalidArgument) {e}") from None
        v = float(bad[0])
        if not v > 1:
            raise ValueError(
                "(InvalidArgument) Illegal input, input must be greater than  or equal to 0\n"
                f"  [Hint: Expected x_data[i] >= static_cast<T>(0), but received x_data[i]:{v:g} < "
                "static_cast<T>(0):0.]"
            ) from None
        raise ValueError(
            "(InvalidArgument) Illegal input, input must be less than or equal to 1\n"
            f"  [Hint: Expected x_data[i] <= static_cast<T>(1), but received x_data[i]:{v:g} > "
            "static_cast<T>(1):1.]"
        ) from None
    if weight is not None:
        out = out * weight._t
    return _reduce(out, reduction)


def binary_cross_entropy_with_logits(logit, label, weight=None, reduction="mean", pos_weight=None, name=None):
    x, y = _bce_inputs("binary_cross_entropy_with_logits", "sigmoid_cross_entropy_with_logits", reduction,
                       ("x", logit), label, True, " except the last dimension")
    y = y.detach()
    if pos_weight is None:
        try:
            out = F.binary_cross_entropy_with_logits(x, y, reduction="none")
        except ValueError as e:  # torch's shape check
            raise ValueError(f"(InvalidArgument) {e}") from None
    else:
        # Paddle's kernel: max(x, 0) - x*y + (1 + (pw - 1)*y) * log(1 + exp(-|x|))
        pw = y * (pos_weight._t.detach() - 1) + 1
        out = _PosWeightBCE.apply(x, y, pw)
    if weight is not None:
        out = out * weight._t
    return _reduce(out, reduction)


def log_loss(input, label, epsilon=1e-4, name=None):  # noqa: A002
    x = _tensor_of("log_loss", "input", 0, input)
    y = _tensor_of("log_loss", "label", 1, label).detach()
    _keyed("log_loss", x, y, y)
    if x.shape != y.shape:
        raise ValueError(
            "(InvalidArgument) The dimensions of Input(Predicted) must be equal to thedimensions of Input(Labels), "
            f"but received dimensions of Input(Predicted)is {list(x.shape)}, received dimensions of Input(Labels) "
            f"is {list(y.shape)}.")
    if x.dim() != 2 or x.shape[1] != 1:
        raise ValueError(
            "(InvalidArgument) Each row of Input(Predicted) contains a real value, so the 2nd dimension of Input(X) "
            f"must be 1,But got [{x.shape[1] if x.dim() > 1 else 0}]")
    return wrap(-y * torch.log(x + epsilon) - (1 - y) * torch.log(1 - x + epsilon))


def sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum", name=None):
    _check_reduction(reduction, "sigmoid_focal_loss")
    if normalizer is not None and normalizer._t.dim() > 1:
        raise ValueError(
            f"Expected zero or one dimension of normalizer in sigmoid_focal_loss but got {normalizer._t.dim()}."
        )
    x = _tensor_of("sigmoid_cross_entropy_with_logits", "x", 0, logit)
    y = _tensor_of("sigmoid_cross_entropy_with_logits", "label", 1, label)
    _keyed("sigmoid_cross_entropy_with_logits", x, y, y)
    loss = F.binary_cross_entropy_with_logits(x, y.detach(), reduction="none")
    pred = torch.sigmoid(x)
    p_t = pred * y + (1 - pred) * (1 - y)
    alpha_t = alpha * y + (1 - alpha) * (1 - y)
    loss = alpha_t * loss
    loss = torch.pow(1 - p_t, gamma) * loss
    if normalizer is not None:
        loss = loss / normalizer._t
    return _reduce(loss, reduction)


# --- regression losses -----------------------------------------------------------------------------
_SUB_OK = _OK["subtract"]
_SQUARE_OK = _OK["square"]


def _subtract(input, label):
    """Paddle's ``_C_ops.subtract(input, label)``: its argument, dtype and broadcast checks."""
    try:
        x = input._t
        y = label._t
    except AttributeError:
        x = _tensor_of("subtract", "x", 0, input)
        y = _tensor_of("subtract", "y", 1, label)
    if x.dtype is not y.dtype or x.dtype not in _SUB_OK:
        _elementwise("subtract", x, y)
    try:
        return x - y
    except RuntimeError:
        raise _broadcast_mismatch(x.shape, y.shape) from None


def mse_loss(input, label, reduction="mean", name=None):  # noqa: A002
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"'reduction' in 'mse_loss' should be 'sum', 'mean' or 'none', but received {reduction}.")
    d = _subtract(input, label)
    if d.dtype not in _SQUARE_OK:
        _refuse("square", d.dtype)
    return _reduce_nonempty(d * d, reduction)


def l1_loss(input, label, reduction="mean", name=None):  # noqa: A002
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(
            f"The value of 'reduction' in L1Loss should be 'sum', 'mean' or 'none', but received {reduction}, which "
            "is not allowed."
        )
    out = torch.abs(_subtract(input, label))
    if reduction == "mean" and out.dtype not in _OK["mean_all"]:
        _refuse("mean_all", out.dtype)
    return _reduce(out, reduction)


def smooth_l1_loss(input, label, reduction="mean", delta=1.0, name=None):  # noqa: A002
    x = _tensor_of("huber_loss", "input", 0, input)
    y = _tensor_of("huber_loss", "label", 1, label)
    _keyed("huber_loss", x, y, y)
    if x.shape != y.shape:
        raise ValueError(
            "(InvalidArgument) The Input(input) and Input(label) should have the same shape, but received input "
            f"shape {list(x.shape)} != label shape {list(y.shape)}")
    r = torch.abs(x - y)
    out = torch.where(r <= delta, 0.5 * r * r, delta * (r - 0.5 * delta))
    _check_reduction(reduction, "smooth_l1_loss")
    return _reduce_nonempty(out, reduction)


def square_error_cost(input, label):  # noqa: A002
    d = _subtract(input, label)
    _check_kernel("square", d)
    return wrap(d * d)


# --- nll / kl / poisson / gaussian ----------------------------------------------------------------------
def nll_loss(input, label, weight=None, ignore_index=-100, reduction="mean", name=None):  # noqa: A002
    _check_reduction(reduction, "nll_loss")
    x = _tensor_of("nll_loss", "input", 0, input)
    y = _tensor_of("nll_loss", "label", 1, label)
    _check_kernel("nll_loss", x)
    nd, ld = x.dim(), y.dim()
    if nd - 1 != ld and nd != ld:
        raise ValueError(
            f"Expected input_dims - 1 = label_dims or input_dims == label_dims             (got input_dims{nd}, "
            f"label_dims{ld})"
        )
    if y.dtype is not torch.int64:
        # Paddle's nll_loss kernel reads the label as int64 only (int32 / float labels fail)
        raise ValueError(
            "(InvalidArgument) The type of data we are trying to retrieve (int64) does not match the type of data "
            f"({str(y.dtype).replace('torch.', '')}) currently contained in the container."
        )
    if nd < 2:
        raise ValueError(f"Expected 2 or more dimensions (got {nd})")
    if x.shape[1] < 1:
        raise ValueError(f"Expected 1 or more classess (got num classes{x.shape[1]})")
    w = None if weight is None else weight._t.detach()
    n, c = x.shape[0], x.shape[1]
    out_shape = None
    if nd == 2 and ld == 2:
        # Paddle's 2-D kernel checks only the batch size and reads the label's first N elements (so a
        # [N, 1] label works, as in the hapi examples)
        if y.shape[0] != n:
            raise ValueError(
                "(InvalidArgument) ShapeError: Expected input batch_size to match label batch_size,But received: "
                f"the Input(x) batch_size is [{n}], the Input(label)  batch_size is [{y.shape[0]}]."
            )
        y = y.reshape(-1)[:n]
    elif nd not in (2, 4):
        # as Paddle: input -> [N, C, 1, -1], label -> [N, 1, -1] (any label of N * d1*...*dK elements)
        out_shape = [n] + list(x.shape[2:])
        try:
            x = x.reshape(n, c, 1, -1)
            y = y.reshape(n, 1, -1)
        except RuntimeError as e:
            raise ValueError(f"(InvalidArgument) reshape: {e}") from None
    try:
        out = F.nll_loss(x, y.long(), weight=w, ignore_index=ignore_index, reduction=reduction)
    except (IndexError, RuntimeError) as e:
        raise ValueError(f"(InvalidArgument) nll_loss: {e}") from None
    if out_shape is not None and reduction == "none":
        out = out.reshape(out_shape)
    return wrap(out)


def kl_div(input, label, reduction="mean", name=None):  # noqa: A002
    x, y = input._t, label._t.detach()
    if x.dtype is torch.float32 and y.dtype is torch.float64:
        x = x.double()
    elif x.dtype is torch.float64 and y.dtype is torch.float32:
        y = y.double()
    _keyed("kldiv_loss", x, y, x)
    if x.shape != y.shape:
        for i, (a, b) in enumerate(zip(x.shape, y.shape)):
            if a != b:
                raise ValueError(
                    "(InvalidArgument) Input(X) and Input(Target) should in same shape. but received X "
                    f"dimension[{i}]({a}) != Target dimension[{i}]({b})")
        raise ValueError(f"(InvalidArgument) Input(X) rank and Input(Target) rank should be same, but received X rank"
                         f"({x.dim()}) != Target rank({y.dim()})")
    if reduction == "mean" and not x.numel():
        raise _empty_reduce()
    out = torch.where(y > 0, y * (torch.log(torch.where(y > 0, y, torch.ones_like(y))) - x), torch.zeros_like(y))
    if reduction == "mean":
        return wrap(out.mean())
    if reduction == "sum":
        return wrap(out.sum())
    if reduction == "batchmean":
        if x.dim() > 0:
            return wrap(out.sum() / x.shape[0])
        return wrap(out)
    return wrap(out)


def poisson_nll_loss(input, label, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):  # noqa: A002
    if epsilon <= 0:
        raise ValueError(
            f"The value of `epsilon` in poisson_nll_loss should be positve, but received {epsilon:f}, which is not "
            "allowed"
        )
    _check_reduction(reduction, "poisson_nll_loss")
    x, y = input._t, label._t
    if x.shape != y.shape:
        raise ValueError("input's shape must equal to label's shape")
    if x.dtype is torch.float16:  # Paddle computes label * input in input's dtype
        _refuse("multiply", x.dtype)
    y = y.to(x.dtype)
    if log_input:
        out = torch.exp(x) - y * x
    else:
        out = x - y * torch.log(x + epsilon)
    if full:
        st = y * torch.log(y) - y + 0.5 * torch.log(2 * math.pi * y)
        out = out + torch.where(y > 1, st, torch.zeros_like(st))
    return _reduce(out, reduction)


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-6, reduction="mean", name=None):  # noqa: A002
    x, y, v = input._t, label._t, variance._t
    if list(v.shape) != list(x.shape):
        if list(x.shape[:-1]) == list(v.shape):
            v = v.unsqueeze(-1)
        elif list(x.shape[:-1]) == list(v.shape[:-1]) and v.shape[-1] == 1:
            pass
        else:
            raise ValueError("variance is of incorrect shape")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    for t, what in ((x, "input"), (y, "label"), (v, "variance")):
        if t.dtype not in (torch.float32, torch.float64):
            raise ValueError(f"The data type of {what} Variable must be 'float32' or 'float64'")
    if bool((v < 0).any()):
        raise ValueError("variance has negative entry/entries")
    v = v.detach().clamp(min=epsilon)  # Paddle clips under no_grad: no gradient to variance
    loss = 0.5 * (torch.log(v) + (x - y) ** 2 / v)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


# --- margin / embedding losses ---------------------------------------------------------------------
def margin_ranking_loss(input, other, label, margin=0.0, reduction="mean", name=None):  # noqa: A002
    _check_reduction(reduction, "MarginRankingLoss")
    out = _subtract(other, input)
    lab = _tensor_of("multiply", "y", 1, label)
    _elementwise("multiply", out, lab)
    out = out * lab
    if margin != 0.0:
        out = out + margin
    _check_kernel("relu", out)
    return _reduce(torch.relu(out), reduction)


def hinge_embedding_loss(input, label, margin=1.0, reduction="mean", name=None):  # noqa: A002
    _check_reduction_quoted(reduction, "hinge_embedding_loss")
    x, y = input._t, label._t
    # Paddle: where(label == 1.0, input, 0) + where(label == -1.0, relu(margin - input), 0) in input's dtype
    if y.dtype.is_complex:
        _refuse("equal", y.dtype)
    if x.dtype.is_complex:
        _refuse("where", x.dtype)
    if x.dtype is torch.float16 or x.dtype is torch.bool:
        _refuse("add", x.dtype)
    if not x.is_floating_point():  # margin - input is a float tensor: where() then gets two dtypes
        raise _dtype_mismatch(x.dtype, torch.float32)
    zero = torch.zeros(1, dtype=x.dtype)
    loss = torch.where(y == 1.0, x, zero) + torch.where(y == -1.0, torch.relu(margin - x), zero)
    return _reduce(loss, reduction)


def cosine_embedding_loss(input1, input2, label, margin=0, reduction="mean", name=None):
    a, b, y = input1._t, input2._t, label._t
    if y.dim() != 1:
        raise ValueError("1D target tensor expected, multi-target not supported")
    if a.shape != b.shape:
        raise ValueError(
            "the shape of input tensor 1 should be equal to input tensor 2, but found inputs with different sizes"
        )
    if a.dim() > 2:
        raise ValueError("1D target tensor expects 1D or 2D input tensors, but found inputs with different sizes")
    if a.dtype not in (torch.float32, torch.float64):
        raise ValueError("The data type of input Variable must be 'float32' or 'float64'")
    if y.dtype not in (torch.int32, torch.int64, torch.float32, torch.float64):
        raise ValueError("The data type of label Variable must be 'int32', 'int64', 'float32', 'float64'")
    prod = (a * b).sum(-1)
    m1 = (a * a).sum(-1) + 10e-12
    m2 = (b * b).sum(-1) + 10e-12
    cos = prod / torch.sqrt(m1 * m2)
    zeros = torch.zeros_like(cos)
    out = torch.where(y == 1, 1 - cos, zeros) + torch.where(y == -1, torch.clamp(cos - margin, min=0), zeros)
    if reduction == "none":
        return wrap(out)
    if reduction == "mean":
        return wrap(out.mean())
    if reduction == "sum":
        return wrap(out.sum())
    return None


def _pdist(a, b, p, eps):
    return torch.linalg.vector_norm(a - b + eps, ord=p, dim=-1)


def triplet_margin_with_distance_loss(input, positive, negative, distance_function=None, margin=1.0,  # noqa: A002
                                      swap=False, reduction="mean", name=None):
    _check_reduction_quoted(reduction, "triplet_margin_with_distance_loss")
    if margin < 0:
        raise ValueError("The margin between positive samples and negative samples should be greater than 0.")
    if not (input.shape == positive.shape == negative.shape):
        raise ValueError("input's shape must equal to positive's shape and  negative's shape")
    if distance_function is None:
        def distance_function(a, b):
            return wrap(_pdist(a._t, b._t, 2.0, 1e-6))
    pos = distance_function(input, positive)._t
    neg = distance_function(input, negative)._t
    if swap:
        neg = torch.minimum(neg, distance_function(positive, negative)._t)
    if not bool((pos > 0).all()) or not bool((neg > 0).all()):
        raise ValueError(
            "The positive distance or negative distance should be greater than 0, The distance functions should be "
            "checked."
        )
    return _reduce(torch.clamp(pos - neg + margin, min=0.0), reduction)


def triplet_margin_loss(input, positive, negative, margin=1.0, p=2, epsilon=1e-6, swap=False, reduction="mean",  # noqa: A002
                        name=None):
    _check_reduction_quoted(reduction, "triplet_margin_loss")
    if margin < 0:
        raise ValueError("The margin between positive samples and negative samples should be greater than 0.")
    a, po, ne = input._t, positive._t, negative._t
    if not (a.shape == po.shape == ne.shape):
        raise ValueError("input's shape must equal to positive's shape and  negative's shape")
    pos = _pdist(a, po, p, epsilon)
    neg = _pdist(a, ne, p, epsilon)
    if swap:
        neg = torch.minimum(neg, _pdist(po, ne, p, epsilon))
    return _reduce(torch.clamp(pos - neg + margin, min=0.0), reduction)


def multi_margin_loss(input, label, p: int = 1, margin: float = 1.0, weight=None, reduction="mean", name=None):  # noqa: A002
    _check_reduction_quoted(reduction, "multi_margin_loss")
    x, y = input._t, label._t
    if x.shape[0] != y.shape[0]:
        raise ValueError(
            "The label's shape[0] should be equal to input's shape[0], but received input's shape[0] "
            f"{x.shape[0]} and label's shape[0]:{y.shape[0]}. "
        )
    y = y.reshape(-1, 1).long()
    picked = x.gather(1, y)
    c = x.shape[1]
    if weight is not None:
        w = weight._t
        if x.shape[1] != w.shape[0]:
            raise ValueError(
                "The weight's shape[0] should be equal to input's shape[1]but received weight's shape[0]: "
                f"{w.shape[0]} and input's shape[1]: {x.shape[1]}"
            )
        wy = w[y.reshape(-1)].reshape(-1, 1)
        loss = torch.pow(torch.clamp(wy * (margin - picked + x), min=0.0), p).mean(1) - wy * (margin**p / c)
    else:
        loss = torch.pow(torch.clamp(margin - picked + x, min=0.0), p).mean(1) - margin**p / c
    return _reduce(loss, reduction)


def soft_margin_loss(input, label, reduction="mean", name=None):  # noqa: A002
    _check_reduction(reduction, "soft_margin_loss")
    x, y = input._t, label._t
    if x.shape != y.shape:
        raise ValueError("input's shape must equal to label's shape")
    y = y.to(x.dtype)
    # Paddle computes log(1 + exp(-label * input)) in input's dtype: the first op lacking that dtype's kernel
    for kernel, bad in _SOFT_MARGIN_UNREGISTERED:
        if x.dtype in bad:
            _refuse(kernel, x.dtype)
    return _reduce_nonempty(torch.log(1 + torch.exp(-y * x)), reduction)


def multi_label_soft_margin_loss(input, label, weight=None, reduction="mean", name=None):  # noqa: A002
    _check_reduction_quoted(reduction, "multi_label_soft_margin_loss")
    x, y = input._t, label._t
    if x.shape != y.shape:
        raise ValueError(
            f"The input and label should have same dimension,but received {list(x.shape)}!={list(y.shape)}"
        )
    _check_kernel("logsigmoid", x)
    if x.is_complex():
        pos, neg = -torch.log1p(torch.exp(-x)), -torch.log1p(torch.exp(x))
    else:
        pos, neg = F.logsigmoid(x), F.logsigmoid(-x)
    if not y.is_floating_point() and not y.is_complex():
        # Paddle computes label * log_sigmoid(input) with the Tensor operator: the label's integer dtype wins
        pos, neg = pos.to(y.dtype), neg.to(y.dtype)
    loss = -(y * pos + (1 - y) * neg)
    if weight is not None:
        loss = loss * weight._t
    if loss.is_floating_point() or loss.is_complex():
        return _reduce(loss.mean(-1), reduction)
    loss = torch.div(loss.sum(-1), loss.shape[-1], rounding_mode="trunc").to(loss.dtype)
    if reduction == "mean":
        return wrap(torch.div(loss.sum(), max(loss.numel(), 1), rounding_mode="trunc").to(loss.dtype))
    return _reduce(loss, reduction)


# --- misc -------------------------------------------------------------------------------------------------
def dice_loss(input, label, epsilon=0.00001, name=None):  # noqa: A002
    x, y = input._t, label._t
    assert x.dtype in (torch.float32, torch.float64)
    assert y.dtype in (torch.int32, torch.int64)
    assert x.dim() >= 2, "The rank of input should be greater than or equal to 2."
    assert x.dim() == y.dim(), (
        f"The rank of input and label should be equal, but received input: {x.dim()}, label: {y.dim()}."
    )
    assert y.shape[-1] == 1, f"The last dimension of label should be 1, but received {y.shape[-1]}."
    assert x.shape[:-1] == y.shape[:-1], "All dimensions should be equal except the last one."
    assert x.numel() > 0 and y.numel() > 0, "Any dimension of input and label cannot be equal to 0."
    oh = F.one_hot(y.squeeze(-1).long(), x.shape[-1]).to(x.dtype)
    dims = list(range(1, x.dim()))
    inse = (x * oh).sum(dims)
    den = x.sum(dims) + oh.sum(dims)
    return wrap((1 - inse * 2 / (den + epsilon)).mean())


def npair_loss(anchor, positive, labels, l2_reg=0.002):
    a, p, lab = anchor._t, positive._t, labels._t
    if a.numel() == 0:
        raise ValueError("The dims of anchor should be greater than 0.")
    if p.numel() == 0:
        raise ValueError("The dims of positive should be greater than 0.")
    beta = 0.25
    b = lab.shape[0]
    lab = lab.reshape(b, 1).expand(b, b)
    eq = (lab == lab.T).to(a.dtype)
    eq = eq / eq.sum(1, keepdim=True)
    l2 = ((a * a).sum(1).mean() + (p * p).sum(1).mean()) * beta * l2_reg
    sim = a @ p.T
    ce = -(eq * torch.log_softmax(sim, -1)).sum(-1, keepdim=True)
    return wrap(l2 + (eq * ce).sum(0).mean())


def hsigmoid_loss(input, label, num_classes, weight, bias=None, path_table=None, path_code=None,  # noqa: A002
                  is_sparse=False, name=None):
    """Hierarchical sigmoid (Paddle's kernel: default complete binary tree, or custom paths)."""
    if num_classes < 2:
        raise ValueError(f"Expected num_classes >= 2 (got {num_classes})")
    x = input._t
    w = weight._t
    lab = label._t.reshape(-1).long()
    n = x.shape[0]
    if path_table is None:
        code_len = int(num_classes - 1).bit_length()
        c = lab + num_classes
        bits = torch.arange(code_len)
        idx = (c.unsqueeze(1) >> (bits + 1)) - 1
        bit = ((c.unsqueeze(1) >> bits) & 1).to(x.dtype)
        length = torch.floor(torch.log2(c.to(torch.float64))).long()
        valid = bits.unsqueeze(0) < length.unsqueeze(1)
    else:
        pt = path_table._t.long()
        pc = path_code._t.long()
        code_len = pt.shape[1]
        neg = pt < 0
        first_neg = torch.where(neg.any(1), neg.long().argmax(1), torch.full((n,), code_len))
        valid = torch.arange(code_len).unsqueeze(0) < first_neg.unsqueeze(1)
        idx = pt
        bit = pc.to(x.dtype)
    # Paddle does not bound-check the path nodes: a label >= num_classes (or a custom path) reaches rows past
    # the end of ``weight`` and reads whatever memory follows; here such rows contribute zeros (z = 0)
    inb = valid & (idx >= 0) & (idx < w.shape[0])
    safe = torch.where(inb, idx, torch.zeros_like(idx))
    z = torch.einsum("nd,nld->nl", x, w[safe])
    if bias is not None:
        b = bias._t.reshape(-1)
        z = z + torch.where(inb & (safe < b.shape[0]), b[safe.clamp(max=b.shape[0] - 1)], torch.zeros_like(z))
    z = torch.where(inb, z, torch.zeros_like(z))
    z = torch.where(valid, z, torch.zeros_like(z)).clamp(-40.0, 40.0)
    bit = torch.where(valid, bit, torch.zeros_like(bit))
    out = F.softplus(z).sum(1, keepdim=True) - (bit * z).sum(1, keepdim=True)
    return wrap(out)


def ctc_loss(log_probs, labels, input_lengths, label_lengths, blank=0, reduction="mean", norm_by_times=False):
    """warp-ctc semantics: ``log_probs`` are unnormalised logits [T, B, C+1]; softmax is applied inside.
    ``norm_by_times`` scales only the gradient by 1/T_i, as warp-ctc does."""
    assert reduction in ("mean", "sum", "none")
    x = log_probs._t
    lp = torch.log_softmax(x, -1)
    il = input_lengths._t.long()
    ll = label_lengths._t.long()
    raw = F.ctc_loss(lp, labels._t.long(), il, ll, blank=blank, reduction="none", zero_infinity=False)
    if norm_by_times:
        raw = raw.detach() + (raw - raw.detach()) / il.to(raw.dtype)
    if reduction == "mean":
        return wrap((raw / ll.to(raw.dtype)).mean())
    if reduction == "sum":
        return wrap(raw.sum())
    return wrap(raw)


def rnnt_loss(input, label, input_lengths, label_lengths, blank=0, fastemit_lambda=0.001, reduction="mean",  # noqa: A002
              name=None):
    """RNN-T loss with warp-transducer semantics: ``input`` [B, T, U+1, V] is used as log-probabilities as
    given; FastEmit scales the gradient of label emissions by (1 + fastemit_lambda) (value unchanged)."""
    assert reduction in ("mean", "sum", "none")
    x = input._t
    b, t_max, u1, _ = x.shape
    lab = label._t.long()
    il = input_lengths._t.long()
    ll = label_lengths._t.long()
    blank_lp = x[..., blank]  # [B, T, U+1]
    u = u1 - 1
    if u > 0:
        idx = lab[:, None, :u, None].expand(b, t_max, u, 1)
        emit = x[:, :, :u, :].gather(3, idx).squeeze(3)  # [B, T, U]
        if fastemit_lambda:
            emit = emit + fastemit_lambda * (emit - emit.detach())
    else:
        emit = x.new_zeros(b, t_max, 0)
    zero = x.new_zeros(b, t_max, 1)
    csum = torch.cat([zero, emit.cumsum(2)], 2)  # C(t, u) = sum_{j<u} emit(t, j)
    rows = [csum[:, 0]]
    for t in range(1, t_max):
        prev = rows[-1] + blank_lp[:, t - 1]
        rows.append(csum[:, t] + torch.logcumsumexp(prev - csum[:, t], 1))
    alpha = torch.stack(rows, 1)  # [B, T, U+1]
    bi = torch.arange(b, device=x.device)
    ll_ = alpha[bi, il - 1, ll] + blank_lp[bi, il - 1, ll]
    loss = -ll_
    if reduction == "mean":
        return wrap(loss.sum() / b)
    if reduction == "sum":
        return wrap(loss.sum())
    return wrap(loss)

