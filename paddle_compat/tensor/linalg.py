"""Paddle's ``paddle/tensor/linalg.py`` (matmul, dot, norm, the decompositions behind ``paddle.linalg``...)."""

import numpy as np
import torch

from .._core import Tensor, errors, wrap
from .._core import inplace as _inpl
from .._core.op_table import declare, kernel_error
from ._cpu_reductions import eigen_row_sums, sequential_dot
from ._pyargs import int_arg
from .math import FC, FI, FIC, F, I, _bad_dtype, _inplace, _mismatch, _rebind, _tt, inverse  # noqa: F401

_new = object.__new__  # hot paths build the result Tensor inline: one Python call less than wrap()
_VF = torch._C._VariableFunctions

_i32, _i64 = torch.int32, torch.int64
_amp = None  # paddle.amp's cast state while auto_cast is on (set by paddle_compat.amp.auto_cast)


# Paddle's messages for a batch of square matrices, per op: (fewer than 2 dimensions, last two dimensions differ);
# {nd}: rank, {shape}: shape, {r}/{c}: the last two dimensions. Ops absent here get the generic wording.
_INNER_SQUARE = ("The inner-most 2 dimensions of Input(X) all should be square matrices But received X's shape[-2] = "
                 "{r} and shape[-1] = {c}.")
_AT_LEAST_2 = "The Input(X) should have at least 2 dimensions. But received a {nd} dimension tensor."
_SQUARE_MESSAGES = {
    "det": ("the input matrix dimension size should greater than 2.", "the input matrix should be square matrix."),
    "slogdet": ("the input matrix dimension size should greater than 2.", "the input matrix should be square matrix."),
    "eigh": ("The Input(X) should have at least 2 dimensions.But received a {nd} dimension tensor.",
             "Eigh op is designed for square matrix, consequentlyinner-most 2 dimensions of Input(X) should be "
             "symmetric.But received X's shape[-2] = {r} and shape[-1] = {c}."),
    "eigvalsh": ("The Input(X) should have at least 2 dimensions.But received a {nd} dimension tensor.",
                 "Eigvalsh op is designed for square matrix, consequentlyinner-most 2 dimensions of Input(X) should be "
                 "symmetric.But received X's shape[-2] = {r} and shape[-1] = {c}."),
    "eig": ("Expects input tensor x to be not less than 2 dimentions, but got dimention {nd}",
            "The input matrix must be a square matrix, but receive a matrix with {r} rows and {c} colums"),
    "cholesky": (_AT_LEAST_2, "The inner-most 2 dimensions of Input(X) all should be symmetric positive-definite "
                              "matrices and have the same size. But received X's shape[-2] = {r} and shape[-1] = {c}."),
    "matrix_power": (_AT_LEAST_2, _INNER_SQUARE),
    "solve": ("The input tensor X's dimensions of SolveOp should be larger than 1. But received X's dimensions = {nd}, "
              "X's shape = {shape}", _INNER_SQUARE),
    "triangular_solve": ("The input tensor X's dimensions of TriangularSolveOp should be >= 2. But received X's "
                         "dimensions = {nd}, X's shape = {shape}", _INNER_SQUARE),
    "cholesky_solve": ("the rank of input Y must greater or equal to 2",
                       "input Matrix Y should be square matrix,But Got last shape of {c} x {r}"),
}


def _sq(t, op):
    nd = t.dim()
    if nd >= 2 and t.shape[-1] == t.shape[-2]:
        return
    shape = list(t.shape)
    if op == "eigvals":  # a Python-side check in Paddle: no error category
        if nd < 2:
            raise ValueError(f"The dimension of Input(x) should be at least 2, but received x's dimention = {nd}, "
                             f"x's shape = {shape}")
        raise ValueError(f"The last two dimensions of Input(x) should be equal, but received x's shape = {shape}")
    messages = _SQUARE_MESSAGES.get(op)
    if messages is None:
        if nd < 2:
            raise errors.invalid_argument(
                f"The input of {op} is expected to be a Tensor whose number of dimensions is no less than 2, but got "
                f"{nd} (shape {shape}).")
        raise errors.invalid_argument(
            f"The last two dimensions of the input of {op} should be equal, but received x's shape: {shape}.")
    if nd < 2:
        raise errors.invalid_argument(messages[0].format(nd=nd, shape=shape))
    raise errors.invalid_argument(messages[1].format(nd=nd, shape=shape, r=shape[-2], c=shape[-1]))


def matmul_shape_error(x_shape, y_shape, transpose_x=False, transpose_y=False):
    """Paddle's matmul kernel message for operands that cannot be multiplied (shapes before transposing), or
    None when they can: the 1-D x 1-D size check, then the contracted dimension, then the batch broadcast."""
    xs, ys = list(x_shape), list(y_shape)
    nx, ny = len(xs), len(ys)
    if not nx or not ny:
        return None
    if nx == 1 and ny == 1:
        if xs[0] != ys[0]:
            return (f"X's numbers must be equal to Y's numbers, when X/Y's dims =1. But received X has [{xs[0]}] "
                    f"elements, received Y has [{ys[0]}] elements.")
        return None
    if ny == 1:
        i = nx - 2 if transpose_x else nx - 1
        if xs[i] != ys[0]:
            return f"Input(X) has error dim.X'dims[{i}] must be equal to {ys[0]}But received X'dims[{i}] is {xs[i]}"
        return None
    k = xs[0] if nx == 1 else (xs[-2] if transpose_x else xs[-1])
    j = ny - 1 if transpose_y else ny - 2
    if ys[j] != k:
        return f"Input(Y) has error dim. Y'dims[{j}] must be equal to {k}, but received Y'dims[{j}] is {ys[j]}."
    if nx > 2 and ny > 2:
        xb, yb = xs[:-2], ys[:-2]
        n = max(len(xb), len(yb))
        xb, yb = [1] * (n - len(xb)) + xb, [1] * (n - len(yb)) + yb
        for i, (a, b) in enumerate(zip(xb, yb)):
            if a != b and a > 1 and b > 1:
                return (f"Input(X) and Input(Y) has error dim. X_broadcast's shape[{i}] must be equal to "
                        f"Y_broadcast's shape[{i}], or X_broadcast's shape[{i}] <= 1, or Y_broadcast's shape[{i}] "
                        f"<= 1, but received X_broadcast's shape[{i}] = [{a}]received Y_broadcast's shape[{i}] = "
                        f"[{b}].")
    return None


def _lapack_error(op, e):
    raise ValueError(f"(InvalidArgument) {op}: {e}") from None


# two-input float kernels: Paddle selects the kernel by y's dtype (NotFound when it has none), and only then
# finds x's data of another dtype (ValueError)
for _op in ("bmm", "mv", "dist"):
    declare(_op, "F")


def _pair_kernel(op, xt, yt):
    if yt.dtype not in F:
        raise kernel_error(op, yt.dtype)


def _py_tensor(x, attr):
    """APIs Paddle writes in Python read an attribute of x first: anything but a Tensor is an AttributeError."""
    try:
        return x._t
    except AttributeError:
        raise AttributeError(f"'{type(x).__name__}' object has no attribute '{attr}'") from None


_RANK_MESSAGES = {"svd": "the rank of input must greater than 2", "qr": "the rank of input must greater than 2",
                  "pinv": "the rank of input must greater than 2", "lu": "The rank of input must greater than 2.",
                  "matrix_rank": "The dims of input must be greater than 2."}


def _matrix_input(tt, op, kernel):
    """The checks of Paddle's decompositions, in its order: at least 2-D, then a float32/float64 kernel."""
    if tt.dim() < 2:
        raise errors.invalid_argument(_RANK_MESSAGES[op])
    if tt.dtype not in F:
        _bad_dtype(kernel, tt)


def _holds_no_memory():
    return RuntimeError("(PreconditionNotMet) Tensor holds no memory. Call Tensor::mutable_data firstly.")


def _svd_input_error():
    """Paddle's LAPACK SVD refuses a NaN input this way (torch raises its own LinAlgError)."""
    return ValueError("(InvalidArgument) This -4-th argument has an illegal value")


def _svd_empty_check(tt):
    if tt.shape[-2] == 0:
        raise ValueError("(InvalidArgument) The row of Input(X) should be greater than 0.")
    if tt.shape[-1] == 0:
        raise ValueError("(InvalidArgument) The col of Input(X) should be greater than 0.")


# ---------------------------------------------------------------------------------------------
def _transpose_last2(t):
    try:
        return t.mT
    except RuntimeError:  # a 0-D or 1-D operand: Paddle ignores the transpose flag
        return t


def matmul(x, y, transpose_x=False, transpose_y=False, name=None):
    try:
        xt = x._t
        yt = y._t
    except AttributeError:
        raise ValueError(
            f"(InvalidArgument) matmul(): arguments 'x' and 'y' must be Tensors, but got {type(x).__name__} and "
            f"{type(y).__name__}"
        ) from None
    d = xt.dtype
    if (d is not yt.dtype or d not in FIC) and (_amp is None or not _amp.castable(xt, yt)):
        if d is not yt.dtype:
            _mismatch("matmul", xt, yt)
        _bad_dtype("matmul", xt)
    if _amp is not None:
        xt, yt = _amp.cast("matmul_v2", xt, yt)
    if transpose_x:
        xt = _transpose_last2(xt)
    if transpose_y:
        yt = _transpose_last2(yt)
    r = _new(Tensor)
    try:
        r._t = _VF.matmul(xt, yt)
        return r
    except RuntimeError as e:
        if not xt.dim() or not yt.dim():
            raise ValueError(
                "(InvalidArgument) The Input(X) dims size must not be equal 0, but reviced dims size is 0."
            ) from None
        message = matmul_shape_error(x.shape, y.shape, transpose_x, transpose_y)
        if message:
            raise errors.invalid_argument(message) from None
        raise ValueError(
            f"(InvalidArgument) matmul: Input(X) shape {list(xt.shape)} and Input(Y) shape {list(yt.shape)} cannot "
            f"be multiplied: {e}"
        ) from None


def bmm(x, y, name=None):
    xt, yt = _tt(x, "bmm", "x"), _tt(y, "bmm", "y", 1)
    _pair_kernel("bmm", xt, yt)
    if xt.dim() != 3:
        raise ValueError(
            f"(InvalidArgument) Input(X) of BmmOp must be 3-dimensional in BmmOp, but received X's shape: "
            f"{list(xt.shape)}."
        )
    if yt.dim() != 3:
        raise ValueError(
            f"(InvalidArgument) Input(Y) of BmmOp must be 3-dimensional in BmmOp, but received Y's shape: "
            f"{list(yt.shape)}."
        )
    if xt.shape[0] != yt.shape[0]:
        raise ValueError(
            "(InvalidArgument) Input(X) and Input(Y) must have the same batch size in BmmOp, but received X's batch "
            f"size: [{xt.shape[0]}],Y's batch size [{yt.shape[0]}]"
        )
    if xt.shape[2] != yt.shape[1]:
        raise ValueError(
            "(InvalidArgument) Input(X)'s width must be equal with Input(Y)'s height in BmmOp, but receive X's "
            f"width: [{xt.shape[2]}],Y's height: [{yt.shape[1]}]."
        )
    if xt.dtype is not yt.dtype:
        raise errors.dtype_mismatch(xt.dtype, yt.dtype)
    return wrap(torch.bmm(xt, yt))


def dot(x, y, name=None):
    xt, yt = _tt(x, "dot", "x"), _tt(y, "dot", "y", 1)
    if xt.dtype is not yt.dtype:
        _mismatch("dot", xt, yt)
    if xt.dtype not in FIC:
        _bad_dtype("dot", xt)
    if xt.dim() not in (1, 2) or xt.shape != yt.shape:
        raise RuntimeError(
            "(PreconditionNotMet) ShapeError: dot: x and y must be 1-D or 2-D Tensors of the same shape, but "
            "received x's shape "
            f"{list(xt.shape)} and y's shape {list(yt.shape)}"
        )
    if xt.is_complex():
        return wrap((xt * yt).sum(-1))
    fast = torch.dot(xt, yt) if xt.dim() == 1 else (xt * yt).sum(-1)
    if xt.device.type != "cpu" or not xt.is_floating_point() or xt.dtype in (torch.float16, torch.bfloat16):
        return wrap(fast)
    # Paddle's CPU kernel adds the products in order; torch's BLAS dot rounds differently
    exact = sequential_dot(xt, yt)
    if not fast.requires_grad:
        return wrap(exact)
    return wrap(fast + (exact - fast).detach())


def mv(x, vec, name=None):
    xt, vt = _tt(x, "mv", "x"), _tt(vec, "mv", "vec", 1)
    _pair_kernel("mv", xt, vt)
    if xt.dim() != 2 or vt.dim() != 1 or xt.shape[1] != vt.shape[0]:
        raise ValueError(
            f"(InvalidArgument) mv: x must be 2-D and vec 1-D with x.shape[1] == vec.shape[0], but received x's "
            f"shape {list(xt.shape)} and vec's shape {list(vt.shape)}"
        )
    if vt.dtype is not xt.dtype:
        raise errors.dtype_mismatch(xt.dtype, vt.dtype)
    return wrap(torch.mv(xt, vt))


def _t_input(input, api):  # noqa: A002
    tt = _tt(input, api, "input")
    if tt.dim() > 2:
        raise ValueError(
            "Input(input) only support N-D (N<=2) tensor, but received length of Input(input) is "
            f"{tt.dim()}. Perhaps you can use paddle.tensor.transpose() instead."
        )
    return tt


def t(input, name=None):  # noqa: A002
    tt = _t_input(input, "t")
    if tt.dim() < 2:
        return input
    return wrap(tt.t())


def t_(input, name=None):  # noqa: A002
    if _inpl.static_out_of_place("t_", "t"):
        return t(input)
    tt = _t_input(input, "t_")
    if tt.dim() == 2:
        _rebind(input, tt.t())
    return input


def _perm(tt, perm):
    if isinstance(perm, Tensor):
        perm = perm.tolist()
    if not isinstance(perm, (list, tuple)):
        raise ValueError(
            f"(InvalidArgument) transpose(): argument (position 2) must be list or tuple, but got {type(perm).__name__}"
        )
    perm = list(perm)
    for p in perm:
        if type(p) is not int and not isinstance(p, (np.integer, Tensor)):
            raise ValueError(
                f"(InvalidArgument) transpose(): argument (position 2) must be list of int, but got "
                f"{type(p).__name__}"
            )
    nd = tt.dim()
    if len(perm) < nd:  # Paddle permutes the leading dims and keeps the rest in place
        perm = perm + list(range(len(perm), nd))
    if len(perm) != nd:
        raise ValueError(
            "(InvalidArgument) The length of Input(perm) should be equal to the number of input dimensions, "
            f"but received {len(perm)} vs {nd} (x shape {list(tt.shape)}, perm {perm})"
        )
    for p in perm:
        if not -nd <= p < nd:
            raise ValueError(f"(InvalidArgument) Each element of Attribute axis should be in [-{nd}, {nd}), got {p}")
    if len({p % nd for p in perm}) != nd:
        raise ValueError(f"(InvalidArgument) Each element of Input(perm) should be unique, but received {perm}")
    return perm


def transpose(x, perm, name=None):
    if type(perm) is list:
        try:  # fast path: torch rejects the same bad perms (length, range, duplicates); Paddle's messages below
            r = _new(Tensor)
            r._t = _VF.permute(x._t, perm)  # the function form parses a list as fast as splatted ints
            return r
        except (AttributeError, RuntimeError, IndexError, TypeError):
            pass
    tt = _tt(x, "transpose", "x")
    p = _perm(tt, perm)
    return wrap(tt.permute(*p) if p else tt.view(()))


def transpose_(x, perm, name=None):
    if _inpl.static_out_of_place("transpose_", "transpose"):
        return transpose(x, perm)
    tt = _tt(x, "transpose_", "x")
    _rebind(x, tt.permute(_perm(tt, perm)))
    return x


def cross(x, y, axis=9, name=None):
    xt, yt = _tt(x, "cross", "x"), _tt(y, "cross", "y", 1)
    if xt.dtype is not yt.dtype:
        _mismatch("cross", xt, yt)
    if xt.dtype not in FI:
        _bad_dtype("cross", xt)
    if xt.shape != yt.shape:
        raise ValueError(
            f"(InvalidArgument) The 'shape' of Input(X) should be equal to the 'shape' of Input(Y). But received "
            f"Input(X).dimensions = {list(xt.shape)}, Input(Y).dimensions = {list(yt.shape)}"
        )
    nd = xt.dim()
    if axis == 9 or axis is None:
        for d in range(nd):
            if xt.shape[d] == 3:
                axis = d
                break
        else:
            raise ValueError("(InvalidArgument) Input(X) has no dimension of size 3 for cross")
    if not -nd <= axis < nd:
        raise IndexError(f"(OutOfRange) Attr(dim) is out of range, It's expected to be in range of [-{nd}, {nd - 1}]. "
                         f"But received Attr(dim) = {axis}.")
    if xt.shape[axis] != 3:
        raise ValueError(
            f"(InvalidArgument) Input(X/Y).dims[dim] must be equal to 3. But received: {xt.shape[axis]}."
        )
    return wrap(torch.linalg.cross(xt, yt, dim=axis))


def histogram(input, bins=100, min=0, max=0, name=None):  # noqa: A002
    tt = _tt(input, "histogram", "input")
    if type(bins) is not int:
        if type(bins) is bool or not isinstance(bins, (int, np.integer)):
            raise errors.arg_type("histogram", 2, "long", bins)
        bins = int(bins)
    if type(min) is not int:
        min = int_arg("histogram", 3, min)  # noqa: A001
    if type(max) is not int:
        max = int_arg("histogram", 4, max)  # noqa: A001
    if tt.dtype not in FI:
        _bad_dtype("histogram", tt)
    if bins < 1:
        raise ValueError(
            f"(InvalidArgument) The bins should be greater than or equal to 1.But received nbins is {bins}")
    if max < min:
        raise ValueError("(InvalidArgument) max must be larger or equal to min.")
    src = tt.detach().to(torch.float64)
    lo, hi = float(min), float(max)
    if lo == hi:
        if src.numel():
            lo, hi = float(src.min()), float(src.max())
        if lo == hi:
            lo, hi = lo - 1, hi + 1
    return wrap(torch.histc(src, bins, lo, hi).to(_i64))


def bincount(x, weights=None, minlength=0, name=None):
    xt = _tt(x, "bincount", "x")
    if xt.dtype not in I:
        raise TypeError("Elements in Input(x) should all be integers")
    if xt.dim() != 1:
        raise ValueError(
            f"(InvalidArgument) The 'shape' of Input(X) must be 1-D tensor.But the dimension of Input(X) is "
            f"[{xt.dim()}]"
        )
    if xt.numel() and int(xt.min()) < 0:
        raise errors.invalid_argument("Elements in Input(x) should all be non-negative")
    if not isinstance(minlength, int):  # Paddle's Scalar attribute: a float/str is truncated/ignored
        minlength = int(minlength) if isinstance(minlength, (float, np.number)) else 0
    if minlength < 0:
        raise ValueError(
            "(InvalidArgument) The minlength should be greater than or equal to 0.But received minlength is "
            f"{minlength}")
    w = None
    if weights is not None:
        w = weights._t
        if w.dtype not in FI:
            raise TypeError(f"weights must be int32, int64, float32 or float64, got {weights.dtype}")
    r = torch.bincount(xt, w, minlength)
    if w is not None:
        r = r.to(w.dtype if w.dtype in F else torch.float64)
    return wrap(r)


def dist(x, y, p=2, name=None):
    xt, yt = _tt(x, "dist", "x"), _tt(y, "dist", "y", 1)
    _pair_kernel("dist", xt, yt)
    for t, n in ((xt, "X"), (yt, "Y")):
        if not t.numel():
            raise ValueError(f"(InvalidArgument) The Input({n}) has not been initialized properly. The shape of "
                             f"Input({n}) = {list(t.shape)}.")
    try:
        torch.broadcast_shapes(xt.shape, yt.shape)
    except RuntimeError:
        raise errors.broadcast_mismatch(xt.shape, yt.shape) from None
    if yt.dtype is not xt.dtype:
        raise errors.dtype_mismatch(xt.dtype, yt.dtype)
    return wrap(_pnorm(xt - yt, float(p), None, False))


def _f32r(v):
    return float(np.float32(v))


def _pnorm(t, p, dim, keepdim):
    """Paddle's p_norm: general p uses sum(|x|^p)^(1/p) with 1/p rounded to float32 (an op attribute)."""
    if p in (0.0, 1.0, 2.0, np.inf, -np.inf):
        return torch.linalg.vector_norm(t, p, dim, keepdim)
    p = _f32r(p)
    return torch.sum(t.abs() ** p, dim, keepdim) ** _f32r(1.0 / p)


def cdist(x, y, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary", name=None):
    xt, yt = _tt(x, "cdist", "x"), _tt(y, "cdist", "y", 1)
    if xt.dtype not in F:
        _bad_dtype("cdist", xt)
    if xt.dim() < 2 or yt.dim() < 2:
        raise AssertionError(f"The x must be at least 2-dimensional, But received Input x's dimensional is "
                             f"{xt.dim()}.\n")
    if xt.shape[-1] != yt.shape[-1]:
        raise AssertionError(
            f"The x and y must have same last dimension, But received Input x's last dimension is {xt.shape[-1]}, "
            f"Input y's last dimension is {yt.shape[-1]}.\n"
        )
    if p < 0:
        raise AssertionError(f"The p must be greater than or equal to 0, But received p is {p}.\n")
    p = float(p)
    if p in (0.0, 1.0, 2.0, np.inf):
        return wrap(torch.cdist(xt, yt, p, compute_mode=compute_mode))
    return wrap(_pnorm(xt.unsqueeze(-2) - yt.unsqueeze(-3), p, -1, False))


def norm(x, p="fro", axis=None, keepdim=False, name=None):
    tt = _tt(x, "norm", "x")
    if tt.dtype not in F:
        _bad_dtype("frobenius_norm" if p == "fro" else "p_norm", tt)
    if not tt.numel():
        if p == "fro":
            raise ValueError("(InvalidArgument) Tensor need be reduced must not empty.")
        raise ValueError("(InvalidArgument) The dims of Input(X) should be greater than 0.")
    vn = torch.linalg.vector_norm
    if axis is None and p is not None:
        if isinstance(p, str):
            if p == "fro":
                return wrap(vn(tt, 2, None, keepdim))
            raise ValueError(f"only valid string values are 'fro', found {p}")
        if isinstance(p, (int, float)):
            if not tt.dim():
                raise ValueError("(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R is the rank "
                                 "of Input(X). But received axis: -1, R: 0.")
            return wrap(_pnorm(tt, float(p), None, keepdim))
        raise ValueError(f"only valid p type is string or float, found {type(p)}")
    if isinstance(axis, tuple):
        axis = list(axis)
    if isinstance(axis, list) and len(axis) == 1:
        axis = axis[0]
    if axis is None:
        axis = -1 if tt.dim() else None
    nd = tt.dim()
    if isinstance(axis, int):
        if nd and not -nd <= axis < nd:
            raise ValueError(f"(InvalidArgument) norm: axis {axis} is out of range for a {nd}-D input")
        if isinstance(p, str):
            if p == "fro":
                return wrap(vn(tt, 2, axis, keepdim))
            raise ValueError(f"only valid string values are 'fro', found {p}")
        if isinstance(p, (int, float)):
            return wrap(_pnorm(tt, float(p), axis, keepdim))
        raise ValueError(f"unspport p for p-order vector norm. except float, found {p}")
    if isinstance(axis, list) and len(axis) == 2:
        for a in axis:
            if not -nd <= a < nd:
                raise ValueError(f"(InvalidArgument) norm: axis {a} is out of range for a {nd}-D input")
        if p == "fro":
            return wrap(vn(tt, 2, tuple(axis), keepdim))
        if isinstance(p, str):
            raise TypeError(f"unsupported operand type(s) for /: 'float' and 'str' (p={p!r})")
        if p == 0:
            raise ValueError(f"just support axis type int or list (length of list <=1) if p = 0, found {axis}")
        if p in (np.inf, -np.inf):
            a = tt.abs()
            return wrap(torch.amax(a, tuple(axis), keepdim) if p > 0 else torch.amin(a, tuple(axis), keepdim))
        return wrap(torch.sum(tt.abs() ** p, tuple(axis), keepdim) ** _f32r(1.0 / p))
    raise ValueError(f"except axis type int or list (length of list <=2), found {axis}")


def cond(x, p=None, name=None):
    tt = _py_tensor(x, "shape")
    if p is not None and p not in (1, -1, 2, -2, np.inf, -np.inf, "fro", "nuc"):
        raise ValueError(f"only support p is {p} in cond op: one of None, 1, -1, 2, -2, inf, -inf, 'fro', 'nuc'")
    if tt.dtype not in F:
        _bad_dtype("cond", tt)
    if tt.dim() < 2:
        raise ValueError(f"input should be a matrix or batches of matrices, but the dimention of received input is "
                         f"{tt.dim()}")
    if p not in (None, 2, -2) and tt.shape[-1] != tt.shape[-2]:
        raise ValueError(f"only support p is {p} when input is a square matrix or batches of square matrices")
    if not tt.numel():
        batch = list(tt.shape[:-2])
        raise ValueError(
            "(InvalidArgument) The 'shape' in ReshapeOp is invalid. The input tensor X'size must be equal to the "
            f"capacity of 'shape'. But received X's shape = {list(tt.shape)}, X's size = 0, 'shape' is {batch}, "
            f"the capacity of 'shape' is {int(np.prod(batch))}.")
    try:
        return wrap(torch.linalg.cond(tt, p))
    except torch.linalg.LinAlgError:
        raise _svd_input_error() from None


def cov(x, rowvar=True, ddof=True, fweights=None, aweights=None, name=None):
    tt = _tt(x, "cov", "x")
    if tt.dim() > 2:
        raise ValueError(f"Input(x) only support N-D (1<=N<=2) tensor in cov, but received length of Input(input) is "
                         f"{tt.dim()}.")
    if not isinstance(ddof, (bool, int)):  # Paddle subtracts it from a Tensor, which ignores a str
        ddof = 0
    if tt.dtype in I and fweights is None and aweights is None:
        return wrap(_int_cov(tt if rowvar or tt.dim() < 2 else tt.t(), int(ddof)))
    if tt.dtype not in F:
        _bad_dtype("cov", tt)
    if fweights is None and aweights is None:
        return wrap(_float_cov(tt, rowvar, int(ddof)))
    if not rowvar and tt.dim() == 2:
        tt = tt.t()
    fw = fweights._t if fweights is not None else None
    aw = aweights._t if aweights is not None else None
    if fw is not None and fw.dtype not in I:
        raise TypeError(f"The dtype of fweights must be int32 or int64, but received {fweights.dtype}")
    if aw is not None and aw.dtype not in F:
        raise TypeError(f"The dtype of aweights must be float32 or float64, but received {aweights.dtype}")
    return wrap(torch.cov(tt, correction=int(ddof), fweights=fw, aweights=aw))


def _float_cov(tt, rowvar, ddof):
    """Paddle's cov composition: row means (Eigen's summation order on CPU) divided by the count, the
    centred rows times the *uncentred* rows transposed, divided by n - ddof."""
    nx = tt.reshape(1, -1) if tt.dim() < 2 else tt
    if not rowvar and nx.shape[0] != 1:
        nx = nx.t()
    n = nx.shape[1]
    count = torch.tensor(n, dtype=nx.dtype)
    if nx.device.type == "cpu" and nx.dtype is torch.float32 and not nx.requires_grad:
        sums = eigen_row_sums(nx)
    else:
        sums = nx.sum(1)
    avg = sums / count
    norm_factor = count - ddof
    if norm_factor <= 0:
        norm_factor = torch.zeros((), dtype=nx.dtype)
    xxt = torch.mm(nx - avg.unsqueeze(1), nx.t().conj())
    return torch.div(xxt, norm_factor).squeeze()


def _int_cov(tt, ddof):
    """Paddle's cov composition on an integer tensor: the mean truncated to the integer dtype, integer
    products and a truncating division."""
    nx = tt.reshape(1, -1) if tt.dim() < 2 else tt
    n = nx.shape[1]
    avg = (nx.sum(1).to(torch.float32) / n).to(nx.dtype)
    xxt = (nx - avg.unsqueeze(1)) @ nx.t()
    norm_factor = max(n - ddof, 0)
    return torch.div(xxt, norm_factor, rounding_mode="trunc").squeeze()


def corrcoef(x, rowvar=True, name=None):
    tt = _tt(x, "corrcoef", "x")
    if tt.dim() > 2 or tt.dim() < 1:
        raise ValueError(f"Input(x) only support N-D (1<=N<=2) tensor in corrcoef, but received length of Input(input) "
                         f"is {tt.dim()}.")
    if tt.dtype not in F:
        _bad_dtype("corrcoef", tt)
    # Paddle's composition: its cov, then divided by the standard deviations of the rows, then of the columns
    c = _float_cov(tt, rowvar, 1)
    if c.dim() == 0:
        return wrap(c / c)
    stddev = torch.sqrt(torch.diagonal(c).real if c.is_complex() else torch.diagonal(c))
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    return wrap(c.clamp(-1, 1))


# ---------------------------------------------------------------------------------------------
# decompositions and solvers
def cholesky(x, upper=False, name=None):
    tt = _tt(x, "cholesky", "x")
    _sq(tt, "cholesky")
    if tt.dtype not in F:
        _bad_dtype("cholesky", tt)
    r, info = torch.linalg.cholesky_ex(tt, upper=upper)
    if bool((info != 0).any()):
        if bool(tt.isnan().any()):  # Paddle's Eigen LLT carries NaNs through instead of failing
            return wrap(_nan_cholesky(tt, upper))
        raise ValueError(
            "(InvalidArgument) Cholesky decomposition was not successful. The 0-th input matrice might not be "
            "not be positive definite."
        )
    return wrap(r)


def _nan_cholesky(tt, upper):
    """The plain Cholesky-Banachiewicz recurrence (reads the lower triangle, or the upper one for upper=True)."""
    a = (tt.mT if upper else tt).tril()
    n = a.shape[-1]
    low = torch.zeros_like(a)
    for j in range(n):
        d = a[..., j, j] - (low[..., j, :j] ** 2).sum(-1)
        low[..., j, j] = d.sqrt()
        if j + 1 < n:
            s = a[..., j + 1:, j] - (low[..., j + 1:, :j] * low[..., j:j + 1, :j]).sum(-1)
            low[..., j + 1:, j] = s / low[..., j:j + 1, j]
    return low.mT if upper else low


def _factor_and_rhs(api, x, y, dtypes, x_is_factor):
    """The operands of a triangular solve, checked in Paddle's order: x's kernel dtype, a square factor, then a
    right-hand side with as many rows as the factor."""
    xt, yt = _tt(x, api, "x"), _tt(y, api, "y", 1)
    if xt.dtype not in dtypes:
        _bad_dtype(api, xt)
    factor, rhs = (xt, yt) if x_is_factor else (yt, xt)
    _sq(factor, api)
    if rhs.dim() < 2 or rhs.shape[-2] != factor.shape[-1]:
        raise ValueError(f"(InvalidArgument) {api}: x's shape {list(xt.shape)} does not match y's shape "
                         f"{list(yt.shape)}")
    return xt, yt


def cholesky_solve(x, y, upper=False, name=None):
    xt, yt = _factor_and_rhs("cholesky_solve", x, y, F, False)
    # only the factor's triangle is read, so only it receives a gradient (as in Paddle)
    return wrap(torch.cholesky_solve(xt, yt.triu() if upper else yt.tril(), upper))


def triangular_solve(x, y, upper=True, transpose=False, unitriangular=False, name=None):
    xt, yt = _factor_and_rhs("triangular_solve", x, y, FC, True)
    a = xt.mT if transpose else xt
    up = (not upper) if transpose else upper
    return wrap(torch.linalg.solve_triangular(a, yt, upper=up, unitriangular=unitriangular))


def solve(x, y, name=None):
    xt, yt = _tt(x, "solve", "x"), _tt(y, "solve", "y", 1)
    if xt.dtype not in F:
        _bad_dtype("solve", xt)
    if yt.dtype is not xt.dtype:
        _mismatch("solve", xt, yt)
    _sq(xt, "solve")
    if not xt.numel() or not yt.numel():
        raise ValueError("(InvalidArgument) The value of target shape cannot be zero.")
    try:
        r, info = torch.linalg.solve_ex(xt, yt)
    except RuntimeError as e:
        _lapack_error("solve", e)
    if bool((info != 0).any()):
        raise ValueError("(InvalidArgument) solve: the input matrix x is singular")
    return wrap(r)


def det(x, name=None):
    tt = _tt(x, "det", "x")
    if tt.dtype not in F:
        _bad_dtype("determinant", tt)
    _sq(tt, "det")
    return wrap(torch.linalg.det(tt))


def slogdet(x, name=None):
    tt = _tt(x, "slogdet", "x")
    if tt.dtype not in F:
        _bad_dtype("slogdet", tt)
    _sq(tt, "slogdet")
    s, la = torch.linalg.slogdet(tt)
    return wrap(torch.stack([s, la.to(s.dtype)], 0))


def svd(x, full_matrices=False, name=None):
    tt = _tt(x, "svd", "x")
    _matrix_input(tt, "svd", "svd")
    _svd_empty_check(tt)
    try:
        u, s, vh = torch.linalg.svd(tt, full_matrices=full_matrices)
    except torch.linalg.LinAlgError:
        raise _svd_input_error() from None
    return wrap(u), wrap(s), wrap(vh)


def qr(x, mode="reduced", name=None):
    tt = _tt(x, "qr", "x")
    if mode not in ("reduced", "complete", "r"):
        raise errors.invalid_argument(f"QR received unrecognized mode '{mode}' but expected one of 'reduced' "
                                      "(default), 'r', and 'complete'")
    _matrix_input(tt, "qr", "qr")
    if not tt.numel():
        raise RuntimeError("(PreconditionNotMet) The input of QR is empty.")
    q, r = torch.linalg.qr(tt, mode=mode)
    if mode == "r":
        return wrap(r)
    return wrap(q), wrap(r)


def _eig_input_check(tt, op):
    """Real Paddle hangs on these and LAPACK's geev crashes on non-finite input: refuse them clearly."""
    if not tt.numel():
        raise ValueError(f"(InvalidArgument) The input of {op} must not be empty, but got shape {list(tt.shape)}.")
    if not bool(torch.isfinite(tt).all()):
        raise ValueError(f"(InvalidArgument) The input of {op} contains NaN or Inf.")


def eig(x, name=None):
    tt = _tt(x, "eig", "x")
    if tt.dtype not in FC:
        _bad_dtype("eig", tt)
    _sq(tt, "eig")
    _eig_input_check(tt, "eig")
    w, v = torch.linalg.eig(tt)
    return wrap(w), wrap(v)


def eigvals(x, name=None):
    tt = _py_tensor(x, "shape")
    if tt.dtype not in FC:
        _bad_dtype("eigvals", tt)
    _sq(tt, "eigvals")
    _eig_input_check(tt, "eigvals")
    return wrap(torch.linalg.eigvals(tt))


def _uplo(UPLO):  # noqa: N803
    """Paddle's kernels read the upper triangle for 'U' and the lower one for anything else."""
    return "U" if UPLO == "U" else "L"


def _symmetric_eig(fn, tt, api, UPLO):  # noqa: N803
    """``fn`` (torch.linalg.eigh/eigvalsh) after Paddle's checks; a solver that does not converge is Paddle's
    (PreconditionNotMet)."""
    _sq(tt, api)
    if tt.dtype not in FC:
        _bad_dtype(api, tt)
    if not tt.numel():
        raise _holds_no_memory()
    try:
        return fn(tt, UPLO=_uplo(UPLO))
    except torch.linalg.LinAlgError as e:
        raise errors.precondition_not_met(str(e)) from None


def eigh(x, UPLO="L", name=None):  # noqa: N803
    w, v = _symmetric_eig(torch.linalg.eigh, _tt(x, "eigh", "x"), "eigh", UPLO)
    return wrap(w), wrap(v)


def eigvalsh(x, UPLO="L", name=None):  # noqa: N803
    return wrap(_symmetric_eig(torch.linalg.eigvalsh, _py_tensor(x, "stop_gradient"), "eigvalsh", UPLO))


def matrix_power(x, n, name=None):
    tt = _tt(x, "matrix_power", "x")
    if type(n) is not int:
        n = int_arg("matrix_power", 2, n)
    _sq(tt, "matrix_power")
    if tt.dtype not in F:
        _bad_dtype("matrix_power", tt)
    if not tt.numel():
        raise ValueError("(InvalidArgument) The size of Input(X) should not be 0.")
    return wrap(torch.linalg.matrix_power(tt, n))


def matrix_rank(x, tol=None, hermitian=False, name=None):
    tt = _tt(x, "matrix_rank", "x")
    _matrix_input(tt, "matrix_rank", "matrix_rank")
    if not tt.numel():
        raise _holds_no_memory()
    try:
        if tol is None:
            r = torch.linalg.matrix_rank(tt, hermitian=hermitian)
        else:
            atol = tol._t if isinstance(tol, Tensor) else float(tol)
            r = torch.linalg.matrix_rank(tt, atol=atol, rtol=0.0, hermitian=hermitian)
    except torch.linalg.LinAlgError:
        raise _svd_input_error() from None
    return wrap(r.to(_i32))


def pinv(x, rcond=1e-15, hermitian=False, name=None):
    tt = _tt(x, "pinv", "x")
    _matrix_input(tt, "pinv", "svd")
    _svd_empty_check(tt)
    try:
        return wrap(torch.linalg.pinv(tt, rtol=rcond, hermitian=hermitian))
    except torch.linalg.LinAlgError:
        raise _svd_input_error() from None


def multi_dot(x, name=None):
    if not isinstance(x, (list, tuple)) or not len(x):
        got = "empty list" if isinstance(x, (list, tuple)) else type(x).__name__
        raise errors.invalid_argument(f"multi_dot(): argument 'x' (position 0) must be list of Tensors, but got {got}")
    if len(x) < 2:
        raise errors.invalid_argument("The number of input tensors in multi_dot op should > 1.")
    ts = [i._t for i in x]
    if ts[0].dim() not in (1, 2):
        raise errors.invalid_argument(
            f"multi_dot: the first input tensor must be 1D or 2D but got[{ts[0].dim()}]!")
    for t in ts[1:-1]:
        if t.dim() != 2:
            raise errors.invalid_argument("the input tensor of multi_dot op must be 2D.")
    if ts[0].dtype not in F:
        _bad_dtype("multi_dot", ts[0])
    for i in ts[1:]:
        if i.dtype is not ts[0].dtype:
            _mismatch("multi_dot", ts[0], i)
    try:
        return wrap(torch.linalg.multi_dot(ts))
    except RuntimeError as e:
        if "cannot be multiplied" in str(e):
            raise errors.invalid_argument("the input matrix does not meet the multiplication requirements.") from None
        raise ValueError(f"(InvalidArgument) multi_dot: {e}") from None


def lstsq(x, y, rcond=None, driver=None, name=None):
    xt, yt = _tt(x, "lstsq", "x"), _tt(y, "lstsq", "y", 1)
    if driver is None:
        driver = "gelsy"
    if driver not in ("gels", "gelsy", "gelsd", "gelss"):
        raise ValueError(f"Only support valid driver is 'gels', 'gelsy', 'gelsd', 'gelss' or None for CPU inputs. "
                         f"But got {driver}")
    if xt.dtype not in F:
        _bad_dtype("lstsq", xt)
    if yt.dtype is not xt.dtype:
        raise ValueError(f"Only support x and y have the same dtype such as 'float32' and 'float64'. But got "
                         f"{x.dtype} and {y.dtype}")
    if xt.dim() < 2 or yt.dim() < 2 or xt.shape[-2] != yt.shape[-2]:
        raise ValueError(f"x and y should have the same number of rows, but got {list(xt.shape)} and "
                         f"{list(yt.shape)}")
    sol, res, rank, sv = torch.linalg.lstsq(xt, yt, rcond=rcond, driver=driver)
    m, n = xt.shape[-2], xt.shape[-1]
    if driver == "gels":
        rank = torch.empty((0,), dtype=_i32)
    else:
        rank = rank.to(_i32)
    if driver in ("gels", "gelsy"):
        sv = torch.empty((0,), dtype=xt.dtype)
    if m > n and (driver == "gels" or bool((rank == n).all())):
        r = (xt @ sol - yt)
        res = (r * r).sum(-2)
    else:
        res = torch.empty((0,), dtype=xt.dtype)
    return wrap(sol), wrap(res), wrap(rank), wrap(sv)


def lu(x, pivot=True, get_infos=False, name=None):
    tt = _tt(x, "lu", "x")
    _matrix_input(tt, "lu", "lu")
    if not pivot:
        raise NotImplementedError("lu: pivot=False is not supported on CPU (Paddle raises the same)")
    if not tt.numel():
        raise ValueError("(InvalidArgument) The dims of Input(X) should be greater than 0.")
    lu_, piv, info = torch.linalg.lu_factor_ex(tt, pivot=pivot)
    if tt.dim() == 2:
        info = info.reshape([1])
    if get_infos:
        return wrap(lu_), wrap(piv.to(_i32)), wrap(info.to(_i32))
    return wrap(lu_), wrap(piv.to(_i32))


def lu_unpack(x, y, unpack_ludata=True, unpack_pivots=True, name=None):
    xt, yt = _tt(x, "lu_unpack", "x"), _tt(y, "lu_unpack", "y", 1)
    if xt.dim() < 2:
        raise ValueError(f"The shape of x should be (*, M, N), but received ndim is [{xt.dim()} < 2]")
    if yt.dim() < 1:
        raise ValueError(f"The shape of Pivots should be (*, K), but received ndim is [{yt.dim()} < 1]")
    p, lo, up = torch.lu_unpack(xt, yt.to(_i32), unpack_data=unpack_ludata, unpack_pivots=unpack_pivots)
    return wrap(p), wrap(lo), wrap(up)


def householder_product(x, tau, name=None):
    xt, tt = _tt(x, "householder_product", "x"), _tt(tau, "householder_product", "tau", 1)
    if xt.dtype not in FC:
        _bad_dtype("householder_product", xt)
    if xt.dim() < 2:
        raise ValueError(f"The input x must be at least 2-D, but received {xt.dim()}")
    if xt.shape[-2] < xt.shape[-1]:
        raise ValueError(f"The rows of x must be greater than or equal to its columns, but received x's shape "
                         f"{list(xt.shape)}")
    if tt.shape[-1] > xt.shape[-1]:
        raise ValueError(f"The last dim of tau should be no more than x's columns, but received {list(tt.shape)}")
    return wrap(torch.linalg.householder_product(xt, tt))


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    tt = _tt(x, "pca_lowrank", "x")
    if tt.dtype not in F:
        _bad_dtype("pca_lowrank", tt)
    m, n = tt.shape[-2], tt.shape[-1]
    if q is None:
        q = min(6, m, n)
    elif not (q >= 0 and q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than min(m, n)={min(m, n)}")
    if niter < 0:
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    u, s, v = torch.pca_lowrank(tt, q=q, center=center, niter=niter)
    return wrap(u), wrap(s), wrap(v)


TENSOR_METHODS = (
    "matmul", "dot", "cov", "corrcoef", "norm", "cond", "transpose", "lstsq", "dist", "t", "t_", "cross",
    "cholesky", "bmm", "histogram", "bincount", "mv", "matrix_power", "qr", "householder_product", "pca_lowrank",
    "eigvals", "eigvalsh", "transpose_", "eig", "multi_dot", "solve", "cholesky_solve", "lu", "lu_unpack",
    "cdist", "pinv",
)

__all__ = ["t", "t_", "cross", "mv", "bincount", "histogram", "dist", "cdist", "matmul", "dot", "bmm", "transpose",
           "transpose_",
           # reachable as paddle.<name> in Paddle 2.6.2 without being in paddle.__all__
           "cholesky", "eigvalsh", "norm"]
