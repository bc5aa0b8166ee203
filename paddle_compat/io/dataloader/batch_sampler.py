"""``paddle.io.BatchSampler`` / ``DistributedBatchSampler``."""

import math
import os

import numpy as np

from .dataset import IterableDataset
from .sampler import RandomSampler, Sampler, SequenceSampler

__all__ = ["BatchSampler", "DistributedBatchSampler"]


class BatchSampler(Sampler):
    def __init__(self, dataset=None, sampler=None, shuffle=False, batch_size=1, drop_last=False):
        if dataset is None:
            if sampler is None:
                raise AssertionError("either dataset or sampler should be set")
            if not isinstance(sampler, Sampler):
                raise AssertionError(f"sampler should be a paddle.io.Sampler, but got {type(sampler)}")
            if shuffle:
                raise AssertionError("shuffle should be False when sampler is set")
            self.sampler = sampler
        else:
            if isinstance(dataset, IterableDataset):
                raise AssertionError("dataset should not be a paddle.io.IterableDataset")
            if sampler is not None:
                raise AssertionError("should not set both dataset and sampler")
            if not isinstance(shuffle, bool):
                raise AssertionError(f"shuffle should be a boolean value, but got {type(shuffle)}")
            self.sampler = RandomSampler(dataset) if shuffle else SequenceSampler(dataset)
        if not (isinstance(batch_size, int) and batch_size > 0):
            raise AssertionError(f"batch_size should be a positive integer, but got {batch_size}")
        self.batch_size = batch_size
        if not isinstance(drop_last, bool):
            raise AssertionError(f"drop_last should be a boolean value, but got {type(drop_last)}")
        self.drop_last = drop_last

    def __iter__(self):
        batch = []
        bs = self.batch_size
        for idx in self.sampler:
            batch.append(idx)
            if len(batch) == bs:
                yield batch
                batch = []
        if not self.drop_last and batch:
            yield batch

    def __len__(self):
        n = len(self.sampler) + int(not self.drop_last) * (self.batch_size - 1)
        return n // self.batch_size


class _InfiniteIterableSampler:
    def __init__(self, dataset, batch_size=1):
        if not isinstance(dataset, IterableDataset):
            raise AssertionError("dataset should be an instance of paddle.io.IterableDataset")
        self.dataset = dataset
        self.batch_size = batch_size

    def __iter__(self):
        while True:
            yield [None] * self.batch_size


def _env_world():
    """(nranks, rank): torch.distributed when initialised, else PADDLE_TRAINERS_NUM/PADDLE_TRAINER_ID."""
    try:
        import torch.distributed as dist

        if dist.is_available() and dist.is_initialized():
            return dist.get_world_size(), dist.get_rank()
    except Exception:  # pragma: no cover - torch without distributed
        pass
    return int(os.getenv("PADDLE_TRAINERS_NUM", "1")), int(os.getenv("PADDLE_TRAINER_ID", "0"))


class DistributedBatchSampler(BatchSampler):
    def __init__(self, dataset, batch_size, num_replicas=None, rank=None, shuffle=False, drop_last=False):
        self.dataset = dataset
        if not (isinstance(batch_size, int) and batch_size > 0):
            raise AssertionError("batch_size should be a positive integer")
        self.batch_size = batch_size
        if not isinstance(shuffle, bool):
            raise AssertionError("shuffle should be a boolean value")
        self.shuffle = shuffle
        if not isinstance(drop_last, bool):
            raise AssertionError("drop_last should be a boolean number")
        env_n, env_r = _env_world()
        if num_replicas is not None:
            if not (isinstance(num_replicas, int) and num_replicas > 0):
                raise AssertionError("num_replicas should be a positive integer")
            self.nranks = num_replicas
        else:
            self.nranks = env_n
        if rank is not None:
            if not (isinstance(rank, int) and rank >= 0):
                raise AssertionError("rank should be a non-negative integer")
            self.local_rank = rank
        else:
            self.local_rank = env_r
        self.drop_last = drop_last
        self.epoch = 0
        self.num_samples = int(math.ceil(len(self.dataset) * 1.0 / self.nranks))
        self.total_size = self.num_samples * self.nranks

    def __iter__(self):
        n = len(self.dataset)
        indices = np.arange(n).tolist()
        padding = self.total_size - len(indices)
        if padding <= len(indices):
            indices += indices[:padding]
        else:
            indices += (indices * math.ceil(padding / len(indices)))[:padding]
        if self.shuffle:
            np.random.RandomState(self.epoch).shuffle(indices)
            self.epoch += 1
        if self.nranks > 1:
            sub = []
            last = self.total_size % (self.batch_size * self.nranks)
            last_local = last // self.nranks
            for i in range(self.local_rank * self.batch_size, len(indices) - last, self.batch_size * self.nranks):
                sub.extend(indices[i: i + self.batch_size])
            tail = indices[len(indices) - last:]
            sub.extend(tail[self.local_rank * last_local: (self.local_rank + 1) * last_local])
            indices = sub
        batch = []
        for idx in indices:
            batch.append(idx)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if not self.drop_last and batch:
            yield batch

    def __len__(self):
        n = self.num_samples + int(not self.drop_last) * (self.batch_size - 1)
        return n // self.batch_size

    def set_epoch(self, epoch):
        self.epoch = epoch
