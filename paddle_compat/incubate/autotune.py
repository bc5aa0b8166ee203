"""``paddle.incubate.autotune``: kernel, layout and DataLoader auto-tuning switches.

On CPU, Paddle's kernel tuning (algorithm caches of GPU kernels: cuDNN convolution, cuBLASLt matmul, GPU
transpose) and layout tuning (NCHW <-> NHWC under GPU AMP; ``core.use_layout_autotune()`` stays False on CPU even
after enabling it) change nothing; their settings are validated as Paddle validates them and kept in
``_settings``. DataLoader tuning is real on Linux: a DataLoader built while it is on times a few candidate
``num_workers`` on a subset of its data (``TUNING_STEPS`` batches) and keeps the fastest, as Paddle's does.
"""

import copy
import json
import logging
import multiprocessing
import sys
import time
import warnings

__all__ = ['set_config']

_settings = {"kernel": False, "tuning_range": [1, 10], "layout": False}


def _set_autotune_range(start, stop):
    # the bound C function of Paddle accepts ints only (pybind11 conversion)
    if not all(isinstance(v, int) or (hasattr(v, "__index__") and not isinstance(v, float)) for v in (start, stop)):
        raise TypeError(
            "set_autotune_range(): incompatible function arguments. The following argument types are supported:\n"
            "    1. (arg0: int, arg1: int) -> None\n\n"
            f"Invoked with: {start!r}, {stop!r}"
        )
    _settings["tuning_range"] = [int(start), int(stop)]


def _set_dataloader_autotune(use_autotune, tuning_steps=500):
    from ..io import reader

    reader.set_autotune_config(use_autotune, tuning_steps)


def _bool_setting(section, key, what):
    """``section[key]`` if it is a bool; None if absent, or (with Paddle's warning) if of another type."""
    if key not in section:
        return None
    value = section[key]
    if isinstance(value, bool):
        return value
    warnings.warn(
        f"The auto-tuning configuration of the {what} is incorrect."
        f"The `{key}` should be bool. Use default parameter instead."
    )
    return None


def set_config(config=None):
    """Configure auto-tuning from a dict or a JSON file path: ``{"kernel": {"enable": bool, "tuning_range":
    [start, stop]}, "layout": {"enable": bool}, "dataloader": {"enable": bool, "tuning_steps": int}}``; None
    enables all three. Wrongly typed settings warn and are skipped, an unreadable file prints the error and
    warns, as Paddle. The DataLoader setting changes only when ``tuning_steps`` is given (as in Paddle).
    """
    if config is None:
        _settings["kernel"] = _settings["layout"] = True
        _set_dataloader_autotune(use_autotune=True)
        return
    config_dict = {}
    if isinstance(config, dict):
        config_dict = config
    elif isinstance(config, str):
        try:
            with open(config) as handle:
                config_dict = json.load(handle)
        except Exception as e:  # noqa: BLE001 - Paddle reports any load failure and goes on with defaults
            print(f'Load config error: {e}')
            warnings.warn("Use default configuration for auto-tuning.")
    # any other config type is ignored, as Paddle does

    for what in ("kernel", "layout"):
        if what not in config_dict:
            continue
        section = config_dict[what]
        enable = _bool_setting(section, "enable", what)
        if enable is not None:
            _settings[what] = enable
        if what == "kernel" and "tuning_range" in section:
            tuning_range = section["tuning_range"]
            if isinstance(tuning_range, list):
                if len(tuning_range) != 2:
                    raise AssertionError()
                _set_autotune_range(tuning_range[0], tuning_range[1])
            else:
                warnings.warn(
                    "The auto-tuning configuration of the kernel is incorrect."
                    "The `tuning_range` should be list. Use default parameter instead."
                )
    if "dataloader" in config_dict:
        dataloader = config_dict["dataloader"]
        enable = _bool_setting(dataloader, "enable", "dataloader")
        use_autotune = False if enable is None else enable
        # as Paddle, the DataLoader setting only changes when tuning_steps is given
        if "tuning_steps" in dataloader:
            if isinstance(dataloader["tuning_steps"], int):
                _set_dataloader_autotune(use_autotune, dataloader["tuning_steps"])
            else:
                warnings.warn(
                    "The auto-tuning configuration of the dataloader is incorrect."
                    "The `tuning_steps` should be int. Use default parameter instead."
                )
                _set_dataloader_autotune(use_autotune)


def _tuned_num_workers(loader):
    """The ``num_workers`` a DataLoader built under DataLoader auto-tuning uses: Paddle's search, which times
    ``num_workers`` = 0, 2, 4, ... (below half the CPU count) on the first ``TUNING_STEPS`` batches, keeps a
    candidate only when it is 25% faster than the best so far, then probes best + 1 ... (up to 5 steps, each
    needing a 30% gain with a shrinking bound) before stopping."""
    from ..io import reader

    if not reader.USE_AUTOTUNE or sys.platform in ("darwin", "win32"):
        return loader.num_workers
    trial = _trial_loader(loader, reader.TUNING_STEPS)
    if trial is None:
        return loader.num_workers
    max_num_worker = multiprocessing.cpu_count() / 2
    started = time.time()
    best_num_workers, min_cost = 0, float("inf")
    num_workers = 0
    while num_workers < max_num_worker:
        trial.num_workers = num_workers
        avg_cost = _reader_cost(trial)
        if min_cost * 0.75 > avg_cost:
            min_cost, best_num_workers = avg_cost, num_workers
        else:
            better = _probe_above(loader, trial, best_num_workers, min_cost, max_num_worker)
            if better == best_num_workers:
                break
            best_num_workers = better
        logging.debug(f"num_workers: {num_workers} avg_cost: {avg_cost}")
        num_workers += 2
    logging.info(f"auto_tune dataLoader best_num_workers: {best_num_workers}")
    logging.debug(f"AutoTuning Cost for DataLoader: {time.time() - started} seconds")
    return best_num_workers


def _trial_loader(loader, tuning_steps):
    from ..io import BatchSampler, DistributedBatchSampler, Subset

    trial = copy.copy(loader)
    sampler = loader.batch_sampler
    batch_size = sampler.batch_size

    def head(dataset):
        return Subset(dataset, indices=list(range(min(batch_size * tuning_steps, len(dataset)))))

    if isinstance(sampler, DistributedBatchSampler):
        trial.batch_sampler = DistributedBatchSampler(
            dataset=head(sampler.dataset), batch_size=batch_size, num_replicas=sampler.nranks,
            rank=sampler.local_rank, shuffle=sampler.shuffle, drop_last=sampler.drop_last)
    elif isinstance(sampler, BatchSampler):
        trial.batch_sampler = BatchSampler(dataset=head(sampler.sampler.data_source), batch_size=batch_size,
                                           drop_last=sampler.drop_last)
    else:
        return None
    trial._torch_loader = None
    return trial


def _reader_cost(reader):
    """Mean seconds per batch, the first two batches (worker start-up) left out when there are more."""
    costs = []
    start = time.time()
    for _ in reader:
        costs.append(time.time() - start)
        start = time.time()
    timed = costs[2:] if len(costs) > 2 else costs
    return sum(timed) / len(timed)


def _probe_above(loader, trial, best_workers, best_time, num_work_boundary):
    # as Paddle's, the probe sets the user's loader's num_workers (overwritten by the final choice) and re-times
    # the trial loader
    step, num_workers, boundary = 0, best_workers + 1, 1
    while num_workers < num_work_boundary and step < 5:
        loader.num_workers = num_workers
        cost = _reader_cost(trial)
        logging.debug(f"for back num_workers: {num_workers} avg_cost: {cost}")
        step += 1
        if cost < best_time * 0.70 * boundary:
            return num_workers
        num_workers += 1
        boundary *= 0.80
    return best_workers
