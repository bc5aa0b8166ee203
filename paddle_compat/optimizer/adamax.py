"""``paddle.optimizer.Adamax``: ``m = b1*m + (1-b1)*g``; ``u = max(b2*u + eps, |g|)``;
``p -= lr/(1-b1^t) * m/u``."""

import torch

from .adam import _check_betas
from .optimizer import Optimizer, _f32, _InvalidArgument

__all__ = ["Adamax"]


class Adamax(Optimizer):
    _group_keys = ("beta1", "beta2", "epsilon")
    _moment_acc_str = "moment"
    _inf_norm_acc_str = "inf_norm"
    _beta1_pow_acc_str = "beta1_pow_acc"
    _scalar_accs = ("beta1_pow_acc",)
    _acc_order = ("moment", "inf_norm", "beta1_pow_acc")

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        if learning_rate is None:
            raise _InvalidArgument("learning_rate is not set")
        _check_betas(beta1, beta2, epsilon)
        # Paddle's docstring passes the betas as one-element Tensors; the kernel uses their values
        beta1, beta2 = (float(b) if hasattr(b, "_t") else b for b in (beta1, beta2))
        self.type = "adamax"
        self._beta1 = beta1
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self._beta2 = beta2
        self._epsilon = epsilon
        self._default_dict.update({"beta1": beta1, "beta2": beta2, "epsilon": epsilon})

    def _accumulator_options(self):
        hp = getattr(self, "_cur_hp", None) or {}
        return {self._beta1_pow_acc_str: {"fill_value": hp.get("beta1", self._beta1), "shape": [1]}}

    def _update(self, params, works, grads, lrs, hp):
        b1, b2, eps = hp["beta1"], hp["beta2"], hp["epsilon"]
        sc = self._scalars
        ms, us, steps = [], [], []
        for p, lr in zip(params, lrs):
            m, u, b1v = self._state(p)
            ms.append(m._t)
            us.append(u._t)
            b1p = sc[b1v.name]
            steps.append(-lr / (1.0 - b1p))
            sc[b1v.name] = _f32(b1p * b1)
        torch._foreach_lerp_(ms, grads, 1.0 - b1)
        torch._foreach_mul_(us, b2)
        torch._foreach_add_(us, eps)
        torch._foreach_maximum_(us, torch._foreach_abs(grads))
        torch._foreach_addcdiv_(works, ms, us, steps)
