"""``paddle.metric``: streaming metrics (numpy state, as in Paddle) and the ``accuracy`` op."""

import abc

import numpy as np
import torch

from .._core import Tensor, errors, wrap

__all__ = []


def _is_numpy_(var):
    return isinstance(var, (np.ndarray, np.generic))


def _as_numpy(x, name):
    if isinstance(x, Tensor):
        return x.numpy()
    if not _is_numpy_(x):
        raise ValueError(f"The '{name}' must be a numpy ndarray or Tensor.")
    return x


class Metric(metaclass=abc.ABCMeta):
    """Base class: ``compute`` (optional, on Tensors) -> ``update`` (numpy) -> ``accumulate``;
    ``reset`` and ``name`` complete the interface."""

    def __init__(self):  # noqa: B027 - Paddle's base class has a concrete no-op __init__
        pass

    @abc.abstractmethod
    def reset(self):
        raise NotImplementedError(f"function 'reset' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def update(self, *args):
        raise NotImplementedError(f"function 'update' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def accumulate(self):
        raise NotImplementedError(f"function 'accumulate' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def name(self):
        raise NotImplementedError(f"function 'name' not implemented in {self.__class__.__name__}.")

    def compute(self, *args):
        return args


class Accuracy(Metric):
    def __init__(self, topk=(1,), name=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.topk = topk
        self.maxk = max(topk)
        self._init_name(name)
        self.reset()

    def compute(self, pred, label, *args):
        p = pred._t if isinstance(pred, Tensor) else torch.as_tensor(np.asarray(pred))
        lab = label._t if isinstance(label, Tensor) else torch.as_tensor(np.asarray(label))
        idx = torch.argsort(p, dim=-1, descending=True, stable=True)[..., : self.maxk]
        if lab.ndim == 1 or (lab.ndim == 2 and lab.shape[-1] == 1):
            lab = lab.reshape(-1, 1)
        elif lab.shape[-1] != 1:
            lab = lab.argmax(dim=-1, keepdim=True)
        # Paddle's `pred == label` casts the label to the indices' int64 (a float label truncates toward zero)
        return wrap((idx == lab.to(idx.dtype)).to(torch.float32))

    def update(self, correct, *args):
        if isinstance(correct, Tensor):
            correct = correct.numpy()
        num_samples = np.prod(np.array(correct.shape[:-1]))
        accs = []
        for i, k in enumerate(self.topk):
            num_corrects = correct[..., :k].sum()
            # a plain float (Paddle's float / np.int64 prints as 0.75 under its numpy<2; np.float64 would
            # print as np.float64(0.75) under numpy 2)
            accs.append(float(num_corrects) / float(num_samples))
            self.total[i] += num_corrects
            self.count[i] += num_samples
        return accs[0] if len(self.topk) == 1 else accs

    def reset(self):
        self.total = [0.0] * len(self.topk)
        self.count = [0] * len(self.topk)

    def accumulate(self):
        # plain Python floats: Paddle's numpy<2 values print as 0.97, numpy 2 scalars as np.float64(0.97)
        res = [float(t) / float(c) if c > 0 else 0.0 for t, c in zip(self.total, self.count)]
        return res[0] if len(self.topk) == 1 else res

    def _init_name(self, name):
        name = name or "acc"
        self._name = [f"{name}_top{k}" for k in self.topk] if self.maxk != 1 else [name]

    def name(self):
        return self._name


def _binary_rate_methods(cls_name, miss, round_preds):
    """``update``/``reset``/``accumulate``/``name`` of Precision and Recall: ``tp / (tp + <miss>)`` over the
    samples whose prediction (Precision, misses ``fp``) or label (Recall, misses ``fn``) is 1, the
    probabilities made 0/1 by ``round_preds``. Each class gets its own copies, as Paddle defines them."""
    by_prediction = miss == "fp"

    def update(self, preds, labels):
        preds = _as_numpy(preds, "preds")
        labels = _as_numpy(labels, "labels")
        preds = round_preds(preds).astype("int32")
        for i in range(labels.shape[0]):
            if (preds[i] if by_prediction else labels[i]) == 1:
                if preds[i] == labels[i]:
                    self.tp += 1
                else:
                    setattr(self, miss, getattr(self, miss) + 1)

    def reset(self):
        self.tp = 0
        setattr(self, miss, 0)

    def accumulate(self):
        total = self.tp + getattr(self, miss)
        return float(self.tp) / float(total) if total != 0 else 0.0

    def name(self):
        return self._name

    methods = (update, reset, accumulate, name)
    for method in methods:
        method.__qualname__ = f"{cls_name}.{method.__name__}"
    return methods


def _round_half_up(preds):
    return np.floor(preds + 0.5)


class Precision(Metric):
    """Binary precision; ``preds`` are probabilities rounded at 0.5."""

    def __init__(self, name="precision", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reset()
        self._name = name

    update, reset, accumulate, name = _binary_rate_methods("Precision", "fp", _round_half_up)


class Recall(Metric):
    """Binary recall; ``preds`` are probabilities rounded half to even (``np.rint``, as Paddle)."""

    def __init__(self, name="recall", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reset()
        self._name = name

    update, reset, accumulate, name = _binary_rate_methods("Recall", "fn", np.rint)


class Auc(Metric):
    """Area under the ROC curve from ``num_thresholds + 1`` histogram buckets of ``preds[:, 1]``."""

    def __init__(self, curve="ROC", num_thresholds=4095, name="auc", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._curve = curve
        self._num_thresholds = num_thresholds
        self._stat_pos = np.zeros(num_thresholds + 1)
        self._stat_neg = np.zeros(num_thresholds + 1)
        self._name = name

    def update(self, preds, labels):
        labels = _as_numpy(labels, "labels")
        preds = _as_numpy(preds, "preds")
        for i, lbl in enumerate(labels):
            bin_idx = int(preds[i, 1] * self._num_thresholds)
            if bin_idx > self._num_thresholds:
                raise AssertionError(f"preds[{i}, 1]={preds[i, 1]} is above 1")
            if lbl:
                self._stat_pos[bin_idx] += 1.0
            else:
                self._stat_neg[bin_idx] += 1.0

    @staticmethod
    def trapezoid_area(x1, x2, y1, y2):
        return abs(x1 - x2) * (y1 + y2) / 2.0

    def accumulate(self):
        tot_pos = tot_neg = auc = 0.0
        for idx in range(self._num_thresholds, -1, -1):
            prev_pos, prev_neg = tot_pos, tot_neg
            tot_pos += self._stat_pos[idx]
            tot_neg += self._stat_neg[idx]
            auc += self.trapezoid_area(tot_neg, prev_neg, tot_pos, prev_pos)
        return float(auc / tot_pos / tot_neg) if tot_pos > 0.0 and tot_neg > 0.0 else 0.0

    def reset(self):
        self._stat_pos = np.zeros(self._num_thresholds + 1)
        self._stat_neg = np.zeros(self._num_thresholds + 1)

    def name(self):
        return self._name


def accuracy(input, label, k=1, correct=None, total=None, name=None):  # noqa: A002 - Paddle's names
    """Top-``k`` accuracy of ``input`` [N, C] against ``label`` [N, 1] (0-D float32 Tensor). ``correct``
    and ``total`` (int32 Tensors), when given, receive the counts."""
    x = input._t
    lab = label._t
    if lab.ndim != 2:
        raise errors.invalid_argument(f"ShapeError: label's dimensions of AccuracyOp must be 2. But received label's "
                         f"dimensions = {lab.ndim}, label's shape = {list(lab.shape)}")
    if lab.shape[0] != x.shape[0]:
        raise ValueError(f"ShapeError: the first dimension of input ({x.shape[0]}) and label ({lab.shape[0]}) "
                         "must be equal")
    idx = torch.topk(x, k=k, dim=-1).indices
    n_correct = (idx == lab.to(idx.dtype)).any(dim=-1).sum().to(torch.int32)
    n_total = torch.tensor(x.shape[0], dtype=torch.int32)
    if correct is not None:
        correct._t = n_correct
    if total is not None:
        total._t = n_total
    return wrap(n_correct.to(torch.float32) / n_total.to(torch.float32))
