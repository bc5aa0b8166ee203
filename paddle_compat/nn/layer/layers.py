"""``paddle.nn.Layer``: Paddle's dygraph Layer on plain Python containers, plus a torch ``nn.Module`` view.

Parameters, sublayers and buffers live in ``_parameters`` / ``_sub_layers`` / ``_buffers`` (Paddle's
attribute names, ordered dicts) *and* are mirrored into the instance ``__dict__`` so that ``self.fc``
or ``self.weight`` in a ``forward`` is an ordinary attribute hit (no ``__getattr__`` fallback on the
hot path). The mirror is kept by :class:`_Registry`, whose mutators update the owner's ``__dict__``;
so direct edits of ``layer._parameters[...]`` stay consistent.

``Layer._torch_module()`` returns a cached ``torch.nn.Module`` tree whose parameters/buffers are the
very same ``torch.nn.Parameter`` / tensor objects as the Layer's (``Parameter._t``); its ``forward``
wraps torch inputs, calls the Layer and unwraps the outputs (for torch.compile / DDP / FSDP / export).
"""

import collections
import re
import warnings
import weakref

import numpy as np
import torch

from ..._core import Parameter, Tensor, get_default_dtype, wrap
from ..._core import dtypes as _dtypes
from ..._core.dtypes import convert_dtype_to_paddle
from ..._core.place import current_device, parse_device
from ...utils import unique_name
from ..param_attr import _make_parameter

__all__ = ["Layer"]

_first_cap_re = re.compile("(.)([A-Z][a-z]+)")
_all_cap_re = re.compile("([a-z])([A-Z])")


def _convert_camel_to_snake(name):
    s1 = _first_cap_re.sub(r"\1_\2", name)
    return _all_cap_re.sub(r"\1_\2", s1).lower()


def _addindent(string, indent):
    s1 = string.split("\n")
    if len(s1) == 1:
        return string
    return s1[0] + "\n" + "\n".join((indent * " ") + line for line in s1[1:])


class HookRemoveHelper:
    """Handle returned by the ``register_*_hook`` methods; ``remove()`` unregisters the hook."""

    next_hook_id = 0

    def __init__(self, hooks):
        self._hooks_ref = weakref.ref(hooks)
        self._hook_id = HookRemoveHelper.next_hook_id
        HookRemoveHelper.next_hook_id += 1

    def remove(self):
        hooks = self._hooks_ref()
        if hooks is not None and self._hook_id in hooks:
            del hooks[self._hook_id]


_MISSING = object()
_REGISTRY_NAMES = frozenset(("_parameters", "_buffers", "_sub_layers"))


class _Registry(collections.OrderedDict):
    """OrderedDict that mirrors its entries into the owning Layer's ``__dict__`` (None values too)."""

    def __init__(self, owner_dict=None):
        super().__init__()
        self._owner = owner_dict

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        o = self.__dict__.get("_owner")
        if o is not None and isinstance(key, str):
            o[key] = value

    def __delitem__(self, key):
        super().__delitem__(key)
        o = self.__dict__.get("_owner")
        if o is not None:
            o.pop(key, None)

    def pop(self, key, default=_MISSING):
        if key in self:
            v = super().pop(key)
            o = self.__dict__.get("_owner")
            if o is not None:
                o.pop(key, None)
            return v
        if default is _MISSING:
            raise KeyError(key)
        return default

    def popitem(self, last=True):
        k, v = super().popitem(last)
        o = self.__dict__.get("_owner")
        if o is not None:
            o.pop(k, None)
        return k, v

    def clear(self):
        o = self.__dict__.get("_owner")
        if o is not None:
            for k in self:
                o.pop(k, None)
        super().clear()

    def update(self, *args, **kwargs):
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def __reduce__(self):
        # Pickle/deepcopy the items only; Layer.__setstate__ re-links the owner.
        return (_Registry, (), {"_owner": None}, None, iter(list(self.items())))

    def copy(self):
        return collections.OrderedDict(self)

    __copy__ = copy


def _check_new_name(name, kind):
    """register_buffer / add_parameter: Paddle's checks of the new entry's name."""
    if not isinstance(name, str):
        raise TypeError(f"The name of {kind} should be a string, but received {type(name).__name__}.")
    if "." in name:
        raise KeyError(
            f"The name of {kind} can not contain `.`, because when you access the newly added {kind} in the form of "
            "`self.**.**`, it will cause AttributeError."
        )
    if name == "":
        raise KeyError(f"The name of {kind} can not be empty.")


def _register(registry, name, value, *other_registries):
    """Layer.__setattr__ of a Parameter / Layer / Tensor: into its registry, out of the others."""
    if registry is None:
        raise ValueError("super().__init__() should be called first")
    for other in other_registries:
        other.pop(name, None)
    registry[name] = value


def _unset_registered(registry, name, value, kind, expected):
    """Assigning to a registered parameter / sublayer / buffer: only None is accepted (it stays registered)."""
    if value is not None:
        raise TypeError(
            f"assignment to {kind} '{name}' should be of type {expected} or None, but got '{type(value).__name__}'"
        )
    registry[name] = None


class Layer:
    """Paddle's ``paddle.nn.Layer`` (dygraph)."""

    def __init__(self, name_scope=None, dtype="float32"):
        d = self.__dict__
        d["training"] = True
        if name_scope is None:
            name_scope = _convert_camel_to_snake(self.__class__.__name__)
        d["_full_name"] = unique_name.generate(name_scope)
        d["_built"] = False
        d["_dtype"] = dtype
        d["_init_in_dynamic_mode"] = True
        d["_parameters"] = _Registry(d)
        d["_buffers"] = _Registry(d)
        d["_non_persistable_buffer_names_set"] = set()
        d["_sub_layers"] = _Registry(d)
        d["_loaddict_holder"] = collections.OrderedDict()
        d["_customized_attrs"] = {}
        d["_forward_pre_hooks"] = collections.OrderedDict()
        d["_forward_post_hooks"] = collections.OrderedDict()
        d["_cast_to_low_precison"] = True
        d["_state_dict_hooks"] = collections.OrderedDict()
        d["_original_funcs"] = collections.OrderedDict()
        d["_torch_view"] = None

    # --- mode -----------------------------------------------------------------------------------
    def train(self):
        self.training = True
        for layer in self.sublayers():
            layer.training = True

    def eval(self):
        self.training = False
        for layer in self.sublayers():
            layer.training = False

    def apply(self, fn):
        for layer in self.children():
            layer.apply(fn)
        fn(self)
        return self

    def full_name(self):
        return self._full_name

    # --- hooks ----------------------------------------------------------------------------------
    def register_forward_post_hook(self, hook):
        helper = HookRemoveHelper(self._forward_post_hooks)
        self._forward_post_hooks[helper._hook_id] = hook
        return helper

    def register_forward_pre_hook(self, hook):
        helper = HookRemoveHelper(self._forward_pre_hooks)
        self._forward_pre_hooks[helper._hook_id] = hook
        return helper

    def register_state_dict_hook(self, hook):
        helper = HookRemoveHelper(self._state_dict_hooks)
        self._state_dict_hooks[helper._hook_id] = hook
        return helper

    # --- creation -------------------------------------------------------------------------------
    def create_parameter(self, shape, attr=None, dtype=None, is_bias=False, default_initializer=None):
        if isinstance(attr, str) and attr == "":
            attr = None
        if dtype is None:
            # like Paddle, a parameter of unspecified dtype follows paddle.set_default_dtype (e.g. RNN cells)
            dtype = get_default_dtype() if self._dtype == "float32" else self._dtype
        return _make_parameter(self._full_name, attr, shape, dtype, is_bias, default_initializer)

    def create_variable(self, name=None, persistable=None, dtype=None):
        warnings.warn(
            "API \"paddle.nn.layer.layers.create_variable\" is deprecated since 2.0.0, and will be removed in "
            "future versions. Please use \"paddle.nn.Layer.create_tensor\" instead.",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.create_tensor(name, persistable, dtype)

    def create_tensor(self, name=None, persistable=None, dtype=None):
        if name is not None:
            var_name = self._full_name + "." + name
        else:
            var_name = unique_name.generate(self._full_name + "._generated_var")
        t = wrap(torch.empty(0, dtype=convert_dtype_to_paddle(dtype or self._dtype).torch))
        t.name = var_name
        t.persistable = bool(persistable)
        return t

    # --- traversal ------------------------------------------------------------------------------
    def parameters(self, include_sublayers=True):
        return [p for _, p in self.named_parameters(include_sublayers=include_sublayers)]

    def children(self):
        for _, layer in self.named_children():
            yield layer

    def named_children(self):
        memo = set()
        for name, layer in self._sub_layers.items():
            if layer is not None and layer not in memo:
                memo.add(layer)
                yield name, layer

    def sublayers(self, include_self=False):
        return [layer for _, layer in self.named_sublayers(include_self=include_self)]

    def _named_entries(self, registry, prefix, include_sublayers):
        """(dotted name, entry) of each distinct non-None entry of ``registry`` (``_parameters`` / ``_buffers``)
        in this layer and, with include_sublayers, its sublayers."""
        seen = set()
        named = self.named_sublayers(prefix=prefix, include_self=True) if include_sublayers else [(prefix, self)]
        for layer_prefix, sublayer in named:
            for key, entry in getattr(sublayer, registry).items():
                if entry is None or entry in seen:
                    continue
                seen.add(entry)
                yield layer_prefix + ("." if layer_prefix else "") + key, entry

    def named_parameters(self, prefix="", include_sublayers=True):
        yield from self._named_entries("_parameters", prefix, include_sublayers)

    def named_sublayers(self, prefix="", include_self=False, layers_set=None):
        if layers_set is None:
            layers_set = set()
        if include_self and self not in layers_set:
            layers_set.add(self)
            yield prefix, self
        for key, layer in self._sub_layers.items():
            if layer is None:
                continue
            layer_prefix = prefix + ("." if prefix else "") + key
            yield from layer.named_sublayers(prefix=layer_prefix, include_self=True, layers_set=layers_set)

    def register_buffer(self, name, tensor, persistable=True):
        if "_buffers" not in self.__dict__:
            raise ValueError("super().__init__() should be called first")
        _check_new_name(name, "buffer")
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists.")
        if tensor is not None and type(tensor) is not Tensor:
            raise TypeError(
                f"The registered buffer should be a Paddle.Tensor, but received {type(tensor).__name__}."
            )
        self._buffers[name] = tensor
        if persistable:
            self._non_persistable_buffer_names_set.discard(name)
        else:
            self._non_persistable_buffer_names_set.add(name)

    def buffers(self, include_sublayers=True):
        return [b for _, b in self.named_buffers(include_sublayers=include_sublayers)]

    def named_buffers(self, prefix="", include_sublayers=True):
        yield from self._named_entries("_buffers", prefix, include_sublayers)

    def clear_gradients(self, set_to_zero=True):
        for p in self.parameters():
            if p.trainable:
                p.clear_gradient(set_to_zero)

    # --- call -----------------------------------------------------------------------------------
    def _build_once(self, *args, **kwargs):
        pass

    def _dygraph_call_func(self, *inputs, **kwargs):
        for hook in list(self._forward_pre_hooks.values()):
            result = hook(self, inputs)
            if result is not None:
                inputs = result if isinstance(result, tuple) else (result,)
        if not self._built:
            self._build_once(*inputs, **kwargs)
            self._built = True
        outputs = self.forward(*inputs, **kwargs)
        for hook in list(self._forward_post_hooks.values()):
            result = hook(self, inputs, outputs)
            if result is not None:
                outputs = result
        return outputs

    def __call__(self, *inputs, **kwargs):
        if self._forward_pre_hooks or self._forward_post_hooks or not self._built:
            return self._dygraph_call_func(*inputs, **kwargs)
        return self.forward(*inputs, **kwargs)

    def forward(self, *inputs, **kwargs):
        raise NotImplementedError

    def backward(self, *inputs):
        raise ValueError("Layer shouldn't implement backward")

    def add_sublayer(self, name, sublayer):
        assert isinstance(sublayer, Layer) or sublayer is None
        self._sub_layers[name] = sublayer
        return sublayer

    def add_parameter(self, name, parameter):
        if "_parameters" not in self.__dict__:
            raise RuntimeError("super().__init__() should be called firstly.")
        _check_new_name(name, "parameter")
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"The parameter '{name}' already exists.")
        if parameter is not None and not isinstance(parameter, Parameter):
            raise TypeError(
                f"The parameter to be added should be a Parameter, but received {type(parameter).__name__}."
            )
        if parameter is not None and len(self._loaddict_holder) > 0:
            assert parameter.name in self._loaddict_holder, (
                f"Parameter not found, Can't not find [ {parameter.name} ] in state_dict"
            )
            parameter.set_value(self._loaddict_holder[parameter.name])
        self._parameters[name] = parameter
        return parameter

    # --- attribute protocol ---------------------------------------------------------------------
    def __getstate__(self):
        state = dict(self.__dict__)
        state["_torch_view"] = None
        return state

    def __setstate__(self, state):
        d = self.__dict__
        d.update(state)
        for reg in ("_parameters", "_buffers", "_sub_layers"):
            old = d.get(reg)
            if old is not None:
                new = _Registry(d)
                for k, v in old.items():
                    new[k] = v
                d[reg] = new

    def __getattr__(self, name):
        # Only reached when ``name`` is not in __dict__ (registries are mirrored there).
        d = self.__dict__
        for reg in ("_parameters", "_sub_layers", "_buffers"):
            r = d.get(reg)
            if r is not None and name in r:
                return r[name]
        if name == "_helper":  # Paddle's LayerObjectHelper (set in Layer.__init__ there; made on demand here)
            from .layer_helper import LayerObjectHelper

            return LayerObjectHelper(d.get("_full_name", ""))
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        d = self.__dict__
        if isinstance(getattr(type(self), name, None), property):
            object.__setattr__(self, name, value)  # the setter runs; Paddle then still registers tensors/layers
            if not isinstance(value, (Tensor, Layer)):
                return
        params = d.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise ValueError("super().__init__() should be called first")
            if len(self._loaddict_holder) > 0:
                assert value.name in self._loaddict_holder, (
                    f"Parameter not found, Can't not find [ {value.name} ] in state_dict"
                )
                value.set_value(self._loaddict_holder[value.name])
            _register(params, name, value, self._buffers, self._sub_layers)
            return
        if params is not None and name in params:
            _unset_registered(params, name, value, "parameter", "Parameter")
            return
        layers = d.get("_sub_layers")
        if isinstance(value, Layer):
            _register(layers, name, value, params, self._buffers)
            return
        if layers is not None and name in layers:
            _unset_registered(layers, name, value, "sublayer", "Layer")
            return
        buffers = d.get("_buffers")
        if isinstance(value, Tensor):
            if buffers is not None and name not in buffers:
                self._non_persistable_buffer_names_set.add(name)
            _register(buffers, name, value, params, layers)
            return
        if buffers is not None and name in buffers:
            _unset_registered(buffers, name, value, "buffers", "core.Tensor")
            return
        if name in _REGISTRY_NAMES and not isinstance(value, _Registry) and isinstance(value, dict):
            old = d.get(name)
            if old is not None:
                old.clear()
            reg = _Registry(d)
            for k, v in value.items():
                reg[k] = v
            value = reg
        d[name] = value

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._sub_layers:
            del self._sub_layers[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistable_buffer_names_set.discard(name)
        else:
            object.__delattr__(self, name)

    def __dir__(self):
        method = dir(self.__class__)
        attrs = list(self.__dict__.keys())
        return method + attrs + list(self._parameters.keys()) + list(self._sub_layers.keys()) + list(
            self._buffers.keys())

    def extra_repr(self):
        return ""

    def __repr__(self):
        extra_lines = self.extra_repr().split("\n")
        sublayer_lines = []
        for name, layer in self._sub_layers.items():
            sublayer_lines.append("(" + name + "): " + _addindent(repr(layer), 2))
        final_str = self.__class__.__name__ + "("
        if extra_lines:
            if len(extra_lines) > 1:
                final_str += "\n  " + "\n  ".join(extra_lines) + "\n"
            elif len(extra_lines) == 1:
                final_str += extra_lines[0]
        if sublayer_lines:
            final_str += "\n  " + "\n  ".join(sublayer_lines) + "\n"
        return final_str + ")"

    # --- state dict -----------------------------------------------------------------------------
    def _obtain_parameters_buffers(self, destination=None, include_sublayers=True, structured_name_prefix=""):
        return self._state_dict_impl(destination, include_sublayers, structured_name_prefix, False, False)

    def _state_dict_impl(self, destination=None, include_sublayers=True, structured_name_prefix="",
                         include_non_persistable_buffer=False, use_hook=True):
        if destination is None:
            destination = collections.OrderedDict()
        for name, data in self._parameters.items():
            if data is not None:
                destination[structured_name_prefix + name] = data
        npb = self._non_persistable_buffer_names_set
        for name, buf in self._buffers.items():
            if buf is not None and (include_non_persistable_buffer or name not in npb):
                destination[structured_name_prefix + name] = buf
        if include_sublayers:
            for layer_name, layer_item in self._sub_layers.items():
                if layer_item is not None:
                    layer_item._state_dict_impl(destination, include_sublayers,
                                                structured_name_prefix + layer_name + ".",
                                                include_non_persistable_buffer, use_hook)
        if use_hook:
            for hook in self._state_dict_hooks.values():
                result = hook(destination)
                if result is not None:
                    destination = result
        return destination

    def to_static_state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="",
                             use_hook=True):
        return self._state_dict_impl(destination, include_sublayers, structured_name_prefix, True, use_hook)

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="", use_hook=True):
        return self._state_dict_impl(destination, include_sublayers, structured_name_prefix, False, use_hook)

    def set_state_dict(self, state_dict, use_structured_name=True):
        missing_keys, unexpected_keys, match_keys = [], [], set()
        matched = []
        for key, param in self._state_dict_impl(use_hook=False).items():
            key_name = key if use_structured_name else param.name
            state = state_dict.get(key_name, None)
            try:
                if state is None:
                    missing_keys.append(key_name)
                    raise ValueError(f"{key_name} is not found in the provided dict.")
                if isinstance(state, (dict, list)):
                    if len(state) != len(param):
                        missing_keys.append(key_name)
                        raise ValueError(
                            f"{key_name} receieves the length of {len(state)}, but the expected shape is "
                            f"{len(param)}"
                        )
                else:
                    shape = state.shape() if callable(state.shape) else state.shape
                    if list(shape) != list(param.shape):
                        missing_keys.append(key_name)
                        raise ValueError(
                            f"{key_name} receives a shape {list(shape)}, but the expected shape is "
                            f"{list(param.shape)}."
                        )
                match_keys.add(key_name)
                matched.append((param, state))
            except ValueError as err:
                warnings.warn(f"Skip loading for {key}. " + str(err), stacklevel=2)
        for key in state_dict.keys():
            if key not in match_keys:
                unexpected_keys.append(key)
        for param, state in matched:
            param.set_value(state)
        return missing_keys, unexpected_keys

    set_dict = set_state_dict
    load_dict = set_state_dict

    # --- device / dtype -------------------------------------------------------------------------
    def to(self, device=None, dtype=None, blocking=None):
        return self._to_impl(device=device, dtype=dtype, blocking=blocking, include_sublayers=True,
                             floating_only=False)

    def _to_impl(self, device=None, dtype=None, blocking=None, include_sublayers=True, floating_only=False):
        if device is None and dtype is None and blocking is None:
            return self
        tdev = None
        if device is not None:
            if isinstance(device, str) or type(device).__name__ in (
                    "CPUPlace", "CUDAPlace", "CUDAPinnedPlace", "XPUPlace", "Place"):
                tdev = parse_device(device)
            else:
                raise ValueError(
                    "device value error, must be str, paddle.CPUPlace(), paddle.CUDAPlace(), "
                    "paddle.CUDAPinnedPlace() or paddle.XPUPlace(), but the type of device is "
                    + type(device).__name__
                )
        if blocking is not None:
            assert isinstance(blocking, bool), "blocking value error, must be the True, False or None"
        tdtype = None if dtype is None else convert_dtype_to_paddle(dtype).torch
        layers = self.sublayers(include_self=True) if include_sublayers else [self]
        for layer in layers:
            for t in list(layer._parameters.values()) + list(layer._buffers.values()):
                if t is not None:
                    _transform_(t, tdev, tdtype, floating_only)
            layer._dtype = dtype  # Paddle records the requested dtype (None included)
        return self

    def astype(self, dtype=None):
        valid = ["bfloat16", "float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
                 "complex64", "complex128", "bool"]
        from ..._core.dtypes import dtype as _pdtype

        if isinstance(dtype, (_pdtype, np.dtype)) or (type(dtype) is str and dtype in valid):
            pd = convert_dtype_to_paddle(dtype)
            self._dtype = pd
            for layer in self.sublayers():
                layer._dtype = pd
            for _, p in self.named_parameters(include_sublayers=True):
                _transform_(p, None, pd.torch, False)
            for _, b in self.named_buffers(include_sublayers=True):
                _transform_(b, None, pd.torch, False)
            return self
        raise ValueError(
            "dtype value error, must be 'bfloat16', 'float16', 'float32', 'float64', 'int8', 'int16', 'int32', "
            "'int64', 'uint8', 'complex64', 'complex128', 'bool', or paddle.dtype, numpy.dtype, but recieve "
            + str(dtype)
        )

    def _cast_floating(self, dtype, excluded_layers):
        excluded_layers = [] if excluded_layers is None else excluded_layers
        if isinstance(excluded_layers, type):
            excluded_layers = [excluded_layers]
        elif isinstance(excluded_layers, (list, tuple)):
            excluded_layers = list(excluded_layers)
        else:
            raise TypeError(
                f"excluded_layers should be type nn.Layer or list, but got {type(excluded_layers).__name__}."
            )

        def trans(layer):
            if type(layer) in excluded_layers:
                return
            layer._to_impl(dtype=dtype, floating_only=True, include_sublayers=False)

        return self.apply(trans)

    def float(self, excluded_layers=None):
        return self._cast_floating(convert_dtype_to_paddle("float32"), excluded_layers)

    def float16(self, excluded_layers=None):
        if current_device().type == "cpu":  # Paddle: float16 unsupported on CPU -> keep the dtype
            warnings.warn("Paddle compiled by the user does not support float16, so keep original data type.",
                          stacklevel=2)
            return self
        return self._cast_floating(convert_dtype_to_paddle("float16"),
                                   _default_low_precision_excluded(excluded_layers))

    def bfloat16(self, excluded_layers=None):
        return self._cast_floating(convert_dtype_to_paddle("bfloat16"),
                                   _default_low_precision_excluded(excluded_layers))

    # --- torch view -----------------------------------------------------------------------------
    def _torch_module(self):
        """A ``torch.nn.Module`` sharing this Layer's parameter/buffer objects (cached, re-synced)."""
        view = self.__dict__.get("_torch_view")
        if view is None:
            view = _TorchLayerView(self)
            self.__dict__["_torch_view"] = view
        else:
            view._sync()
        return view


def _default_low_precision_excluded(excluded_layers):
    if excluded_layers is not None:
        return excluded_layers
    try:
        from . import norm

        return [norm.BatchNorm] if hasattr(norm, "BatchNorm") else []
    except ImportError:
        return []


def _transform_(t, device, dtype, floating_only):
    """Move/cast a Tensor in place, keeping the same wrapper *and* the same torch object (``.data``)."""
    tt = t._t
    if floating_only and not tt.is_floating_point():
        return
    new = tt.data
    if dtype is not None and new.dtype is not dtype:
        new = _dtypes.convert(new, dtype)
    if device is not None and new.device != device:
        new = new.to(device)
    if new is tt.data:
        return
    g = tt.grad
    grad_ok = new.is_floating_point() or new.is_complex()
    regrad = False
    if tt.requires_grad and not grad_ok:
        tt.requires_grad_(False)  # Paddle casts parameters to int dtypes too; torch needs grads off first
        t._sg = False  # ... and keeps stop_gradient=False on them
        g = None
    elif grad_ok and not tt.requires_grad and getattr(t, "_sg", True) is False:
        regrad = True  # back from an int dtype: the parameter is trainable again
    tt.data = new
    if regrad:
        del t._sg
        tt.requires_grad_(True)
    if g is not None:
        tt.grad = g.to(device=new.device, dtype=new.dtype)


def _map_tree(x, leaf_type, convert):
    """``convert`` applied to each ``leaf_type`` leaf of nested tuples / lists / dicts; other leaves kept."""
    if isinstance(x, leaf_type):
        return convert(x)
    if isinstance(x, tuple):
        return tuple(_map_tree(i, leaf_type, convert) for i in x)
    if isinstance(x, list):
        return [_map_tree(i, leaf_type, convert) for i in x]
    if isinstance(x, dict):
        return {k: _map_tree(v, leaf_type, convert) for k, v in x.items()}
    return x


def _torch_of(t):
    return t._t


def _to_torch_tree(x):
    return _map_tree(x, Tensor, _torch_of)


def _to_paddle_tree(x):
    return _map_tree(x, torch.Tensor, wrap)


class _TorchLayerView(torch.nn.Module):
    """torch ``nn.Module`` mirror of a Layer tree; ``forward`` runs the Layer on wrapped inputs."""

    def __init__(self, layer):
        super().__init__()
        object.__setattr__(self, "_layer", layer)
        self._sync()

    def _sync(self):
        layer = self._layer
        self._parameters.clear()
        self._buffers.clear()
        self._non_persistent_buffers_set.clear()
        self._modules.clear()
        for name, p in layer._parameters.items():
            if p is not None:
                t = p._t
                if isinstance(t, torch.nn.Parameter):
                    self._parameters[name] = t
                else:  # a plain Tensor assigned as parameter: expose it as a buffer
                    self._buffers[name] = t
        for name, b in layer._buffers.items():
            if b is not None:
                self._buffers[name] = b._t
                if name in layer._non_persistable_buffer_names_set:
                    self._non_persistent_buffers_set.add(name)
        for name, sub in layer._sub_layers.items():
            if sub is not None:
                self._modules[name] = sub._torch_module()
        self.training = layer.training

    def train(self, mode=True):
        super().train(mode)
        if mode:
            self._layer.train()
        else:
            self._layer.eval()
        return self

    def forward(self, *args, **kwargs):
        out = self._layer(*_to_paddle_tree(args), **_to_paddle_tree(kwargs))
        return _to_torch_tree(out)

    def extra_repr(self):
        return f"paddle: {type(self._layer).__name__}"
