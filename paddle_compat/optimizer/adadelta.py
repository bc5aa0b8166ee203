"""``paddle.optimizer.Adadelta``: ``Eg = rho*Eg + (1-rho)*g^2``;
``u = -sqrt((Ex + eps)/(Eg + eps)) * g``; ``Ex = rho*Ex + (1-rho)*u^2``; ``p += lr*u``."""

import torch

from .optimizer import Optimizer, _require_set

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    _group_keys = ("epsilon", "rho")
    _avg_squared_grad_acc_str = "_avg_squared_grad"
    _avg_squared_update_acc_str = "_avg_squared_update"
    _acc_order = ("_avg_squared_grad", "_avg_squared_update")

    def __init__(self, learning_rate=0.001, epsilon=1e-06, rho=0.95, parameters=None, weight_decay=None,
                 grad_clip=None, name=None):
        _require_set(ValueError, ".", learning_rate=learning_rate, epsilon=epsilon, rho=rho)
        self.type = "adadelta"
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self._epsilon = epsilon
        self._rho = rho
        self._default_dict.update({"epsilon": epsilon, "rho": rho})

    def _update(self, params, works, grads, lrs, hp):
        rho, eps = hp["rho"], hp["epsilon"]
        st = [self._state(p) for p in params]
        eg = [s[0]._t for s in st]
        ex = [s[1]._t for s in st]
        torch._foreach_mul_(eg, rho)
        torch._foreach_addcmul_(eg, grads, grads, 1.0 - rho)
        num = torch._foreach_add(ex, eps)
        den = torch._foreach_add(eg, eps)
        torch._foreach_div_(num, den)
        torch._foreach_sqrt_(num)
        upd = torch._foreach_mul(num, grads)
        torch._foreach_neg_(upd)
        torch._foreach_mul_(ex, rho)
        torch._foreach_addcmul_(ex, upd, upd, 1.0 - rho)
        if len(set(lrs)) == 1:
            torch._foreach_add_(works, upd, alpha=lrs[0])
        else:
            torch._foreach_add_(works, torch._foreach_mul(upd, lrs))
