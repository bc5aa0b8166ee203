"""``paddle.incubate.optimizer.LarsMomentumOptimizer`` (dygraph): layer-wise adaptive rate scaling on momentum.
Per parameter: ``g *= rescale_grad``; ``local_lr = lr * lars_coeff * |p| / (|g| + lars_weight_decay * |p| +
epsilon)`` when both norms and ``lars_weight_decay`` are positive (else ``lr``);
``v = mu * v + local_lr * (g + lars_weight_decay * p)``; ``p -= v``. Parameters whose name contains an
``exclude_from_weight_decay`` entry use ``lars_weight_decay`` 0."""

import torch

from ...optimizer.optimizer import Optimizer

__all__ = ["LarsMomentumOptimizer"]


class LarsMomentumOptimizer(Optimizer):
    _velocity_acc_str = "velocity"
    _acc_order = ("velocity",)

    def __init__(self, learning_rate, momentum, lars_coeff=0.001, lars_weight_decay=0.0005, parameter_list=None,
                 regularization=None, grad_clip=None, name=None, exclude_from_weight_decay=None, epsilon=0,
                 multi_precision=False, rescale_grad=1.0):
        assert learning_rate is not None
        assert momentum is not None
        if multi_precision:
            raise NotImplementedError("LarsMomentumOptimizer: multi_precision (fp16/bf16 master weights) is not "
                                      "supported")
        super().__init__(learning_rate=learning_rate, parameters=parameter_list, weight_decay=regularization,
                         grad_clip=grad_clip, name=name)
        self.type = "lars_momentum"
        self._momentum = momentum
        self._lars_coeff = float(lars_coeff)
        self._lars_weight_decay = float(lars_weight_decay)
        self._epsilon = float(epsilon)
        self._exclude_from_weight_decay = [] if exclude_from_weight_decay is None else exclude_from_weight_decay
        self._multi_precision = multi_precision
        self._rescale_grad = float(rescale_grad)
        self._master_weights = {}

    def _create_accumulators(self, block, parameters):
        if isinstance(parameters, dict):
            parameters = parameters["params"]
        for p in parameters:
            self._add_accumulator(self._velocity_acc_str, p)

    def _weight_decay_of(self, param):
        for name in self._exclude_from_weight_decay:
            if name in param.name:
                return 0.0
        return self._lars_weight_decay

    def _update(self, params, works, grads, lrs, hp):
        mu, coeff, eps = self._momentum, self._lars_coeff, self._epsilon
        for p, w, g, lr in zip(params, works, grads, lrs):
            v = self._state(p)[0]._t
            if self._rescale_grad != 1.0:
                g = g * self._rescale_grad
            decay = self._weight_decay_of(p)
            p_norm = torch.linalg.vector_norm(w)
            g_norm = torch.linalg.vector_norm(g)
            if decay > 0:
                scaled = lr * coeff * p_norm / (g_norm + decay * p_norm + eps)
                local_lr = torch.where((p_norm > 0) & (g_norm > 0), scaled, torch.full_like(scaled, lr))
                v.mul_(mu).add_(local_lr * (g + decay * w))
            else:
                v.mul_(mu).add_(g, alpha=lr)
            w.sub_(v)
