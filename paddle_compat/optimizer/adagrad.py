"""``paddle.optimizer.Adagrad``: ``moment += g^2``; ``p -= lr * g / (sqrt(moment) + eps)``."""

import torch

from .optimizer import Optimizer, _require_set

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    _group_keys = ("epsilon", "initial_accumulator_value")
    _moment_acc_str = "moment"
    _acc_order = ("moment",)

    def __init__(self, learning_rate, epsilon=1e-06, parameters=None, weight_decay=None, grad_clip=None, name=None,
                 initial_accumulator_value=0.0):
        _require_set(learning_rate=learning_rate, epsilon=epsilon)
        self.type = "adagrad"
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self._epsilon = epsilon
        self.initial_accumulator_value = initial_accumulator_value
        self._default_dict.update({"epsilon": epsilon, "initial_accumulator_value": initial_accumulator_value})

    def _accumulator_options(self):
        return {self._moment_acc_str: {"fill_value": self.initial_accumulator_value}}

    def _update(self, params, works, grads, lrs, hp):
        eps = hp["epsilon"]
        ms = [self._state(p)[0]._t for p in params]
        torch._foreach_addcmul_(ms, grads, grads, 1.0)
        denom = torch._foreach_sqrt(ms)
        torch._foreach_add_(denom, eps)
        if len(set(lrs)) == 1:
            torch._foreach_addcdiv_(works, grads, denom, -lrs[0])
        else:
            torch._foreach_addcdiv_(works, grads, denom, [-lr for lr in lrs])
