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


def _paddle_backward_error(e):
    """torch's error for a tensor saved for backward and modified in place since, in Paddle's words (Paddle's
    TensorWrapper version check); any other error as it is."""
    text = str(e)
    if "needed for gradient computation has been modified by an inplace operation" not in text:
        return e
    import re

    found = re.search(r"is at version (\d+); expected version (\d+)", text)
    if found is None:
        return e
    now, saved = found.groups()
    return RuntimeError(
        f"(PermissionDenied) Tensor '' used in gradient computation has been modified by an inplace operation. Its "
        f"version is {now} but the expected version is {saved}. Please fix your code to void calling an inplace "
        "operator after using the Tensor which will used in gradient computation.\n  [Hint: Expected "
        f"tensor_version == wrapper_version_snapshot, but received tensor_version:{now} != "
        f"wrapper_version_snapshot:{saved}.]"
    )
_VF = torch._C._VariableFunctions
_vf_add, _vf_sub, _vf_mul, _vf_div = _VF.add, _VF.sub, _VF.mul, _VF.true_divide
_vf_floordiv, _vf_rem, _vf_pow = _VF.floor_divide, _VF.remainder, _VF.pow
_vf_lt, _vf_le, _vf_gt, _vf_ge = _VF.lt, _VF.le, _VF.gt, _VF.ge
_FROM_TORCH = _dt.FROM_TORCH
_is_grad_enabled = torch.is_grad_enabled
_STRIDED = torch.strided


_amp = None  # paddle.amp's cast state while auto_cast is on (set by paddle_compat.amp.auto_cast)
_DTensor = None  # torch's DTensor class once auto-parallel is in use (set by paddle_compat.distributed.auto_parallel)

class Tensor:
    # _persistable and _sg are set on few tensors only; readers fall back to Paddle's defaults
    __slots__ = ("_t", "_name", "_persistable", "_sg", "__weakref__")

    # --- construction -------------------------------------------------------------------------
    def __init__(self, *args, **kwargs):
        # paddle.Tensor(value) / paddle.Tensor(dtype, dims, name, type, persistable) forms.
        if args and isinstance(args[0], (np.ndarray, Tensor)):
            self._t = data_to_torch(args[0], kwargs.get("dtype"), kwargs.get("place"))
        elif args and isinstance(args[0], (list, tuple, int, float, bool)):
            raise ValueError(
                "(InvalidArgument) We support construct Tensor from numpy value or tensor(Tensor or "
                f"phi::DenseTensor) with python args and kwargs by this initializer, but got {type(args[0]).__name__}"
                "; use paddle.to_tensor for Python lists and scalars."
            )
        else:
            self._t = torch.empty(0)
        self._name = _generated_name()
        self.persistable = bool(kwargs.get("persistable", False))
        if kwargs.get("process_mesh") is not None or kwargs.get("placements") is not None:
            # paddle.Tensor(tensor, process_mesh=..., placements=...): Paddle's dist tensor constructor
            from ..distributed.auto_parallel.api import _to_dist

            self._t = _to_dist(self._t, kwargs.get("process_mesh"), kwargs.get("placements"))

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

    def numel(self, name=None):
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
        # Paddle: a VarType member for a dense tensor, None for a sparse one
        return _dt.LOD_TENSOR if self._t.layout is _STRIDED else None

    @property
    def layout(self):
        return "NCHW"

    def is_dense(self):
        return self._t.layout is _STRIDED

    def is_dist(self):
        return _DTensor is not None and isinstance(self._t, _DTensor)

    # auto-parallel members: None on a dense tensor (as in Paddle), answered by distributed.auto_parallel.api
    @property
    def placements(self):
        return _dist_attr(self, "placements")

    @property
    def process_mesh(self):
        return _dist_attr(self, "process_mesh")

    @property
    def dist_attr(self):
        return _dist_attr(self, "dist_attr")

    def _local_value(self, *_ignored, **_ignored_kw):  # a C-level method in Paddle: extra arguments ignored
        return _dist_attr(self, "_local_value")

    def is_sparse(self):
        return self._t.layout is not _STRIDED  # COO or CSR (torch's own is_sparse means COO only)

    def is_sparse_coo(self):
        return self._t.layout == torch.sparse_coo

    def is_sparse_csr(self):
        return self._t.layout == torch.sparse_csr

    # Paddle's C-level methods ignore extra positional and keyword arguments (tests/compat/call_forms.py
    # records them on the oracle): `x.clone(1)` works there, so it does here.
    def is_contiguous(self, *_ignored, **_ignored_kw):
        return self._t.is_contiguous()

    def contiguous(self, *_ignored, **_ignored_kw):
        return wrap(self._t.contiguous())

    def data_ptr(self, *_ignored, **_ignored_kw):
        return self._t.data_ptr()

    def element_size(self, *_ignored, **_ignored_kw):
        return self._t.element_size()

    # --- autograd -----------------------------------------------------------------------------
    @property
    def persistable(self):
        return getattr(self, "_persistable", False)

    @persistable.setter
    def persistable(self, value):
        self._persistable = bool(value)

    @property
    def stop_gradient(self):
        # _sg: Paddle reports False where torch cannot track grads (gradient tensors, int tensors asked for it)
        return False if self._t.requires_grad else getattr(self, "_sg", True)

    @stop_gradient.setter
    def stop_gradient(self, value):
        t = self._t
        if hasattr(self, "_sg"):
            if not t.requires_grad and ("_pd_grad" in t.__dict__ or not (t.is_floating_point() or t.is_complex())):
                # a gradient tensor (from `.grad`) or an int tensor: Paddle keeps the flag, torch has no place for
                # it; on a gradient it sticks to the torch tensor, so the next `.grad` read reports it too
                self._sg = value = bool(value)
                if value:
                    t.__dict__["_pd_sg"] = True
                else:
                    t.__dict__.pop("_pd_sg", None)
                return
            del self._sg
        if value:
            if t.requires_grad:
                if t.grad_fn is None:
                    t.requires_grad_(False)
                else:  # a non-leaf: cut it from the graph, as Paddle does
                    self._t = t.detach()
        elif not t.requires_grad:
            if t.is_floating_point() or t.is_complex():
                if not torch.compiler.is_exporting():  # jit.save's trace keeps no gradient flags (torch refuses)
                    t.requires_grad_(True)
            else:  # int/bool: torch cannot track it, Paddle keeps the flag
                self._sg = False

    @property
    def block(self):
        # dygraph: the global block of the default main program, as Paddle answers (PaddleSeg's param_init
        # passes it to initializers)
        from ..framework.program import default_main_program

        return default_main_program().global_block()

    @property
    def is_leaf(self):
        return self._t.is_leaf

    @property
    def grad(self):
        g = _grad_of(self._t)
        if g is None:
            return None
        r = wrap(g)
        # Paddle's gradient tensors print stop_gradient=False, except the very tensor a PyLayer.backward
        # returned for a leaf with no grad yet (marked by autograd.py_layer._mark_fresh_grad) or one the user
        # flagged (the stop_gradient setter keeps the flag on the torch tensor, marked as a gradient here)
        d = g.__dict__
        d["_pd_grad"] = True
        r._sg = "_pd_sg" in d
        return r

    @grad.setter
    def grad(self, value):
        # Paddle copies the value into the gradient: into the existing one in place (which keeps its
        # stop_gradient flag), or into a new gradient that reports stop_gradient=True
        if not isinstance(value, Tensor):
            raise ValueError(
                f"(InvalidArgument) argument (position 1) must be Tensor, but got {type(value).__name__}")
        t = self._t
        g = t.grad
        v = value._t.detach()
        if g is not None and g.dtype is not v.dtype:
            raise RuntimeError(
                f"(PreconditionNotMet) Tensor  has different data type with Tensor {value.name}, Tensor Copy cannot "
                "be performed!")
        if g is not None and g.shape == v.shape:
            with torch.no_grad():
                g.copy_(v)
            return
        fresh = v.clone()
        fresh.__dict__["_pd_sg"] = True
        t.grad = fresh

    @property
    def grad_fn(self):
        return self._t.grad_fn

    def backward(self, grad_tensor=None, retain_graph=False):
        t = self._t
        if grad_tensor is not None:
            assert isinstance(grad_tensor, Tensor), "The type of grad_tensor must be paddle.Tensor"
            assert grad_tensor._t.shape == t.shape, (
                f"Tensor shape not match, Tensor of grad_tensor [ {grad_tensor.name} ] with shape "
                f"{grad_tensor.shape} mismatch Tensor [ {self.name} ] with shape {self.shape}")
        if not t.requires_grad:  # outside any graph (stop_gradient=True): Paddle returns without a word
            return
        if grad_tensor is None:
            if t.numel() != 1:
                grad_tensor = torch.ones_like(t)
        else:
            grad_tensor = grad_tensor._t
        try:
            t.backward(grad_tensor, retain_graph=retain_graph)
        except RuntimeError as e:
            if "backward through the graph a second time" in str(e):
                raise SystemError(
                    "(Fatal) The TensorWrappers of the backward node do not exist. This may be because: You "
                    "calculate backward twice for the same subgraph without setting retain_graph=True."
                ) from None
            raise _paddle_backward_error(e) from None

    def gradient(self):
        g = _grad_of(self._t)
        return None if g is None else g.detach().cpu().numpy()

    def _clear_grad(self, set_to_zero):
        g = _grad_of(self._t)
        if g is not None:
            if set_to_zero:
                g.detach_().zero_()
            else:
                self._t.grad = None

    def clear_grad(self):
        self._clear_grad(True)

    def clear_gradient(self, set_to_zero=True, /, *_ignored, **_ignored_kw):
        # C method: reads `set_to_zero` positionally only (extra arguments and keywords are ignored, as in Paddle 2.6.2)
        self._clear_grad(bool(set_to_zero))

    def _zero_grads(self, *_ignored, **_ignored_kw):
        self._clear_grad(True)

    def detach(self, *_ignored, **_ignored_kw):
        r = wrap(self._t.detach())
        r._name = f"eager_in_tmp_{_generated_name()[17:]}"  # Paddle: named at once, on the generated counter
        return r

    def detach_(self, *_ignored, **_ignored_kw):
        self._t = self._t.detach()
        return self

    def clone(self, *_ignored, **_ignored_kw):
        return wrap(self._t.clone())

    def retain_grads(self, *_ignored, **_ignored_kw):
        if self._t.requires_grad:  # Paddle: a no-op on a stop_gradient=True tensor
            self._t.retain_grad()

    def register_hook(self, hook):
        if not self._t.requires_grad:
            raise RuntimeError("Cannot register hook on a tensor that stop gradient.")

        def torch_hook(g):
            grad = wrap(g)
            grad._sg = False  # Paddle hands hooks a gradient that reports stop_gradient=False
            out = hook(grad)
            return None if out is None else unwrap(out)

        return TensorHookRemoveHelper(self, self._t.register_hook(torch_hook))

    # --- conversion ---------------------------------------------------------------------------
    def numpy(self, *_ignored, **_ignored_kw):
        # Paddle 2.6.2's C method takes an optional `set_to_1d` and ignores it and anything else (0-D stays 0-D)
        # Paddle returns a copy: the array must not change when the tensor is updated in place later
        t = self._t.detach()
        if _DTensor is not None and isinstance(t, _DTensor):
            from ..distributed.auto_parallel.api import _global_value

            t = _global_value(t)  # Paddle: a dist tensor's numpy() is its global value
        if t.device.type != "cpu":
            t = t.cpu()  # already a copy
            copy = False
        else:
            copy = True
        if t.dtype is torch.bfloat16:
            return t.view(torch.uint16).numpy().copy()
        if t.is_conj():
            t = t.resolve_conj()
        return t.numpy().copy() if copy else t.numpy()

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a if dtype is None else a.astype(dtype)

    def item(self, *args):
        t = self._t
        if args:
            for position, a in enumerate(args, 1):
                if not isinstance(a, int):
                    raise ValueError(f"(InvalidArgument) argument (position {position}) must be long, but got "
                                     f"{type(a).__name__}")
            if len(args) == 1:
                offset, numel = args[0], t.numel()
                if not 0 <= offset < numel:
                    raise ValueError(f"(InvalidArgument) index {offset % 2**64} is out of bounds for size {numel}")
                return _item(t.reshape(-1)[offset])
            if len(args) != t.dim():
                raise ValueError("(InvalidArgument) incorrect number of indices for Tensor\n  [Hint: Expected "
                                 f"PyTuple_Size(args) == dims.size(), but received PyTuple_Size(args):{len(args)} "
                                 f"!= dims.size():{t.dim()}.]")
            for axis, (index, size) in enumerate(zip(args, t.shape)):
                if not 0 <= index < size:
                    raise ValueError(f"(InvalidArgument) index {index % 2**64} is out fo bounds for axis {axis} "
                                     f"with size {size}")
            return _item(t[args])
        if t.numel() != 1:
            raise ValueError(
                "(InvalidArgument) only one element tensors can be converted to Python scalars when no input "
                f"coordinates\n  [Hint: Expected numel == 1, but received numel:{t.numel()} != 1:1.]"
            )
        return _item(t.reshape(()))

    def tolist(self):
        t = self._t
        if t.dtype is torch.bfloat16 or _DTensor is not None and isinstance(t, _DTensor):
            return self.numpy().tolist()  # a dist tensor's list is its global value, as Paddle's
        return t.tolist()

    def astype(self, dtype):
        d = _dt.to_torch_dtype(dtype)
        return wrap(self._t.to(d) if d is not _TBF16 else _dt.convert(self._t, d))

    def cast(self, dtype):
        d = _dt.to_torch_dtype(dtype)
        return wrap(self._t.to(d) if d is not _TBF16 else _dt.convert(self._t, d))

    def cpu(self):
        return wrap(self._t.cpu())

    def cuda(self, device_id=None, blocking=True):
        return wrap(self._t.to(parse_device("gpu" if device_id is None else f"gpu:{device_id}")))

    def pin_memory(self, blocking=True):
        if not torch.cuda.is_available():  # as a CPU-only Paddle build
            raise RuntimeError(
                "(PermissionDenied) Cannot use CUDAPinnedPlace in CPU only version, Please recompile or reinstall "
                "Paddle with CUDA support."
            )
        return wrap(self._t.pin_memory())

    def to(self, *args, **kwargs):
        """``to(dtype, blocking=None)``, ``to(device, dtype=None, blocking=None)``, ``to(other, blocking=None)``,
        read from positions as Paddle 2.6.2 reads them (a dtype positionally is a paddle/numpy dtype instance or
        a dtype name; anything else there is a device)."""
        if not 0 < len(args) + len(kwargs) <= 3:
            raise TypeError(
                "to() received too mant arguments - expected one of:\n  * (Union[str, paddle.CPUPlace(), "
                "paddle.CUDAPlace(), paddle.CUDAPinnedPlace(), paddle.XPUPlace(), paddle.CustomPlace()] device, "
                "Union[str, paddle.dtype, numpy.dtype] dtype, bool blocking)\n * (Union[str, paddle.dtype, "
                "numpy.dtype] dtype, bool blocking)\n * (paddle.Tensor other, bool blocking) "
            )
        for key in kwargs:
            if key not in ("device", "dtype", "blocking", "other"):
                raise TypeError("to() got an unexpected keyword argument " + key)
        device = dtype = None
        blocking = kwargs.get("blocking")
        if args:
            first = args[0]
            if isinstance(first, Tensor):
                device, dtype = first._t.device, first.dtype
                if len(args) == 2:
                    blocking = args[1]
            elif isinstance(first, (_dt.dtype, np.dtype)) or (isinstance(first, str) and first.lower() in _TO_DTYPES):
                dtype = first
                if len(args) == 2:
                    blocking = args[1]
            else:
                device = first
                if len(args) >= 2:
                    dtype = args[1]
                    if len(args) == 3:
                        blocking = args[2]
                else:
                    dtype = kwargs.get("dtype")
        else:
            device, dtype = kwargs.get("device"), kwargs.get("dtype")
            other = kwargs.get("other")
            if device is None and dtype is None and other is not None:
                device, dtype = other._t.device, other.dtype
        if device is None and dtype is None and blocking is None:
            return self
        if device is not None and not isinstance(device, (str, torch.device)) and not _is_place(device):
            raise ValueError(
                "device value error, must be str, paddle.CPUPlace(), paddle.CUDAPlace(), paddle.CUDAPinnedPlace(), "
                "paddle.XPUPlace() or paddle.CustomPlace(), but the type of device is " + type(device).__name__
            )
        assert blocking is None or isinstance(blocking, bool), "blocking value error, must be the True, False or None"
        # Paddle converts in place: the tensor itself takes the new dtype/device and is returned
        t = self._t
        if device is not None:
            t = t.to(parse_device(device))
        if dtype is not None:
            t = t.to(_dt.to_torch_dtype(dtype))
        if t is not self._t:
            if self._t.grad_fn is None:  # a leaf (Parameter: a torch Parameter) stays the same leaf
                with torch.no_grad():
                    self._t.data = t.detach()
            else:
                self._t = t
        return self

    def _to(self, device=None, dtype=None, blocking=None):
        """Paddle's private form of ``to`` (the AMP guide moves labels with ``label._to(place)``)."""
        return self.to(device=device, dtype=dtype, blocking=blocking)

    @property
    def data(self):
        return wrap(self._t.detach())

    @data.setter
    def data(self, value):
        v = unwrap(value)
        with torch.no_grad():
            self._t.data = v.detach() if isinstance(v, torch.Tensor) else torch.as_tensor(v)

    def set_value(self, value):
        """Overwrite the data in place; shape and dtype must match (AssertionError otherwise), as in Paddle."""
        if isinstance(value, Tensor):
            v = value._t.detach()
        else:
            v = torch.as_tensor(np.asarray(value))
        t = self._t
        if list(v.shape) != list(t.shape):
            raise AssertionError(
                f"Variable Shape not match, Variable [ {self.name} ] need tensor with shape {list(t.shape)} "
                f"but load set tensor with shape {list(v.shape)}"
            )
        if v.dtype is not t.dtype:
            raise AssertionError(
                f"Variable dtype not match, Variable [ {self.name} ] need tensor with dtype {_FROM_TORCH[t.dtype]}  "
                f"but load tensor with dtype {_FROM_TORCH.get(v.dtype, v.dtype)}"
            )
        with torch.no_grad():
            t.copy_(v.to(t.dtype))

    def copy_(self, other, blocking=True):  # Paddle's returns None
        with torch.no_grad():
            self._t.copy_(unwrap(other))

    def _copy_to(self, place, blocking):  # both required: real Paddle crashes when `blocking` is left out
        return wrap(self._t.detach().clone().to(parse_device(place)))

    @property
    def _place_str(self):
        return str(self.place)

    @property
    def strides(self):
        return list(self._t.stride())

    def get_strides(self):
        return list(self._t.stride())

    @property
    def offset(self):
        return self._t.storage_offset() * self._t.element_size()

    @property
    def inplace_version(self):
        return self._t._version

    def _inplace_version(self, *_ignored, **_ignored_kw):
        return self._t._version

    def _bump_inplace_version(self, *_ignored, **_ignored_kw):
        torch.autograd.graph.increment_version(self._t)

    def _offset(self, *_ignored, **_ignored_kw):
        return self._t.storage_offset() * self._t.element_size()

    def _grad_ivar(self, *_ignored, **_ignored_kw):
        return self.grad

    def _grad_name(self, *_ignored, **_ignored_kw):
        return ""  # what Paddle 2.6.2 answers for a dygraph tensor

    def _copy_gradient_from(self, other):
        fresh = other._t.detach().clone()
        fresh.__dict__["_pd_sg"] = True
        self._t.grad = fresh

    def _share_buffer_to(self, dst):
        """``dst`` keeps its shape and dtype but reads this tensor's memory from its start."""
        d = dst._t
        with torch.no_grad():
            d.set_(self._t.untyped_storage(), self._t.storage_offset(), d.shape, d.stride())

    def _is_shared_buffer_with(self, other):
        return self._t.untyped_storage().data_ptr() == other._t.untyped_storage().data_ptr()

    def _share_underline_tensor_to(self, dst):
        """``dst`` becomes a view of this tensor (same memory, shape and dtype); its autograd state stays."""
        with torch.no_grad():
            dst._t.data = self._t.detach()

    def _is_shared_underline_tensor_with(self, other):
        a, b = self._t, other._t
        return a.data_ptr() == b.data_ptr() and a.shape == b.shape and a.dtype == b.dtype

    def _set_impl(self, other):
        with torch.no_grad():
            self._t.data = other._t.detach()

    def is_same_shape(self, y, /):  # real Paddle crashes when `y` is missing or passed by keyword
        return list(self._t.shape) == list(y._t.shape)

    def _numel(self):
        return self._t.numel()

    def value(self):
        return self

    def _is_dense_tensor_hold_allocation(self):
        return True

    def get_tensor(self, *_ignored, **_ignored_kw):
        # Paddle returns its underlying DenseTensor (core.LoDTensor): prints its C++ description, shares the data
        from ..base.executor import LoDTensor

        return LoDTensor(_DenseTensorHolder(self))

    def _is_initialized(self):
        return True

    def is_floating_point(self):
        return self._t.is_floating_point()

    def is_complex(self):
        return self._t.is_complex()

    def is_integer(self):
        t = self._t
        return not (t.is_floating_point() or t.is_complex() or t.dtype is torch.bool)

    # --- Python protocol (Paddle 2.6: assertions, not TypeErrors, guard the scalar conversions) -------
    __array_ufunc__ = None  # numpy defers to our reflected operators: ndarray + Tensor -> Tensor
    __array_priority__ = 100

    def __len__(self):
        t = self._t
        assert t.dim() > 0, "len() of a 0-D tensor is wrong"
        return t.shape[0]

    def __iter__(self):
        t = self._t
        assert t.dim() > 0, "len() of a 0-D tensor is wrong"
        for i in range(t.shape[0]):
            yield wrap(t[i])

    def __bool__(self):
        t = self._t
        assert t.numel() == 1, (
            "When Variable is used as the condition of if/while , Variable can only contain one element."
        )
        # Paddle's truth value is `value > 0` (so -1 is False); as a tensor comparison it also traces under dynamo
        return bool(t > 0) if not t.is_complex() else bool(t.real > 0)

    __nonzero__ = __bool__

    def _scalar(self, what):
        t = self._t
        assert t.numel() == 1, f"only one element variable can be converted to {what}."
        return t.reshape(()).item()

    def __float__(self):
        return float(self._scalar("float"))

    def __int__(self):
        return int(self._scalar("int"))

    def __long__(self):
        return int(self._scalar("long"))

    def __index__(self):
        return int(self._scalar("python index"))

    def __hash__(self):
        return id(self)

    def __repr__(self):
        if _DTensor is not None and isinstance(self._t, _DTensor):
            from ..distributed.auto_parallel.api import dist_tensor_to_string

            return dist_tensor_to_string(self)
        from .printing import tensor_to_string

        return tensor_to_string(self)

    __str__ = __repr__

    def __format__(self, spec):
        if self._t.dim() == 0 and spec:
            return format(self._t.item(), spec)
        return str(self)

    def __deepcopy__(self, memo):
        new = wrap(self._t.detach().clone().requires_grad_(self._t.requires_grad))
        try:
            new._name = self._name
        except AttributeError:
            pass
        new.persistable = getattr(self, "persistable", False)
        memo[id(self)] = new
        return new

    def __reduce_ex__(self, protocol):
        return (_rebuild_tensor, (self.numpy(), self.dtype.name, self.stop_gradient))

    # --- indexing -----------------------------------------------------------------------------
    def __getitem__(self, index):
        t = self._t
        if type(index) is slice or type(index) is tuple:
            _check_slices(t, index)
            # chosen up front, not from torch's ValueError: jit.save's tracer reports that error as its own type
            if any(type(i) is slice and type(i.step) is int and i.step < 0
                   for i in (index if type(index) is tuple else (index,))):
                return wrap(_negative_step_getitem(t, index))
        try:
            return wrap(t[_torch_index(index)])
        except IndexError as e:
            raise _paddle_index_error(e) from None
        except ValueError as e:
            if "step must be greater than zero" not in str(e):
                raise
            return wrap(_negative_step_getitem(t, index))

    def __setitem__(self, index, value):
        t = self._t
        if type(t) is not torch.Tensor and _is_static_variable(t):
            raise RuntimeError(
                "In static mode, the __setitem__ (looks like: x[indices] = values) should not be used. Please use "
                "x = paddle.static.setitem(x, indices, values)"
            )
        if isinstance(value, Tensor):
            v = value._t
        elif isinstance(value, np.ndarray):
            v = torch.as_tensor(value)
        elif isinstance(value, (list, tuple)):
            raise ValueError(
                "(InvalidArgument) Value type error. The assign value allows Tensor, numpy.ndarray, integer, "
                f"float, complex or bool, but received {type(value).__name__}."
            )
        else:
            v = value
        if isinstance(v, torch.Tensor):
            if v.dtype is not t.dtype:
                v = v.to(t.dtype)
            if v.device != t.device:
                v = v.to(t.device)
        try:
            t[_torch_index(index)] = v
        except IndexError as e:
            raise _paddle_index_error(e, setting=True) from None
        except ValueError as e:
            if "step must be greater than zero" not in str(e):
                raise
            try:
                t[_negative_step_as_index(t, index)] = v
            except RuntimeError:
                if not isinstance(v, torch.Tensor):
                    raise
                raise _set_value_shape_error(v, _negative_step_getitem(t, index)) from None
        except RuntimeError as e:
            if "leaf Variable that requires grad" in str(e):
                raise ValueError(
                    f"(InvalidArgument) Leaf Tensor ({self.name}) that doesn't stop gradient can't use inplace "
                    "strategy."
                ) from None
            shape_error = _setitem_shape_error(t, _torch_index(index), v, str(e))
            if shape_error is None:
                raise
            raise shape_error from None

    # --- operators (hot path: keep them flat) -------------------------------------------------
    # Paddle 2.6 mixed-dtype rule, per operator (checked on the oracle): + - * promote two floating
    # dtypes (and float/complex); / and @ promote only float/complex; otherwise the right operand is
    # cast to the left operand's dtype. Python scalars follow torch's (= Paddle's) scalar rule except
    # where _odd_scalar says. Paddle defines no __iadd__ & co: `x += y` rebinds x to a new Tensor.
    # torch._C._VariableFunctions.* skips torch's Python-level operator wrapper (~80 ns per call).

    def __add__(self, y):
        x = self._t
        if y.__class__ is Tensor:
            y = y._t
            if y.dtype is not x.dtype:
                return _mixed(0, torch.add, x, y)
            r = _new(Tensor)
            try:
                r._t = _vf_add(x, y)
            except RuntimeError as e:
                raise _op_error(e, x, y) from None
            return r
        elif type(y) is float:
            r = _new(Tensor)
            d = x.dtype
            if d in _SCALE_DTYPES:  # x + 1 * y: no scalar-to-tensor wrap in torch (~1 us less), same values
                r._t = _vf_add(x, _ONE, alpha=_f32(y) if d in _ROUND32 else y)
            else:
                r._t = _vf_add(x, y)
            return r
        elif isinstance(y, Tensor):  # a Parameter
            return _tensor_op(0, torch.add, x, y._t)
        elif type(y) in _ODD_SCALARS or x.dtype is _TBOOL:
            return _odd_scalar(torch.add, x, y)
        if type(y) is _NDARRAY:
            return _nd_op(0, torch.add, x, y, False)
        r = _new(Tensor)
        r._t = x + y
        return r

    def __radd__(self, y):
        if type(y) is _NDARRAY:
            return _nd_op(0, torch.add, self._t, y, True)
        if type(y) in _ODD_SCALARS or self._t.dtype is _TBOOL:
            return _odd_scalar(torch.add, self._t, y, True)
        if type(y) is float and self._t.dtype in _ROUND32:
            y = _f32(y)
        return wrap(y + self._t)

    def __sub__(self, y):
        x = self._t
        if y.__class__ is Tensor:
            y = y._t
            if y.dtype is not x.dtype:
                return _mixed(0, torch.sub, x, y)
            r = _new(Tensor)
            try:
                r._t = _vf_sub(x, y)
            except RuntimeError as e:
                raise _op_error(e, x, y) from None
            return r
        elif type(y) is float:
            d = x.dtype
            if d in _SCALE_DTYPES:  # as __add__'s
                r = _new(Tensor)
                r._t = _vf_add(x, _ONE, alpha=-_f32(y) if d in _ROUND32 else -y)
                return r
            if d is _TBOOL:
                return _odd_scalar(torch.sub, x, y)
        elif isinstance(y, Tensor):  # a Parameter
            return _tensor_op(0, torch.sub, x, y._t)
        elif type(y) in _ODD_SCALARS or x.dtype is _TBOOL:
            return _odd_scalar(torch.sub, x, y)
        if type(y) is _NDARRAY:
            return _nd_op(0, torch.sub, x, y, False)
        r = _new(Tensor)
        r._t = x - y
        return r

    def __rsub__(self, y):
        if type(y) is _NDARRAY:
            return _nd_op(0, torch.sub, self._t, y, True)
        if type(y) in _ODD_SCALARS or self._t.dtype is _TBOOL:
            return _odd_scalar(torch.sub, self._t, y, True)
        if type(y) is float and self._t.dtype in _ROUND32:
            y = _f32(y)
        return wrap(y - self._t)

    def __mul__(self, y):
        x = self._t
        if y.__class__ is Tensor:
            y = y._t
            if y.dtype is not x.dtype:
                return _mixed(0, torch.mul, x, y)
            r = _new(Tensor)
            try:
                r._t = _vf_mul(x, y)
            except RuntimeError as e:
                raise _op_error(e, x, y) from None
            return r
        elif type(y) is float:
            r = _new(Tensor)
            r._t = _scale(x, y)
            return r
        elif isinstance(y, Tensor):  # a Parameter
            return _tensor_op(0, torch.mul, x, y._t)
        elif type(y) in _ODD_SCALARS or x.dtype is _TBOOL:
            return _odd_scalar(torch.mul, x, y)
        if type(y) is _NDARRAY:
            return _nd_op(0, torch.mul, x, y, False)
        r = _new(Tensor)
        r._t = _scale(x, y) if type(y) is int else x * y
        return r

    def __rmul__(self, y):
        if type(y) is _NDARRAY:
            return _nd_op(0, torch.mul, self._t, y, True)
        if type(y) in _ODD_SCALARS or self._t.dtype is _TBOOL:
            return _odd_scalar(torch.mul, self._t, y, True)
        if type(y) is float or type(y) is int:
            return wrap(_scale(self._t, y))
        return wrap(y * self._t)

    def __truediv__(self, y):
        x = self._t
        if y.__class__ is Tensor:
            y = y._t
            if y.dtype is not x.dtype:
                return _mixed(1, torch.true_divide, x, y)
            r = _new(Tensor)
            try:
                r._t = _vf_div(x, y)
            except RuntimeError as e:
                raise _op_error(e, x, y) from None
            return r
        elif type(y) is float or type(y) is int:
            r = _new(Tensor)
            if y and x.dtype in _SCALE_DTYPES:  # Paddle: scale by the reciprocal, x * (1 / y) + 0 (checked bitwise)
                r._t = _vf_add(_ZERO, x, alpha=1.0 / y)
            else:
                r._t = _vf_div(x, y)
            return r
        elif isinstance(y, Tensor):  # a Parameter
            return _tensor_op(1, torch.true_divide, x, y._t)
        elif type(y) in _ODD_SCALARS:
            return _odd_scalar(torch.true_divide, x, y)
        if type(y) is _NDARRAY:
            return _nd_op(1, torch.true_divide, x, y, False)
        r = _new(Tensor)
        r._t = x / y
        return r

    __div__ = __truediv__

    def __rtruediv__(self, y):
        if type(y) is _NDARRAY:
            return _nd_op(1, torch.true_divide, self._t, y, True)
        t = self._t
        if (type(y) is float or type(y) is int) and t.dtype in _SCALE_DTYPES:
            # a true division, as Paddle's kernel (torch's scalar / tensor multiplies by the reciprocal)
            return wrap(_vf_div(torch.tensor(y, dtype=t.dtype, device=t.device), t))
        return wrap(y / t)

    __rdiv__ = __rtruediv__

    def __floordiv__(self, y):
        x = self._t
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not x.dtype:
                return _mixed(2, torch.floor_divide, x, y)
            r = _new(Tensor)
            try:
                r._t = _vf_floordiv(x, y)
            except RuntimeError as e:
                raise _op_error(e, x, y) from None
            return r
        elif type(y) in _ODD_SCALARS:
            return _odd_scalar(torch.floor_divide, x, y)
        if type(y) is _NDARRAY:
            return _nd_op(2, torch.floor_divide, x, y, False)
        r = _new(Tensor)
        try:
            r._t = x // y
        except NotImplementedError as e:
            raise _op_error(e, x, y) from None
        return r

    def __mod__(self, y):
        x = self._t
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not x.dtype:
                return _mixed(2, torch.remainder, x, y)
            r = _new(Tensor)
            try:
                r._t = _vf_rem(x, y)
            except RuntimeError as e:
                raise _op_error(e, x, y) from None
            return r
        elif type(y) is float and x.dtype in _ROUND32:
            y = _f32(y)
        elif type(y) in _ODD_SCALARS:
            return _odd_scalar(torch.remainder, x, y)
        if type(y) is _NDARRAY:
            return _nd_op(2, torch.remainder, x, y, False)
        r = _new(Tensor)
        try:
            r._t = x % y
        except NotImplementedError as e:
            raise _op_error(e, x, y) from None
        return r

    def __pow__(self, y):
        x = self._t
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not x.dtype:
                return _mixed(2, torch.pow, x, y)
            r = _new(Tensor)
            try:
                r._t = _vf_pow(x, y)
            except RuntimeError as e:
                raise _op_error(e, x, y) from None
            return r
        elif type(y) is float and x.dtype in _ROUND32:
            y = _f32(y)
        elif type(y) in _ODD_SCALARS or x.dtype is _TBOOL:
            return _odd_scalar(torch.pow, x, y)
        if type(y) is _NDARRAY:
            return _nd_op(2, torch.pow, x, y, False)
        r = _new(Tensor)
        r._t = x ** y
        return r

    def __rpow__(self, y):
        if type(y) is _NDARRAY:
            return _nd_op(2, torch.pow, self._t, y, True)
        if type(y) in _ODD_SCALARS or self._t.dtype is _TBOOL:
            return _odd_scalar(torch.pow, self._t, y, True)
        return wrap(y ** self._t)

    def __matmul__(self, y):
        x = self._t
        if _amp is not None:  # auto_cast on: matmul is a white-list op (paddle.amp)
            from ..tensor.linalg import matmul

            return matmul(self, y if isinstance(y, Tensor) else wrap(to_torch(y, x.dtype)))
        if isinstance(y, Tensor):
            y = y._t
            if y.dtype is not x.dtype:
                return _mixed(1, torch.matmul, x, y)
        else:
            y = to_torch(y, x.dtype)
        try:
            return wrap(torch.matmul(x, y))
        except RuntimeError as e:
            from ..tensor.linalg import matmul_shape_error

            message = matmul_shape_error(x.shape, y.shape)
            raise (ValueError("(InvalidArgument) " + message) if message else _op_error(e, x, y)) from None

    def __neg__(self):
        t = self._t
        d = t.dtype
        if d in _SCALE_DTYPES:
            return wrap(_vf_add(_ZERO, t, alpha=-1))  # Paddle: 0 * -1 is +0
        return wrap(t.clone() if d is _TBOOL else -t)  # Paddle scales a bool by -1 and casts back: True stays True

    def __invert__(self):
        return wrap(~self._t)

    def __and__(self, y):
        return _cmp(torch.bitwise_and, self._t, y)

    def __or__(self, y):
        return _cmp(torch.bitwise_or, self._t, y)

    def __xor__(self, y):
        return _cmp(torch.bitwise_xor, self._t, y)

    def __eq__(self, y):
        if not isinstance(y, Tensor):
            _check_cmp(y, "__eq__")
        return _cmp(_float_eq, self._t, y)

    def __ne__(self, y):
        if not isinstance(y, Tensor):
            _check_cmp(y, "__ne__")
        return _cmp(_float_ne, self._t, y)

    def __lt__(self, y):
        x = self._t
        if y.__class__ is Tensor:
            yt = y._t
            if yt.dtype is x.dtype:
                r = _new(Tensor)
                try:
                    r._t = _vf_lt(x, yt)
                except RuntimeError as e:
                    raise _op_error(e, x, yt) from None
                return r
        return _cmp(torch.lt, x, y, True)

    def __le__(self, y):
        x = self._t
        if y.__class__ is Tensor:
            yt = y._t
            if yt.dtype is x.dtype:
                r = _new(Tensor)
                try:
                    r._t = _vf_le(x, yt)
                except RuntimeError as e:
                    raise _op_error(e, x, yt) from None
                return r
        return _cmp(torch.le, x, y, True)

    def __gt__(self, y):
        x = self._t
        if y.__class__ is Tensor:
            yt = y._t
            if yt.dtype is x.dtype:
                r = _new(Tensor)
                try:
                    r._t = _vf_gt(x, yt)
                except RuntimeError as e:
                    raise _op_error(e, x, yt) from None
                return r
        return _cmp(torch.gt, x, y)

    def __ge__(self, y):
        x = self._t
        if y.__class__ is Tensor:
            yt = y._t
            if yt.dtype is x.dtype:
                r = _new(Tensor)
                try:
                    r._t = _vf_ge(x, yt)
                except RuntimeError as e:
                    raise _op_error(e, x, yt) from None
                return r
        return _cmp(torch.ge, x, y)


class TensorHookRemoveHelper:
    """What ``Tensor.register_hook`` returns: ``remove()`` takes the hook off (True), or warns and returns False
    when it is already gone, as Paddle's helper does."""

    __module__ = "paddle.base.dygraph.tensor_patch_methods"

    def __init__(self, tensor, handle):
        self._tensor = tensor
        self._handle = handle
        self._hook_id = handle.id

    def remove(self):
        hooks = self._handle.hooks_dict_ref()
        if hooks is not None and self._hook_id in hooks:
            self._handle.remove()
            return True
        import warnings

        warnings.warn(f"The backward hook (ID: {self._hook_id}) of Tensor `{self._tensor.name}` you want to remove "
                      "does not exist or has been removed.", RuntimeWarning)
        return False


class Parameter(Tensor):
    """Paddle's ``EagerParamBase``: a trainable Tensor owned by a Layer; ``_t`` is a torch Parameter."""

    __slots__ = ("__dict__",)

    def __init__(self, shape=None, dtype="float32", **kwargs):
        data = kwargs.pop("_data", None)
        if data is None:
            data = torch.empty([int(s) for s in shape], dtype=_dt.to_torch_dtype(dtype), device=current_device())
        trainable = kwargs.pop("trainable", True)
        self._t = torch.nn.Parameter(data, requires_grad=trainable and (data.is_floating_point() or data.is_complex()))
        name = kwargs.pop("name", None)
        if name is None:  # Paddle: EagerParamBase names itself from the unique-name generator
            from ..utils.unique_name import generate

            name = generate("_eager_param_base")
        self._name = name
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

    @classmethod
    def from_tensor(cls, tensor, **kwargs):
        """A parameter of ``tensor``'s shape and dtype sharing its data (``EagerParamBase.from_tensor``)."""
        mesh, placements = kwargs.pop("process_mesh", None), kwargs.pop("placements", None)
        if mesh is not None or placements is not None:
            from ..distributed.auto_parallel.api import _dist_parameter

            return _dist_parameter(cls, tensor._t.detach(), mesh, placements, kwargs)
        return cls(_data=tensor._t.detach(), **kwargs)

    def set_init_func(self, obj):
        self._init_func = obj

    def initialize(self):
        """Run the deferred initializer of a parameter created under ``paddle.LazyGuard``."""
        init = self.__dict__.get("_init_func")
        assert init is not None, "Required self._init_func is not None, but received None."
        init(self, None)
        self._init_func = None

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


# Paddle's class name and module for dygraph parameters (printed by type(), used by pickles of the class)
Parameter.__name__ = Parameter.__qualname__ = "EagerParamBase"
Parameter.__module__ = "paddle.base.framework"


# --- bridge helpers ------------------------------------------------------------------------------
def _dist_attr(tensor, name):
    if _DTensor is None or not isinstance(tensor._t, _DTensor):
        return None
    from ..distributed.auto_parallel.api import _dist_tensor_attr

    return _dist_tensor_attr(tensor, name)


class _DenseTensorHolder:
    """The storage behind ``Tensor.get_tensor()``: reads the Tensor's data; ``set()`` writes into it (in place
    when shape and dtype agree, otherwise the Tensor takes the new array, as Paddle's DenseTensor does)."""

    __slots__ = ("_owner",)

    def __init__(self, owner):
        self._owner = owner

    def get(self, _key, _default=None):
        return self._owner._t

    def __getitem__(self, _key):
        return self._owner._t

    def __contains__(self, _key):
        return True

    def __setitem__(self, _key, value):
        current = self._owner._t
        if value.shape == current.shape and value.dtype is current.dtype:
            with torch.no_grad():
                current.copy_(value)
            return
        if current.requires_grad and (value.is_floating_point() or value.is_complex()):
            value.requires_grad_(True)
        self._owner._t = value


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


_TO_DTYPES = frozenset({"bfloat16", "float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
                        "complex64", "complex128", "bool"})


def _is_place(obj):
    from .place import Place

    return isinstance(obj, Place)


def _item(t):
    return t.float().item() if t.dtype is torch.bfloat16 else t.item()


def _grad_of(t):
    # a non-leaf keeps no gradient unless retained: Paddle answers None where torch's `.grad` would also warn
    return t.grad if t.is_leaf or t.retains_grad else None


# Paddle names an op's output eager_tmp_N when its name is first read, and a tensor made from data (to_tensor,
# paddle.Tensor(...)) generated_tensor_N when it is created: two counters
_name_counter = [0]
_generated_counter = [0]


def _next_name():
    n = _name_counter[0]
    _name_counter[0] = n + 1
    return f"eager_tmp_{n}"


def _generated_name():
    n = _generated_counter[0]
    _generated_counter[0] = n + 1
    return f"generated_tensor_{n}"


_FLOATING = (torch.float16, torch.bfloat16, torch.float32, torch.float64)


def _tensor_op(kind, op, x, y):
    if y.dtype is not x.dtype:
        return _mixed(kind, op, x, y)
    try:
        return wrap(op(x, y))
    except RuntimeError as e:
        raise _op_error(e, x, y) from None


def _mixed(kind, op, x, y):
    """Binary op on two tensors of different dtypes, Paddle 2.6's rule.

    kind 0 (+ - *): floating/complex operands promote; kind 1 (/ @): only a complex operand promotes;
    kind 2 (// % **): never. Otherwise ``y`` is cast to ``x``'s dtype."""
    xc, yc = x.is_complex(), y.is_complex()
    if kind != 2 and (xc or yc) and (xc or x.is_floating_point()) and (yc or y.is_floating_point()):
        d = torch.promote_types(x.dtype, y.dtype)
        return wrap(op(x.to(d), y.to(d)))
    if kind == 0 and x.dtype in _FLOATING and y.dtype in _FLOATING:
        return wrap(op(x, y))
    return wrap(op(x, y.to(x.dtype)))


_TBOOL = torch.bool
_TBF16 = torch.bfloat16
_F64 = torch.float64
_ROUND32 = frozenset((torch.float64, torch.complex128))
# Paddle computes Tensor * scalar (and -x) with its scale kernel, x * s + 0, so a zero result is +0, never
# -0 (visible in printing). torch.add(ZERO, x, alpha=s) is that in one kernel, and cheaper than
# torch.mul(x, s), which wraps the Python scalar in a tensor first; likewise x + s as torch.add(x, ONE,
# alpha=s). Exact for these dtypes (checked bitwise against torch.mul/add); half types keep mul/add, whose
# scalar rounding differs.
_SCALE_DTYPES = frozenset((torch.float32, torch.float64, torch.complex64, torch.complex128))
_ZERO = torch.zeros(())
_ONE = torch.ones(())


def _scale(x, s):
    return _vf_add(_ZERO, x, alpha=s) if x.dtype in _SCALE_DTYPES else _vf_mul(x, s)

_F32_PACK = __import__("struct").Struct("f")


def _f32(v):
    """A Python float rounded to float32: Paddle passes the scalar of ``float64_tensor + 0.1`` (and of -,
    %, **, <, <=) to its kernels as a float32 attribute (checked on the oracle)."""
    try:
        return _F32_PACK.unpack(_F32_PACK.pack(v))[0]
    except OverflowError:
        return float("inf") if v > 0 else float("-inf")

_ODD_SCALARS = frozenset((bool, complex))


def _odd_scalar(op, t, y, rev=False):
    """Tensor (op) Python scalar where Paddle differs from torch (all checked on the oracle):
    a complex scalar with a real tensor is cast to the tensor's dtype (real part; bool(y) for bool
    tensors) except for ``*`` on a floating tensor, which promotes; a bool scalar counts as 0/1; a bool
    tensor with an int scalar stays bool (Paddle's scale kernel: the scalar is cast to bool first)."""
    if isinstance(y, complex) and not t.is_complex():
        if (op is torch.mul or op is torch.true_divide) and t.is_floating_point():
            return wrap(op(y, t) if rev else op(t, y))
        if t.dtype is _TBOOL:
            y = bool(y)
        else:
            y = y.real if t.is_floating_point() else int(y.real)
    elif isinstance(y, bool) and t.dtype is not _TBOOL:
        y = int(y)
    if t.dtype is _TBOOL:
        if type(y) is int:
            ti = t.to(torch.int64)
            if op is torch.sub:
                return wrap((ti + int(bool(y if rev else -y))) != 0)
            return wrap((op(y, ti) if rev else op(ti, y)) != 0)
        if type(y) is float:
            t = t.to(torch.get_default_dtype())
    return wrap(op(y, t) if rev else op(t, y))


def _float_eq(x, y):
    """Paddle's equal kernel: floats within 1e-8 compare equal (exact for other dtypes, and for infs)."""
    r = torch.eq(x, y)
    if x.is_floating_point():
        r = r | ((x - (float(y) if isinstance(y, bool) else y)).abs() < 1e-8)
    return r


def _float_ne(x, y):
    return ~_float_eq(x, y)


def _cmp(op, x, y, round32=False):
    """Comparison / bitwise op: the right operand takes x's dtype (Paddle's kernels), errors as Paddle's.
    ``round32``: < and <= see a Python float as float32 against a float64 tensor (>, >=, ==, != do not;
    == and != compare floats within 1e-8, as Paddle's equal kernel does)."""
    if round32 and type(y) is float and x.dtype in _ROUND32:
        y = _f32(y)
    y = _same_dtype(x, y)
    try:
        return wrap(op(x, y))
    except RuntimeError as e:
        raise _op_error(e, x, y) from None


# torch's kernel names in its "not implemented for '<dtype>'" errors -> the Paddle kernel an operator runs
_PADDLE_KERNEL_OF = {"div_floor_cpu": "floor_divide", "remainder_cpu": "remainder", "pow": "elementwise_pow",
                     "dot": "matmul", "addmm_impl_cpu_": "matmul", "bmm": "matmul", "mm": "matmul",
                     "lt_cpu": "less_than", "le_cpu": "less_equal", "gt_cpu": "greater_than",
                     "ge_cpu": "greater_equal"}


def _op_error(e, x, y):
    """torch's shape-mismatch RuntimeError -> Paddle's ValueError (InvalidArgument); torch's missing CPU kernel
    (NotImplementedError) -> Paddle's RuntimeError (NotFound) naming Paddle's kernel."""
    msg = str(e)
    if type(e) is NotImplementedError and '" not implemented for' in msg:
        kernel = msg.split('"')[1]
        from .errors import kernel_not_registered

        return kernel_not_registered(_PADDLE_KERNEL_OF.get(kernel, kernel), x.dtype)
    if msg.startswith("Subtraction, the `-` operator, with two bool tensors"):
        from .errors import kernel_not_registered

        return kernel_not_registered("subtract", x.dtype)
    if "must match the size" in msg or "shapes cannot be multiplied" in msg or "size mismatch" in msg or (
            "Expected size" in msg) or "mismatch in dimension" in msg or "inconsistent tensor size" in msg:
        xs = list(x.shape)
        ys = list(y.shape) if isinstance(y, torch.Tensor) else []
        return ValueError(
            f"(InvalidArgument) Broadcast dimension mismatch / incompatible shapes: X = {xs}, Y = {ys} ({msg})"
        )
    return e


_NDARRAY = np.ndarray


def _nd_op(kind, op, x, arr, rev):
    """Tensor (op) numpy array: Paddle converts the array to a Tensor (its own dtype) and applies the
    tensor-tensor rule with the Tensor operand deciding, whichever side the array is on."""
    y = torch.from_numpy(np.ascontiguousarray(arr)).to(x.device)
    if y.dtype is not x.dtype:
        xc, yc = x.is_complex(), y.is_complex()
        if (kind != 2 and (xc or yc) and (xc or x.is_floating_point()) and (yc or y.is_floating_point())) or (
                kind == 0 and x.dtype in _FLOATING and y.dtype in _FLOATING):
            d = torch.promote_types(x.dtype, y.dtype)
            x, y = x.to(d), y.to(d)
        else:
            y = y.to(x.dtype)
    try:
        return wrap(op(y, x) if rev else op(x, y))
    except RuntimeError as e:
        raise _op_error(e, x, y) from None


def _same_dtype(x, y):
    """Right operand of comparisons / bitwise ops: cast to x's dtype like Paddle's kernels do."""
    if isinstance(y, Tensor):
        y = y._t
        return y if y.dtype is x.dtype else y.to(x.dtype)
    if isinstance(y, (np.ndarray, list, tuple)):
        return torch.as_tensor(np.asarray(y)).to(x.dtype)
    if isinstance(y, complex) and not x.is_complex():
        return bool(y) if x.dtype is _TBOOL else y.real
    return y


def _check_cmp(y, name):
    if y is None or not isinstance(y, (int, float, bool, complex, np.generic, np.ndarray, list, tuple)):
        raise ValueError(
            f"(InvalidArgument) {name}(): argument (position 1) must be int, float, bool or Tensor, but got "
            f"{type(y).__name__}"
        )


_OOR = None


def _paddle_index_error(e, setting=False):
    """torch's out-of-range IndexError -> Paddle's message (same exception type); index tensors that do not
    broadcast together -> Paddle's ValueError naming the first failing axis counted from the right."""
    global _OOR
    import re

    if str(e).startswith("shape mismatch: indexing tensors could not be broadcast together with shapes "):
        shapes = [[int(d) for d in re.findall(r"\d+", m)] for m in re.findall(r"\[([\d, ]*)\]", str(e))]
        axis = next(k for k in range(max(map(len, shapes)))
                    if len({sh[-1 - k] for sh in shapes if k < len(sh) and sh[-1 - k] != 1}) > 1)
        op = "BroadCastTensorsDims" if setting else "BroadcastTensorsOp"
        return ValueError(f"(InvalidArgument) {op} inputs does not satisfy bcast semantics, please check axis = "
                          f"{axis} in reverse order")
    if _OOR is None:
        _OOR = re.compile(r"index (-?\d+) is out of bounds for dimension (\d+) with size (\d+)")
    m = _OOR.search(str(e))
    if m is None:  # more integer indices than axes: Paddle's slice check reports an (OutOfRange) axis
        return IndexError(("(OutOfRange) " if str(e).startswith("too many indices") else "") + str(e))
    i, d, n = m.groups()
    return IndexError(
        f"(OutOfRange) The starting index {i} of slice is out of bounds in tensor {d}-th axis, it shound be "
        f"in the range of [-{n}, {n})."
    )


def _dims_used(item):
    if item is None or item is Ellipsis:
        return 0
    if isinstance(item, Tensor):
        item = item._t
    if isinstance(item, torch.Tensor) and item.dtype is torch.bool:
        return max(item.dim(), 1)
    if isinstance(item, np.ndarray) and item.dtype == np.bool_:
        return max(item.ndim, 1)
    return 1


def _check_slices(t, index):
    """Paddle refuses a positive-step slice whose (clamped) end lies before its start."""
    items = index if type(index) is tuple else (index,)
    dim = 0
    for k, item in enumerate(items):
        if item is Ellipsis:
            dim = t.dim() - sum(_dims_used(i) for i in items[k + 1:])
            continue
        if type(item) is slice and item.start is not None and item.stop is not None and (
                item.step is None or item.step > 0) and dim < t.dim():
            n = t.shape[dim]
            start, stop = int(item.start), int(item.stop)
            start = min(max(start + n if start < 0 else start, 0), n)
            stop = min(max(stop + n if stop < 0 else stop, 0), n)
            if stop < start:
                raise ValueError(
                    "(InvalidArgument) When step > 0, end should be greater than start, but received end = "
                    f"{stop}, start = {start}."
                )
        dim += _dims_used(item)


def _negative_step_getitem(t, index):
    """Basic indexing with negative-step slices (torch refuses them): positive slice, then flip."""
    items = list(index) if isinstance(index, tuple) else [index]
    n_consumed = sum(1 for i in items if i is not None and i is not Ellipsis and not isinstance(i, bool))
    out, flips, dim, odim = [], [], 0, 0
    for item in items:
        if item is Ellipsis:
            k = t.dim() - n_consumed
            out.append(Ellipsis)
            dim += k
            odim += k
        elif item is None:
            out.append(None)
            odim += 1
        elif isinstance(item, slice):
            if item.step is not None and item.step < 0:
                start, stop, step = item.indices(t.shape[dim])
                elems = range(start, stop, step)
                if len(elems) == 0:
                    out.append(slice(0, 0))
                else:
                    out.append(slice(elems[-1], elems[0] + 1, -step))
                    flips.append(odim)
            else:
                out.append(item)
            dim += 1
            odim += 1
        elif isinstance(item, (int, np.integer)) or (isinstance(item, Tensor) and item._t.dim() == 0):
            out.append(_torch_index(item))
            dim += 1
        else:
            raise IndexError("paddle-compat: negative-step slices mixed with advanced indices are not supported")
    r = t[tuple(out)]
    return r.flip(flips) if flips else r


def _negative_step_as_index(t, index):
    """For item assignment: one negative-step slice becomes an index tensor (same target elements)."""
    items = list(index) if isinstance(index, tuple) else [index]
    neg = [k for k, i in enumerate(items) if isinstance(i, slice) and i.step is not None and i.step < 0]
    if len(neg) != 1 or any(isinstance(i, (list, Tensor, torch.Tensor, np.ndarray)) for i in items):
        raise IndexError("paddle-compat: assignment through several negative-step slices is not supported")
    k = neg[0]
    if Ellipsis in items[:k]:
        dim = t.dim() - sum(_dims_used(i) for i in items[k:])
    else:
        dim = sum(_dims_used(i) for i in items[:k])
    idx = torch.arange(*items[k].indices(t.shape[dim]), device=t.device)
    items[k] = idx
    return tuple(_torch_index(i) if not isinstance(i, torch.Tensor) else i for i in items)


def _torch_index(index):
    t = type(index)
    if t is int or t is slice or index is None or index is Ellipsis:
        return index
    if isinstance(index, Tensor):
        return index._t
    if t is tuple:
        return tuple(_torch_index(i) if type(i) is not int else i for i in index)
    if t is list:
        if any(isinstance(i, (slice, type(None))) or i is Ellipsis for i in index):
            return tuple(_torch_index(i) for i in index)
        if any(isinstance(i, Tensor) for i in index):
            index = _tensors_to_numpy(index)
        return torch.as_tensor(np.asarray(index))
    if isinstance(index, np.ndarray):
        return torch.from_numpy(index)
    return index


def _set_value_shape_error(v, target):
    return ValueError(
        "(InvalidArgument) The shape of tensor assigned value must match the shape of target shape: "
        f"{list(v.shape)}, but now shape is {list(target.shape)}."
    )


def _setitem_shape_error(t, tindex, v, message):
    """Paddle's error for an assigned value that does not broadcast to its target (None: another error).
    Basic indexing is Paddle's set_value op; advanced indexing expands the value (expand_v2) to the indexed
    part, or, through a boolean mask, to the whole of ``t``."""
    if not isinstance(v, torch.Tensor):
        return None
    if "shape mismatch: value tensor" not in message:
        return _set_value_shape_error(v, t[tindex]) if "expand" in message else None
    items = tindex if type(tindex) is tuple else (tindex,)
    masked = any(isinstance(i, torch.Tensor) and i.dtype is torch.bool for i in items)
    target = list(t.shape if masked else t[tindex].shape)
    padded = [1] * (len(target) - v.dim()) + list(v.shape)
    for got, want in zip(padded, target):
        if got != 1 and got != want:
            return ValueError(
                f"(InvalidArgument) The value ({got}) of the non-singleton dimension does not match the "
                f"corresponding value ({want}) in shape for expand_v2 op."
            )
    return None


def _is_static_variable(t):
    from ..framework.program import _is_var_t

    return _is_var_t(t)


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


_SET_DTYPE_ERROR = ("(InvalidArgument) Input object type error or incompatible array data type. tensor.set() supports "
                    "array with bool, float16, float32, float64, int8, int16, int32, int64, uint8 or uint16, please "
                    "check your input or input array data type.")


def data_to_torch(data, dtype=None, place=None):
    """The conversion behind ``paddle.to_tensor``: Paddle's dtype inference, a copy, on ``place``."""
    tdtype = _dt.to_torch_dtype(dtype)
    device = parse_device(place)
    if isinstance(data, Tensor):
        t = data._t.detach().clone()
    elif isinstance(data, torch.Tensor):
        t = data.detach().clone()
    elif isinstance(data, np.ndarray):
        if data.dtype.kind in "USV":  # strings/bytes: Paddle's tensor.set() refuses them (ValueError)
            raise ValueError(_SET_DTYPE_ERROR)
        if data.dtype.kind == "O":
            raise TypeError(f"to_tensor does not support numpy arrays of dtype {data.dtype}")
        if data.dtype == np.uint16:  # Paddle's numpy spelling of bfloat16
            t = torch.from_numpy(np.array(data, copy=True, order="C").view(np.int16)).view(torch.bfloat16)
        else:
            t = torch.from_numpy(np.array(data, copy=True, order="C"))
    elif isinstance(data, (bool, int, float, complex, np.generic)):
        if isinstance(data, np.generic):
            t = torch.from_numpy(np.array(data))
        elif isinstance(data, bool):
            t = torch.tensor(data, dtype=torch.bool)
        elif isinstance(data, int):
            t = torch.tensor(data, dtype=torch.int64)
        elif isinstance(data, float):
            t = torch.tensor(data, dtype=tdtype if tdtype is not None and tdtype.is_floating_point
                             else _dt.default_float().torch)
        else:
            t = torch.tensor(data, dtype=torch.complex128 if _dt.default_float() is _dt.float64 else torch.complex64)
    elif isinstance(data, (list, tuple)):
        if _has_tensor(data):
            data = _tensors_to_numpy(data)
        arr = np.array(data)  # a ragged list raises numpy's ValueError, as in Paddle
        if arr.dtype.kind in "USV":  # strings/bytes: Paddle's tensor.set() refuses them (ValueError)
            raise ValueError(_SET_DTYPE_ERROR)
        if arr.dtype == object:
            raise TypeError(f"to_tensor: cannot convert a list of {arr.dtype} elements to a Tensor")
        if tdtype is not None and tdtype is not torch.bfloat16:
            pass  # convert the float64/complex128 data straight to the requested dtype, as Paddle does
        elif arr.dtype.kind == "f" and not any(isinstance(i, np.ndarray) for i in data):
            arr = arr.astype(_dt.default_float().numpy) if arr.dtype == np.float64 else arr
        elif arr.dtype.kind == "c" and arr.dtype == np.complex128:
            arr = arr.astype(np.complex128 if _dt.default_float() is _dt.float64 else np.complex64)
        t = torch.from_numpy(arr)
    else:
        raise TypeError(
            f"Can't constructs a 'paddle.Tensor' with data type {type(data)}, data type must be "
            "scalar|list|tuple|np.ndarray|paddle.Tensor"
        )
    if tdtype is not None and t.dtype is not tdtype:
        t = _dt.convert(t, tdtype)
    if t.device != device:
        t = t.to(device)
    return t


_TO_TENSOR_DTYPES = frozenset(("bool", "float16", "uint16", "float32", "float64", "int8", "int16", "int32", "int64",
                               "uint8", "complex64", "complex128", "bfloat16"))


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    if stop_gradient is not True and stop_gradient is not False:  # Paddle's parser: a bool, or None (= False)
        if stop_gradient is not None:
            t = type(stop_gradient)
            raise ValueError("(InvalidArgument) argument (position 1) must be bool, but got "
                             f"{'' if t.__module__ == 'builtins' else t.__module__ + '.'}{t.__name__}")
        stop_gradient = False
    if isinstance(dtype, str) and dtype not in _TO_TENSOR_DTYPES:
        raise TypeError(
            "dtype must be any of [bool, float16, uint16, float32, float64, int8, int16, int32, int64, uint8, "
            f"complex64, complex128, bfloat16], but received {dtype}"
        )
    r = wrap(data_to_torch(data, dtype, place))
    r._name = data.name if isinstance(data, Tensor) else _generated_name()  # a Tensor's copy keeps its name
    # jit.save traces an inference graph, where torch.export refuses a requires_grad_() on an intermediate
    # (PaddleGAN's PReNet builds its recurrent state with to_tensor(zeros, stop_gradient=False))
    if not stop_gradient and not torch.compiler.is_exporting():
        r.stop_gradient = False
        if not r._t.requires_grad:  # int/bool data: torch cannot track it, Paddle still reports False
            r._sg = False
    return r
