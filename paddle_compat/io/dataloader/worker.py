"""Worker-side state: ``get_worker_info`` and the per-worker init hook."""

__all__ = ["get_worker_info", "WorkerInfo"]

_worker_info = None


def get_worker_info():
    """Inside a DataLoader worker process: a :class:`WorkerInfo` (``id``, ``num_workers``, ``dataset``,
    ``seed``: the worker's seed, with which torch seeded ``paddle``/``random``/numpy); ``None`` in the main process."""
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
    """torch ``worker_init_fn``: publish Paddle's WorkerInfo (dataset = the user's dataset; torch has
    already seeded torch/random/numpy per worker, numpy with the same hash as Paddle), then call the
    user's ``worker_init_fn(worker_id)``."""

    def __init__(self, user_fn, num_workers):
        self.user_fn = user_fn
        self.num_workers = num_workers

    def __call__(self, worker_id):
        global _worker_info
        import torch.utils.data

        info = torch.utils.data.get_worker_info()
        dataset = getattr(info.dataset, "dataset", info.dataset)
        _worker_info = WorkerInfo(id=worker_id, num_workers=self.num_workers, dataset=dataset, seed=info.seed)
        if self.user_fn is not None:
            self.user_fn(worker_id)
