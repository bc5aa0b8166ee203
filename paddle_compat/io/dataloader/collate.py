"""Paddle's ``default_collate_fn`` / ``default_convert_fn`` (numpy in, numpy / Tensor out)."""

import numbers
from collections.abc import Mapping, Sequence

import numpy as np

from ..._core import Tensor

__all__ = ["default_collate_fn", "default_convert_fn"]


def default_collate_fn(batch):
    """Stack a list of samples field by field: ndarrays -> stacked ndarray, Tensors -> ``paddle.stack``,
    numbers -> ``np.array`` (int -> int64, float -> float64, bool -> bool), str/bytes -> list,
    dict -> dict of collated fields, sequences -> list of collated fields."""
    sample = batch[0]
    if isinstance(sample, np.ndarray):
        return np.stack(batch, axis=0)
    if isinstance(sample, Tensor):
        from ...tensor.manipulation import stack

        return stack(batch, axis=0)
    if isinstance(sample, numbers.Number):
        return np.array(batch)
    if isinstance(sample, (str, bytes)):
        return batch
    if isinstance(sample, Mapping):
        return {key: default_collate_fn([d[key] for d in batch]) for key in sample}
    if isinstance(sample, Sequence):
        n = len(sample)
        if not all(len(s) == n for s in batch):
            raise RuntimeError("fileds number not same among samples in a batch")
        return [default_collate_fn(fields) for fields in zip(*batch)]
    raise TypeError(f"batch data con only contains: tensor, numpy.ndarray, dict, list, number, but got {type(sample)}")


def default_convert_fn(batch):
    """The no-batching conversion (``batch_size=None``): structure kept, sequences become lists."""
    if isinstance(batch, (Tensor, np.ndarray, str, bytes)):
        return batch
    if isinstance(batch, Mapping):
        return {key: default_convert_fn(batch[key]) for key in batch}
    if isinstance(batch, Sequence):
        return [default_convert_fn(d) for d in batch]
    return batch
