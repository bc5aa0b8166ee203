"""``paddle.optimizer.Optimizer``: the base class shared by every Paddle optimizer.

A step is: collect ``(param, grad)`` of trainable parameters with a gradient -> gradient clip (the
optimizer's or the param group's ``grad_clip``; ``need_clip=False`` params untouched) -> regularization
(``param.regularizer`` if set, else the optimizer's ``weight_decay``; float means L2Decay) -> the
optimizer's update rule, run with ``torch._foreach_*`` kernels over all parameters of a group at once.

Per-parameter learning rate = global lr (float, or the LRScheduler's current value) *
``param.optimize_attr['learning_rate']`` (ParamAttr's learning_rate, or a param group's
``learning_rate``, as Paddle stores it there).

State ("accumulators") is kept per parameter under Paddle's names: ``<param.name>_<acc>_<n>`` (e.g.
``linear_0.w_0_moment1_0``) so that ``state_dict()`` / ``set_state_dict()`` exchange ``.pdopt`` content
with real Paddle. Accumulators are created lazily on the first step; a state dict set before that is
held and consumed then (Paddle's behaviour).
"""

from collections import defaultdict

import numpy as np
import torch

from .._core import Tensor, wrap
from ..framework.program import _Mode
from ..regularizer import L2Decay, WeightDecayRegularizer
from .lr import LRScheduler

__all__ = ["Optimizer"]

_LOW = (torch.float16, torch.bfloat16)


class _InvalidArgument(AssertionError, ValueError):
    """Paddle checks these with ``assert``: catchable as AssertionError (Paddle) and ValueError."""


def _require_set(error=_InvalidArgument, end="", **arguments):
    """Paddle's ``<name> is not set`` check of the required optimizer arguments, in order (the exception
    type and the message's final period vary by optimizer, as in Paddle)."""
    for name, value in arguments.items():
        if value is None:
            raise error(f"{name} is not set{end}")


# --- unique names (Paddle's unique_name.generate: "<key>_<n>", one counter per key) -------------
_local_counters = defaultdict(int)


def _unique_name(key):
    try:
        from ..utils import unique_name as _un

        gen = getattr(_un, "generate", None)
    except ImportError:  # pragma: no cover
        gen = None
    if gen is not None:
        return gen(key)
    n = _local_counters[key]
    _local_counters[key] = n + 1
    return f"{key}_{n}"


def _f32(x):
    if hasattr(x, "item"):  # a one-element Tensor / array, e.g. beta1=paddle.to_tensor([0.9])
        x = x.item()
    return float(np.float32(x))


def _scalar_type(dtype):
    """numpy scalar type doing a kernel's scalar arithmetic for tensors of torch ``dtype``."""
    return np.float64 if dtype is torch.float64 else np.float32


def _to_numpy(v):
    if isinstance(v, Tensor):
        return v.numpy()
    if isinstance(v, torch.Tensor):
        return v.detach().cpu().numpy()
    if isinstance(v, np.ndarray):
        return v
    raise RuntimeError(f"State dict type {type(v)} not supprt")


def _static_mode():
    return _Mode.static


class Optimizer:
    """Base class of all optimizers (``paddle.optimizer.Optimizer``)."""

    _float_lr = None  # the learning-rate variable Paddle creates from a float at the first update

    # accumulators holding one value per parameter (shape [1]) that the subclasses keep as Python floats
    _scalar_accs = ()
    _acc_order = ()
    _group_keys = ()  # per-group hyper-parameters this optimizer reads (besides lr / weight_decay / grad_clip)

    def __init__(self, learning_rate, parameters=None, weight_decay=None, grad_clip=None, name=None):
        self._init_common(learning_rate, parameters, grad_clip, name)
        self.regularization = L2Decay(weight_decay) if isinstance(weight_decay, float) else weight_decay
        if weight_decay is not None and not isinstance(weight_decay, (float, WeightDecayRegularizer)):
            raise TypeError(
                f"`weight_decay` should be a float or a paddle.regularizer (L1Decay/L2Decay), but got "
                f"{type(weight_decay).__name__}"
            )
        self._default_dict = {"weight_decay": self.regularization, "grad_clip": self._grad_clip}
        self._setup_groups()

    # --- construction helpers -------------------------------------------------------------------
    def _init_common(self, learning_rate, parameters, grad_clip, name):
        if parameters is not None:
            if isinstance(parameters, Tensor):
                raise TypeError(
                    "`parameters` argument given to the optimizer should be an iterable of paddle Tensors, but "
                    f"got argument type is `{type(parameters)}`."
                )
            if isinstance(parameters, dict):
                raise TypeError(
                    "`parameters` argument should not get dict type, if parameter groups is needed, please set "
                    "`parameters` as list of dict"
                )
            self._parameter_list = list(parameters)
        else:
            self._parameter_list = None
        if self._parameter_list is None and not _static_mode():
            raise AttributeError("parameters argument given to the Optimizer should not be None in dygraph mode.")
        if not isinstance(learning_rate, (float, LRScheduler)):
            raise TypeError(f"learning rate should be float or LRScheduler, got {type(learning_rate)} here")
        if isinstance(learning_rate, float) and learning_rate < 0:
            raise ValueError(f"`learning_rate` must be >= 0, but got {learning_rate}")
        if grad_clip is not None:
            from ..nn.clip import ClipGradBase

            if not isinstance(grad_clip, ClipGradBase):
                raise TypeError("'grad_clip' should be an instance of GradientClipBase's derived class")
        self._name = name
        self._grad_clip = grad_clip
        self._learning_rate = learning_rate
        self._dtype = None
        if self._parameter_list:
            first = self._parameter_list[0]
            if isinstance(first, dict):
                for g in self._parameter_list:
                    if not isinstance(g, dict) or "params" not in g:
                        raise _InvalidArgument(
                            "params should be set in parameters if parameter groups are optimized in different "
                            "options"
                        )
                ps = first["params"]
                ps = [ps] if isinstance(ps, Tensor) else list(ps)
                self._dtype = ps[0].dtype if ps else None
            else:
                for p in self._parameter_list:
                    if not isinstance(p, Tensor):
                        # Paddle reads parameters[0].dtype: a non-Tensor first element fails with AttributeError
                        raise (AttributeError if p is first else TypeError)(
                            f"`parameters` must contain paddle Tensors (Parameters) or dicts (parameter groups), "
                            f"but got an element of type {type(p).__name__} (it has no attribute 'dtype')"
                        )
                self._dtype = first.dtype
        self._accumulators = defaultdict(dict)
        self._accumulators_holder = {}
        self._opti_name_list = []
        self._master_weights = {}
        self._already_create_accumulater = set()
        self._scalars = {}  # accumulator var name -> python float (for _scalar_accs)
        self._pstate = {}
        self._multi_precision = getattr(self, "_multi_precision", False)
        self._auxiliary_vars = {}
        self.clear_gradients = self.clear_grad
        self.helper = None

    def _setup_groups(self):
        self._param_groups = []
        if self._parameter_list and isinstance(self._parameter_list[0], dict):
            for group in self._parameter_list:
                self._add_param_group(group.copy())
        else:
            self._param_groups = self._parameter_list

    def _add_param_group(self, param_group):
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError(
                "optimizer parameters should be in ordered collections,but received set, please use list instead."
            )
        else:
            param_group["params"] = list(params)
        for p in param_group["params"]:
            if not isinstance(p, Tensor):
                raise TypeError(
                    f"parameter group 'params' must contain paddle Tensors (Parameters), but got {type(p).__name__}"
                )
        allowed = {"params", "learning_rate", "weight_decay", "grad_clip", *self._group_keys}
        unknown = sorted(k for k in param_group if k not in allowed)
        if unknown:
            raise ValueError(
                f"{type(self).__name__}: unknown key(s) {unknown} in a parameter group; accepted keys are "
                f"{sorted(allowed)}"
            )
        for k, v in self._default_dict.items():
            param_group.setdefault(k, v)
        seen = set()
        for group in self._param_groups:
            seen.update(id(p) for p in group["params"])
        if any(id(p) in seen for p in param_group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        lr_mult = param_group.get("learning_rate", 1.0)
        if isinstance(lr_mult, (int, float)) and lr_mult < 0:
            raise ValueError(f"parameter group `learning_rate` must be >= 0, but got {lr_mult}")
        for p in param_group["params"]:
            if self._group_sets_regularizer:
                wd = param_group["weight_decay"]
                p.regularizer = L2Decay(wd) if isinstance(wd, float) else wd
            if not hasattr(p, "optimize_attr"):
                raise TypeError(f"parameter group 'params' must contain Parameters, but {p.name} is a plain Tensor")
            p.optimize_attr["learning_rate"] = lr_mult
        self._param_groups.append(param_group)

    _group_sets_regularizer = True

    # --- learning rate ------------------------------------------------------------------------------
    def get_lr(self):
        lr = self._learning_rate
        return lr if isinstance(lr, float) else lr()

    def set_lr(self, value):
        if not isinstance(value, (int, float)):
            raise TypeError(f"The type of 'value' in optimizer.set_lr must be float, but received {type(value)}.")
        if isinstance(self._learning_rate, LRScheduler):
            raise RuntimeError(
                "optimizer's learning rate can't be LRScheduler when invoke this API, because this will lead to "
                "conflict."
            )
        self._learning_rate = float(value)
        if self._float_lr is not None:
            self._float_lr = self._learning_rate

    def set_lr_scheduler(self, scheduler):
        if not isinstance(scheduler, LRScheduler):
            raise TypeError(
                "The type of 'scheduler' in optimizer.set_lr_schduler must be LRScheduler, but received "
                f"{type(scheduler)}."
            )
        self._learning_rate = scheduler

    def _global_lr(self):
        lr = self._learning_rate
        if isinstance(lr, float):
            # Paddle makes a float learning rate a variable at the first update and keeps it: only set_lr changes
            # it afterwards (assigning _learning_rate, as ReduceLROnPlateau does, changes get_lr() only)
            if self._float_lr is None:
                self._float_lr = lr
            lr = self._float_lr
        else:
            lr = lr()
        if self._dtype is None or self._dtype.name in ("float32", "float16", "bfloat16"):
            return _f32(lr)
        return float(lr)

    def _param_lr(self, param, glr):
        attr = getattr(param, "optimize_attr", None)
        mult = 1.0 if attr is None else attr.get("learning_rate", 1.0)
        if isinstance(mult, Tensor):
            mult = float(mult)
        if mult == 1.0:
            return glr
        return _f32(glr * mult) if isinstance(glr, float) else glr * mult

    # --- accumulators -------------------------------------------------------------------------------
    def _add_accumulator(self, name, param, dtype=None, fill_value=0.0, shape=None, type=None, device=None):
        base = name
        if self._name is not None:
            name = self._name + "_" + name
        bucket = self._accumulators[name]
        if param.name in bucket:
            return bucket[param.name]
        var_name = _unique_name(param.name + "_" + name)
        self._opti_name_list.append(var_name)
        tdtype = param._t.dtype if dtype is None else dtype
        shape = list(param._t.shape) if shape is None else list(shape)
        t = torch.full(shape, float(fill_value), dtype=tdtype, device=param._t.device)
        if self._accumulators_holder:
            if var_name not in self._accumulators_holder:
                raise _InvalidArgument(
                    f"Optimizer set error, {var_name} should in state dict (the state dict given to "
                    "set_state_dict was saved for a different model or optimizer)"
                )
            self._load_into(var_name, t, self._accumulators_holder.pop(var_name))
        var = wrap(t)
        var.name = var_name
        var.persistable = True
        bucket[param.name] = var
        if base in self._scalar_accs:
            self._scalars[var_name] = float(t.reshape(-1)[0])
        return var

    def _get_accumulator(self, name, param):
        if self._name is not None:
            name = self._name + "_" + name
        if name not in self._accumulators or param.name not in self._accumulators[name]:
            raise Exception(f"Accumulator {name} does not exist for parameter {param.name}")
        return self._accumulators[name][param.name]

    def _get_accumulator_master(self, name, param):
        target = self._master_weights.get(param.name, param) if self._multi_precision else param
        return self._get_accumulator(name, target)

    def _acc_t(self, name, param):
        """The torch tensor of accumulator ``name`` of ``param`` (its master weight if it has one)."""
        target = self._master_weights.get(param.name, param)
        key = name if self._name is None else self._name + "_" + name
        return self._accumulators[key][target.name]._t

    def _state(self, param):
        """Tuple of the accumulator Tensors of ``param`` in ``self._acc_order`` (cached)."""
        st = self._pstate.get(param.name)
        if st is None:
            target = self._master_weights.get(param.name, param)
            pre = "" if self._name is None else self._name + "_"
            st = tuple(self._accumulators[pre + n][target.name] for n in self._acc_order)
            self._pstate[param.name] = st
        return st

    @staticmethod
    def _load_into(var_name, t, value):
        arr = _to_numpy(value)
        if tuple(arr.shape) != tuple(t.shape):
            raise _InvalidArgument(
                f"Parameter shape not match, Dygraph Parameter [ {var_name} ] need tensor with shape "
                f"{tuple(t.shape)} but load tensor with shape {tuple(arr.shape)}"
            )
        src = torch.from_numpy(np.ascontiguousarray(arr))
        if src.dtype != t.dtype:
            raise _InvalidArgument(
                f"Parameter dtype not match, Dygraph Parameter [ {var_name} ] need tensor with dtype {t.dtype} "
                f"but load tensor with dtype {src.dtype}"
            )
        t.copy_(src)

    def _create_master_weight(self, param):
        if param.name in self._master_weights:
            return self._master_weights[param.name]
        var = wrap(param._t.detach().float().clone())
        var.name = _unique_name(param.name + "_fp32_master")
        self._master_weights[param.name] = var
        return var

    def _create_accumulators(self, block, parameters):
        """Per parameter, the accumulators named in ``_acc_order`` (in that order: it numbers their names),
        in ``_accumulator_dtype(param)`` and with the extra ``_add_accumulator`` options of
        ``_accumulator_options()`` (zeros of the parameter's shape when none)."""
        if isinstance(parameters, dict):
            parameters = parameters["params"]
        options = self._accumulator_options()
        for p in parameters:
            dtype = self._accumulator_dtype(p)
            for name in self._acc_order:
                self._add_accumulator(name, p, dtype=dtype, **options.get(name, {}))

    def _accumulator_options(self):
        return {}

    def _accumulator_dtype(self, param):
        return None  # the parameter's

    def _ensure_state(self, params):
        new = [p for p in params if p.name not in self._already_create_accumulater]
        if not new:
            return
        if torch.compiler.is_compiling():
            # under to_static: create the state once, eagerly (one graph break on the first step), instead of
            # tracing per-parameter Python that recompiles for every parameter
            from torch import _dynamo

            _dynamo.disable(self._create_state, recursive=True)(new)
            return
        self._create_state(new)

    def _create_state(self, new):
        targets = []
        for p in new:
            if self._multi_precision and p._t.dtype in _LOW:
                targets.append(self._create_master_weight(p))
            else:
                targets.append(p)
        self._create_accumulators(None, targets)
        for p in new:
            self._already_create_accumulater.add(p.name)

    def _sync_scalars_out(self):
        """Write the Python-float scalar accumulators back into their tensors."""
        if not self._scalars:
            return
        for bucket in self._accumulators.values():
            for var in bucket.values():
                v = self._scalars.get(var.name)
                if v is not None:
                    var._t.fill_(v)

    def _sync_scalars_in(self):
        for bucket in self._accumulators.values():
            for var in bucket.values():
                if var.name in self._scalars:
                    self._scalars[var.name] = float(var._t.reshape(-1)[0])

    # --- state dict ---------------------------------------------------------------------------------
    def state_dict(self):
        self._sync_scalars_out()
        out = {}
        for bucket in self._accumulators.values():
            for var in bucket.values():
                out[var.name] = var
        if self._master_weights:
            out["master_weights"] = dict(self._master_weights)
        if isinstance(self._learning_rate, LRScheduler):
            out["LR_Scheduler"] = self._learning_rate.state_dict()
        return out

    def set_state_dict(self, state_dict):
        if not isinstance(state_dict, dict):
            raise TypeError(f"`state_dict` must be a dict, but got {type(state_dict).__name__}")
        if isinstance(self._learning_rate, LRScheduler):
            if "LR_Scheduler" not in state_dict:
                raise KeyError(
                    "set_state_dict: the optimizer uses an LRScheduler but `state_dict` has no 'LR_Scheduler' entry"
                )
            self._learning_rate.set_state_dict(state_dict["LR_Scheduler"])
        state_dict = dict(state_dict)
        state_dict.pop("LR_Scheduler", None)
        if "master_weights" in state_dict:
            mw = state_dict.pop("master_weights")
            for pname, v in mw.items():
                if pname in self._master_weights:
                    self._load_into(pname, self._master_weights[pname]._t, v)
                else:
                    t = torch.from_numpy(np.ascontiguousarray(_to_numpy(v))).float()
                    var = wrap(t)
                    var.name = getattr(v, "name", None) or _unique_name(pname + "_fp32_master")
                    self._master_weights[pname] = var
        self._accumulators_holder = state_dict
        for bucket in self._accumulators.values():
            for var in bucket.values():
                if var.name not in state_dict:
                    raise _InvalidArgument(f"optimizer Tensor {var.name} not found")
                self._load_into(var.name, var._t, state_dict[var.name])
        self._sync_scalars_in()

    set_dict = set_state_dict

    def get_opti_var_name_list(self):
        return self._opti_name_list

    # --- gradients ----------------------------------------------------------------------------------
    def clear_grad(self, set_to_zero=True):
        if self._parameter_list and isinstance(self._parameter_list[0], dict):
            params = [p for g in self._param_groups for p in g["params"]]
        else:
            params = self._parameter_list or []
        for p in params:
            if not p.stop_gradient:
                p.clear_gradient(set_to_zero)

    def backward(self, loss, startup_program=None, parameters=None, no_grad_set=None, callbacks=None):
        """Dygraph semantics (Paddle): does NOT run autograd; collects ``(param, grad)`` for the parameters
        that already hold a gradient (call ``loss.backward()`` first)."""
        if not isinstance(loss, Tensor):
            raise TypeError(f"The loss should be an Tensor, but got {type(loss).__name__}")
        if self._dtype is None:
            self._dtype = loss.dtype
        params = parameters if parameters else self._parameter_list
        if params and isinstance(params[0], dict):
            params = [p for g in params for p in (g["params"] if not isinstance(g["params"], Tensor)
                                                  else [g["params"]])]
        return [(p, p.grad) for p in params if p._t.grad is not None]

    def apply_gradients(self, params_grads):
        params_grads = sorted(params_grads, key=lambda x: x[0].name)
        with torch.no_grad():
            self._run(params_grads, None)
        return []

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Dygraph semantics (Paddle): ``loss.backward()`` must have been called; applies the gradients held
        by the parameters (clip, regularization, update) and returns ``([], params_grads)``."""
        if not isinstance(loss, Tensor):
            raise TypeError(f"The loss should be an Tensor, but got {type(loss).__name__}")
        if _static_mode():
            from ..base.backward import _static_minimize

            return _static_minimize(self, loss, startup_program, parameters, no_grad_set)
        params_grads = self.backward(loss, startup_program=startup_program, parameters=parameters,
                                     no_grad_set=no_grad_set)
        with torch.no_grad():
            if self._parameter_list and isinstance(self._parameter_list[0], dict):
                self.step()
            else:
                self._run(params_grads, None)
        return [], params_grads

    def _create_regularization_of_grad(self, param, grad, regularization=None):
        reg = getattr(param, "regularizer", None)
        if grad is None or (reg is None and regularization is None):
            return grad
        reg = reg if reg is not None else regularization
        return grad + reg(param, grad, None)

    def append_regularization_ops(self, parameters_and_grads, regularization=None):
        return [(p, self._create_regularization_of_grad(p, g, regularization)) for p, g in parameters_and_grads]

    # --- the step ------------------------------------------------------------------------------------
    @torch.no_grad()
    def step(self):
        groups = self._param_groups
        if groups and isinstance(groups[0], dict):
            for group in groups:
                pairs = [(p, p._t.grad) for p in group["params"]
                         if p._t.requires_grad and p._t.grad is not None]
                self._run(pairs, group)
        else:
            pairs = [(p, p._t.grad) for p in groups if p._t.requires_grad and p._t.grad is not None]
            self._run(pairs, None)

    def _regularizer_for(self, param):
        reg = getattr(param, "regularizer", None)
        return reg if reg is not None else self.regularization

    def _regularize(self, params, grads):
        buckets = {}
        for i, p in enumerate(params):
            reg = self._regularizer_for(p)
            if reg is not None:
                buckets.setdefault(id(reg), (reg, []))[1].append(i)
        if not buckets:
            return grads
        grads = list(grads)
        for reg, idx in buckets.values():
            ps = [params[i]._t for i in idx]
            gs = [grads[i] for i in idx]
            if any(p.dtype != g.dtype for p, g in zip(ps, gs)):
                ps = [p.to(g.dtype) for p, g in zip(ps, gs)]
            for i, g in zip(idx, reg._apply_foreach(ps, gs)):
                grads[i] = g
        return grads

    def _run(self, pairs, group):
        pairs = [(p, g._t if isinstance(g, Tensor) else g) for p, g in pairs if g is not None]
        if not pairs:
            return
        params = [p for p, _ in pairs]
        grads = [g for _, g in pairs]
        clip = group.get("grad_clip", self._grad_clip) if group is not None else self._grad_clip
        if clip is not None:
            clipped = clip._clip_lists(params, grads)
            if clipped is not None:
                grads = clipped
        grads = self._regularize(params, grads)
        hp = self._hparams(group)
        self._cur_hp = hp
        self._ensure_state(params)
        found_inf = self._auxiliary_vars.get("found_inf")
        if found_inf is not None and bool(found_inf):  # set by amp.GradScaler: skip this update (Paddle)
            return
        glr = self._global_lr()
        lrs = [self._param_lr(p, glr) for p in params]
        # work tensors: master weights for low-precision params under multi_precision, fp32 temporaries for
        # low-precision params otherwise when the accumulators are fp32, the params themselves elsewhere.
        works, wgrads, writeback = [], [], []
        for p, g in zip(params, grads):
            t = p._t
            if t.dtype in _LOW and self._multi_precision:
                w = self._master_weights[p.name]._t
                works.append(w)
                wgrads.append(g.float())
                writeback.append((t, w))
            else:
                works.append(t.data)
                wgrads.append(g if g.dtype == t.dtype else g.to(t.dtype))
        self._update(params, works, wgrads, lrs, hp)
        for t, w in writeback:
            t.data.copy_(w)

    def _hparams(self, group):
        if group is None:
            return self._default_dict
        d = dict(self._default_dict)
        d.update({k: v for k, v in group.items() if k != "params"})
        return d

    def _update(self, params, works, grads, lrs, hp):
        raise NotImplementedError(
            'Class "Optimizer" connot be used directly as an optimizer, please use its subclasses such as "Adam"'
        )

    # --- misc Paddle members ---------------------------------------------------------------------------
    def _set_auxiliary_var(self, key, val):
        self._auxiliary_vars[key] = val

    def _get_auxiliary_var(self, key):
        return self._auxiliary_vars.get(key, None)

    def _is_dtype_fp16_or_bf16(self, dtype):
        return getattr(dtype, "name", str(dtype)) in ("float16", "bfloat16")

