"""``paddle.optimizer.Adam`` (Paddle's kernel: ``lr_t = lr*sqrt(1-b2^t)/(1-b1^t)``,
``p -= lr_t * m / (sqrt(v) + eps*sqrt(1-b2^t))``; weight_decay is coupled L2 added to the gradient)."""

import numpy as np
import torch

from .optimizer import Optimizer, _InvalidArgument, _scalar_type

__all__ = ["Adam"]


def _tensor_betas(opt, beta1, beta2):
    """Paddle accepts Tensor betas; it then starts the beta-power accumulators at 0.9 / 0.999 (whatever
    the Tensor's value) and uses the Tensor's value in the update. Returns the float betas."""
    opt._beta_pow_init = (0.9 if hasattr(beta1, "_t") else None, 0.999 if hasattr(beta2, "_t") else None)
    return (float(beta1) if hasattr(beta1, "_t") else beta1), (float(beta2) if hasattr(beta2, "_t") else beta2)


def _check_betas(beta1, beta2, epsilon):
    for n, v in (("learning_rate", 0.0), ("beta1", beta1), ("beta2", beta2), ("epsilon", epsilon)):
        if v is None:
            raise _InvalidArgument(f"`{n}` must not be None")
    if not 0 <= beta1 < 1:
        raise ValueError("Invaild value of beta1, expect beta1 in [0,1).")
    if not 0 <= beta2 < 1:
        raise ValueError("Invaild value of beta2, expect beta2 in [0,1).")
    if not 0 <= epsilon:
        raise ValueError("Invaild value of epsilon, expect epsilon >= 0.")


class _MomentAccumulators:
    """The accumulator names of Adam, AdamW and Lamb (Paddle's: they appear in state_dict keys)."""

    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"
    _beta1_pow_acc_str = "beta1_pow_acc"
    _beta2_pow_acc_str = "beta2_pow_acc"
    _scalar_accs = ("beta1_pow_acc", "beta2_pow_acc")
    _acc_order = ("moment1", "moment2", "beta1_pow_acc", "beta2_pow_acc")

    def _accumulator_dtype(self, param):
        return torch.float32 if param._t.dtype in (torch.float16, torch.bfloat16) else param._t.dtype

    def _beta_pow_fills(self):
        hp = getattr(self, "_cur_hp", None) or {}
        return hp.get("beta1", self._beta1), hp.get("beta2", self._beta2)

    def _accumulator_options(self):
        beta1, beta2 = self._beta_pow_fills()
        return {self._beta1_pow_acc_str: {"fill_value": beta1, "shape": [1]},
                self._beta2_pow_acc_str: {"fill_value": beta2, "shape": [1]}}


class _AdamBase(_MomentAccumulators, Optimizer):
    _group_keys = ("beta1", "beta2", "epsilon", "lazy_mode")

    def _keep_adam_args(self, learning_rate, beta1, beta2, epsilon, lazy_mode, multi_precision):
        """Adam's and AdamW's common argument checks and attributes; returns the float betas."""
        if learning_rate is None:
            raise _InvalidArgument("`learning_rate` must not be None")
        _check_betas(beta1, beta2, epsilon)
        beta1, beta2 = _tensor_betas(self, beta1, beta2)
        self._multi_precision = bool(multi_precision)
        self._beta1, self._beta2, self._epsilon, self._lazy_mode = beta1, beta2, epsilon, lazy_mode
        return beta1, beta2

    def _beta_pow_fills(self):
        init1, init2 = getattr(self, "_beta_pow_init", (None, None))
        beta1, beta2 = super()._beta_pow_fills()
        return (init1 if init1 is not None else beta1), (init2 if init2 is not None else beta2)

    def _adam_core(self, params, works, grads, lrs, b1, b2, eps):
        """Paddle's CPU adam kernel (scalars computed in the accumulator dtype, as Paddle does):
        ``m = b1*m + (1-b1)*g``; ``v = b2*v + (1-b2)*g*g``;
        ``p = p + (-lr*(sqrt(1-b2p)/(1-b1p))) * (m / (sqrt(v) + eps*sqrt(1-b2p)))``; ``bXp *= bX``."""
        sc = self._scalars
        m1s, m2s, steps, epss = [], [], [], []
        cache = {}
        for p, lr in zip(params, lrs):
            m1, m2, b1v, b2v = self._state(p)
            m1t = m1._t
            m1s.append(m1t)
            m2s.append(m2._t)
            n1, n2 = b1v.name, b2v.name
            b1p, b2p = sc[n1], sc[n2]
            key = (lr, b1p, b2p, m1t.dtype)
            r = cache.get(key)
            if r is None:
                f = _scalar_type(m1t.dtype)
                one = f(1)
                fb1p, fb2p = f(b1p), f(b2p)
                bc2 = np.sqrt(one - fb2p)
                r = cache[key] = (float(-(f(lr) * (bc2 / (one - fb1p)))), float(f(eps) * bc2),
                                  float(fb1p * f(b1)), float(fb2p * f(b2)))
            steps.append(r[0])
            epss.append(r[1])
            sc[n1] = r[2]
            sc[n2] = r[3]
        if any(m.dtype != g.dtype for m, g in zip(m1s, grads)):
            grads = [g.to(m.dtype) for m, g in zip(m1s, grads)]
        f = _scalar_type(m1s[0].dtype)
        # m1 = b1*m1 + (1-b1)*g as a lerp, v via addcmul, one addcdiv for the parameter: the same number of
        # passes as torch's foreach Adam. Against Paddle's separately-rounded kernel this stays within a
        # fraction of the golden tolerance (measured: < 0.5 of rtol 1e-5 / atol 1e-7 on all Adam goldens).
        torch._foreach_lerp_(m1s, grads, float(f(1) - f(b1)))
        torch._foreach_mul_(m2s, float(f(b2)))
        torch._foreach_addcmul_(m2s, grads, grads, float(f(1) - f(b2)))
        denom = torch._foreach_sqrt(m2s)
        if len(set(epss)) == 1:
            torch._foreach_add_(denom, epss[0])
        else:
            torch._foreach_add_(denom, epss)
        if any(w.dtype != m.dtype for w, m in zip(works, m1s)):
            for w, m, d, st in zip(works, m1s, denom, steps):
                w.add_((m / d * st).to(w.dtype))
        elif len(set(steps)) == 1:
            torch._foreach_addcdiv_(works, m1s, denom, steps[0])
        else:
            torch._foreach_addcdiv_(works, m1s, denom, steps)


class Adam(_AdamBase):
    """Adam (Kingma & Ba) with Paddle's epsilon placement; ``weight_decay`` float/L2Decay is coupled L2."""

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, parameters=None,
                 weight_decay=None, grad_clip=None, lazy_mode=False, multi_precision=False, use_multi_tensor=False,
                 name=None):
        beta1, beta2 = self._keep_adam_args(learning_rate, beta1, beta2, epsilon, lazy_mode, multi_precision)
        self._use_multi_tensor = use_multi_tensor
        self.type = "adam"
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self._multi_precision = bool(multi_precision)
        self._default_dict.update({"beta1": beta1, "beta2": beta2, "epsilon": epsilon, "lazy_mode": lazy_mode})

    def _update(self, params, works, grads, lrs, hp):
        # lazy_mode only changes the update of SelectedRows (sparse) gradients; dense gradients are exact.
        self._adam_core(params, works, grads, lrs, hp["beta1"], hp["beta2"], hp["epsilon"])
