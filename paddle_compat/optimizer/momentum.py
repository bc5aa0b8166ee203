"""``paddle.optimizer.Momentum``: ``g = g*rescale_grad (+ coeff*p for L2)``, ``v = mu*v + g``,
``p -= lr*v`` (or ``p -= lr*(g + mu*v)`` with ``use_nesterov``). An L2 weight decay (float or L2Decay,
optimizer-wide or per-parameter) is folded into the kernel as Paddle does."""

import torch

from ..regularizer import L2Decay
from .optimizer import Optimizer, _require_set

__all__ = ["Momentum"]


def _reg_method(weight_decay):
    if isinstance(weight_decay, L2Decay):
        return "l2_decay", weight_decay._coeff
    if isinstance(weight_decay, float):
        return "l2_decay", weight_decay
    return "", 0.0


class Momentum(Optimizer):
    _group_keys = ("momentum", "use_nesterov", "rescale_grad", "regularization_method", "regularization_coeff")
    _velocity_acc_str = "velocity"
    _acc_order = ("velocity",)

    def __init__(self, learning_rate=0.001, momentum=0.9, parameters=None, use_nesterov=False, weight_decay=None,
                 grad_clip=None, multi_precision=False, rescale_grad=1.0, use_multi_tensor=False, name=None):
        _require_set(learning_rate=learning_rate, momentum=momentum)

        def is_l2(r):
            return isinstance(r, (L2Decay, float))

        if isinstance(parameters, list) and isinstance(parameters[0], dict):  # [] fails here, as in Paddle
            new = []
            for group in parameters:
                group = dict(group)
                decay = group["weight_decay"] if "weight_decay" in group else weight_decay
                group["regularization_method"], group["regularization_coeff"] = _reg_method(decay)
                group["weight_decay"] = None if is_l2(decay) else decay
                new.append(group)
            parameters = new
        self._multi_precision = bool(multi_precision)
        self.type = "momentum"
        super().__init__(learning_rate, parameters, None if is_l2(weight_decay) else weight_decay, grad_clip, name)
        self._multi_precision = bool(multi_precision)
        self._momentum = momentum
        self._use_nesterov = bool(use_nesterov)
        self._rescale_grad = rescale_grad
        self._use_multi_tensor = use_multi_tensor
        self._regularization_method, self._regularization_coeff = _reg_method(weight_decay)
        self._default_dict.update({
            "momentum": momentum, "use_nesterov": use_nesterov, "rescale_grad": rescale_grad,
            "regularization_method": self._regularization_method,
            "regularization_coeff": self._regularization_coeff,
        })

    def _regularizer_for(self, param):
        reg = getattr(param, "regularizer", None)
        if isinstance(reg, L2Decay):
            return None  # folded into the momentum kernel
        return reg if reg is not None else self.regularization

    def _update(self, params, works, grads, lrs, hp):
        mu = hp["momentum"]
        rescale = hp["rescale_grad"]
        vs = [self._state(p)[0]._t for p in params]
        if rescale != 1.0:
            grads = torch._foreach_mul(grads, rescale)
        # per-parameter L2 coefficient: the parameter's own L2Decay wins, another regularizer disables it
        coeffs = []
        for p in params:
            reg = getattr(p, "regularizer", None)
            if isinstance(reg, L2Decay):
                coeffs.append(reg._coeff)
            elif reg is not None:
                coeffs.append(0.0)
            else:
                coeffs.append(hp["regularization_coeff"] if hp["regularization_method"] == "l2_decay" else 0.0)
        by_coeff = {}
        for i, c in enumerate(coeffs):
            if c:
                by_coeff.setdefault(c, []).append(i)
        if by_coeff:
            grads = list(grads)
            for c, idx in by_coeff.items():
                decay = torch._foreach_mul([works[i] for i in idx], c)
                for i, g in zip(idx, torch._foreach_add([grads[i] for i in idx], decay)):
                    grads[i] = g
        torch._foreach_mul_(vs, mu)
        torch._foreach_add_(vs, grads)
        if hp["use_nesterov"]:
            upd = torch._foreach_add(grads, vs, alpha=mu)
        else:
            upd = vs
        if len(set(lrs)) == 1:
            torch._foreach_add_(works, upd, alpha=-lrs[0])
        else:
            torch._foreach_add_(works, torch._foreach_mul(upd, [-lr for lr in lrs]))
