"""``paddle.optimizer.AdamW``: decoupled weight decay ``p *= 1 - lr*coeff`` applied before the Adam update
(skipped for parameters where ``apply_decay_param_fun(param.name)`` is False)."""

import torch

from ..regularizer import WeightDecayRegularizer
from .adam import _AdamBase
from .optimizer import _f32

__all__ = ["AdamW"]


class AdamW(_AdamBase):
    _group_sets_regularizer = False

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, parameters=None,
                 weight_decay=0.01, lr_ratio=None, apply_decay_param_fun=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, name=None):
        beta1, beta2 = self._keep_adam_args(learning_rate, beta1, beta2, epsilon, lazy_mode, multi_precision)
        if isinstance(weight_decay, WeightDecayRegularizer):
            raise TypeError("weight_decay should be float or Tensor.")
        if isinstance(weight_decay, int) and not isinstance(weight_decay, bool):
            raise TypeError("weight_decay should be float or Tensor.")
        if not isinstance(weight_decay, float):
            if hasattr(weight_decay, "_t") and weight_decay.size == 1:
                weight_decay = float(weight_decay)
            else:
                raise TypeError("weight_decay should be float or Tensor.")
        if lr_ratio is not None and not callable(lr_ratio):
            raise TypeError(f"`lr_ratio` must be a callable (param -> float), but got {type(lr_ratio).__name__}")
        if apply_decay_param_fun is not None and not callable(apply_decay_param_fun):
            raise TypeError(
                f"`apply_decay_param_fun` must be a callable (name -> bool), but got {type(apply_decay_param_fun)}"
            )
        self._weight_decay = weight_decay
        self._lr_ratio = lr_ratio
        self._apply_decay_param_fun = apply_decay_param_fun
        self.type = "adamw"
        self._init_common(learning_rate, parameters, grad_clip, name)
        self._multi_precision = bool(multi_precision)
        self.regularization = None
        self._default_dict = {"weight_decay": weight_decay, "beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lazy_mode": lazy_mode, "grad_clip": grad_clip}
        self._setup_groups()

    def _regularizer_for(self, param):
        return None  # AdamW never adds a regularization term to the gradient

    def _update(self, params, works, grads, lrs, hp):
        coeff = hp["weight_decay"]
        if hasattr(coeff, "_t"):
            coeff = float(coeff)
        if self._lr_ratio is not None:
            lrs = [_f32(lr * self._lr_ratio(p)) for p, lr in zip(params, lrs)]
        decay_w, decay_f = [], []
        fn = self._apply_decay_param_fun
        for p, w, lr in zip(params, works, lrs):
            if coeff and (fn is None or fn(p.name)):
                decay_w.append(w)
                decay_f.append(_f32(1.0 - lr * coeff))
        if decay_w:
            if len(set(decay_f)) == 1:
                torch._foreach_mul_(decay_w, decay_f[0])
            else:
                torch._foreach_mul_(decay_w, decay_f)
        self._adam_core(params, works, grads, lrs, hp["beta1"], hp["beta2"], hp["epsilon"])
