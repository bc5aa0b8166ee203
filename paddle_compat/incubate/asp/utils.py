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
    r"""
    A collection of all mask generating algorithms.
    There currently are three algorithms, `MASK_1D`, `MASK_2D_GREEDY` and `MASK_2D_BEST`
    """
    MASK_1D = 'get_mask_1d'
    MASK_2D_GREEDY = 'get_mask_2d_greedy'
    MASK_2D_BEST = 'get_mask_2d_best'


class CheckMethod(Enum):
    r"""
    A collection of all sparsity checking approaches.
    There currently are two methods, `CHECK_1D` and `CHECK_2D`
    """
    CHECK_1D = 'check_mask_1d'
    CHECK_2D = 'check_mask_2d'

    @staticmethod
    def get_checking_method(mask_algo):
        r"""
        Get sparsity checking method by mask generating algorithm.

        Args:
            mask_algo (MaskAlgo): The algorithm of mask generating.
        Returns:
            CheckMethod: The corresponded sparsity checking method.
        Examples:
            .. code-block:: python

                >>> import numpy as np
                >>> from paddle.incubate.asp import CheckMethod, MaskAlgo
                >>> print(CheckMethod.get_checking_method(MaskAlgo.MASK_1D))
                CheckMethod.CHECK_1D
                >>> print(CheckMethod.get_checking_method(MaskAlgo.MASK_2D_GREEDY))
                CheckMethod.CHECK_2D
                >>> print(CheckMethod.get_checking_method(MaskAlgo.MASK_2D_BEST))
                CheckMethod.CHECK_2D
        """
        if not isinstance(mask_algo, MaskAlgo):
            raise AssertionError("mask_algo should be MaskAlgo type")
        return CheckMethod.CHECK_1D if mask_algo == MaskAlgo.MASK_1D else CheckMethod.CHECK_2D


def calculate_density(x):
    r"""

    Return the density of the input tensor.

    Args:
        x (nparray): The input tensor.

    Returns:
        float, The density of :attr:`x`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import numpy as np

            >>> x = np.array([[0, 1, 3, 0],
            ...             [1, 1, 0, 1]])
            >>> out = paddle.incubate.asp.calculate_density(x)
            >>> print(out)
            0.625

    """
    flat = x.flatten()
    return float(np.count_nonzero(np.asarray(flat))) / flat.size


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
    r"""
    Check if every row of the input matrix :attr:`mat` is in 1D `n:m` sparse pattern.
    This function would pad the second dimension of :attr:`mat` by zero
    to be a multiples of :attr:`m` if necessary.

    1D `n:m` sparse pattern: At least :attr:`n` zeros in every :math:`1 \times m` block.

    Args:
        mat (nparray): The input matrix.
        n (int): n of `n:m` sparse pattern.
        m (int): m of `n:m` sparse pattern.
    Returns:
        bool: True if every row of :attr:`mat` is in 1D n:m sparse pattern, else False.
    Examples:
        .. code-block:: python

          >>> import numpy as np
          >>> import paddle.incubate.asp as sparsity

          >>> x = np.array([[0, 1, 3, 0],
          ...               [1, 0, 0, 1]])
          >>> y = sparsity.check_mask_1d(x, 2, 4)
          >>> print(y)
          True

          >>> x = np.array([[0, 1, 5, 4],
          ...               [1, 0, 0, 1]])
          >>> y = sparsity.check_mask_1d(x, 2, 4)
          >>> print(y)
          False

          >>> # x would be padded to shape (2, 8)
          >>> x = np.array([[0, 1, 0, 4, 6],
          ...               [1, 0, 0, 1, 7]])
          >>> y = sparsity.check_mask_1d(x, 2, 4)
          >>> print(y)
          True
    """
    if len(mat.shape) <= 1:
        mat = mat.reshape(1, mat.shape[0])
    groups, _ = _rows_of_m(mat, m)
    return bool((np.count_nonzero(groups, axis=1) <= m - n).all())


def get_mask_1d(mat, n, m):
    r"""
    Generate 1D `n:m` sparse pattern mask of the input matrix :attr:`mat`
    in row-directory. This function would pad the second dimension of :attr:`mat`
    by zero to be a multiples of :attr:`m` before mask generation.

    1D `n:m` sparse pattern: At least :attr:`n` zeros in every :math:`1 \times m` block.

    Args:
        mat (nparray): The input matrix.
        n (int): n of `n:m` sparse pattern.
        m (int): m of `n:m` sparse pattern.
    Returns:
        nparray: The 1D `n:m` sparse mask of :attr:`mat`.
    Examples:
        .. code-block:: python

          >>> import numpy as np
          >>> import paddle.incubate.asp as sparsity
          >>> mat = np.array([[0, 1, 5, 4],
          ...                 [2, 7, 3, 6]])
          >>> mask = sparsity.get_mask_1d(mat, 2, 4)
          >>> print(mask)
          [[0 0 1 1]
          [0 1 0 1]]
          >>> y = sparsity.check_mask_1d(mask, 2, 4)
          >>> print(y)
          True
    """
    groups, padded_shape = _rows_of_m(mat, m)
    smallest = np.argsort(np.absolute(groups), axis=1)[:, :n]
    group_mask = np.ones_like(groups)
    np.put_along_axis(group_mask, smallest, 0, axis=1)
    mask = np.ones_like(mat)
    mask[:, :] = group_mask.reshape(padded_shape)[:, :mat.shape[1]]
    return mask


def check_mask_2d(mat, n, m):
    r"""
    Check if every :math:`m \times m` block of the input matrix :attr:`mat` is in 2D `n:m` sparse pattern.
    This function would pad each dimension of :attr:`mat` by zero to be a multiples of
    :attr:`m` if necessary.

    2D `n:m` sparse pattern: At least :math:`n \times n` zeros in every :math:`m \times m` block
    under the constraint of at least :attr:`n` zeros for each row and column.

    Args:
        mat (nparray): The input matrix.
        n (int): n of `n:m` sparse pattern.
        m (int): m of `n:m` sparse pattern.
    Returns:
        bool: True if  every :math:`m \times m` block of the input matrix :attr:`mat` is in 2D `n:m` sparse pattern,
            else False.
    Examples:
        .. code-block:: python

          >>> import numpy as np
          >>> import paddle.incubate.asp as sparsity

          >>> x = np.array([[0, 8, 9, 0],
          ...               [9, 0, 0, 10],
          ...               [5, 0, 0, 6],
          ...               [0, 4, 6, 0]])
          >>> y = sparsity.check_mask_2d(x, 2, 4)
          >>> print(y)
          True

          >>> x = np.array([[0, 8, 0, 9],
          ...               [9, 0, 0, 10],
          ...               [0, 5, 0, 6],
          ...               [0, 4, 6, 0]])
          >>> y = sparsity.check_mask_2d(x, 2, 4)
          >>> print(y)
          True

          >>> # x would be padded to shape (8, 8)
          >>> x = np.array([[0, 8, 0, 9],
          ...               [9, 0, 7, 0],
          ...               [0, 5, 0, 6],
          ...               [3, 0, 6, 0],
          ...               [1, 1, 0, 1]])
          >>> y = sparsity.check_mask_2d(x, 2, 4)
          >>> print(y)
          True
    """
    blocks, _ = _blocks_of_m_by_m(mat, m)
    nonzero = (np.absolute(blocks) > 0).reshape(-1, m, m)
    # Paddle rejects a block only when some row AND some column hold more than m - n nonzeros
    row_over = (nonzero.sum(axis=2) > m - n).any(axis=1)
    col_over = (nonzero.sum(axis=1) > m - n).any(axis=1)
    return not bool((row_over & col_over).any())


def get_mask_2d_greedy(mat, n, m):
    r"""
    Greedily generate 2D `n:m` sparse pattern mask of the input matrix :attr:`mat`.
    This function would pad each dimension of :attr:`mat` by zero to be a multiples of :attr:`m` before mask generation.

    2D `n:m` sparse pattern: At least :math:`n \times n` zeros in every :math:`m \times m` block
    under the constraint of at least :attr:`n` zeros for each row and column.
    Greedily generating: For each :math:`m \times m` block, selecting values to keep in descent order.

    Args:
        mat (nparray): The input matrix.
        n (int): n of `n:m` sparse pattern.
        m (int): m of `n:m` sparse pattern.
    Returns:
        nparray: The 2D `n:m` sparse mask of :attr:`mat`.
    Examples:
        .. code-block:: python

          >>> import numpy as np
          >>> import paddle.incubate.asp as sparsity

          >>> mat = np.array([[9, 8, 3, 7],
          ...                 [9, 2, 1, 10],
          ...                 [5, 1, 3, 6],
          ...                 [2, 4, 6, 1]])
          >>> mask = sparsity.get_mask_2d_greedy(mat, 2, 4)
          >>> print(mask)
          [[1. 1. 0. 0.]
          [1. 0. 0. 1.]
          [0. 0. 1. 1.]
          [0. 1. 1. 0.]]
          >>> y = sparsity.check_mask_2d(mask, 2, 4)
          >>> print(y)
          True
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
    r"""
    Generate 2D `n:m` sparse pattern mask of the input matrix :attr:`mat`
    to form sparse matrix with maximun L1 norm .This function would pad each
    dimension of :attr:`mat` by zero to be a multiples of :attr:`m` before mask generation.

    2D `n:m` sparse pattern: At least :math:`n \times n` zeros in every :math:`m \times m` block
    under the constraint of at least :attr:`n` zeros for each row and column.

    *Note*: L1 norm of sparse matrix from `Best` API is greater than or equal to the one from `Greedy`.

    Args:
        mat (nparray): The input matrix.
        n (int): n of `n:m` sparse pattern.
        m (int): m of `n:m` sparse pattern.
    Returns:
        nparray: The 1D `n:m` sparse mask of :attr:`mat`.
    Examples:
        .. code-block:: python

          >>> import numpy as np
          >>> import paddle.incubate.asp as sparsity

          >>> mat = np.array([[2, 8, 9, 9],
          ...                 [9, 1, 3, 9],
          ...                 [5, 6, 3, 9],
          ...                 [2, 4, 6, 9]])
          >>> mask_greedy = sparsity.get_mask_2d_greedy(mat, 2, 4)
          >>> mask_best = sparsity.get_mask_2d_best(mat, 2, 4)
          >>> print("L1 norm of `greedy` sparse matrix", np.multiply(mat, mask_greedy).sum())
          L1 norm of `greedy` sparse matrix 56.0
          >>> print("L1 norm of `best` sparse matrix", np.multiply(mat, mask_best).sum())
          L1 norm of `best` sparse matrix 61.0
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
    r"""
    Create `n:m` sparse pattern mask of the input tensor via function given by :attr:`func_name`.
    Currently only support tensor with dimension less than or equal to 4.

    Args:
        tensor (nparray): The input tensor.
        func_name (MaskAlgo, optional): The function name to generate spase mask. Default is `MaskAlgo.MASK_1D`. All
            options please refer to `MaskAlgo`.
        n (int, optional): n of `n:m` sparse pattern. Default is 2.
        m (int, optional): m of `n:m` sparse pattern. Default is 4.
    Returns:
        nparray: The `n:m` sparse mask of :attr:`tensor` generated by :attr:`func_name`.
    Examples:
        .. code-block:: python

          >>> import numpy as np
          >>> import paddle.incubate.asp as sparsity

          >>> tensor = np.array([[2, 8, 9, 9],
          ...                    [9, 1, 3, 9],
          ...                    [5, 6, 3, 9],
          ...                    [2, 4, 6, 9]])
          >>> mask_1d = sparsity.create_mask(tensor, func_name=sparsity.MaskAlgo.MASK_1D)
          >>> print(mask_1d)
          [[0 0 1 1]
          [1 0 0 1]
          [0 1 0 1]
          [0 0 1 1]]
          >>> mask_2d = sparsity.create_mask(tensor, func_name=sparsity.MaskAlgo.MASK_2D_BEST)
          >>> print(mask_2d)
          [[0 1 1 0]
          [1 0 0 1]
          [1 1 0 0]
          [0 0 1 1]]
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
    r"""
    Check if input tensor is in `n:m` sparse pattern via function given by :attr:`func_name`.
    Currently only support tensor with dimension less than or equal to 4.

    Args:
        tensor (nparray): The input tensor.
        func_name (CheckMethod, optional): The function name to generate spase mask. Default is
            `CheckMethod.CHECK_1D`. All options please refer to `CheckMethod`.
        n (int, optional): n of `n:m` sparse pattern. Default is 2.
        m (int, optional): m of `n:m` sparse pattern. Default is 4.
    Returns:
        bool: True if tensor pass checking of function given by :attr:`func_name`, else False.
    Examples:
        .. code-block:: python

          >>> import numpy as np
          >>> import paddle.incubate.asp as sparsity

          >>> tensor = np.array([[2, 8, 9, 9],
          ...                    [9, 1, 3, 9],
          ...                    [5, 6, 3, 9],
          ...                    [2, 4, 6, 9]])
          >>> mask_1d = sparsity.create_mask(tensor, func_name=sparsity.MaskAlgo.MASK_1D)
          >>> print(mask_1d)
          [[0 0 1 1]
          [1 0 0 1]
          [0 1 0 1]
          [0 0 1 1]]
          >>> y = sparsity.check_sparsity(mask_1d, func_name=sparsity.CheckMethod.CHECK_1D)
          >>> print(y)
          True
          >>> y = sparsity.check_sparsity(mask_1d, func_name=sparsity.CheckMethod.CHECK_2D)
          >>> print(y)
          True
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
