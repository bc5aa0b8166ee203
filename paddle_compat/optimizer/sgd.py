"""``paddle.optimizer.SGD``: ``p -= lr * g``."""

import torch

from .optimizer import Optimizer, _InvalidArgument

__all__ = ["SGD"]


class SGD(Optimizer):
    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None):
        if learning_rate is None:
            raise _InvalidArgument("learning_rate is not set")
        self._multi_precision = bool(multi_precision)
        self.type = "sgd"
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self._multi_precision = bool(multi_precision)

    def _create_accumulators(self, block, parameters):
        pass

    def _ensure_state(self, params):
        if self._multi_precision:
            for p in params:
                if p._t.dtype in (torch.float16, torch.bfloat16):
                    self._create_master_weight(p)

    def _update(self, params, works, grads, lrs, hp):
        if len(set(lrs)) == 1:
            torch._foreach_add_(works, grads, alpha=-lrs[0])
        else:
            torch._foreach_add_(works, torch._foreach_mul(grads, [-lr for lr in lrs]))
