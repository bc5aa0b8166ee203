"""paddle.Tensor members for sparse / selected-rows / auto-parallel / static-graph tensors
(paddle_compat/tensor/sparse_members.py), on dense eager inputs.

A case can only take dense inputs, and Paddle 2.6.2 segfaults when the recorder turns a sparse output into
numpy, so dense -> sparse conversions are checked by their repr (shape, dtype, stop_gradient, indices /
crows / cols and values, as Paddle prints them). values()/indices()/nnz()/to_dense()... of sparse tensors
are checked in tests/core/test_sparse_members.py against outputs taken from the oracle.
Not recorded: an all-zero dense -> CSR (Paddle 2.6.2 prints uninitialised crows) and hybrid COO -> CSR.
"""

from tools.api_diff.casefmt import T, case

M23 = [[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]]
M3D = [[[1.0, 0.0], [0.0, 2.0]], [[0.0, 3.0], [4.0, 0.0]]]
M34 = [[0.0, -1.5, 0.0, 2.25], [0.0, 0.0, 0.0, 0.0], [7.0, 0.0, 0.5, 0.0]]


def t(values, dtype="float32", **kw):
    import numpy as np

    return T(dtype, np.array(values).shape, values=values, **kw)


CASES = [
    # --- dense -> COO (repr: indices + values) ---------------------------------------------------------
    case("Tensor.to_sparse_coo", t(M23), 2, check="repr"),
    case("Tensor.to_sparse_coo", t(M23), 1, check="repr"),  # hybrid: values [nnz, 3]
    case("Tensor.to_sparse_coo", t(M34, "float64"), 2, check="repr"),
    case("Tensor.to_sparse_coo", t(M3D), 3, check="repr"),
    case("Tensor.to_sparse_coo", t(M3D), 2, check="repr"),
    case("Tensor.to_sparse_coo", t([[1, 0], [0, 2]], "int64"), 2, check="repr"),
    case("Tensor.to_sparse_coo", t([[1, 0], [0, 2]], "int32"), 2, check="repr"),
    case("Tensor.to_sparse_coo", t([[1.5, 0.0], [0.0, 2.0]], "float16"), 2, check="repr"),
    case("Tensor.to_sparse_coo", t([[0.0, 0.0], [0.0, 0.0]]), 2, check="repr"),  # nnz 0
    case("Tensor.to_sparse_coo", t([[1.0, 0.0], [0.0, 3.0]], stop_gradient=False), 2, check="repr"),
    case("Tensor.to_sparse_coo", t([0.0, 4.0, 0.0, 5.0]), 1, check="repr"),
    case("Tensor.to_sparse_coo", t(M23), sparse_dim=2, check="repr"),
    case("Tensor.to_sparse_coo", t(M23), 3, raises="ValueError"),  # sparse_dim > ndim
    case("Tensor.to_sparse_coo", t(M23), 0, raises="ValueError"),
    case("Tensor.to_sparse_coo", t(M23), -1, raises="ValueError"),
    case("Tensor.to_sparse_coo", t([[True, False]], "bool"), 2, raises="RuntimeError"),  # no bool kernel
    case("Tensor.to_sparse_coo", T("bfloat16", (2, 2)), 2, raises="RuntimeError"),
    # --- dense -> CSR (repr: crows + cols + values) --------------------------------------------------------
    case("Tensor.to_sparse_csr", t(M23), check="repr"),
    case("Tensor.to_sparse_csr", t(M34, "float64"), check="repr"),
    case("Tensor.to_sparse_csr", t(M3D), check="repr"),  # 3-D: batches concatenated
    case("Tensor.to_sparse_csr", t([[1, 0], [0, 2]], "int32"), check="repr"),
    case("Tensor.to_sparse_csr", t([[1, 0, 3]], "int64"), check="repr"),
    case("Tensor.to_sparse_csr", t([[1.0, 0.0], [0.0, 3.0]], stop_gradient=False), check="repr"),
    case("Tensor.to_sparse_csr", t([1.0, 0.0, 2.0]), raises="ValueError"),  # 1-D
    case("Tensor.to_sparse_csr", T("float32", (1, 2, 2, 2)), raises="ValueError"),  # 4-D
    case("Tensor.to_sparse_csr", t([[True, False]], "bool"), raises="RuntimeError"),
    # --- sparse-only members on a dense tensor: Paddle's exceptions ------------------------------------------
    case("Tensor.to_dense", t(M23), raises="NotImplementedError"),
    case("Tensor.values", t(M23), raises="NotImplementedError"),
    case("Tensor.coalesce", t(M23), raises="NotImplementedError"),
    case("Tensor.indices", t(M23), raises="SystemError"),
    case("Tensor.crows", t(M23), raises="SystemError"),
    case("Tensor.cols", t(M23), raises="SystemError"),
    case("Tensor.nnz", t(M23), raises="SystemError"),
    case("Tensor.rows", t(M23), raises="SystemError"),
    case("Tensor.get_map_tensor", t(M23), raises="SystemError"),
    # --- layout predicates and what a dense eager tensor answers ------------------------------------------------
    case("Tensor.is_sparse", t(M23)),
    case("Tensor.is_sparse_coo", t(M23)),
    case("Tensor.is_sparse_csr", t(M23)),
    case("Tensor.is_dense", t(M23)),
    case("Tensor.is_selected_rows", t(M23)),
    case("Tensor.get_selected_rows", t(M23)),
    case("Tensor.dist_attr", t(M23)),
    case("Tensor.placements", t(M23)),
    case("Tensor.process_mesh", t(M23)),
    case("Tensor.num_shard", t(M23)),
    case("Tensor.grad_", t(M23)),
    case("Tensor.grad_", t(M23, stop_gradient=False)),
    # --- reconstruct_from_ / create_parameter (the tensor is the shape) ------------------------------------------
    case("Tensor.reconstruct_from_", t([1.0, 2.0]), t([[5, 6, 7]], "int32")),
    case("Tensor.reconstruct_from_", t([1.0, 2.0]), [1.0], raises="ValueError"),
    case("Tensor.create_parameter", t([2, 3], "int64"), "float32", raises="ValueError"),  # Paddle: one element only
    case("Tensor.create_parameter", t([4], "int32"), "float64", check="meta"),
    case("Tensor.create_parameter", t([3], "int64"), "float32", check="meta"),
    case("Tensor.create_parameter", t([[2], [3]], "int64"), "float32", raises="ValueError"),
    case("Tensor.create_parameter", t(3, "int64"), "float32", raises="TypeError"),  # 0-D: not iterable
]
