"""``paddle.incubate.asp.utils``: n:m structured-sparsity masks and checks on numpy arrays.

The mask generators work on numpy arrays (as Paddle's do: they run once at pruning time, not per step) and are
vectorized over rows / m x m blocks instead of looping in Python. Ties between equal magnitudes are broken by
``np.argsort``'s default kind on the same dtype Paddle sorts, so the masks match Paddle's on the same machine.
"""

import itertools
import threading
from enum import Enum

import numpy as np

__all__ = []


class MaskAlgo(Enum):
    """The n:m mask generators: ``MASK_1D`` (per row), ``MASK_2D_GREEDY`` and ``MASK_2D_BEST`` (per m x m block)."""
    MASK_1D = 'get_mask_1d'
    MASK_2D_GREEDY = 'get_mask_2d_greedy'
    MASK_2D_BEST = 'get_mask_2d_best'


class CheckMethod(Enum):
    """The n:m sparsity checks: ``CHECK_1D`` (per row) and ``CHECK_2D`` (per m x m block)."""
    CHECK_1D = 'check_mask_1d'
    CHECK_2D = 'check_mask_2d'

    @staticmethod
    def get_checking_method(mask_algo):
        """The check matching a mask generator: ``CHECK_1D`` for ``MASK_1D``, ``CHECK_2D`` for the 2-D ones."""
        if not isinstance(mask_algo, MaskAlgo):
            raise AssertionError("mask_algo should be MaskAlgo type")
        return CheckMethod.CHECK_1D if mask_algo == MaskAlgo.MASK_1D else CheckMethod.CHECK_2D


def calculate_density(x):
    """Fraction of non-zero entries of the array ``x``, as a float."""
    flat = x.flatten()
    # np.nonzero, as Paddle: for a paddle.Tensor numpy defers to Tensor.nonzero ([nnz, 1] indices), whose first
    # row has one entry, so a Tensor gets 1 / numel like in Paddle
    return float(np.nonzero(flat)[0].size) / flat.size


def _require_2d(mat):
    if len(mat.shape) != 2:
        raise AssertionError("The input mat should be a 2D matrix!")


def _rows_of_m(mat, m):
    """``mat`` (2-D) cut into rows of ``m`` values, its columns zero-padded (as float64) to a multiple of ``m``;
    also the padded 2-D shape."""
    _require_2d(mat)
    cols = mat.shape[1]
    if cols % m:
        padded = np.zeros((mat.shape[0], cols + m - cols % m))
        padded[:, :cols] = mat
        return padded.reshape(-1, m), padded.shape
    return mat.reshape(-1, m), mat.shape


def _blocks_of_m_by_m(mat, m):
    """``mat`` (2-D) zero-padded (float64) to multiples of ``m`` in both dims, cut into ``m x m`` blocks taken
    row-major over the block grid, each block flattened row-major: shape ``(blocks, m*m)``; also the padded shape."""
    _require_2d(mat)
    rows = -(-mat.shape[0] // m) * m
    cols = -(-mat.shape[1] // m) * m
    padded = np.zeros((rows, cols))
    padded[:mat.shape[0], :mat.shape[1]] = mat
    blocks = padded.reshape(rows // m, m, cols // m, m).transpose(0, 2, 1, 3).reshape(-1, m * m)
    return blocks, padded.shape


def _assemble_blocks(blocks, padded_shape, m, like_shape):
    rows, cols = padded_shape
    full = blocks.reshape(rows // m, cols // m, m, m).transpose(0, 2, 1, 3).reshape(rows, cols)
    return full[:like_shape[0], :like_shape[1]]


def check_mask_1d(mat, n, m):
    """Whether every group of ``m`` consecutive values in each row of ``mat`` holds at most ``m - n``
    non-zeros (``n`` zeros at least); rows are zero-padded to a multiple of ``m``, a 1-D ``mat`` is one row.
    """
    if len(mat.shape) <= 1:
        mat = mat.reshape(1, mat.shape[0])
    groups, _ = _rows_of_m(mat, m)
    return bool((np.count_nonzero(groups, axis=1) <= m - n).all())


def get_mask_1d(mat, n, m):
    """0/1 mask (``mat``'s dtype) zeroing the ``n`` smallest magnitudes of each group of ``m`` consecutive values
    of every row of the 2-D ``mat`` (rows zero-padded to a multiple of ``m`` first).
    """
    groups, padded_shape = _rows_of_m(mat, m)
    smallest = np.argsort(np.absolute(groups), axis=1)[:, :n]
    group_mask = np.ones_like(groups)
    np.put_along_axis(group_mask, smallest, 0, axis=1)
    mask = np.ones_like(mat)
    mask[:, :] = group_mask.reshape(padded_shape)[:, :mat.shape[1]]
    return mask


def check_mask_2d(mat, n, m):
    """Whether every m x m block of ``mat`` (zero-padded to multiples of ``m``) is 2-D n:m sparse; as Paddle's
    check, a block fails only when some row and some column both hold more than ``m - n`` non-zeros.
    """
    blocks, _ = _blocks_of_m_by_m(mat, m)
    nonzero = (np.absolute(blocks) > 0).reshape(-1, m, m)
    # Paddle rejects a block only when some row AND some column hold more than m - n nonzeros
    row_over = (nonzero.sum(axis=2) > m - n).any(axis=1)
    col_over = (nonzero.sum(axis=1) > m - n).any(axis=1)
    return not bool((row_over & col_over).any())


def get_mask_2d_greedy(mat, n, m):
    """float64 0/1 mask keeping, in each m x m block of ``mat``, the largest magnitudes first while their row
    and column each hold fewer than ``n`` kept entries.
    """
    blocks, padded_shape = _blocks_of_m_by_m(mat, m)
    count = blocks.shape[0]
    order = np.argsort(np.absolute(blocks), axis=1)
    block_mask = np.zeros_like(blocks)
    kept_in_row = np.zeros((count, m), dtype=np.int64)
    kept_in_col = np.zeros((count, m), dtype=np.int64)
    every_block = np.arange(count)
    # all blocks advance together from their largest to their smallest entry; an entry is kept while its row
    # and its column each hold fewer than n kept entries
    for rank in range(m * m - 1, -1, -1):
        flat_index = order[:, rank]
        row, col = flat_index // m, flat_index % m
        keep = (kept_in_row[every_block, row] < n) & (kept_in_col[every_block, col] < n)
        block_mask[every_block[keep], flat_index[keep]] = 1.0
        kept_in_row[every_block[keep], row[keep]] += 1
        kept_in_col[every_block[keep], col[keep]] += 1
    return _assemble_blocks(block_mask, padded_shape, m, mat.shape)


_valid_2d_patterns_lock = threading.Lock()
_valid_2d_patterns = {}


def _compute_valid_2d_patterns(n, m):
    r"""All ``m x m`` 0/1 patterns with ``n`` ones in each row and at most ``n`` in each column, shape
    ``(patterns, m, m)`` float64, cached per ``(n, m)``. Their order decides which pattern ``get_mask_2d_best``
    picks among equal scores; it is the iteration order of Python sets of float tuples (deterministic: float and
    tuple hashes are not randomized), built the way Paddle builds it so the same pattern wins."""
    key = f'{m}_{n}'
    cached = _valid_2d_patterns.get(key)
    if cached is not None:
        return cached
    row = [1.0] * n + [0.0] * (m - n)
    row_patterns = list(set(itertools.permutations(row)))
    # each row pattern may appear twice among the m rows (permutations never repeat an item)
    candidates = np.asarray(list(set(itertools.permutations(row_patterns * 2, m))))
    column_ok = (candidates.sum(axis=1) <= n).all(axis=1)
    valid = np.array(candidates[column_ok], dtype=np.float64).reshape(-1, m, m)
    with _valid_2d_patterns_lock:
        _valid_2d_patterns[key] = valid
    return valid


def get_mask_2d_best(mat, n, m):
    """float64 0/1 mask choosing, for each m x m block of ``mat``, the valid 2-D n:m pattern with the largest sum
    of the (signed, as Paddle) values it keeps.
    """
    patterns = _compute_valid_2d_patterns(n, m)
    blocks, padded_shape = _blocks_of_m_by_m(mat, m)
    # Paddle scores the signed values (not their magnitudes); the first best-scoring pattern wins
    best = np.argmax(blocks @ patterns.reshape(patterns.shape[0], m * m).T, axis=1)
    return _assemble_blocks(patterns[best].reshape(-1, m * m), padded_shape, m, mat.shape)


def _as_rows(array, shape, who):
    """The 2-D view the mask functions work on: 1-D -> one row, 3-D -> (d0*d1, d2), 4-D conv weights
    (h, w, in, out) -> (h*w*out, in) as the GEMM conv kernel reads them."""
    if len(shape) == 1:
        return array.reshape(1, shape[0])
    if len(shape) == 2:
        return array.reshape(shape[0], shape[1])
    if len(shape) == 3:
        return array.reshape(shape[0] * shape[1], shape[2])
    if len(shape) == 4:
        return array.transpose([0, 1, 3, 2]).reshape(shape[0] * shape[1] * shape[3], shape[2])
    raise ValueError(
        f"The dimension of input tensor is not supported in {who}, "
        f"Only dimension < 4 is supported but got {len(shape)}"
    )


def create_mask(tensor, func_name=MaskAlgo.MASK_1D, n=2, m=4):
    """n:m mask of an array of 1 to 4 dims, in its dtype, by the generator ``func_name`` (a ``MaskAlgo``).
    3-D arrays are viewed as (d0*d1, d2), 4-D conv weights (h, w, in, out) as (h*w*out, in).
    """
    shape = tensor.shape
    dtype = tensor.dtype
    as_float = tensor.astype(float)
    if not isinstance(func_name, MaskAlgo):
        raise AssertionError(
            "func_name argumet of create_mask is only accepted as type MaskAlgo. "
            f"But got {type(func_name)}"
        )
    mask = _MASK_FUNCTIONS[func_name](_as_rows(as_float, shape, "create_mask"), n=n, m=m)
    if len(shape) == 4:
        return mask.reshape([shape[0], shape[1], shape[3], shape[2]]).transpose([0, 1, 3, 2]).astype(dtype)
    return mask.reshape(shape).astype(dtype)


def check_sparsity(tensor, func_name=CheckMethod.CHECK_1D, n=2, m=4):
    """Whether an array of 1 to 4 dims is n:m sparse by the check ``func_name`` (a ``CheckMethod``), with the same
    2-D views as ``create_mask``.
    """
    shape = tensor.shape
    as_float = tensor.astype(float)
    if type(func_name) is not CheckMethod:
        raise AssertionError(
            "func_name argumet of check_sparsity is only accepted as type CheckMethod. "
            f"But got {type(func_name)}"
        )
    return _CHECK_FUNCTIONS[func_name](_as_rows(as_float, shape, "create_mask"), n=n, m=m)


_MASK_FUNCTIONS = {
    MaskAlgo.MASK_1D: get_mask_1d,
    MaskAlgo.MASK_2D_GREEDY: get_mask_2d_greedy,
    MaskAlgo.MASK_2D_BEST: get_mask_2d_best,
}
_CHECK_FUNCTIONS = {CheckMethod.CHECK_1D: check_mask_1d, CheckMethod.CHECK_2D: check_mask_2d}
