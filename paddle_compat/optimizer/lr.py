"""``paddle.optimizer.lr``: learning-rate schedulers (pure Python, values identical to Paddle 2.6)."""

import math
import warnings

import numpy as np

__all__ = [
    "LRScheduler",
    "NoamDecay",
    "PiecewiseDecay",
    "NaturalExpDecay",
    "InverseTimeDecay",
    "PolynomialDecay",
    "LinearWarmup",
    "ExponentialDecay",
    "MultiStepDecay",
    "StepDecay",
    "LambdaDecay",
    "ReduceOnPlateau",
    "CosineAnnealingDecay",
    "MultiplicativeDecay",
    "OneCycleLR",
    "CyclicLR",
    "LinearLR",
    "CosineAnnealingWarmRestarts",
]


class _InvalidArgument(AssertionError, ValueError):
    """Paddle checks these arguments with ``assert``: catchable as AssertionError and ValueError."""


def _require(cond, exc, msg):
    if not cond:
        raise (_InvalidArgument if exc is ValueError else exc)(msg)


class LRScheduler:
    """Base class. ``step()`` advances ``last_epoch`` and recomputes ``last_lr`` from ``get_lr()``;
    calling the scheduler returns ``last_lr``."""

    def __init__(self, learning_rate=0.1, last_epoch=-1, verbose=False):
        if not isinstance(learning_rate, (float, int)):
            raise TypeError(f"The type of learning rate must be float, but received {type(learning_rate)}")
        if learning_rate < 0:
            raise ValueError(f"Invalid learning rate: {learning_rate}")
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = last_epoch
        self.verbose = verbose
        self._var_name = None
        self.step()

    def __call__(self):
        return self.last_lr

    def _print(self):
        if self.verbose:
            print(f"Epoch {self.last_epoch}: {self.__class__.__name__} set learning rate to {self.last_lr}.")

    def step(self, epoch=None):
        if epoch is None:
            self.last_epoch += 1
            self.last_lr = self.get_lr()
        else:
            self.last_epoch = epoch
            closed = getattr(self, "_get_closed_form_lr", None)
            self.last_lr = closed() if closed is not None else self.get_lr()
        self._print()

    def state_keys(self):
        self.keys = ["last_epoch", "last_lr"]

    def state_dict(self):
        self.state_keys()
        out = {}
        for key in self.keys:
            if key not in self.__dict__:
                continue
            value = self.__dict__[key]
            if hasattr(value, "_t"):  # a paddle Tensor
                if value.size != 1:
                    raise ValueError("numel of Tensor in state_dict must be 1")
                value = float(value)
            out[key] = value
        return out

    def set_state_dict(self, state_dict):
        self.state_keys()
        for key in self.keys:
            if key not in state_dict:
                raise RuntimeError(
                    f"Please check whether state_dict is correct for optimizer. Can't find [ {key} ] in state_dict"
                )
            self.__dict__[key] = state_dict[key]
        if len(state_dict) > len(self.keys):
            warnings.warn(
                "There are some unused values in state_dict. Maybe the optimizer have different "
                "'LearningRateDecay' when invoking state_dict and set_dict"
            )

    set_dict = set_state_dict

    def get_lr(self):
        raise NotImplementedError


class NoamDecay(LRScheduler):
    def __init__(self, d_model, warmup_steps, learning_rate=1.0, last_epoch=-1, verbose=False):
        if d_model <= 0:
            raise ValueError("d_model should be grater than 0")
        self.d_model = d_model
        self.warmup_steps = warmup_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        e = self.last_epoch
        a = 1 if e == 0 else e**-0.5
        b = self.warmup_steps**-1.5 * e
        return self.base_lr * (self.d_model**-0.5) * min(a, b)


class PiecewiseDecay(LRScheduler):
    def __init__(self, boundaries, values, last_epoch=-1, verbose=False):
        if len(boundaries) == 0:
            raise ValueError("The boundaries cannot be empty.")
        if len(values) <= len(boundaries):
            raise ValueError(
                f"The values have one more element than boundaries, but received len(values) [{len(values)}] < "
                f"len(boundaries) + 1 [{len(boundaries) + 1}]."
            )
        self.boundaries = boundaries
        self.values = values
        super().__init__(last_epoch=last_epoch, verbose=verbose)

    def get_lr(self):
        for bound, value in zip(self.boundaries, self.values):
            if self.last_epoch < bound:
                return value
        return self.values[-1]


class NaturalExpDecay(LRScheduler):
    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        _require(gamma > 0.0, ValueError, "'gamma' must be a positive number so that the learning rate will decay.")
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * math.exp(-1 * self.gamma * self.last_epoch)


class InverseTimeDecay(LRScheduler):
    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr / (1 + self.gamma * self.last_epoch)


class PolynomialDecay(LRScheduler):
    def __init__(self, learning_rate, decay_steps, end_lr=0.0001, power=1.0, cycle=False, last_epoch=-1,
                 verbose=False):
        _require(isinstance(decay_steps, int) and decay_steps > 0, ValueError,
                 "'decay_steps' must be a positive integer.")
        _require(power > 0.0, ValueError, "'power' must be greater than 0.0 so that the learning rate will decay.")
        self.decay_steps = decay_steps
        self.end_lr = end_lr
        self.power = power
        self.cycle = cycle
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        epoch = self.last_epoch
        steps = self.decay_steps
        if self.cycle:
            mult = 1 if epoch == 0 else math.ceil(float(epoch) / float(steps))
            steps = steps * mult
        else:
            epoch = min(epoch, steps)
        return (self.base_lr - self.end_lr) * ((1 - float(epoch) / float(steps)) ** self.power) + self.end_lr


class LinearWarmup(LRScheduler):
    def __init__(self, learning_rate, warmup_steps, start_lr, end_lr, last_epoch=-1, verbose=False):
        if not isinstance(learning_rate, (float, int, LRScheduler)):
            raise TypeError(
                f"the type of learning_rate should be [int, float or LRScheduler], the current type is {learning_rate}"
            )
        _require(warmup_steps > 0 and isinstance(warmup_steps, int), ValueError,  # compared first, as Paddle
                 "'warmup_steps' must be a positive integer.")
        _require(end_lr > start_lr, ValueError, f"end_lr {end_lr} must be greater than start_lr {start_lr}")
        self.learning_rate = learning_rate
        self.warmup_steps = warmup_steps
        self.start_lr = start_lr
        self.end_lr = end_lr
        super().__init__(start_lr, last_epoch, verbose)

    def state_dict(self):
        out = super().state_dict()
        if isinstance(self.learning_rate, LRScheduler):
            out["LinearWarmup_LR"] = self.learning_rate.state_dict()
        return out

    def set_state_dict(self, state_dict):
        super().set_state_dict(state_dict)
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.set_state_dict(state_dict["LinearWarmup_LR"])

    set_dict = set_state_dict

    def get_lr(self):
        if self.last_epoch < self.warmup_steps:
            return (self.end_lr - self.start_lr) * float(self.last_epoch) / float(self.warmup_steps) + self.start_lr
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.step(self.last_epoch - self.warmup_steps)
            return self.learning_rate()
        return self.learning_rate


class ExponentialDecay(LRScheduler):
    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        _require(0.0 < gamma < 1.0, ValueError,
                 "'gamma' must be in interval (0.0, 1.0) so that the learning rate will decay.")
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * (self.gamma**self.last_epoch)


class MultiStepDecay(LRScheduler):
    def __init__(self, learning_rate, milestones, gamma=0.1, last_epoch=-1, verbose=False):
        if not isinstance(milestones, (tuple, list)):
            raise TypeError(
                f"The type of 'milestones' in 'MultiStepDecay' must be 'tuple, list', but received {type(milestones)}."
            )
        if not all(milestones[i] < milestones[i + 1] for i in range(len(milestones) - 1)):
            raise ValueError("The elements of milestones must be incremented")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        self.milestones = milestones
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        for i, m in enumerate(self.milestones):
            if self.last_epoch < m:
                return self.base_lr * (self.gamma**i)
        return self.base_lr * (self.gamma ** len(self.milestones))


class StepDecay(LRScheduler):
    def __init__(self, learning_rate, step_size, gamma=0.1, last_epoch=-1, verbose=False):
        if not isinstance(step_size, int):
            raise TypeError(f"The type of 'step_size' must be 'int', but received {type(step_size)}.")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        _require(step_size > 0, ValueError, "'step_size' must be a positive integer.")
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * (self.gamma ** (self.last_epoch // self.step_size))


class _LambdaScheduler(LRScheduler):
    """LambdaDecay and MultiplicativeDecay: a base rate scaled by a user function of the epoch."""

    def __init__(self, learning_rate, lr_lambda, last_epoch=-1, verbose=False):
        if not callable(lr_lambda):
            raise TypeError(
                f"The type of 'lr_lambda' in '{self._paddle_name}' must be 'function', but received {type(lr_lambda)}."
            )
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)


class LambdaDecay(_LambdaScheduler):
    _paddle_name = "LambdaDecay"  # Paddle's message names the class, also for user subclasses

    def get_lr(self):
        return self.base_lr * self.lr_lambda(self.last_epoch)


class ReduceOnPlateau(LRScheduler):
    def __init__(self, learning_rate, mode="min", factor=0.1, patience=10, threshold=1e-4, threshold_mode="rel",
                 cooldown=0, min_lr=0, epsilon=1e-8, verbose=False):
        mode = mode.lower()
        if mode not in ("min", "max"):
            raise ValueError("mode: " + mode + " is unknown!")
        if factor >= 1.0:
            raise ValueError("new_lr = origin_lr * gamma and gamma should be < 1.0.")
        threshold_mode = threshold_mode.lower()
        if threshold_mode not in ("rel", "abs"):
            raise ValueError("threshold mode: " + threshold_mode + " is unknown!")
        if not isinstance(learning_rate, (float, int)):
            raise TypeError(
                f"The type of 'learning_rate' in 'ReduceOnPlateau' must be 'float', but received {type(learning_rate)}."
            )
        vars(self).update(mode=mode, factor=factor, threshold_mode=threshold_mode, patience=patience,
                          threshold=threshold, cooldown=cooldown, min_lr=min_lr, epsilon=epsilon)
        self.cooldown_counter = 0
        self.best = None
        self.num_bad_epochs = 0
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = 0
        self.verbose = verbose
        self._var_name = None

    def state_keys(self):
        self.keys = ["cooldown_counter", "best", "num_bad_epochs", "last_epoch", "last_lr"]

    def step(self, metrics, epoch=None):
        self.last_epoch = self.last_epoch + 1 if epoch is None else epoch
        if hasattr(metrics, "_t") or isinstance(metrics, np.ndarray):
            if metrics.size != 1:
                raise ValueError(
                    f"the size of metrics must be 1, but the current metrics.size is {metrics.size}. Maybe that you "
                    "should call paddle.mean to process it first."
                )
        elif not isinstance(metrics, (int, float, np.float32, np.float64)):
            raise TypeError(
                "metrics must be 'int', 'float', 'np.float64', 'numpy.ndarray' or 'paddle.Tensor', but receive "
                f"{type(metrics)}"
            )
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            return
        if self.best is None or self._is_better(metrics, self.best):
            self.best = metrics
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.num_bad_epochs > self.patience:
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
            new_lr = max(self.last_lr * self.factor, self.min_lr)
            if self.last_lr - new_lr > self.epsilon:
                self.last_lr = new_lr
                self._print()

    def _is_better(self, current, best):
        if self.mode == "min":
            bound = best - best * self.threshold if self.threshold_mode == "rel" else best - self.threshold
            return current < bound
        bound = best + best * self.threshold if self.threshold_mode == "rel" else best + self.threshold
        return current > bound


class CosineAnnealingDecay(LRScheduler):
    def __init__(self, learning_rate, T_max, eta_min=0, last_epoch=-1, verbose=False):  # noqa: N803
        if not isinstance(T_max, int):
            raise TypeError(f"The type of 'T_max' in 'CosineAnnealingDecay' must be 'int', but received {type(T_max)}.")
        if not isinstance(eta_min, (float, int)):
            raise TypeError(
                f"The type of 'eta_min' in 'CosineAnnealingDecay' must be 'float, int', but received {type(eta_min)}."
            )
        _require(T_max > 0, ValueError, "'T_max' must be a positive integer.")
        self.T_max = T_max
        self.eta_min = float(eta_min)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        e, t = self.last_epoch, self.T_max
        if e == 0:
            return self.base_lr
        if (e - 1 - t) % (2 * t) == 0:
            return self.last_lr + (self.base_lr - self.eta_min) * (1 - math.cos(math.pi / t)) / 2
        return (1 + math.cos(math.pi * e / t)) / (1 + math.cos(math.pi * (e - 1) / t)) * (
            self.last_lr - self.eta_min) + self.eta_min

    def _get_closed_form_lr(self):
        return self.eta_min + (self.base_lr - self.eta_min) * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2


class MultiplicativeDecay(_LambdaScheduler):
    _paddle_name = "MultiplicativeDecay"

    def get_lr(self):
        lr = self.base_lr
        for epoch in range(1, self.last_epoch + 1):
            lr = lr * self.lr_lambda(epoch)
        return lr


class OneCycleLR(LRScheduler):
    def __init__(self, max_learning_rate, total_steps, divide_factor=25.0, end_learning_rate=0.0001, phase_pct=0.3,
                 anneal_strategy="cos", three_phase=False, last_epoch=-1, verbose=False):
        if not isinstance(max_learning_rate, (float, int)):
            raise TypeError(f"'max_learning_rate' must be 'float' or 'int', but received {type(max_learning_rate)}")
        if max_learning_rate < 0:
            raise ValueError("'max_learning_rate' must be a positive integer.")
        if not isinstance(end_learning_rate, (float, int)):
            raise TypeError(f"'end_learning_rate' must be 'float' or 'int', but received {type(end_learning_rate)}")
        if end_learning_rate < 0:
            raise ValueError("'end_learning_rate' must be a positive integer.")
        if not isinstance(total_steps, int):
            raise TypeError(f"'total_step' must be 'int', but received {type(total_steps)}")
        if total_steps <= 0:
            raise ValueError("'total_step' must be a positive integer.")
        if not isinstance(phase_pct, float):
            raise TypeError(f"'phase_pct' must be 'float', but received {type(phase_pct)}")
        if phase_pct < 0 or phase_pct > 1:
            raise ValueError(f"'phase_pct' must be between 0 and 1, but received {phase_pct}")
        if not isinstance(divide_factor, (float, int)):
            raise TypeError(f"'divide_factor' must be 'float' or 'int', but received {type(divide_factor)}")
        self.total_steps = total_steps
        initial_lr = max_learning_rate / float(divide_factor)
        min_lr = float(end_learning_rate)
        n = self.total_steps
        if three_phase:
            if phase_pct >= 0.5:
                raise ValueError("When three_phase is True, 'phase_pct' must be less than 0.5")
            c = [0, phase_pct * n - 1, 2 * phase_pct * n - 2, n - 1, n - 1]
            self._step_config = c
            self._steps_size = [c[1] - c[0], c[2] - c[1], c[3] - c[2], c[3] - c[2]]
            self._lr_config = [initial_lr, max_learning_rate, initial_lr, min_lr]
        else:
            c = [0, phase_pct * n - 1, n - 1, n - 1]
            self._step_config = c
            self._steps_size = [c[1] - c[0], c[2] - c[1], c[2] - c[1]]
            self._lr_config = [initial_lr, max_learning_rate, min_lr]
        if anneal_strategy == "cos":
            self.anneal_func = self._cos_annealing
        elif anneal_strategy == "linear":
            self.anneal_func = self._linear_annealing
        else:
            raise ValueError(f"'anneal_strategy' must by one of 'cos' or 'linear', but received {anneal_strategy}")
        super().__init__(initial_lr, last_epoch, verbose)

    def _cos_annealing(self, start_lr, end_lr, pct):
        return end_lr + (start_lr - end_lr) / 2.0 * (math.cos(math.pi * pct) + 1)

    def _linear_annealing(self, start_lr, end_lr, pct):
        return (end_lr - start_lr) * pct + start_lr

    def get_lr(self):
        step = self.last_epoch
        if step > self.total_steps:
            raise ValueError(f"Tried to step {step} times. However the number of total steps is {self.total_steps}")
        last = len(self._lr_config) - 2
        for i, (end_step, size) in enumerate(zip(self._step_config[1:], self._steps_size)):
            if step <= end_step or i == last:
                pct = (step - self._step_config[i]) / size
                return self.anneal_func(self._lr_config[i], self._lr_config[i + 1], pct)


class CyclicLR(LRScheduler):
    def __init__(self, base_learning_rate, max_learning_rate, step_size_up, step_size_down=None, mode="triangular",
                 exp_gamma=1.0, scale_fn=None, scale_mode="cycle", last_epoch=-1, verbose=False):
        if not isinstance(max_learning_rate, (float, int)):
            raise TypeError(f"'max_learning_rate' must be 'float' or 'int', but received {type(max_learning_rate)}")
        if max_learning_rate < 0:
            raise ValueError(f"'max_learning_rate' must be a positive integer, but received {max_learning_rate}")
        if not isinstance(step_size_up, int):
            raise TypeError(f"The type of 'step_size_up' must be int, but received {type(step_size_up)}")
        if step_size_up <= 0:
            raise ValueError(f"'step_size_up' must be a positive integer, but received {step_size_up}")
        if step_size_down is not None:
            if not isinstance(step_size_down, int):
                raise TypeError(f"The type of 'step_size_down' must be int, but received {type(step_size_down)}")
            if step_size_down <= 0:
                raise ValueError(f"'step_size_down' must be a positive integer, but received {step_size_down}")
        if not isinstance(exp_gamma, float):
            raise TypeError(f"The type of 'exp_gamma' must be float, but received {type(exp_gamma)}")
        up = float(step_size_up)
        down = float(step_size_down) if step_size_down is not None else up
        self.cycle_size = up + down
        self.step_up_pct = up / self.cycle_size
        self.max_lr = float(max_learning_rate)
        self.amplitude = self.max_lr - base_learning_rate
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError(
                "'mode' is invalid and 'scale_fn' is not specified, make sure one of 'mode' or 'scale_fn' is valid"
            )
        if scale_mode not in ("cycle", "iterations"):
            raise ValueError("'scale_mode' must be one of 'cycle' or 'iterations")
        self.mode = mode
        self.gamma = exp_gamma
        if scale_fn is None:
            if mode == "triangular":
                self.scale_fn, self.scale_mode = self._triangular_scale_fn, "cycle"
            elif mode == "triangular2":
                self.scale_fn, self.scale_mode = self._triangular2_scale_fn, "cycle"
            else:
                self.scale_fn, self.scale_mode = self._exp_range_scale_fn, "iterations"
        else:
            self.scale_fn, self.scale_mode = scale_fn, scale_mode
        super().__init__(base_learning_rate, last_epoch, verbose)

    def _triangular_scale_fn(self, x):
        return 1.0

    def _triangular2_scale_fn(self, x):
        return 1 / (2.0 ** (x - 1))

    def _exp_range_scale_fn(self, x):
        return self.gamma**x

    def get_lr(self):
        iterations = self.last_epoch
        cycle = 1 + iterations // self.cycle_size
        pct = 1.0 + iterations / self.cycle_size - cycle
        if pct <= self.step_up_pct:
            factor = pct / self.step_up_pct
        else:
            factor = (1 - pct) / (1 - self.step_up_pct)
        height = self.amplitude * factor
        return self.base_lr + height * self.scale_fn(cycle if self.scale_mode == "cycle" else iterations)


class LinearLR(LRScheduler):
    def __init__(self, learning_rate, total_steps, start_factor=1.0 / 3, end_factor=1.0, last_epoch=-1,
                 verbose=False):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError(
                f"`start_factor` must be greater than 0 and less or equal to 1, but got {start_factor}"
            )
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError(f"`end_factor` must be greater than 0 and less than 1, but got {end_factor}")
        if total_steps <= 0:
            raise ValueError(f"`total_steps` must be greater than 0, but got {total_steps}")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_steps = total_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        e = self.last_epoch
        if e == 0:
            return self.base_lr * self.start_factor
        if e > self.total_steps:
            return self.last_lr
        base = self.total_steps * self.start_factor
        diff = self.end_factor - self.start_factor
        return self.last_lr * (1.0 + diff / (base + (e - 1) * diff))


class CosineAnnealingWarmRestarts(LRScheduler):
    def __init__(self, learning_rate, T_0, T_mult=1, eta_min=0, last_epoch=-1, verbose=False):  # noqa: N803
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"Expected positive integer T_0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"Expected integer T_mult >= 1, but got {T_mult}")
        vars(self).update(T_0=T_0, T_i=T_0, T_mult=T_mult, eta_min=eta_min, T_cur=last_epoch)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.eta_min + (self.base_lr - self.eta_min) * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2

    def step(self, epoch=None):
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur - self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            if epoch < 0:
                raise ValueError(f"Expected non-negative epoch, but got {epoch}")
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:
                    n = int(math.log((epoch / self.T_0 * (self.T_mult - 1) + 1), self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult**n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** (n)
            else:
                self.T_i = self.T_0
                self.T_cur = epoch
        self.last_epoch = math.floor(epoch)
        self.last_lr = self.get_lr()
        self._print()
