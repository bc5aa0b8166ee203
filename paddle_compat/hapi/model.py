"""``paddle.Model``: Paddle's high-level train/eval/predict loop over a Layer (dynamic graph)."""

import inspect
import os
import warnings

import numpy as np

from .._core import Tensor, to_tensor
from ..distributed import get_rank as _local_rank
from ..distributed import get_world_size as _world_size
from ..io.dataloader.dataset import _to_list
from ..static.input import InputSpec
from ..static.nn.control_flow import _flatten
from .callbacks import EarlyStopping, config_callbacks

__all__ = ["Model"]


def _to_numpy(value):
    return value.numpy() if isinstance(value, Tensor) else np.asarray(value)


def _as_tensor(value):
    return value if isinstance(value, Tensor) else to_tensor(value)


def _all_gather(x):
    """Every rank's ``x`` concatenated along axis 0 (what PaddleVideo/PaddleClas metrics import)."""
    from ..distributed import all_gather
    from ..tensor.manipulation import concat

    gathered = []
    all_gather(gathered, x)
    return concat(gathered, axis=0)


def _forward_arg_names(layer):
    return [n for n in inspect.signature(layer.forward).parameters if n != "self"]


def _input_info(inputs):
    """(shapes, dtypes) of the given inputs (InputSpecs, Tensors or arrays; a dict by its values)."""
    shapes, dtypes = [], []
    for x in (inputs.values() if isinstance(inputs, dict) else _to_list(inputs)):
        if isinstance(x, (Tensor, InputSpec)):
            shapes.append(list(x.shape))
            dtypes.append(x.dtype)
        elif isinstance(x, np.ndarray):
            shapes.append(list(x.shape))
            dtypes.append(x.dtype)
    return shapes, dtypes


_SHARED_EPOCH_LOGS = {}  # Paddle's _run_one_epoch shares one logs dict across calls; so do we


class Model:
    """An object that trains, evaluates and predicts with a ``paddle.nn.Layer``.

    ``inputs``/``labels``: ``paddle.static.InputSpec`` (or lists of them); optional in dynamic mode.
    """

    def __init__(self, network, inputs=None, labels=None):
        self.mode = "train"
        self.network = network
        self._inputs = None
        self._labels = None
        self._loss = None
        self._loss_weights = None
        self._optimizer = None
        self._metrics = []
        self._prepared = False
        self._input_info = None
        self._is_shape_inferred = False
        self._test_dataloader = None
        self._accumulate = 1
        self._scaler = None
        self._amp_level = "O0"
        self._amp_configs = {}
        self._amp_custom_lists = {}
        self.stop_training = False
        if inputs:
            self._input_info = _input_info(inputs)
        self._batch_input_info = None  # the last batch's (Paddle's adapter._input_info)
        self._inputs = self._verify_spec(inputs, is_input=True)
        self._labels = self._verify_spec(labels)

    # --- one batch ------------------------------------------------------------------------------
    def _require_prepared(self):
        if not self._prepared:
            # fit/evaluate/predict before prepare(): Paddle fails with AttributeError ('Model' object has no
            # attribute '_place', set by prepare); same type, clearer
            raise AttributeError("model not ready, please call `model.prepare()` first")

    def _start_batch(self, mode, inputs, labels=None):
        """Network mode (train for "train", else eval), ``self.mode``, and the batch as Tensors (``labels``
        as a list, [] when None); records the input shapes for summary/save."""
        if mode == "train":
            self.network.train()
        else:
            self.network.eval()
        self.mode = mode
        inputs = [_as_tensor(x) for x in _to_list(inputs)]
        self._batch_input_info = _input_info(inputs)
        return inputs, [_as_tensor(y) for y in (_to_list(labels) or [])]

    def _infer_inputs(self):
        """Paddle's _update_inputs after the first batch of a Model built without ``inputs``: InputSpecs named
        after forward's arguments with that batch's shapes and dtypes (what save(training=False) exports)."""
        if self._input_info is None and self._batch_input_info is not None:
            self._input_info = self._batch_input_info
            self._inputs = self._verify_spec(None, *self._input_info, is_input=True)
            self._is_shape_inferred = True

    def _losses(self, outputs, labels):
        return _to_list(self._loss(*(_to_list(outputs) + labels)))

    def _update_metrics(self, outputs, labels):
        results = []
        for metric in self._metrics:
            computed = metric.compute(*(_to_list(outputs) + labels))
            results.append(metric.update(*[_to_numpy(m) for m in _to_list(computed)]))
        return results

    def train_batch(self, inputs, labels=None, update=True):
        """One training step on one batch; returns the losses (and metrics) as numpy."""
        # Paddle: `assert self.model._optimizer, ...`, then calls self.model._loss(...) (None -> TypeError)
        if not self._optimizer:
            raise AssertionError("model not ready, please call `model.prepare()` first")
        if self._loss is None:
            raise TypeError("'NoneType' object is not callable")
        inputs, labels = self._start_batch("train", inputs, labels)
        if self._amp_level != "O0":
            outputs, losses = self._amp_forward(inputs, labels)
        else:
            outputs = self.network(*inputs)
            losses = self._losses(outputs, labels)
        final_loss = losses[0]
        for extra in losses[1:]:
            final_loss = final_loss + extra
        if self._amp_level != "O0":
            scaled = self._scaler.scale(final_loss)
            scaled.backward()
            if update:
                self._scaler.minimize(self._optimizer, scaled)
                self.network.clear_gradients()
        else:
            final_loss.backward()
            if update:
                self._optimizer.step()
                self.network.clear_gradients()
        metrics = self._update_metrics(outputs, labels)
        numpy_losses = [_to_numpy(loss) for loss in losses]
        self._infer_inputs()
        return (numpy_losses, metrics) if metrics else numpy_losses

    def eval_batch(self, inputs, labels=None):
        """One evaluation step; returns losses (if a loss is set) and metrics."""
        from ..autograd import no_grad

        if not self._prepared:
            # Paddle: AttributeError ('Model' object has no attribute '_metrics', set by prepare)
            raise AttributeError("model not ready, please call `model.prepare()` first")
        inputs, labels = self._start_batch("eval", inputs, labels)
        with no_grad():
            outputs = self.network(*inputs)
            losses = self._losses(outputs, labels) if self._loss else None
            metrics = self._update_metrics(outputs, labels)
        self._infer_inputs()
        if self._loss and metrics:
            return [_to_numpy(loss) for loss in losses], metrics
        if self._loss:
            return [_to_numpy(loss) for loss in losses]
        return metrics

    def predict_batch(self, inputs):
        """Forward only; returns the outputs as a list of numpy arrays."""
        from ..autograd import no_grad

        inputs, _ = self._start_batch("test", inputs)
        with no_grad():
            outputs = self.network(*inputs)
        self._infer_inputs()
        return [_to_numpy(o) for o in _to_list(outputs)]

    # --- persistence ----------------------------------------------------------------------------
    def save(self, path, training=True):
        """``training=True``: ``path.pdparams`` (+ ``path.pdopt``); ``False``: an inference model."""
        from ..framework import save

        if _local_rank() != 0:
            return
        if not training:
            if self._input_info is None:  # neither given nor inferred from a batch
                raise RuntimeError(
                    "Saving inference model needs 'inputs' or running before saving. Please specify 'inputs' in "
                    "Model initialization or input training data and perform a training for shape derivation.")
            if self._is_shape_inferred:
                warnings.warn(
                    "'inputs' was not specified when Model initialization, so the input shape to be saved will be "
                    "the shape derived from the user's actual inputs. The input shape to be saved is "
                    f"{self._input_info[0]}. For saving correct input shapes, please provide 'inputs' for Model "
                    "initialization.")
            from ..jit import save as jit_save

            jit_save(self.network, path, input_spec=self._inputs)
            return
        if not isinstance(path, str) or os.path.basename(path) == "":
            raise ValueError(
                "The input path MUST be format of dirname/file_prefix [dirname\\file_prefix in Windows "
                f"system], but received file_prefix is empty string: {path!r}."
            )
        dirname = os.path.dirname(path)
        if dirname:
            os.makedirs(dirname, exist_ok=True)
        save(self.network.state_dict(), path + ".pdparams")
        if self._optimizer is not None:
            state = self._optimizer.state_dict()
            if state:
                save(state, path + ".pdopt")

    def load(self, path, skip_mismatch=False, reset_optimizer=False):
        """Load ``path.pdparams`` (and ``path.pdopt`` unless ``reset_optimizer``)."""
        from ..framework import load

        prefix, ext = os.path.splitext(path)
        if ext not in ("", ".pdparams", ".pdopt", ".pdmodel"):
            raise AssertionError(f"Unknown postfix {ext} from weights")
        if ext == "":
            prefix = path
        params_path = prefix + ".pdparams"
        param_state = load(params_path) if os.path.exists(params_path) else None
        if not param_state:
            raise AssertionError("Failed to load parameters, please check path.")
        matched = []
        for key, param in self.network.state_dict().items():
            state = param_state.get(key, None)
            try:
                if state is None:
                    raise ValueError(f"{key} is not found in the providing file.")
                if list(np.shape(state)) != list(param.shape):
                    raise ValueError(
                        f"{key} receives a shape {list(np.shape(state))}, "
                        f"but the expected shape is {list(param.shape)}."
                    )
            except ValueError as err:
                if not skip_mismatch:
                    raise
                warnings.warn(f"Skip loading for {key}. " + str(err))
                reset_optimizer = True
                continue
            matched.append((param, state))
        # Paddle's adapter sets each matched tensor in place (no set_state_dict, so no warnings for the
        # skipped keys)
        for param, state in matched:
            param.set_value(state)
        opt_path = prefix + ".pdopt"
        if not reset_optimizer and self._optimizer is not None and os.path.exists(opt_path):
            self._optimizer.set_state_dict(load(opt_path))

    def parameters(self, *args, **kwargs):
        return self.network.parameters(*args, **kwargs)

    # --- configuration --------------------------------------------------------------------------
    def prepare(self, optimizer=None, loss=None, metrics=None, amp_configs=None):
        """Set the optimizer, the loss (a Layer or callable) and metrics (``paddle.metric.Metric``)."""
        from ..metric import Metric
        from ..nn import Layer

        self._optimizer = optimizer
        if loss is not None and not isinstance(loss, Layer) and not callable(loss):
            raise TypeError("'loss' must be sub classes of `paddle.nn.Layer` or any callable function.")
        self._loss = loss
        metrics = _to_list(metrics) or []
        for metric in metrics:
            if not isinstance(metric, Metric):
                raise AssertionError(f"{metric.__class__.__name__} is not sub class of Metric")
        self._metrics = metrics
        self._prepared = True
        self._prepare_amp(amp_configs)
        import torch

        if self._amp_level == "O2" and self.mode == "train" and torch.cuda.is_available():
            from ..amp import decorate

            self.network, self._optimizer = decorate(models=self.network, optimizers=self._optimizer, level="O2")
        if self._amp_level != "O0":
            self._scaler = None

    # --- mixed precision (Paddle's amp_configs: a level string or a dict of level, lists, GradScaler args) -----
    def _amp_forward(self, inputs, labels):
        from ..amp import GradScaler, auto_cast

        if self._scaler is None:  # created once, at the first training batch
            self._scaler = GradScaler(**self._amp_configs)
        with auto_cast(enable=True, **self._amp_custom_lists, level=self._amp_level):
            outputs = self.network(*inputs)
        return outputs, self._losses(outputs, labels)

    def _prepare_amp(self, amp_configs):
        from ..nn import ClipGradByGlobalNorm, ClipGradByNorm

        def check_pure_low_precision():
            clip = getattr(self._optimizer, "_grad_clip", None)
            if self._amp_level == "O2" and clip:
                assert isinstance(clip, (ClipGradByGlobalNorm, ClipGradByNorm)), (
                    "Only ClipGradByNorm and ClipGradByGlobalNorm are supported in amp training with level=O2 "
                    "currently."
                )

        self._amp_custom_lists = {}
        self._amp_configs = {}
        if not amp_configs:
            self._amp_level = "O0"
            return
        if isinstance(amp_configs, str):
            if amp_configs not in ("O0", "O1", "O2"):
                raise ValueError("The level of amp_configs should be 'O0', 'O1' or 'O2'.")
            self._amp_level = amp_configs
            check_pure_low_precision()
            return
        if "level" not in amp_configs:
            self._amp_level = "O1"
        elif amp_configs["level"] not in ("O0", "O1", "O2"):
            raise ValueError("amp_configs['level'] should be 'O0', 'O1' or 'O2'.")
        else:
            self._amp_level = amp_configs["level"]
        keys = set(amp_configs.keys()) - {"level"}
        if not keys or self._amp_level == "O0":
            return
        if "use_pure_fp16" in amp_configs:
            raise ValueError(
                "'use_pure_fp16' is an invalid parameter, the level of mixed precision training only depends on "
                "'O1' or 'O2'."
            )
        check_pure_low_precision()
        for name in ("custom_white_list", "custom_black_list", "custom_black_varnames"):
            if name in keys:
                self._amp_custom_lists[name] = amp_configs[name]
                keys -= {name}
        accepted = {"init_loss_scaling", "incr_ratio", "decr_ratio", "incr_every_n_steps",
                    "decr_every_n_nan_or_inf", "use_dynamic_loss_scaling", "use_fp16_guard"}
        if keys - accepted:
            raise ValueError(
                "Except for 'level', the keys of 'amp_configs' must be accepted by mixed precision APIs, but "
                f"{tuple(keys - accepted)} could not be recognized."
            )
        if "use_fp16_guard" in keys:
            raise ValueError("'use_fp16_guard' is supported in static graph mode only.")
        for key in keys:
            self._amp_configs[key] = amp_configs[key]

    # --- loops ----------------------------------------------------------------------------------
    def _loader(self, data, batch_size, shuffle=False, drop_last=False, num_workers=0):
        from ..io import DataLoader, Dataset, DistributedBatchSampler

        if data is not None and isinstance(data, Dataset):
            sampler = DistributedBatchSampler(data, batch_size=batch_size, shuffle=shuffle, drop_last=drop_last)
            return DataLoader(data, batch_sampler=sampler, num_workers=num_workers, return_list=True)
        return data

    def fit(
        self,
        train_data=None,
        eval_data=None,
        batch_size=1,
        epochs=1,
        eval_freq=1,
        log_freq=10,
        save_dir=None,
        save_freq=1,
        verbose=2,
        drop_last=False,
        shuffle=True,
        num_workers=0,
        callbacks=None,
        accumulate_grad_batches=1,
        num_iters=None,
    ):
        """Train for ``epochs`` (or ``num_iters`` steps), evaluating every ``eval_freq`` epochs."""
        if train_data is None:
            raise ValueError("train_data must be given!")
        self._require_prepared()
        if isinstance(batch_size, (tuple, list)) and all(isinstance(x, int) for x in batch_size):
            if len(batch_size) != 2:
                raise ValueError("batch_size length error, expected train_batch_size and eval_batch_size.")
            train_batch_size, eval_batch_size = batch_size
        elif isinstance(batch_size, int):
            train_batch_size = eval_batch_size = batch_size
        else:
            raise TypeError(f"batch_size must be an int or a pair of ints, but got {batch_size!r}")
        train_loader = self._loader(train_data, train_batch_size, shuffle, drop_last, num_workers)
        eval_loader = self._loader(eval_data, eval_batch_size, num_workers=num_workers)
        do_eval = eval_loader is not None
        self._test_dataloader = eval_loader
        self._accumulate = accumulate_grad_batches
        steps = self._len_data_loader(train_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(steps, int):
            if num_iters <= 0:
                raise ValueError("num_iters must be greater than 0!")
            epochs = (num_iters // steps) + 1
            steps = min(num_iters, steps)
        cbks = config_callbacks(
            callbacks,
            model=self,
            epochs=epochs,
            steps=steps,
            log_freq=log_freq,
            save_freq=save_freq,
            save_dir=save_dir,
            verbose=verbose,
            metrics=self._metrics_name(),
        )
        if any(isinstance(k, EarlyStopping) for k in cbks) and not do_eval:
            warnings.warn("EarlyStopping needs validation data.")
        cbks.on_begin("train")
        logs = {}
        for epoch in range(epochs):
            cbks.on_epoch_begin(epoch)
            logs = self._run_one_epoch(train_loader, cbks, "train")
            cbks.on_epoch_end(epoch, logs)
            if do_eval and epoch % eval_freq == 0:
                cbks.on_begin("eval", {"steps": self._len_data_loader(eval_loader), "metrics": self._metrics_name()})
                eval_logs = self._run_one_epoch(eval_loader, cbks, "eval")
                cbks.on_end("eval", eval_logs)
            if self.stop_training:
                break
        cbks.on_end("train", logs)
        self._test_dataloader = None

    def evaluate(self, eval_data, batch_size=1, log_freq=10, verbose=2, num_workers=0, callbacks=None, num_iters=None):
        """Run the metrics over ``eval_data``; returns ``{'loss': [...], '<metric>': ...}``."""
        self._require_prepared()
        eval_loader = self._loader(eval_data, batch_size, num_workers=num_workers)
        self._test_dataloader = eval_loader
        cbks = config_callbacks(callbacks, model=self, log_freq=log_freq, verbose=verbose, metrics=self._metrics_name())
        eval_steps = self._len_data_loader(eval_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(eval_steps, int):
            if num_iters <= 0:
                raise ValueError("num_iters must be greater than 0!")
            eval_steps = min(num_iters, eval_steps)
            self.num_iters = eval_steps
        cbks.on_begin("eval", {"steps": eval_steps, "metrics": self._metrics_name()})
        logs = self._run_one_epoch(eval_loader, cbks, "eval")
        cbks.on_end("eval", logs)
        self._test_dataloader = None
        return {k: logs[k] for k in self._metrics_name()}

    def predict(self, test_data, batch_size=1, num_workers=0, stack_outputs=False, verbose=1, callbacks=None):
        """Outputs over ``test_data``: a list (one entry per output) of per-batch arrays, or stacked."""
        self._require_prepared()
        test_loader = self._loader(test_data, batch_size, num_workers=num_workers)
        self._test_dataloader = test_loader
        cbks = config_callbacks(callbacks, model=self, verbose=verbose)
        cbks.on_begin("predict", {"steps": self._len_data_loader(test_loader)})
        logs, outputs = self._run_one_epoch(test_loader, cbks, "predict")
        outputs = list(zip(*outputs))
        if stack_outputs:
            outputs = [np.vstack(outs) for outs in outputs]
        self._test_dataloader = None
        cbks.on_end("predict", logs)
        return outputs

    def _run_one_epoch(self, data_loader, callbacks, mode, logs=_SHARED_EPOCH_LOGS):
        outputs = []
        n_inputs = len(self._inputs) if self._inputs is not None else None
        for step, data in enumerate(data_loader):
            data = _flatten(data)
            batch_size = data[0].shape()[0] if callable(data[0].shape) else data[0].shape[0]
            callbacks.on_batch_begin(mode, step, logs)
            if mode != "predict":
                args = [data[:n_inputs], data[n_inputs:]]
                if mode == "train":
                    args.append((step + 1) % self._accumulate == 0 or step + 1 == len(data_loader))
                outs = getattr(self, mode + "_batch")(*args)
                if self._metrics and self._loss:
                    metrics = [[float(v) for v in outs[0]]]
                elif self._loss:
                    metrics = [[float(v) for v in outs]]
                else:
                    metrics = []
                for metric in self._metrics:
                    metrics.extend(_to_list(metric.accumulate()))
                names = self._metrics_name()
                if len(names) != len(metrics):
                    raise RuntimeError(f"metrics names {names} and values {metrics} differ in length")
                logs.update(zip(names, metrics))
            else:
                outs = self.predict_batch(data[:n_inputs] if n_inputs is not None else data)
                outputs.append(outs)
            logs["step"] = step
            logs["batch_size"] = batch_size * _world_size()
            callbacks.on_batch_end(mode, step, logs)
            if getattr(self, "num_iters", None) is not None:
                self.num_iters -= 1
                if self.num_iters <= 0:
                    self.stop_training = True
                    del self.num_iters
                    break
        for metric in self._metrics:
            metric.reset()
        if mode == "predict":
            return logs, outputs
        return logs

    def summary(self, input_size=None, dtype=None):
        """``paddle.summary`` of the network, with ``input_size`` or the Model's ``inputs`` specs."""
        from .model_summary import summary

        if input_size is None and self._inputs is None:
            raise ValueError("'input_size' or 'self._input' must be set")
        return summary(self.network, input_size if input_size is not None else self._inputs, dtypes=dtype)

    def _verify_spec(self, specs, shapes=None, dtypes=None, is_input=False):
        if specs is None:
            if is_input:
                names = _forward_arg_names(self.network)
                if shapes is not None and dtypes is not None:
                    out = [InputSpec(name=n, dtype=dtypes[i], shape=shapes[i]) for i, n in enumerate(names)]
                else:
                    out = [InputSpec(name=n, shape=[None]) for n in names]
            else:
                out = []
        elif isinstance(specs, dict):
            if is_input:
                raise TypeError("inputs given as a dict are not supported; pass a list of InputSpec")
            out = [specs[n] for n in _forward_arg_names(self.network)]
        else:
            out = _to_list(specs)
        for i, spec in enumerate(out):
            if not isinstance(spec, InputSpec):
                raise TypeError(f"Model inputs/labels must be paddle.static.InputSpec, but got {type(spec).__name__}")
            if spec.name is None:
                raise ValueError(f"Requires Input[{i}].name != None, but receive `None` with {spec}.")
        return out

    def _metrics_name(self):
        names = ["loss"] if self._loss else []
        for metric in self._metrics:
            names.extend(_to_list(metric.name()))
        return names

    @staticmethod
    def _len_data_loader(data_loader):
        try:
            return len(data_loader)
        except Exception:  # noqa: BLE001 - an iterable without len has unknown steps, as in Paddle
            return None
