"""Worker-side state: ``get_worker_info`` and the per-worker init hook."""

__all__ = ["get_worker_info", "WorkerInfo"]

_worker_info = None


def get_worker_info():
    """Inside a DataLoader worker process: a :class:`WorkerInfo` (``id``, ``num_workers``, ``dataset``,
    ``seed``: the iterator's base seed, as Paddle reports it; the worker's own seed is ``seed + id``); ``None`` in
    the main process."""
    return _worker_info


class WorkerInfo:
    __initialized = False

    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)
        self.__initialized = True

    def __setattr__(self, key, val):
        if self.__initialized:
            raise RuntimeError(f"Cannot assign attributes to {self.__class__.__name__} objects")
        return super().__setattr__(key, val)

    def __repr__(self):
        return f"WorkerInfo(id={self.id}, num_workers={self.num_workers}, seed={self.seed})"


class _WorkerInit:
    """torch ``worker_init_fn``: seed the worker as Paddle's worker loop does from the base seed the main process
    drew (``random`` and ``paddle`` with ``base_seed + worker_id``, numpy with the seed-sequence hash of both),
    publish Paddle's WorkerInfo (dataset = the user's dataset, seed = the base seed), then call the user's
    ``worker_init_fn(worker_id)``."""

    def __init__(self, user_fn, num_workers, base_seed):
        self.user_fn = user_fn
        self.num_workers = num_workers
        self.base_seed = base_seed

    def __call__(self, worker_id):
        global _worker_info
        import random

        import numpy as np
        import torch.utils.data

        import paddle_compat

        seed = self.base_seed + worker_id
        random.seed(seed)
        paddle_compat.seed(seed)
        np.random.seed(_numpy_worker_state(self.base_seed, worker_id))
        info = torch.utils.data.get_worker_info()
        dataset = getattr(info.dataset, "dataset", info.dataset)
        _worker_info = WorkerInfo(id=worker_id, num_workers=self.num_workers, dataset=dataset, seed=self.base_seed)
        if self.user_fn is not None:
            self.user_fn(worker_id)


_MASK32 = 0xFFFFFFFF


def _numpy_worker_state(base_seed, worker_id):
    """The four 32-bit words Paddle (like torch) seeds a worker's numpy with: O'Neill's seed_seq hashing of
    (worker_id, base_seed low, base_seed high, 0)."""
    hash_a, hash_b = 0x43B0D7E5, 0x8B51F9DD

    def hashed(value):
        nonlocal hash_a
        value = (value ^ hash_a) & _MASK32
        hash_a = (hash_a * 0x931E8875) & _MASK32
        value = (value * hash_a) & _MASK32
        return (value ^ (value >> 16)) & _MASK32

    def mixed(x, y):
        result = ((0xCA01F9DD * x) - (0x4973F715 * y)) & _MASK32
        return (result ^ (result >> 16)) & _MASK32

    pool = [hashed(v) for v in (worker_id, base_seed & _MASK32, base_seed >> 32, 0)]
    for i in range(4):
        for j in range(4):
            if i != j:
                pool[j] = mixed(pool[j], hashed(pool[i]))
    states = []
    for word in pool:
        state = (word ^ hash_b) & _MASK32
        hash_b = (hash_b * 0x58F38DED) & _MASK32
        state = (state * hash_b) & _MASK32
        states.append((state ^ (state >> 16)) & _MASK32)
    return states
