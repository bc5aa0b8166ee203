"""``paddle.callbacks``: the hooks ``Model.fit``/``evaluate``/``predict`` call, in Paddle's order."""

import numbers
import os
import time
import warnings

import numpy as np

from ..distributed import get_rank as _local_rank
from .progressbar import ProgressBar

__all__ = [
    "Callback",
    "ProgBarLogger",
    "ModelCheckpoint",
    "VisualDL",
    "LRScheduler",
    "EarlyStopping",
    "ReduceLROnPlateau",
    "WandbCallback",
]


def config_callbacks(
    callbacks=None,
    model=None,
    batch_size=None,
    epochs=None,
    steps=None,
    log_freq=2,
    verbose=2,
    save_freq=1,
    save_dir=None,
    metrics=None,
    mode="train",
):
    """The callback list Model runs with: the user's, plus the default logger/checkpoint/scheduler."""
    cbks = callbacks or []
    cbks = list(cbks) if isinstance(cbks, (list, tuple)) else [cbks]
    if verbose and not any(isinstance(c, ProgBarLogger) for c in cbks):
        cbks.insert(0, ProgBarLogger(log_freq, verbose=verbose))
    if not any(isinstance(c, ModelCheckpoint) for c in cbks):
        cbks.append(ModelCheckpoint(save_freq, save_dir))
    for c in cbks:
        if isinstance(c, EarlyStopping):
            c.save_dir = save_dir
    if not any(isinstance(c, LRScheduler) for c in cbks):
        cbks.append(LRScheduler())
    cbk_list = CallbackList(cbks)
    cbk_list.set_model(model)
    metrics = (metrics or []) if mode != "test" else []
    cbk_list.set_params(
        {"batch_size": batch_size, "epochs": epochs, "steps": steps, "verbose": verbose, "metrics": metrics}
    )
    return cbk_list


class CallbackList:
    def __init__(self, callbacks=None):
        self.callbacks = list(callbacks or [])
        self.params = {}
        self.model = None

    def append(self, callback):
        self.callbacks.append(callback)

    def __iter__(self):
        return iter(self.callbacks)

    def _call(self, name, *args):
        for c in self.callbacks:
            getattr(c, name)(*args)

    def _call_for_mode(self, mode, hook, *args):
        """``on_<mode><hook>`` of every callback, for mode train, eval or predict."""
        if mode not in ("train", "eval", "predict"):
            raise ValueError(f"mode should be train, eval or predict, but got {mode!r}")
        self._call(f"on_{mode}{hook}", *args)

    def set_params(self, params):
        self._call("set_params", params)

    def set_model(self, model):
        self._call("set_model", model)

    def on_begin(self, mode, logs=None):
        self._call_for_mode(mode, "_begin", logs)

    def on_end(self, mode, logs=None):
        self._call_for_mode(mode, "_end", logs)

    def on_epoch_begin(self, epoch=None, logs=None):
        self._call("on_epoch_begin", epoch, logs)

    def on_epoch_end(self, epoch=None, logs=None):
        self._call("on_epoch_end", epoch, logs)

    def on_batch_begin(self, mode, step=None, logs=None):
        self._call_for_mode(mode, "_batch_begin", step, logs)

    def on_batch_end(self, mode, step=None, logs=None):
        self._call_for_mode(mode, "_batch_end", step, logs)


class Callback:
    """Base class: every hook is a no-op; ``self.model`` and ``self.params`` are set by Model."""

    def __init__(self):
        self.model = None
        self.params = {}

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self.model = model

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_eval_begin(self, logs=None):
        pass

    def on_eval_end(self, logs=None):
        pass

    def on_predict_begin(self, logs=None):
        pass

    def on_predict_end(self, logs=None):
        pass

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass

    def on_train_batch_begin(self, step, logs=None):
        pass

    def on_train_batch_end(self, step, logs=None):
        pass

    def on_eval_batch_begin(self, step, logs=None):
        pass

    def on_eval_batch_end(self, step, logs=None):
        pass

    def on_predict_batch_begin(self, step, logs=None):
        pass

    def on_predict_batch_end(self, step, logs=None):
        pass


def _new_timer():
    return {"data_time": 0, "batch_time": 0, "count": 0, "samples": 0}


class ProgBarLogger(Callback):
    """Prints Paddle's progress lines: ``Epoch 1/2``, ``step 10/47 - loss: ... - 12ms/step``."""

    def __init__(self, log_freq=1, verbose=2):
        self.epochs = None
        self.steps = None
        self.progbar = None
        self.verbose = verbose
        self.log_freq = log_freq

    def _is_print(self):
        return self.verbose and _local_rank() == 0

    # mode "test" is what Paddle calls predict internally
    def _begin_batch(self, mode):
        timer = getattr(self, f"_{mode}_timer")
        timer["batch_data_end_time"] = time.time()
        timer["data_time"] += timer["batch_data_end_time"] - timer["batch_start_time"]

    def _end_batch(self, mode, logs):
        timer = getattr(self, f"_{mode}_timer")
        step = getattr(self, f"{mode}_step") + 1
        setattr(self, f"{mode}_step", step)
        timer["batch_time"] += time.time() - timer["batch_data_end_time"]
        timer["count"] += 1
        timer["samples"] += logs.get("batch_size", 1)
        return step

    def _updates(self, logs, mode):
        values = [(k, logs[k]) for k in getattr(self, f"{mode}_metrics") if k in logs]
        timer = getattr(self, f"_{mode}_timer", None)
        if self.verbose == 3 and timer is not None:
            count = timer["count"] if timer["count"] > 0 else 1.0
            samples = timer["samples"] if timer["samples"] > 0 else 1.0
            values.append(("avg_reader_cost", "%.5f sec" % (timer["data_time"] / count)))
            values.append(("avg_batch_cost", "%.5f sec" % (timer["batch_time"] / count)))
            values.append(("ips", "%.5f samples/sec" % (samples / (timer["data_time"] + timer["batch_time"]))))
            timer.update(count=0, samples=0, data_time=0.0, batch_time=0.0)
        getattr(self, f"{mode}_progbar").update(getattr(self, f"{mode}_step"), values)

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        if not self.epochs:
            raise ValueError("ProgBarLogger needs params['epochs']")
        self.train_metrics = self.params["metrics"]
        if not self.train_metrics:
            raise ValueError("ProgBarLogger needs params['metrics']: prepare the model with a loss or metrics")
        self._train_timer = _new_timer()
        if self._is_print():
            print(
                "The loss value printed in the log is the current step, and the metric is the average value of "
                "previous steps."
            )

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch
        self.train_step = 0
        if self.epochs and self._is_print():
            print("Epoch %d/%d" % (epoch + 1, self.epochs))
        self.train_progbar = ProgressBar(num=self.steps, verbose=self.verbose)
        self._train_timer["batch_start_time"] = time.time()

    def on_train_batch_begin(self, step, logs=None):
        self._begin_batch("train")

    def on_train_batch_end(self, step, logs=None):
        logs = logs or {}
        step = self._end_batch("train", logs)
        if self._is_print() and step % self.log_freq == 0 and (self.steps is None or step < self.steps):
            self._updates(logs, "train")
        self._train_timer["batch_start_time"] = time.time()

    def on_epoch_end(self, epoch, logs=None):
        if self._is_print() and self.steps is not None:
            self._updates(logs or {}, "train")

    # eval and predict ("test") keep the same per-mode state: <mode>_steps/_metrics/_step/_progbar,
    # _<mode>_timer and the sample count named by `counter` (evaled_samples / tested_samples)
    def _begin_mode(self, mode, counter, logs, banner):
        setattr(self, f"{mode}_steps", logs.get("steps", None))
        setattr(self, f"{mode}_metrics", logs.get("metrics", []))
        setattr(self, f"{mode}_step", 0)
        setattr(self, counter, 0)
        timer = _new_timer()
        setattr(self, f"_{mode}_timer", timer)
        setattr(self, f"{mode}_progbar", ProgressBar(num=getattr(self, f"{mode}_steps"), verbose=self.verbose))
        if self._is_print():
            print(banner)
        timer["batch_start_time"] = time.time()

    def _end_mode_batch(self, mode, counter, logs):
        logs = logs or {}
        setattr(self, counter, getattr(self, counter) + logs.get("batch_size", 1))
        step = self._end_batch(mode, logs)
        steps = getattr(self, f"{mode}_steps")
        if self._is_print() and step % self.log_freq == 0 and (steps is None or step < steps):
            self._updates(logs, mode)
        getattr(self, f"_{mode}_timer")["batch_start_time"] = time.time()

    def on_eval_begin(self, logs=None):
        self._begin_mode("eval", "evaled_samples", logs, "Eval begin...")

    def on_eval_batch_begin(self, step, logs=None):
        self._begin_batch("eval")

    def on_eval_batch_end(self, step, logs=None):
        self._end_mode_batch("eval", "evaled_samples", logs)

    def on_eval_end(self, logs=None):
        if self._is_print() and self.eval_steps is not None:
            self._updates(logs or {}, "eval")
            print("Eval samples: %d" % self.evaled_samples)

    def on_predict_begin(self, logs=None):
        self._begin_mode("test", "tested_samples", logs, "Predict begin...")

    def on_predict_batch_begin(self, step, logs=None):
        self._begin_batch("test")

    def on_predict_batch_end(self, step, logs=None):
        self._end_mode_batch("test", "tested_samples", logs)

    def on_predict_end(self, logs=None):
        if self._is_print():
            if self.test_step % self.log_freq != 0 or self.verbose == 1:
                self._updates(logs or {}, "test")
            print("Predict samples: %d" % self.tested_samples)


class ModelCheckpoint(Callback):
    """Saves ``save_dir/<epoch>`` every ``save_freq`` epochs and ``save_dir/final`` at the end."""

    def __init__(self, save_freq=1, save_dir=None):
        self.save_freq = save_freq
        self.save_dir = save_dir

    def on_epoch_begin(self, epoch=None, logs=None):
        self.epoch = epoch

    def _is_save(self):
        return self.model and self.save_dir and _local_rank() == 0

    def _save(self, name):
        path = f"{self.save_dir}/{name}"
        print(f"save checkpoint at {os.path.abspath(path)}")
        self.model.save(path)

    def on_epoch_end(self, epoch, logs=None):
        if self._is_save() and self.epoch % self.save_freq == 0:
            self._save(epoch)

    def on_train_end(self, logs=None):
        if self._is_save():
            self._save("final")


class LRScheduler(Callback):
    """Steps the optimizer's ``paddle.optimizer.lr.LRScheduler`` per batch (default) or per epoch."""

    def __init__(self, by_step=True, by_epoch=False):
        if by_step and by_epoch:
            raise ValueError("by_step option is mutually exclusive with by_epoch")
        self.by_step = by_step
        self.by_epoch = by_epoch

    def _step_scheduler(self):
        from ..optimizer.lr import LRScheduler as Scheduler

        optimizer = getattr(self.model, "_optimizer", None)
        scheduler = getattr(optimizer, "_learning_rate", None)
        if isinstance(scheduler, Scheduler):
            scheduler.step()

    def on_epoch_end(self, epoch, logs=None):
        if self.by_epoch:
            self._step_scheduler()

    def on_train_batch_end(self, step, logs=None):
        if self.by_step:
            self._step_scheduler()


def _monitored_value(logs, monitor):
    current = logs[monitor]
    if isinstance(current, (list, tuple)):
        return current[0]
    if isinstance(current, numbers.Number):
        return current
    return None


class EarlyStopping(Callback):
    def __init__(
        self, monitor="loss", mode="auto", patience=0, verbose=1, min_delta=0, baseline=None, save_best_model=True
    ):
        super().__init__()
        vars(self).update(monitor=monitor, patience=patience, verbose=verbose, baseline=baseline,
                          save_best_model=save_best_model, min_delta=abs(min_delta))
        self.wait_epoch = self.stopped_epoch = 0
        self.best_weights = self.save_dir = None
        if mode not in ("auto", "min", "max"):
            warnings.warn("EarlyStopping mode %s is unknown, fallback to auto mode." % mode)
            mode = "auto"
        if mode == "min" or (mode == "auto" and "acc" not in monitor):
            self.monitor_op = np.less
            self.min_delta *= -1
        else:
            self.monitor_op = np.greater

    def on_train_begin(self, logs=None):
        self.wait_epoch = 0
        if self.baseline is not None:
            self.best_value = self.baseline
        else:
            self.best_value = np.inf if self.monitor_op == np.less else -np.inf
            self.best_weights = None

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of EarlyStopping should be loss or metric name.")
            return
        current = _monitored_value(logs, self.monitor)
        if current is None:
            return
        best_path = os.path.join(self.save_dir, "best_model") if self.save_dir is not None else None
        if self.monitor_op(current - self.min_delta, self.best_value):
            self.best_value = current
            self.wait_epoch = 0
            if self.save_best_model and best_path is not None:
                self.model.save(best_path)
        else:
            self.wait_epoch += 1
        if self.wait_epoch >= self.patience:
            self.model.stop_training = True
            if self.verbose > 0:
                print("Epoch %d: Early stopping." % (self.stopped_epoch + 1))
                if self.save_best_model and best_path is not None:
                    print("Best checkpoint has been saved at %s" % os.path.abspath(best_path))
        self.stopped_epoch += 1


class _ScalarWriterCallback(Callback):
    """Shared bookkeeping of VisualDL and WandbCallback: which scalars to log at which step."""

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        self.train_metrics = self.params["metrics"]
        if not self.epochs or not self.train_metrics:
            raise ValueError(f"{type(self).__name__} needs params['epochs'] and params['metrics']")
        self._is_fit = True
        self.train_step = 0

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch

    def on_eval_begin(self, logs=None):
        self.eval_steps = logs.get("steps", None)
        self.eval_metrics = logs.get("metrics", [])
        self.eval_step = 0
        self.evaled_samples = 0

    def _scalars(self, logs, mode):
        scalars = {}
        for k in getattr(self, f"{mode}_metrics"):
            if k in logs:
                value = _monitored_value(logs, k)
                if value is not None:
                    scalars[f"{mode}/{k}"] = value
        return scalars

    def on_train_batch_end(self, step, logs=None):
        self.train_step += 1
        if _local_rank() == 0:
            self._updates(logs or {}, "train")


class VisualDL(_ScalarWriterCallback):
    """Scalars to ``log_dir`` with VisualDL's LogWriter if installed, else TensorBoard event files
    through ``torch.utils.tensorboard`` (needs the ``tensorboard`` package)."""

    def __init__(self, log_dir):
        self.log_dir = log_dir
        self.epochs = None
        self.steps = None
        self.epoch = 0

    def _writer(self):
        if not hasattr(self, "writer"):
            try:
                import visualdl

                self.writer = visualdl.LogWriter(self.log_dir)
            except ImportError:
                try:
                    from torch.utils.tensorboard import SummaryWriter
                except ImportError as e:
                    raise ImportError(
                        "The VisualDL callback needs the `visualdl` package, or `tensorboard` to write "
                        "TensorBoard event files instead: pip install visualdl (or tensorboard)"
                    ) from e
                summary = SummaryWriter(self.log_dir)
                summary.add_scalar = _tensorboard_add_scalar(summary.add_scalar)
                self.writer = summary
        return self.writer

    def _updates(self, logs, mode):
        if _local_rank() != 0:
            return
        step = self.train_step if mode == "train" else self.epoch
        writer = self._writer()
        for tag, value in self._scalars(logs, mode).items():
            writer.add_scalar(tag=tag, step=step, value=value)

    def on_train_end(self, logs=None):
        if hasattr(self, "writer"):
            self.writer.close()
            del self.writer

    def on_eval_end(self, logs=None):
        if _local_rank() == 0:
            self._updates(logs or {}, "eval")
            if not hasattr(self, "_is_fit") and hasattr(self, "writer"):
                self.writer.close()
                del self.writer


def _tensorboard_add_scalar(add_scalar):
    def add(tag, step, value):
        add_scalar(tag, value, global_step=step)

    return add


class WandbCallback(_ScalarWriterCallback):
    def __init__(self, project=None, entity=None, name=None, dir=None, mode=None, job_type=None, **kwargs):  # noqa: A002
        try:
            import wandb
        except ImportError as e:
            raise ImportError(
                "You want to use `wandb` which is not installed yet install it with `pip install wandb`"
            ) from e
        self.wandb = wandb
        self.wandb_args = dict(project=project, name=name, entity=entity, dir=dir, mode=mode, job_type=job_type)
        self.wandb_args.update(kwargs)
        self._run = None
        _ = self.run

    @property
    def run(self):
        if _local_rank() == 0 and self._run is None:
            if self.wandb.run is not None:
                warnings.warn(
                    "There is a wandb run already in progress and newly created instances of `WandbCallback` "
                    "will reuse this run. If this is not desired, call `wandb.finish()` before instantiating "
                    "`WandbCallback`."
                )
                self._run = self.wandb.run
            else:
                self._run = self.wandb.init(**self.wandb_args)
        return self._run

    def on_train_begin(self, logs=None):
        super().on_train_begin(logs)
        if _local_rank() == 0:
            self.run.define_metric("train/step")
            self.run.define_metric("train/*", step_metric="train/step")
            self.run.define_metric("epoch")
            self.run.define_metric("eval/*", step_metric="epoch")

    def _updates(self, logs, mode):
        if _local_rank() != 0:
            return
        record = {"train/step": self.train_step} if mode == "train" else {"epoch": self.epoch}
        record.update(self._scalars(logs, mode))
        self.run.log(record)

    def on_train_end(self, logs=None):
        if _local_rank() == 0:
            self.run.finish()

    def on_eval_end(self, logs=None):
        if _local_rank() == 0:
            self._updates(logs or {}, "eval")
            if not hasattr(self, "_is_fit"):
                self.run.finish()


class ReduceLROnPlateau(Callback):
    def __init__(
        self, monitor="loss", factor=0.1, patience=10, verbose=1, mode="auto", min_delta=1e-4, cooldown=0, min_lr=0
    ):
        super().__init__()
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0.")
        vars(self).update(monitor=monitor, factor=factor, min_lr=min_lr, min_delta=min_delta, patience=patience)
        vars(self).update(verbose=verbose, cooldown=cooldown, mode=mode, epoch=0)
        self._reset()  # sets monitor_op, best, wait and cooldown_counter

    def _reset(self):
        if self.mode not in ("auto", "min", "max"):
            warnings.warn("Learning rate reduction mode %s is unknown, fallback to auto mode." % self.mode)
            self.mode = "auto"
        if self.mode == "min" or (self.mode == "auto" and "acc" not in self.monitor):
            self.monitor_op = lambda a, b: np.less(a, b - self.min_delta)
            self.best = np.inf
        else:
            self.monitor_op = lambda a, b: np.greater(a, b + self.min_delta)
            self.best = -np.inf
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def in_cooldown(self):
        return self.cooldown_counter > 0

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of ReduceLROnPlateau should be loss or metric name.")
            return
        try:
            lr = self.model._optimizer._learning_rate
        except Exception as e:  # noqa: BLE001 - Paddle warns and carries on
            warnings.warn(f"There are something wrong when get learning_rate from optimizer: {e}.")
            return
        if not isinstance(lr, float):
            warnings.warn(f"Expected learning_rate be float, bug got {type(lr)}.")
            return
        current = _monitored_value(logs, self.monitor)
        if current is None:
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.monitor_op(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = self.model._optimizer.get_lr()
                # float64 comparison, as numpy < 2 (which Paddle 2.6.2 requires) makes it; numpy 2 compares in float32
                if old_lr > float(np.float32(self.min_lr)):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    self.model._optimizer._learning_rate = new_lr
                    if self.verbose > 0 and _local_rank() == 0:
                        print("\nEpoch %d: ReduceLROnPlateau reducing learning rate to %s." % (self.epoch + 1, new_lr))
                    self.cooldown_counter = self.cooldown
                    self.wait = 0
        self.epoch += 1
