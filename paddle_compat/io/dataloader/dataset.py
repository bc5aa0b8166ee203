"""``paddle.io`` datasets (map-style and iterable-style), Paddle 2.6 semantics."""

import bisect

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "ComposeDataset", "ChainDataset", "Subset",
           "random_split", "ConcatDataset"]


class Dataset:
    """Map-style dataset: implement ``__getitem__`` and ``__len__``."""

    def __init__(self):
        pass

    def __getitem__(self, idx):
        raise NotImplementedError(f"'__getitem__' not implement in class {self.__class__.__name__}")

    def __len__(self):
        raise NotImplementedError(f"'__len__' not implement in class {self.__class__.__name__}")


class IterableDataset(Dataset):
    """Iterable-style dataset: implement ``__iter__``."""

    def __init__(self):
        pass

    def __iter__(self):
        raise NotImplementedError(f"'__iter__' not implement in class {self.__class__.__name__}")

    def __getitem__(self, idx):
        raise RuntimeError(f"'__getitem__' should not be called for IterableDataset {self.__class__.__name__}")

    def __len__(self):
        raise RuntimeError(f"'__len__' should not be called for IterableDataset {self.__class__.__name__}")


class TensorDataset(Dataset):
    def __init__(self, tensors):
        from ...framework.misc import in_dynamic_mode

        if not in_dynamic_mode():
            raise RuntimeError("TensorDataset con only be used in imperative mode")
        if not all(t.shape[0] == tensors[0].shape[0] for t in tensors):
            raise AssertionError("tensors not have same shape of the 1st dimension")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


def _to_list(value):
    if value is None:
        return value
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


class ComposeDataset(Dataset):
    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError("input datasets shoule not be empty")
        for i, d in enumerate(self.datasets):
            if not isinstance(d, Dataset):
                raise AssertionError("each input dataset should be paddle.io.Dataset")
            if isinstance(d, IterableDataset):
                raise AssertionError("paddle.io.IterableDataset not supported")
            if i > 0 and len(d) != len(self.datasets[i - 1]):
                raise AssertionError("lengths of datasets should be same")

    def __len__(self):
        return len(self.datasets[0])

    def __getitem__(self, idx):
        sample = []
        for d in self.datasets:
            sample.extend(_to_list(d[idx]))
        return tuple(sample)


class ChainDataset(IterableDataset):
    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError("input datasets shoule not be empty")
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError("ChainDataset only support paddle.io.IterableDataset")

    def __iter__(self):
        for d in self.datasets:
            yield from d


class Subset(Dataset):
    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def random_split(dataset, lengths, generator=None):
    """Split ``dataset`` into non-overlapping random subsets of the given lengths (permutation from
    ``paddle.randperm``, so ``paddle.seed`` controls it; ``generator`` is accepted and unused, as in
    Paddle 2.6.2)."""
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    from ...tensor.random import randperm

    indices = randperm(sum(lengths)).tolist()
    out, offset = [], 0
    for length in lengths:
        offset += length
        out.append(Subset(dataset, indices[offset - length: offset]))
    return out


class ConcatDataset(Dataset):
    @staticmethod
    def cumsum(sequence):
        r, s = [], 0
        for e in sequence:
            s += len(e)
            r.append(s)
        return r

    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError("datasets should not be an empty iterable")
        for d in self.datasets:
            if isinstance(d, IterableDataset):
                raise AssertionError("ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = self.cumsum(self.datasets)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        di = bisect.bisect_right(self.cumulative_sizes, idx)
        si = idx if di == 0 else idx - self.cumulative_sizes[di - 1]
        return self.datasets[di][si]
