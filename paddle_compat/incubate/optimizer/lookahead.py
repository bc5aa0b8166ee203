"""``paddle.incubate.LookAhead``: after every inner step, every ``k``-th step pulls the fast weights toward
slow weights (slow += alpha * (fast - slow); fast = slow); the slow weights start as the weights after the
first step, as in Paddle's kernel."""

import torch

from ...optimizer.optimizer import Optimizer

__all__ = ["LookAhead"]


class LookAhead(Optimizer):
    """Lookahead wrapper around ``inner_optimizer`` (alpha in [0, 1], k a positive int)."""

    _slow_str = "slow"

    def __init__(self, inner_optimizer, alpha=0.5, k=5, name=None):
        assert inner_optimizer is not None, "inner optimizer can not be None"
        assert 0.0 <= alpha <= 1.0, "alpha should be larger or equal to 0.0, and less or equal than 1.0"
        assert isinstance(k, int) and k > 0, "k should be a positive integer"
        self.inner_optimizer = inner_optimizer
        if inner_optimizer._parameter_list is None:
            raise AttributeError("parameters argument given to the Optimizer should not be None in dygraph mode.")
        super().__init__(learning_rate=float(alpha), parameters=inner_optimizer._parameter_list, weight_decay=None,
                         grad_clip=None, name=name)
        self.alpha = alpha
        self.k = k
        self.type = "lookahead"
        self._global_step = 0

    def _create_accumulators(self, block, parameters):
        for p in parameters:
            self._add_accumulator(self._slow_str, p)

    @torch.no_grad()
    def step(self):
        """One inner step, then the lookahead update of every trainable parameter holding a gradient."""
        self.inner_optimizer.step()
        self._global_step += 1
        params = [p for p in self._parameter_list if p.trainable and p._t.grad is not None]
        self._ensure_state(params)
        for p in params:
            slow = self._get_accumulator(self._slow_str, p)._t
            fast = p._t
            if self._global_step == 1:
                slow.copy_(fast)
            if self._global_step % self.k == 0:
                mixed = self.alpha * fast + (1.0 - self.alpha) * slow
                fast.copy_(mixed)
                slow.copy_(mixed)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Dygraph: ``loss.backward()`` first; the inner optimizer's minimize, then the lookahead update."""
        optimize_ops, params_grads = self.inner_optimizer.minimize(loss, startup_program=startup_program,
                                                                   parameters=parameters, no_grad_set=no_grad_set)
        self._global_step += 1
        params = [p for p, _ in params_grads]
        self._ensure_state(params)
        with torch.no_grad():
            for p in params:
                slow = self._get_accumulator(self._slow_str, p)._t
                if self._global_step == 1:
                    slow.copy_(p._t)
                if self._global_step % self.k == 0:
                    mixed = self.alpha * p._t + (1.0 - self.alpha) * slow
                    p._t.copy_(mixed)
                    slow.copy_(mixed)
        return optimize_ops, params_grads
