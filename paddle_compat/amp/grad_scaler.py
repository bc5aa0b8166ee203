"""``paddle.amp.GradScaler`` / ``AmpScaler``: Paddle 2.6.2's dynamic loss scaling state machine.

Real Paddle disables the scaler (with a warning) on a CPU place; ``PADDLE_COMPAT_CPU_AMP`` enables it on CPU
as it enables ``auto_cast`` (docs/amp.md). The unscale step is Paddle's
check_finite_and_unscale per gradient dtype (paddle_compat/amp/_kernels.py: torch's fused
``_amp_foreach_non_finite_check_and_unscale_`` on CUDA, Paddle's CPU order on CPU); the increase/decrease
counters are Paddle's (torch's GradScaler has no decrease-every-n).
"""

import warnings
from collections import defaultdict
from enum import Enum

import numpy as np
import torch

from ..framework._shared import attribute_getter, clone_function, name_methods
from ._kernels import check_finite_and_unscale_
from .auto_cast import _cpu_amp_dtypes, _on_gpu, _place_str, amp_global_state


class OptimizerState(Enum):
    INIT = 0
    UNSCALED = 1
    STEPPED = 2


def _refresh_optimizer_state():
    return {"state": OptimizerState.INIT}


def _tensor(array):
    from .._core import wrap

    return wrap(torch.from_numpy(np.asarray(array)))


def _grads_by_dtype(optimizer):
    groups = getattr(optimizer, "_param_groups", None)
    if groups and isinstance(groups[0], dict):
        params = [p for group in groups for p in group["params"]]
    else:
        params = optimizer._parameter_list or []
    by_dtype = {}
    for p in params:
        g = p._t.grad
        if g is not None:
            by_dtype.setdefault(g.dtype, []).append(g)
    # Paddle checks float16, then bfloat16, then the rest
    order = [torch.float16, torch.bfloat16] + [d for d in by_dtype if d not in (torch.float16, torch.bfloat16)]
    return [by_dtype[d] for d in order if d in by_dtype]


# the loss-scaling state besides the scale itself: constructor arguments and counters, saved by state_dict (in this
# order) as ``self._<field>``
_STATE_FIELDS = ("incr_ratio", "decr_ratio", "incr_every_n_steps", "decr_every_n_nan_or_inf", "incr_count",
                 "decr_count", "use_dynamic_loss_scaling")


class AmpScaler:
    def __init__(
        self,
        enable=True,
        init_loss_scaling=2.0**15,
        incr_ratio=2.0,
        decr_ratio=0.5,
        incr_every_n_steps=1000,
        decr_every_n_nan_or_inf=1,
        use_dynamic_loss_scaling=True,
    ):
        if enable and not _on_gpu() and not _cpu_amp_dtypes():
            warnings.warn(
                "AmpScaler can only be enabled on CUDAPlace, XPUPlace and CustomPlace, current place is "
                f"{_place_str()}, so it makes no effect."
            )
            enable = False
        self._enable = enable
        if self._enable:
            assert incr_ratio > 1.0, "The incr_ratio must be > 1.0."
            assert decr_ratio < 1.0, "The decr_ratio must be < 1.0."
            self._init_loss_scaling = init_loss_scaling
            self._set_state(incr_ratio=incr_ratio, decr_ratio=decr_ratio, incr_every_n_steps=incr_every_n_steps,
                            decr_every_n_nan_or_inf=decr_every_n_nan_or_inf, incr_count=0, decr_count=0,
                            use_dynamic_loss_scaling=use_dynamic_loss_scaling)
            self._found_inf = _tensor(np.array([0]).astype(np.bool_))
            self._scale = _tensor(np.array([self._init_loss_scaling]).astype(np.float32))
            self._cache_founf_inf = None
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def scale(self, var):
        if self._enable and amp_global_state().amp_dtype != "float16" and self._use_dynamic_loss_scaling:
            self._enable = False
            self._use_dynamic_loss_scaling = False
            warnings.warn(
                f"It is not recommended to use dynamic loss scaling for {amp_global_state().amp_dtype}, so "
                "GradScaler is disable by default."
            )
        if not self._enable:
            return var
        return var * self._scale

    def minimize(self, optimizer, *args, **kwargs):
        if not self._enable:
            return optimizer.minimize(*args, **kwargs)
        optimizer_state = self._optimizer_states[id(optimizer)]
        if optimizer_state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        optimize_ops, params_grads = (None, None)
        if hasattr(optimizer, "_set_auxiliary_var"):
            optimize_ops, params_grads = self._minimize_with_aux(optimizer, args, kwargs)
        elif bool(self._found_inf):
            self._cache_founf_inf = True
        else:
            optimize_ops, params_grads = optimizer.minimize(*args, **kwargs)
            self._cache_founf_inf = False
        if self._use_dynamic_loss_scaling:
            self._update()
        self._optimizer_states = defaultdict(_refresh_optimizer_state)
        return optimize_ops, params_grads

    def _minimize_with_aux(self, optimizer, args, kwargs):
        optimizer._set_auxiliary_var("found_inf", self._found_inf)
        result = optimizer.minimize(*args, **kwargs)
        self._cache_founf_inf = bool(optimizer._get_auxiliary_var("found_inf"))
        optimizer._set_auxiliary_var("found_inf", self._cache_founf_inf)
        return result

    def _unscale(self, optimizer):
        if not self._enable:
            return
        optimizer_state = self._optimizer_states[id(optimizer)]
        if optimizer_state["state"] is OptimizerState.UNSCALED:
            raise RuntimeError("unscale_() has already been called on this optimizer since the last update().")
        elif optimizer_state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("unscale_() is being called after step().")
        found = False
        for grads in _grads_by_dtype(optimizer):
            found = check_finite_and_unscale_(grads, self._scale._t) or found
        self._found_inf = _tensor(np.array([found]))
        optimizer_state["state"] = OptimizerState.UNSCALED

    def _update(self):
        if not self._enable:
            return
        if self._cache_founf_inf:
            self._incr_count = 0
            self._decr_count = self._decr_count + 1
            if self._decr_count == self._decr_every_n_nan_or_inf:
                scale = float(self._scale)
                print(f"Found inf or nan, current scale is: {scale}, decrease to: {scale}*{float(self._decr_ratio)}")
                self._scale = self._scale * self._decr_ratio
                self._decr_count = 0
        else:
            self._decr_count = 0
            self._incr_count = self._incr_count + 1
            if self._incr_count == self._incr_every_n_steps:
                self._scale = self._scale * self._incr_ratio
                self._incr_count = 0

    is_enable = attribute_getter("_enable")
    is_use_dynamic_loss_scaling = attribute_getter("_use_dynamic_loss_scaling")
    get_init_loss_scaling = attribute_getter("_init_loss_scaling")

    def set_init_loss_scaling(self, new_init_loss_scaling):
        self._init_loss_scaling = new_init_loss_scaling
        self._scale = _tensor(np.array([self._init_loss_scaling]).astype(np.float32))

    get_incr_ratio = attribute_getter("_incr_ratio")

    def set_incr_ratio(self, new_incr_ratio):
        assert new_incr_ratio > 1.0, "The new_incr_ratio must be > 1.0."
        self._incr_ratio = new_incr_ratio

    get_decr_ratio = attribute_getter("_decr_ratio")

    def set_decr_ratio(self, new_decr_ratio):
        assert new_decr_ratio < 1.0, "The new_decr_ratio must be < 1.0."
        self._decr_ratio = new_decr_ratio

    get_incr_every_n_steps = attribute_getter("_incr_every_n_steps")

    def set_incr_every_n_steps(self, new_incr_every_n_steps):
        self._incr_every_n_steps = new_incr_every_n_steps

    get_decr_every_n_nan_or_inf = attribute_getter("_decr_every_n_nan_or_inf")

    def set_decr_every_n_nan_or_inf(self, new_decr_every_n_nan_or_inf):
        self._decr_every_n_nan_or_inf = new_decr_every_n_nan_or_inf

    def state_dict(self):
        if not self._enable:
            return {}
        return {"scale": self._scale.numpy(), **{field: getattr(self, "_" + field) for field in _STATE_FIELDS}}

    def load_state_dict(self, state_dict):
        if not self._enable:
            return
        if len(state_dict) == 0:
            raise RuntimeError(
                "The input state dict is empty, possibly because it was saved from a disabled instance of "
                "GradScaler."
            )
        self._init_loss_scaling = state_dict["scale"][0]
        self._scale = _tensor(np.array([self._init_loss_scaling]).astype(np.float32))
        self._set_state(**{field: state_dict[field] for field in _STATE_FIELDS})

    def _set_state(self, **fields):
        for field, value in fields.items():
            setattr(self, "_" + field, value)


name_methods(AmpScaler)


class GradScaler(AmpScaler):
    # AmpScaler's constructor with Paddle's GradScaler defaults
    __init__ = clone_function(AmpScaler.__init__, qualname="GradScaler.__init__",
                              defaults={"init_loss_scaling": 2.0**16, "incr_every_n_steps": 2000})

    def step(self, optimizer):
        if not self._enable:
            return optimizer.step()
        optimizer_state = self._optimizer_states[id(optimizer)]
        if optimizer_state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("step() has already been called since the last update().")
        if optimizer_state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        if hasattr(optimizer, "_set_auxiliary_var"):
            optimizer._set_auxiliary_var("found_inf", self._found_inf)
            optimizer.step()
            self._cache_founf_inf = bool(optimizer._get_auxiliary_var("found_inf"))
            optimizer._set_auxiliary_var("found_inf", self._cache_founf_inf)
        elif bool(self._found_inf):
            self._cache_founf_inf = True
        else:
            optimizer.step()
            self._cache_founf_inf = False
        optimizer_state["state"] = OptimizerState.STEPPED
        if not self._use_dynamic_loss_scaling:
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def update(self):
        if not self._enable:
            return
        if self._use_dynamic_loss_scaling:
            self._update()
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def unscale_(self, optimizer):
        return super()._unscale(optimizer)


# GradScaler's other public methods are AmpScaler's, each a function of its own named GradScaler.<name> as in Paddle
for _name in ("scale", "minimize", "is_enable", "is_use_dynamic_loss_scaling", "get_init_loss_scaling",
              "set_init_loss_scaling", "get_incr_ratio", "set_incr_ratio", "get_decr_ratio", "set_decr_ratio",
              "get_incr_every_n_steps", "set_incr_every_n_steps", "get_decr_every_n_nan_or_inf",
              "set_decr_every_n_nan_or_inf", "state_dict", "load_state_dict"):
    setattr(GradScaler, _name, clone_function(getattr(AmpScaler, _name), qualname="GradScaler." + _name))
del _name
