"""paddle.io behaviour that needs worker processes, timing or our own error paths (the batch structure
itself is checked against real Paddle in test_data_goldens.py)."""

import time

import numpy as np
import paddle
import pytest
from paddle.io import DataLoader, Dataset, IterableDataset, get_worker_info


class Squares(Dataset):
    def __init__(self, n=23, bad=None):
        self.n, self.bad = n, bad

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i == self.bad:
            raise ValueError(f"sample {i} is broken")
        return np.full((3, 2), i * i, dtype="float32"), i, {"w": np.float64(i) / 2, "name": f"n{i}"}


class Stream(IterableDataset):
    def __init__(self, n=10):
        self.n = n

    def __iter__(self):
        info = get_worker_info()
        lo, step = (0, 1) if info is None else (info.id, info.num_workers)
        for i in range(lo, self.n, step):
            yield np.array([i], dtype="int64")


def _flat(loader):
    return [b for b in loader]


def test_workers_match_single_process():
    ds = Squares()
    single = _flat(DataLoader(ds, batch_size=4))
    multi = _flat(DataLoader(ds, batch_size=4, num_workers=2))
    assert len(single) == len(multi) == 6
    for a, b in zip(single, multi):
        assert isinstance(b, list) and isinstance(b[0], paddle.Tensor) and isinstance(b[2], dict)
        np.testing.assert_array_equal(a[0].numpy(), b[0].numpy())
        np.testing.assert_array_equal(a[1].numpy(), b[1].numpy())
        assert b[1].dtype == paddle.int64 and b[2]["w"].dtype == paddle.float64
        assert a[2]["name"] == b[2]["name"]


def test_worker_error_surfaces_with_traceback():
    t0 = time.time()
    with pytest.raises(ValueError, match="sample 5 is broken") as ei:
        _flat(DataLoader(Squares(bad=5), batch_size=4, num_workers=2))
    assert str(ei.value).startswith("DataLoader worker(") and "Traceback" in str(ei.value)
    assert time.time() - t0 < 60


def test_single_process_error_raises_not_hangs():
    with pytest.raises(ValueError, match="sample 2 is broken"):
        _flat(DataLoader(Squares(bad=2), batch_size=4))


def test_collate_errors_raise():
    class Ragged(Dataset):
        def __len__(self):
            return 4

        def __getitem__(self, i):
            return np.zeros(i + 1, "float32")

    class Obj(Dataset):
        def __len__(self):
            return 4

        def __getitem__(self, i):
            return object()

    with pytest.raises(ValueError):
        _flat(DataLoader(Ragged(), batch_size=2))
    with pytest.raises(TypeError, match="batch data con only contains"):
        _flat(DataLoader(Obj(), batch_size=2))
    with pytest.raises(ValueError):
        _flat(DataLoader(Ragged(), batch_size=2, num_workers=1))


def test_worker_init_fn_and_worker_info():
    seen = []

    def init(wid):
        info = get_worker_info()
        assert info is not None and info.id == wid and info.num_workers == 2
        assert isinstance(info.dataset, Stream)

    batches = _flat(DataLoader(Stream(10), batch_size=2, num_workers=2, worker_init_fn=init))
    for b in batches:
        seen.extend(b.numpy().ravel().tolist())
    assert sorted(seen) == list(range(10))
    assert get_worker_info() is None


def test_worker_info_is_read_only():
    from paddle_compat.io.dataloader.worker import WorkerInfo

    info = WorkerInfo(id=0, num_workers=1, dataset=None, seed=1)
    with pytest.raises(RuntimeError):
        info.id = 3


def test_persistent_workers_two_epochs():
    dl = DataLoader(Squares(9), batch_size=3, num_workers=2, persistent_workers=True)
    e1 = [b[1].numpy().tolist() for b in dl]
    e2 = [b[1].numpy().tolist() for b in dl]
    assert e1 == e2 == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]


def test_timeout_raises():
    class Slow(Dataset):
        def __len__(self):
            return 2

        def __getitem__(self, i):
            time.sleep(5)
            return np.zeros(1)

    t0 = time.time()
    with pytest.raises(RuntimeError, match="timed out"):
        _flat(DataLoader(Slow(), batch_size=1, num_workers=1, timeout=1))
    assert time.time() - t0 < 30


def test_tensor_samples_and_batch_size_none_with_workers():
    class T(Dataset):
        def __len__(self):
            return 5

        def __getitem__(self, i):
            return paddle.to_tensor([float(i)]), np.array(i)

    b = _flat(DataLoader(T(), batch_size=None, num_workers=2))
    assert len(b) == 5 and b[3][0].shape == [1] and float(b[3][1]) == 3.0
    b = _flat(DataLoader(T(), batch_size=5, num_workers=1))
    assert b[0][0].shape == [5, 1] and b[0][0].dtype == paddle.float32


def test_bad_arguments():
    with pytest.raises(AssertionError):
        DataLoader(Squares(), num_workers=-1)
    with pytest.raises(AssertionError):
        DataLoader(Squares(), batch_sampler=paddle.io.BatchSampler(Squares()), batch_size=4)
    with pytest.raises(ValueError):
        DataLoader(Stream(), shuffle=True)
    with pytest.raises(ValueError):
        len(DataLoader(Stream()))


def test_distributed_batch_sampler_env(monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "3")
    monkeypatch.setenv("PADDLE_TRAINER_ID", "2")
    s = paddle.io.DistributedBatchSampler(Squares(10), batch_size=2)
    assert (s.nranks, s.local_rank) == (3, 2)
    explicit = paddle.io.DistributedBatchSampler(Squares(10), batch_size=2, num_replicas=3, rank=2)
    assert list(s) == list(explicit)
    monkeypatch.delenv("PADDLE_TRAINERS_NUM")
    monkeypatch.delenv("PADDLE_TRAINER_ID")
    s = paddle.io.DistributedBatchSampler(Squares(10), batch_size=2)
    assert (s.nranks, s.local_rank) == (1, 0)


def test_dataloader_with_distributed_sampler_and_shuffle_seeded():
    ds = Squares(10)
    np.random.seed(0)
    a = [b[1].numpy().tolist() for b in DataLoader(ds, batch_size=3, shuffle=True)]
    np.random.seed(0)
    b = [b[1].numpy().tolist() for b in DataLoader(ds, batch_size=3, shuffle=True, num_workers=2)]
    assert a == b and sorted(sum(a, [])) == list(range(10))
