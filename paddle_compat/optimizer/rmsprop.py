"""``paddle.optimizer.RMSProp`` (epsilon inside the square root, as Paddle's kernel):
``ms = rho*ms + (1-rho)*g^2``; centered: ``mg = rho*mg + (1-rho)*g``, ``d = sqrt(ms - mg^2 + eps)``
else ``d = sqrt(ms + eps)``; ``mom = momentum*mom + lr*g/d``; ``p -= mom``."""

import torch

from .optimizer import Optimizer, _require_set

__all__ = ["RMSProp"]


class RMSProp(Optimizer):
    _group_keys = ("rho", "epsilon", "momentum", "centered")
    _momentum_acc_str = "momentum"
    _mean_square_acc_str = "mean_square"
    _mean_grad_acc_str = "mean_grad"
    _acc_order = ("momentum", "mean_square", "mean_grad")

    def __init__(self, learning_rate, rho=0.95, epsilon=1e-06, momentum=0.0, centered=False, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        _require_set(ValueError, ".", learning_rate=learning_rate, rho=rho, epsilon=epsilon, momentum=momentum)
        if not 0.0 <= epsilon:
            raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")
        if not 0.0 <= momentum:
            raise ValueError("Invalid value of momentum, expect momentum >= 0.")
        if not 0.0 <= rho:
            raise ValueError("Invalid value of rho, expect rho >= 0.")
        self.type = "rmsprop"
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self._rho = rho
        self._epsilon = epsilon
        self._momentum = momentum
        self._centered = centered
        self._default_dict.update({"rho": rho, "epsilon": epsilon, "momentum": momentum, "centered": centered})

    def _update(self, params, works, grads, lrs, hp):
        rho, eps, mom_c = hp["rho"], hp["epsilon"], hp["momentum"]
        st = [self._state(p) for p in params]
        moms = [s[0]._t for s in st]
        mss = [s[1]._t for s in st]
        torch._foreach_mul_(mss, rho)
        torch._foreach_addcmul_(mss, grads, grads, 1.0 - rho)
        if hp["centered"]:
            mgs = [s[2]._t for s in st]
            torch._foreach_mul_(mgs, rho)
            torch._foreach_add_(mgs, grads, alpha=1.0 - rho)
            denom = torch._foreach_addcmul(mss, mgs, mgs, -1.0)
            torch._foreach_add_(denom, eps)
        else:
            denom = torch._foreach_add(mss, eps)
        torch._foreach_sqrt_(denom)
        torch._foreach_mul_(moms, mom_c)
        if len(set(lrs)) == 1:
            torch._foreach_addcdiv_(moms, grads, denom, lrs[0])
        else:
            torch._foreach_addcdiv_(moms, grads, denom, lrs)
        torch._foreach_sub_(works, moms)
