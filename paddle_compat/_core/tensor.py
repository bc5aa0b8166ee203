"""The Paddle ``Tensor``: a thin ``__slots__`` wrapper around one ``torch.Tensor`` (``_t``).

Why a wrapper and not a torch.Tensor subclass: see docs/architecture.md (measured). In short, the
wrapper keeps Paddle's meanings of ``shape``, ``size``, ``transpose(perm)``, ``split``... away from
torch's own Python code, costs one object allocation per op, and traces under torch.compile.

Everything outside ``_core`` builds tensors with :func:`wrap` and reads them with ``x._t``
(or :func:`unwrap` when the argument may also be a Python scalar / numpy array).
Methods that mirror ``paddle.*`` functions are attached by ``paddle_compat.tensor`` at import.
"""

import numpy as np
import torch

from . import dtypes as _dt
from .place import current_device, parse_device, place_of

_new = object.__new__
_FROM_TORCH = _dt.FROM_TORCH
_is_grad_enabled = torch.is_grad_enabled


class Tensor:
    __slots__ = ("_t", "_name", "persistable", "__weakref__")

    # --- construction -------------------------------------------------------------------------
    def __init__(self, *args, **kwargs):
        # paddle.Tensor(value) / paddle.Tensor(dtype, dims, name, type, persistable) forms.
        if args and isinstance(args[0], (np.ndarray, list, tuple, int, float, bool, Tensor)):
            self._t = data_to_torch(args[0], kwargs.get("dtype"), kwargs.get("place"))
        else:
            self._t = torch.empty(0)
        self.persistable = bool(kwargs.get("persistable", False))

    # --- attributes ---------------------------------------------------------------------------
    @property
    def shape(self):
        return list(self._t.shape)

    @property
    def dtype(self):
        return _FROM_TORCH[self._t.dtype]

    @property
    def ndim(self):
        return self._t.dim()

    def dim(self):
        return self._t.dim()

    ndimension = dim

    @property
    def size(self):
        return self._t.numel()

    def numel(self):
        return wrap(torch.tensor(self._t.numel(), dtype=torch.int64))

    @property
    def place(self):
        return place_of(self._t.device)

    @property
    def T(self):  # noqa: N802 - Paddle's name
        t = self._t
        return wrap(t.permute(*range(t.dim() - 1, -1, -1)) if t.dim() > 1 else t)

    @property
    def mT(self):  # noqa: N802
        return wrap(self._t.mT)

    @property
    def name(self):
        try:
            return self._name
        except AttributeError:
            self._name = _next_name()
            return self._name

    @name.setter
    def name(self, value):
        self._name = value

    @property
    def type(self):
        return "DENSE_TENSOR"

    @property
    def layout(self):
        return "NCHW"

    def is_dense(self):
        return True

    def is_dist(self):
        return False

    def is_sparse(self):
        return self._t.is_sparse

    def is_sparse_coo(self):
        return self._t.layout == torch.sparse_coo

    def is_sparse_csr(self):
        return self._t.layout == torch.sparse_csr

    def is_contiguous(self):
        return self._t.is_contiguous()

    def contiguous(self):
        return wrap(self._t.contiguous())

    def data_ptr(self):
        return self._t.data_ptr()

    def element_size(self):
        return self._t.element_size()

    # --- autograd -----------------------------------------------------------------------------
    @property
    def stop_gradient(self):
        return not self._t.requires_grad

    @stop_gradient.setter
    def stop_gradient(self, value):
        t = self._t
        if value:
            if t.requires_grad:
                if t.grad_fn is None:
                    t.requires_grad_(False)
                else:  # a non-leaf: cut it from the graph, as Paddle does
                    self._t = t.detach()
        elif not t.requires_grad and (t.is_floating_point() or t.is_complex()):
            if t.grad_fn is None:
                t.requires_grad_(True)

    @property
    def is_leaf(self):
        return self._t.is_leaf

    @property
    def grad(self):
        g = self._t.grad
        return None if g is None else wrap(g)

    @grad.setter
    def grad(self, value):
        self._t.grad = None if value is None else unwrap(value)

    @property
    def grad_fn(self):
        return self._t.grad_fn

    def backward(self, grad_tensor=None, retain_graph=False):
        t = self._t
        if grad_tensor is None:
            if t.numel() != 1:
                grad_tensor = torch.ones_like(t)
        else:
            grad_tensor = unwrap(grad_tensor)
        t.backward(grad_tensor, retain_graph=retain_graph)

    def gradient(self):
        g = self._t.grad
        return None if g is None else g.detach().cpu().numpy()

    def clear_grad(self, set_to_zero=True):
        g = self._t.grad
        if g is not None:
            if set_to_zero:
                g.detach_().zero_()
            else:
                self._t.grad = None

    def clear_gradient(self, set_to_zero=True):
        self.clear_grad(set_to_zero)

    def _zero_grads(self):
        self.clear_grad(True)

    def detach(self):
        return wrap(self._t.detach())

    def detach_(self):
        self._t = self._t.detach()
        return self

    def clone(self):
        return wrap(self._t.clone())

    def retain_grads(self):
        self._t.retain_grad()

    def register_hook(self, hook):
        def torch_hook(g):
            out = hook(wrap(g))
            return None if out is None else unwrap(out)

        return self._t.register_hook(torch_hook)

    # --- conversion ---------------------------------------------------------------------------
    def numpy(self):
        t = self._t.detach()
        if t.device.type != "cpu":
            t = t.cpu()
        if t.dtype is torch.bfloat16:
            return t.view(torch.uint16).numpy().copy()
        if t.is_conj():
            t = t.resolve_conj()
        return t.numpy()

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a if dtype is None else a.astype(dtype)

    def item(self, *args):
        t = self._t
        if args:
            t = t.reshape(-1)[args[0]] if len(args) == 1 else t[args]
        elif t.numel() != 1:
            raise ValueError(
                f"only one element tensor can be converted to Python scalar, but got a tensor of shape "
                f"{list(t.shape)}"
            )
        return t.item()

    def tolist(self):
        return self.numpy().tolist() if self._t.dtype is torch.bfloat16 else self._t.tolist()

    def astype(self, dtype):
        return wrap(self._t.to(_dt.to_torch_dtype(dtype)))

    def cpu(self):
        return wrap(self._t.cpu())

    def cuda(self, device_id=None, blocking=True):
        return wrap(self._t.to(parse_device("gpu" if device_id is None else f"gpu:{device_id}")))

    def pin_memory(self):
        return wrap(self._t.pin_memory()) if torch.cuda.is_available() else self

    def value(self):
        return self

    def get_tensor(self):
        return self

    def _is_initialized(self):
        return True

    def is_floating_point(self):
        return self._t.is_floating_point()

    def is_complex(self):
        return self._t.is_complex()

    def is_integer(self):
        t = self._t
        return not (t.is_floating_point() or t.is_complex() or t.dtype is torch.bool)

    # --- Python protocol ----------------------------------------------------------------------
    def __len__(self):
        t = self._t
        if t.dim() == 0:
            raise TypeError("len() of a 0-D tensor is undefined")
        return t.shape[0]

    def __iter__(self):
        t = self._t
        if t.dim() == 0:
            raise TypeError("iteration over a 0-D tensor")
        for i in range(t.shape[0]):
            yield wrap(t[i])

    def __bool__(self):
        t = self._t
        if t.numel() != 1:
            raise ValueError(
                "The truth value of a Tensor with more than one element is ambiguous. Use a.any() or a.all()"
            )
        return bool(t.item())

    def __float__(self):
        return float(self._t.item())

    def __int__(self):
        return int(self._t.item())

    def __index__(self):
        t = self._t
        if t.is_floating_point() or t.numel() != 1:
            raise TypeError("only integer scalar tensors can be converted to an index")
        return int(t.item())

    def __complex__(self):
        return complex(self._t.item())

    def __hash__(self):
        return id(self)

    def __repr__(self):
        from .printing import tensor_to_string

        return tensor_to_string(self)

    __str__ = __repr__

    def __format__(self, spec):
        if self._t.dim() == 0 and spec:
            return format(self._t.item(), spec)
        return str(self)

    def __deepcopy__(self, memo):
        new = wrap(self._t.detach().clone().requires_grad_(self._t.requires_grad))
        memo[id(self)] = new
        return new

    def __reduce_ex__(self, protocol):
        return (_rebuild_tensor, (self.numpy(), self.dtype.name, self.stop_gradient))

    # --- indexing -----------------------------------------------------------------------------
    def __getitem__(self, index):
        return wrap(self._t[_torch_index(index)])

    def __setitem__(self, index, value):
        t = self._t
        v = value._t if isinstance(value, Tensor) else value
        if isinstance(v, np.ndarray):
            v = torch.from_numpy(v)
        if isinstance(v, torch.Tensor) and v.dtype is not t.dtype:
            v = v.to(t.dtype)
        t[_torch_index(index)] = v

    # --- operators (hot path: keep them flat) -------------------------------------------------
    def __add__(self, y):
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not self._t.dtype:
                return _promote_binary(torch.add, self._t, y)
        return wrap(self._t + y)

    def __radd__(self, y):
        return wrap(y + self._t)

    def __sub__(self, y):
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not self._t.dtype:
                return _promote_binary(torch.sub, self._t, y)
        return wrap(self._t - y)

    def __rsub__(self, y):
        return wrap(y - self._t)

    def __mul__(self, y):
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not self._t.dtype:
                return _promote_binary(torch.mul, self._t, y)
        return wrap(self._t * y)

    def __rmul__(self, y):
        return wrap(y * self._t)

    def __truediv__(self, y):
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not self._t.dtype:
                return _promote_binary(torch.true_divide, self._t, y)
        return wrap(self._t / y)

    def __rtruediv__(self, y):
        return wrap(y / self._t)

    def __floordiv__(self, y):
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not self._t.dtype:
                return _promote_binary(torch.floor_divide, self._t, y)
        return wrap(self._t // y)

    def __rfloordiv__(self, y):
        return wrap(y // self._t)

    def __mod__(self, y):
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not self._t.dtype:
                return _promote_binary(torch.remainder, self._t, y)
        return wrap(self._t % y)

    def __rmod__(self, y):
        return wrap(y % self._t)

    def __pow__(self, y):
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not self._t.dtype:
                return _promote_binary(torch.pow, self._t, y)
        return wrap(self._t ** y)

    def __rpow__(self, y):
        return wrap(y ** self._t)

    def __matmul__(self, y):
        return wrap(self._t @ unwrap(y))

    def __rmatmul__(self, y):
        return wrap(unwrap(y) @ self._t)

    def __neg__(self):
        return wrap(-self._t)

    def __pos__(self):
        return self

    def __abs__(self):
        return wrap(self._t.abs())

    def __invert__(self):
        return wrap(~self._t)

    def __and__(self, y):
        return wrap(self._t & unwrap(y))

    __rand__ = __and__

    def __or__(self, y):
        return wrap(self._t | unwrap(y))

    __ror__ = __or__

    def __xor__(self, y):
        return wrap(self._t ^ unwrap(y))

    __rxor__ = __xor__

    def __lshift__(self, y):
        return wrap(self._t << unwrap(y))

    def __rshift__(self, y):
        return wrap(self._t >> unwrap(y))

    def __eq__(self, y):
        if y is None:
            return False
        return wrap(self._t == unwrap(y))

    def __ne__(self, y):
        if y is None:
            return True
        return wrap(self._t != unwrap(y))

    def __lt__(self, y):
        return wrap(self._t < unwrap(y))

    def __le__(self, y):
        return wrap(self._t <= unwrap(y))

    def __gt__(self, y):
        return wrap(self._t > unwrap(y))

    def __ge__(self, y):
        return wrap(self._t >= unwrap(y))

    # in-place operators keep the tensor object (and the dtype of x, as Paddle does)
    def __iadd__(self, y):
        self._t.add_(unwrap(y))
        return self

    def __isub__(self, y):
        self._t.sub_(unwrap(y))
        return self

    def __imul__(self, y):
        self._t.mul_(unwrap(y))
        return self

    def __itruediv__(self, y):
        self._t.div_(unwrap(y))
        return self


class Parameter(Tensor):
    """Paddle's ``EagerParamBase``: a trainable Tensor owned by a Layer; ``_t`` is a torch Parameter."""

    __slots__ = ("__dict__",)

    def __init__(self, shape=None, dtype="float32", **kwargs):
        data = kwargs.pop("_data", None)
        if data is None:
            data = torch.empty([int(s) for s in shape], dtype=_dt.to_torch_dtype(dtype), device=current_device())
        trainable = kwargs.pop("trainable", True)
        self._t = torch.nn.Parameter(data, requires_grad=trainable and (data.is_floating_point() or data.is_complex()))
        self._name = kwargs.pop("name", None) or _next_name()
        self.persistable = True
        self.optimize_attr = kwargs.pop("optimize_attr", {"learning_rate": 1.0})
        self.regularizer = kwargs.pop("regularizer", None)
        self.do_model_average = kwargs.pop("do_model_average", None)
        self.need_clip = kwargs.pop("need_clip", True)
        self.is_distributed = kwargs.pop("is_distributed", False)
        self.__dict__.update(kwargs)

    @property
    def trainable(self):
        return self._t.requires_grad

    @trainable.setter
    def trainable(self, value):
        self.stop_gradient = not value

    def __repr__(self):
        return "Parameter containing:\n" + Tensor.__repr__(self)

    __str__ = __repr__

    def __deepcopy__(self, memo):
        new = Parameter(_data=self._t.detach().clone(), trainable=self.trainable, name=self.name)
        for k, v in self.__dict__.items():
            if k not in new.__dict__ or k in ("optimize_attr", "regularizer", "need_clip"):
                new.__dict__[k] = v
        memo[id(self)] = new
        return new

    def __reduce_ex__(self, protocol):
        return (_rebuild_parameter, (self.numpy(), self.dtype.name, self.name, self.trainable))


# --- bridge helpers ------------------------------------------------------------------------------
def wrap(t):
    """torch.Tensor -> paddle Tensor (no copy)."""
    r = _new(Tensor)
    r._t = t
    return r


def unwrap(x):
    """paddle Tensor -> torch.Tensor; anything else passes through (scalars, numpy, None)."""
    return x._t if isinstance(x, Tensor) else x


def wrap_tuple(ts):
    return tuple(wrap(t) for t in ts)


def wrap_list(ts):
    return [wrap(t) for t in ts]


def to_torch(x, dtype=None):
    """Tensor / scalar / list / numpy -> torch.Tensor (for op arguments that accept array-likes)."""
    if isinstance(x, Tensor):
        t = x._t
        return t if dtype is None or t.dtype is dtype else t.to(dtype)
    return data_to_torch(x, dtype)


_name_counter = [0]


def _next_name():
    n = _name_counter[0]
    _name_counter[0] = n + 1
    return f"generated_tensor_{n}"


def _promote_binary(op, x, y):
    """Paddle 2.6 mixed-dtype rule: two floating dtypes promote; otherwise x's dtype wins."""
    if (x.is_floating_point() and y.is_floating_point()) or (x.is_complex() or y.is_complex()):
        return wrap(op(x, y))
    if y.dim() == 0 and x.dim() != 0 and not x.is_floating_point() and y.is_floating_point():
        return wrap(op(x, y))
    return wrap(op(x, y.to(x.dtype)))


def _torch_index(index):
    t = type(index)
    if t is int or t is slice or index is None or index is Ellipsis:
        return index
    if isinstance(index, Tensor):
        return index._t
    if t is tuple:
        return tuple(i._t if isinstance(i, Tensor) else i for i in index)
    if t is list:
        if any(isinstance(i, Tensor) for i in index):
            return [i._t if isinstance(i, Tensor) else i for i in index]
        return torch.tensor(index) if index and not isinstance(index[0], (slice, type(None))) else index
    return index


def _rebuild_tensor(array, dtype_name, stop_gradient):
    t = torch.from_numpy(np.array(array))
    if dtype_name == "bfloat16":
        t = t.view(torch.bfloat16)
    r = wrap(t)
    r.stop_gradient = stop_gradient
    return r


def _rebuild_parameter(array, dtype_name, name, trainable):
    t = torch.from_numpy(np.array(array))
    if dtype_name == "bfloat16":
        t = t.view(torch.bfloat16)
    return Parameter(_data=t, name=name, trainable=trainable)


def _has_tensor(seq):
    for item in seq:
        if isinstance(item, Tensor):
            return True
        if isinstance(item, (list, tuple)) and _has_tensor(item):
            return True
    return False


def _tensors_to_numpy(seq):
    return [_tensors_to_numpy(i) if isinstance(i, (list, tuple)) else (i.numpy() if isinstance(i, Tensor) else i)
            for i in seq]


def data_to_torch(data, dtype=None, place=None):
    """The conversion behind ``paddle.to_tensor``: Paddle's dtype inference, a copy, on ``place``."""
    tdtype = _dt.to_torch_dtype(dtype)
    device = parse_device(place)
    if isinstance(data, Tensor):
        t = data._t.detach().clone()
    elif isinstance(data, torch.Tensor):
        t = data.detach().clone()
    elif isinstance(data, np.ndarray):
        if data.dtype.kind in "USOV":
            raise TypeError(f"to_tensor does not support numpy arrays of dtype {data.dtype}")
        t = torch.from_numpy(np.array(data, copy=True, order="C"))
    elif isinstance(data, (bool, int, float, complex, np.generic)):
        if isinstance(data, np.generic):
            t = torch.from_numpy(np.array(data))
        elif isinstance(data, bool):
            t = torch.tensor(data, dtype=torch.bool)
        elif isinstance(data, int):
            t = torch.tensor(data, dtype=torch.int64)
        elif isinstance(data, float):
            t = torch.tensor(data, dtype=_dt.default_float().torch)
        else:
            t = torch.tensor(data, dtype=torch.complex128 if _dt.default_float() is _dt.float64 else torch.complex64)
    elif isinstance(data, (list, tuple)):
        if _has_tensor(data):
            data = _tensors_to_numpy(data)
        try:
            arr = np.array(data)
        except ValueError as e:
            raise ValueError(
                f"to_tensor: `data` must be a rectangular (non-ragged) nested list/tuple; numpy said: {e}"
            ) from None
        if arr.dtype == object or arr.dtype.kind in "USV":
            raise TypeError(f"to_tensor: cannot convert a list of {arr.dtype} elements to a Tensor")
        if arr.dtype.kind == "f" and not any(isinstance(i, np.ndarray) for i in data):
            arr = arr.astype(_dt.default_float().numpy) if arr.dtype == np.float64 else arr
        elif arr.dtype.kind == "c" and arr.dtype == np.complex128:
            arr = arr.astype(np.complex128 if _dt.default_float() is _dt.float64 else np.complex64)
        t = torch.from_numpy(arr)
    else:
        raise TypeError(
            f"Can't construct a Tensor from data of type {type(data).__name__}: expected a scalar, list,"
            " tuple, numpy.ndarray or Tensor"
        )
    if tdtype is not None and t.dtype is not tdtype:
        t = t.to(tdtype)
    if t.device != device:
        t = t.to(device)
    return t


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    r = wrap(data_to_torch(data, dtype, place))
    if not stop_gradient:
        r.stop_gradient = False
    return r
