"""``paddle.io.DataLoader`` on ``torch.utils.data``.

Single process (``num_workers=0``): a thin loop (sampler -> ``dataset[i]`` -> collate -> Tensors).
Worker processes: a ``torch.utils.data.DataLoader`` whose workers run Paddle's fetch + collate and hand
torch tensors back (torch's shared-memory transport, worker-death detection and timeouts); the main
process wraps them into ``paddle.Tensor``. Batch structure follows Paddle: ndarrays and Tensors become
Tensors, tuples become lists, dicts stay dicts, numbers/str/other objects are passed through.
"""

import numbers
import re
import sys
import warnings
from collections.abc import Mapping, Sequence

import numpy as np
import torch

from .._core import Tensor, wrap
from .dataloader.batch_sampler import BatchSampler, _InfiniteIterableSampler
from .dataloader.collate import default_collate_fn, default_convert_fn
from .dataloader.dataset import IterableDataset
from .dataloader.worker import _WorkerInit

__all__ = ["DataLoader"]


def _np_to_torch(a):
    if not a.flags.writeable or a.base is not None or any(s < 0 for s in a.strides):
        a = np.array(a)
    if a.dtype.kind in "OUSV":
        raise TypeError(f"DataLoader cannot convert a numpy array of dtype {a.dtype} to a Tensor")
    return torch.from_numpy(a)


def _to_torch_tree(x):
    """Worker side: ndarray / paddle.Tensor -> torch.Tensor; sequences -> lists (Paddle's flatten)."""
    if isinstance(x, np.ndarray):
        return _np_to_torch(x)
    if isinstance(x, Tensor):
        return x._t.detach()
    if isinstance(x, (str, bytes, numbers.Number)):
        return x
    if isinstance(x, Sequence):
        return [_to_torch_tree(v) for v in x]
    if isinstance(x, Mapping):
        return {k: _to_torch_tree(v) for k, v in x.items()}
    return x


def _wrap_tree(x):
    """Main process: torch.Tensor -> paddle.Tensor throughout the structure."""
    if isinstance(x, torch.Tensor):
        return wrap(x)
    if isinstance(x, list):
        return [_wrap_tree(v) for v in x]
    if isinstance(x, dict):
        return {k: _wrap_tree(v) for k, v in x.items()}
    return x


def _to_paddle_tree(x):
    """Single process: ndarray -> Tensor, Tensor kept (detached), sequences -> lists."""
    if isinstance(x, np.ndarray):
        return wrap(_np_to_torch(x))
    if isinstance(x, Tensor):
        return x if x.stop_gradient else wrap(x._t.detach())
    if isinstance(x, (str, bytes, numbers.Number)):
        return x
    if isinstance(x, Sequence):
        return [_to_paddle_tree(v) for v in x]
    if isinstance(x, Mapping):
        return {k: _to_paddle_tree(v) for k, v in x.items()}
    return x


class _MapFetch:
    """torch-side dataset for map-style data: ``fetch[indices]`` -> one collated batch (torch tensors)."""

    def __init__(self, dataset, auto_collate, collate_fn):
        self.dataset = dataset
        self.auto_collate = auto_collate
        self.collate_fn = collate_fn

    def __getitem__(self, indices):
        ds = self.dataset
        data = [ds[i] for i in indices] if self.auto_collate else ds[indices]
        return _to_torch_tree(self.collate_fn(data))


class _IterFetch(torch.utils.data.IterableDataset):
    """torch-side dataset for iterable data: batches of ``batch_size`` items (Paddle's drop_last rule)."""

    def __init__(self, dataset, batch_size, drop_last, collate_fn):
        self.dataset = dataset
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.collate_fn = collate_fn

    def __iter__(self):
        for batch in _iter_batches(self.dataset, self.batch_size, self.drop_last, self.collate_fn):
            yield _to_torch_tree(batch)


def _iter_batches(dataset, batch_size, drop_last, collate_fn):
    it = iter(dataset)
    if batch_size is None:
        for item in it:
            yield collate_fn(item)
        return
    while True:
        data = []
        for item in it:
            data.append(item)
            if len(data) == batch_size:
                break
        if not data or (drop_last and len(data) < batch_size):
            return
        yield collate_fn(data)
        if len(data) < batch_size:
            return


def _identity(x):
    return x


class _SingleProcessIter:
    def __init__(self, loader):
        self._loader = loader
        collate = loader._collate()
        if loader._iterable:
            bs = loader.batch_size if loader.auto_collate_batch else None
            self._gen = _iter_batches(loader.dataset, bs, loader.drop_last, collate)
        else:
            self._gen = self._map_batches(loader.dataset, loader._index_sampler(), loader.auto_collate_batch,
                                          collate)

    @staticmethod
    def _map_batches(dataset, index_sampler, auto_collate, collate):
        if auto_collate:
            for indices in index_sampler:
                yield collate([dataset[i] for i in indices])
        else:
            for i in index_sampler:
                yield collate(dataset[i])

    def __iter__(self):
        return self

    def __next__(self):
        return _to_paddle_tree(next(self._gen))

    def __len__(self):
        return len(self._loader)


class _MultiProcessIter:
    def __init__(self, loader, torch_loader):
        self._loader = loader
        self._it = iter(torch_loader)

    def __iter__(self):
        return self

    def __next__(self):
        try:
            batch = next(self._it)
        except StopIteration:
            raise
        except Exception as e:
            _reraise_paddle_style(e)
            raise
        return _wrap_tree(batch)


# the names Paddle's iterators show (type(it).__name__, "'...' object has no attribute" messages)
_SingleProcessIter.__name__ = _SingleProcessIter.__qualname__ = "_DataLoaderIterSingleProcess"
_MultiProcessIter.__name__ = _MultiProcessIter.__qualname__ = "_DataLoaderIterMultiProcess"
_SingleProcessIter.__module__ = _MultiProcessIter.__module__ = "paddle.io.dataloader.dataloader_iter"


class _TorchLoader(torch.utils.data.DataLoader):
    def check_worker_number_rationality(self):
        """Paddle does not warn about more workers than cores (torch's loader does, twice per epoch)."""

    def __len__(self):
        return len(self._loader)


_TORCH_WORKER_MSG = re.compile(r"^Caught (\w+) in DataLoader worker process (\d+)\.\n(.*)$", re.S)


def _reraise_paddle_style(e):
    """Re-raise a worker exception with Paddle's message ("DataLoader worker(N) caught X with message:\n"
    + the worker's traceback); same exception type, chained to torch's."""
    msg = e.args[0] if len(e.args) == 1 and isinstance(e.args[0], str) else None
    m = _TORCH_WORKER_MSG.match(msg) if msg else None
    if m is None:
        return
    try:
        new = type(e)(f"DataLoader worker({m.group(2)}) caught {m.group(1)} with message:\n{m.group(3)}")
    except Exception:
        return
    raise new from e


def _as_feed_dicts(batches, feed_list):
    """Paddle's static-mode DataLoader (return_list=False) yields a one-element list of {feed name: LoDTensor}."""
    names = [v if isinstance(v, str) else v.name for v in feed_list]
    for batch in batches:
        items = batch if isinstance(batch, (list, tuple)) else [batch]
        yield [dict(zip(names, items))]


# DataLoader auto-tuning (paddle.incubate.autotune.set_config): on, a new DataLoader picks num_workers by timing
USE_AUTOTUNE = False
TUNING_STEPS = 500


def set_autotune_config(use_autotune, tuning_steps=500):
    global USE_AUTOTUNE, TUNING_STEPS
    USE_AUTOTUNE = use_autotune
    TUNING_STEPS = tuning_steps


class DataLoader:
    """Iterate a :class:`paddle.io.Dataset` in batches (see the module docstring).

    ``feed_list``/``return_list`` only matter in static-graph mode (unsupported here) and are stored;
    ``places`` is stored (CPU); ``use_buffer_reader`` and ``use_shared_memory`` are performance knobs
    (torch's workers always use shared memory); ``prefetch_factor``, ``timeout``, ``worker_init_fn`` and
    ``persistent_workers`` are passed to torch's loader.
    """

    def __init__(self, dataset, feed_list=None, places=None, return_list=True, batch_sampler=None,
                 batch_size=1, shuffle=False, drop_last=False, collate_fn=None, num_workers=0,
                 use_buffer_reader=True, prefetch_factor=2, use_shared_memory=True, timeout=0,
                 worker_init_fn=None, persistent_workers=False):
        self.return_list = return_list
        self.collate_fn = collate_fn
        self.use_buffer_reader = use_buffer_reader
        self.prefetch_factor = prefetch_factor
        self.worker_init_fn = worker_init_fn
        self.dataset = dataset
        self.feed_list = feed_list
        self.places = places
        if not isinstance(num_workers, int) or num_workers < 0:
            raise AssertionError("num_workers should be a non-negative value")
        if num_workers > 0 and sys.platform in ("darwin", "win32"):
            warnings.warn("DataLoader with multi-process mode is not supported on MacOs and Windows currently."
                          " Please use signle-process mode with num_workers = 0 instead")
            num_workers = 0
        self.num_workers = num_workers
        if prefetch_factor <= 0:
            raise AssertionError("prefetch_factor should be a positive value")
        self.use_shared_memory = use_shared_memory and num_workers > 0
        if timeout < 0:
            raise AssertionError("timeout should be a non-negative value")
        self.timeout = timeout
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            self.dataset_kind = 1
            if shuffle:
                raise ValueError(f"IterableDataset not support shuffle, but got shuffle={shuffle}")
            if batch_sampler is not None:
                raise ValueError("IterableDataset expect unspecified batch_sampler")
        else:
            self.dataset_kind = 0
            if dataset is None and batch_sampler is None and batch_size is not None:
                raise AssertionError("either dataset or sampler should be set")  # Paddle's BatchSampler check
            if not hasattr(dataset, "__getitem__"):
                raise TypeError(f"dataset should be a paddle.io.Dataset or IterableDataset, but got {type(dataset)}")
        if batch_sampler is not None:
            if not (batch_size == 1 and not shuffle and not drop_last):
                raise AssertionError("batch_size/shuffle/drop_last should not be set when batch_sampler is given")
            self.batch_sampler = batch_sampler
            self.batch_size = None
        elif batch_size is None:
            self.batch_sampler = None
            self.batch_size = None
        else:
            if not batch_size > 0:
                raise AssertionError("batch_size should be None or a positive value when batch_sampler is not given")
            self.batch_size = batch_size
            if self._iterable:
                self.batch_sampler = _InfiniteIterableSampler(dataset, batch_size)
            else:
                self.batch_sampler = BatchSampler(dataset=dataset, batch_size=batch_size, shuffle=shuffle,
                                                  drop_last=drop_last)
        self.drop_last = drop_last
        self.auto_collate_batch = self.batch_sampler is not None
        self.pin_memory = False
        self._persistent_workers = persistent_workers
        self._torch_loader = None
        if USE_AUTOTUNE:
            from ..incubate.autotune import _tuned_num_workers

            self.num_workers = _tuned_num_workers(self)

    def _collate(self):
        if self.collate_fn is not None:
            return self.collate_fn
        return default_collate_fn if self.auto_collate_batch else default_convert_fn

    def _index_sampler(self):
        if self.auto_collate_batch:
            return self.batch_sampler
        return range(len(self.dataset))

    def _make_torch_loader(self, base_seed):
        collate = self._collate()
        if self._iterable:
            bs = self.batch_size if self.auto_collate_batch else None
            ds, sampler = _IterFetch(self.dataset, bs, self.drop_last, collate), None
        else:
            ds, sampler = _MapFetch(self.dataset, self.auto_collate_batch, collate), self._index_sampler()
        return _TorchLoader(
            ds, batch_size=None, sampler=sampler, collate_fn=_identity, num_workers=self.num_workers,
            timeout=self.timeout, worker_init_fn=_WorkerInit(self.worker_init_fn, self.num_workers, base_seed),
            prefetch_factor=self.prefetch_factor, persistent_workers=self._persistent_workers)

    def __len__(self):
        if self._iterable:
            raise ValueError("length of IterableDataset not supported")
        if self.auto_collate_batch:
            return len(self.batch_sampler)
        return len(self.dataset)

    def __iter__(self):
        if self.num_workers == 0:
            batches = _SingleProcessIter(self)
        else:
            if self._torch_loader is None or not self._persistent_workers:
                # Paddle draws the workers' base seed from the main process's numpy stream at each new iterator
                self._torch_loader = self._make_torch_loader(int(np.random.randint(low=0, high=sys.maxsize)))
            batches = _MultiProcessIter(self, self._torch_loader)
        if not self.return_list and self.feed_list:
            from ..framework.program import _Mode

            if _Mode.static:
                return _as_feed_dicts(batches, self.feed_list)  # static graph: [{feed name: batch}] per step
        return batches

    def __call__(self):
        return self.__iter__()
