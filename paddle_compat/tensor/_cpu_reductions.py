"""Summation orders of Paddle's CPU kernels, where they round differently from torch's.

* ``dot`` (phi DotKernel): one running sum per row, element by element, products rounded before adding.
* full ``sum`` (Eigen ``InnerMostDimReducer``, 8-lane float packets): two packet accumulators over pairs of
  packets, a third pass for a left-over packet, the lanes folded by halves, the scalar tail added first; above
  8 * 1024 values the range is split in two halves on a packet boundary and summed recursively.

numpy's ``ufunc.accumulate`` adds strictly in order in the array's dtype, which gives these orders without a
Python loop over the elements (torch's ``cumsum`` accumulates float32 in double).
"""

import numpy as np
import torch

_PACKET = 8
_LEAF = 1024


def _running_sum_last(a):
    """Sum over the last axis, strictly left to right in ``a``'s dtype."""
    if a.shape[-1] == 0:
        return np.zeros(a.shape[:-1], a.dtype)
    return np.add.accumulate(a, axis=-1)[..., -1]


def _symbolic(t):
    """A tensor being recorded into a static Program (a FakeTensor): no values to reduce in numpy."""
    return type(t) is not torch.Tensor


def sequential_dot(xt, yt):
    """Paddle's CPU ``dot`` of two real 1-D or 2-D tensors (last axis), as a torch tensor."""
    x, y = xt.detach(), yt.detach()
    if _symbolic(x) or _symbolic(y):
        return (xt * yt).sum(-1)
    return torch.from_numpy(np.array(_running_sum_last(x.numpy() * y.numpy())))


def _fold_lanes(lanes):
    while lanes.shape[0] > 1:
        half = lanes.shape[0] // 2
        lanes = lanes[:half] + lanes[half:]
    return lanes[0]


def _leaf_sum(v):
    n = v.shape[0]
    unrolled = n // (2 * _PACKET) * (2 * _PACKET)
    vectorized = n // _PACKET * _PACKET
    zero = v.dtype.type(0)
    if unrolled:
        pairs = v[:unrolled].reshape(-1, 2, _PACKET)
        first = np.add.accumulate(pairs[:, 0, :], axis=0)[-1]
        second = np.add.accumulate(pairs[:, 1, :], axis=0)[-1]
    else:
        first = np.zeros(_PACKET, v.dtype)
        second = np.zeros(_PACKET, v.dtype)
    if vectorized > unrolled:
        first = first + v[unrolled:vectorized]
    lanes = first + second
    tail = _running_sum_last(np.concatenate([np.array([zero], v.dtype), v[vectorized:]]))
    return v.dtype.type(tail + _fold_lanes(lanes))


def _tree_sum(v, first_index):
    n = v.shape[0]
    if n <= _PACKET * _LEAF:
        return _leaf_sum(v)
    split = _PACKET * -(-(first_index + -(-n // 2)) // _PACKET)
    left = min(split - first_index, n)
    total = v.dtype.type(0) + _tree_sum(v[:left], first_index)
    if left < n:
        total = v.dtype.type(total + _tree_sum(v[left:], split))
    return total


def eigen_full_sum(t):
    """Paddle's CPU sum of all values of a float32 tensor (a 0-d torch tensor)."""
    flat = t.detach().reshape(-1)
    if _symbolic(flat):
        return t.sum()
    return torch.tensor(_tree_sum(np.ascontiguousarray(flat.numpy()), 0), dtype=t.dtype)


def eigen_row_sums(t):
    """Paddle's CPU sum over the last axis of a 2-D float tensor (each row reduced as ``eigen_full_sum``)."""
    if _symbolic(t.detach()):
        return t.sum(-1)
    a = np.ascontiguousarray(t.detach().numpy())
    n = a.shape[1]
    if n <= _PACKET * _LEAF:
        sums = _leaf_sums_2d(a)
    else:
        sums = np.array([_tree_sum(row, i * n) for i, row in enumerate(a)], a.dtype)
    return torch.from_numpy(np.array(sums, a.dtype).reshape(a.shape[0]))


def _leaf_sums_2d(a):
    rows, n = a.shape
    unrolled = n // (2 * _PACKET) * (2 * _PACKET)
    vectorized = n // _PACKET * _PACKET
    first = np.zeros((rows, _PACKET), a.dtype)
    second = np.zeros((rows, _PACKET), a.dtype)
    if unrolled:
        pairs = a[:, :unrolled].reshape(rows, -1, 2, _PACKET)
        first = np.add.accumulate(pairs[:, :, 0, :], axis=1)[:, -1]
        second = np.add.accumulate(pairs[:, :, 1, :], axis=1)[:, -1]
    if vectorized > unrolled:
        first = first + a[:, unrolled:vectorized]
    lanes = first + second
    while lanes.shape[1] > 1:
        half = lanes.shape[1] // 2
        lanes = lanes[:, :half] + lanes[:, half:]
    tail = _running_sum_last(np.concatenate([np.zeros((rows, 1), a.dtype), a[:, vectorized:]], axis=1))
    return tail + lanes[:, 0]
