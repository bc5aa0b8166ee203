"""``paddle.incubate.ModelAverage``: running sums of the parameters over a sliding window (Paddle's
``average_accumulates`` kernel: sum_1 collects, sum_2 takes sum_1 every 16384 updates, sum_3 holds the last
closed window); ``apply()`` swaps in the average, ``restore()`` puts the weights back."""

import contextlib

import torch

from ...optimizer.optimizer import Optimizer

__all__ = ["ModelAverage"]

_MAX_NUM_ACCUMULATES = 16384  # Paddle moves sum_1 into sum_2 this often, against loss of precision


class ModelAverage(Optimizer):
    """Average of the parameters over the last updates; step() accumulates, apply()/restore() swap."""

    def __init__(self, average_window_rate, parameters=None, min_average_window=10000, max_average_window=10000,
                 name=None):
        super().__init__(learning_rate=0.0, parameters=parameters, weight_decay=None, grad_clip=None, name=name)
        self.average_window = average_window_rate
        self.min_average_window = min_average_window
        self.max_average_window = max_average_window
        self.type = "average_accumulates"

    def _create_accumulators(self, block, parameters):
        for p in parameters:
            for key in ("sum_1", "sum_2", "sum_3", "restore"):
                self._add_accumulator(key, p)
            for key in ("num_accumulates", "old_num_accumulates", "num_updates"):
                self._add_accumulator(key, p, dtype=torch.int64, shape=[1])

    def _acc(self, key, p):
        return self._get_accumulator(key, p)._t

    def _accumulate(self, p):
        if self.min_average_window > self.max_average_window:
            raise ValueError(f"(InvalidArgument) The min_average_window > max_average_window is not right, "
                             f"min_average_window is {self.min_average_window}, max_average_window is "
                             f"{self.max_average_window}.")
        sum_1, sum_2, sum_3 = self._acc("sum_1", p), self._acc("sum_2", p), self._acc("sum_3", p)
        num_acc, old_acc, num_upd = (self._acc("num_accumulates", p), self._acc("old_num_accumulates", p),
                                     self._acc("num_updates", p))
        updates, accumulates = int(num_upd[0]) + 1, int(num_acc[0]) + 1
        sum_1.add_(p._t)
        if updates % _MAX_NUM_ACCUMULATES == 0:
            sum_2.add_(sum_1)
            sum_1.zero_()
        if accumulates >= self.min_average_window and \
                accumulates >= min(self.max_average_window, int(updates * self.average_window)):
            sum_3.copy_(sum_1 + sum_2)  # the in-place kernel reads sum_1 after adding the parameter
            sum_1.zero_()
            sum_2.zero_()
            old_acc.fill_(accumulates)
            accumulates = 0
        num_upd.fill_(updates)
        num_acc.fill_(accumulates)

    @torch.no_grad()
    def step(self):
        """Accumulate every trainable parameter that holds a gradient."""
        self._ensure_state(self._parameter_list)
        for p in self._parameter_list:
            if p.trainable and p._t.grad is not None:
                self._accumulate(p)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Dygraph: the same as step()."""
        self.step()

    @contextlib.contextmanager
    def apply(self, executor=None, need_restore=True):
        """Replace the parameters by their averages inside the ``with`` block (restored after it unless
        ``need_restore=False``)."""
        with torch.no_grad():
            for p in self._parameter_list:
                total = self._acc("sum_1", p) + self._acc("sum_2", p) + self._acc("sum_3", p)
                count = (self._acc("num_accumulates", p) + self._acc("old_num_accumulates", p)).to(torch.float32)
                self._acc("restore", p).copy_(p._t)
                p._t.copy_((total.to(torch.float32) / count).to(p._t.dtype))
        try:
            yield
        finally:
            if need_restore:
                self.restore()

    @torch.no_grad()
    def restore(self, executor=None):
        """Put back the parameters saved by apply()."""
        for p in self._parameter_list:
            p._t.copy_(self._acc("restore", p))
