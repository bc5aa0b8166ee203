"""Goldens for paddle.Tensor members that had no case yet (real Paddle 2.6.2, CPU build).

Several functional APIs are also bound as Tensor methods (stack, broadcast_tensors, multiplex,
broadcast_shape, create_tensor): called on a Tensor, the Tensor becomes their first argument, which real
Paddle rejects; those cases record exactly that.
"""

from tools.api_diff.casefmt import A, T, case

M = "Tensor."
CASES = []
add = CASES.append

# ---- properties
add(case(M + "T", T("float32", (2, 3)), grad=True))
add(case(M + "T", T("float64", (2, 3, 4)), grad=True))
add(case(M + "T", T("int64", (5,))))
add(case(M + "data", T("float32", (2, 3))))
add(case(M + "data", T("int32", (4,))))
for dt, shape in (("float32", (2, 3)), ("int64", (4, 1, 5)), ("bool", ()), ("float16", (3,))):
    add(case(M + "ndim", T(dt, shape)))
    add(case(M + "size", T(dt, shape)))
    add(case(M + "strides", T(dt, shape)))
    add(case(M + "get_strides", T(dt, shape)))
    add(case(M + "offset", T(dt, shape)))
    add(case(M + "is_leaf", T(dt, shape)))
    add(case(M + "persistable", T(dt, shape)))
    add(case(M + "layout", T(dt, shape)))
    add(case(M + "inplace_version", T(dt, shape)))
    add(case(M + "place", T(dt, shape)))
    add(case(M + "type", T(dt, shape)))
add(case(M + "is_leaf", T("float32", (2,), stop_gradient=False)))
add(case(M + "persistable", T("float32", (2, 2), kind="param")))

# ---- predicates
for dt in ("float32", "int64"):
    for fn in ("is_dense", "is_dist", "is_sparse", "is_sparse_coo", "is_sparse_csr"):
        add(case(M + fn, T(dt, (2, 3))))
add(case(M + "is_same_shape", T("float32", (2, 3)), T("float32", (2, 3))))
add(case(M + "is_same_shape", T("float32", (2, 3)), T("float32", (3, 2))))
add(case(M + "is_same_shape", T("int64", (4,)), T("float64", (4,))))

# ---- dunders
add(case(M + "__array__", T("float32", (2, 3))))
add(case(M + "__array__", T("int64", (4,))))
add(case(M + "__array__", T("float32", (2, 2)), "float64"))
add(case(M + "__deepcopy__", T("float32", (2, 3)), {}, grad=True))
add(case(M + "__deepcopy__", T("int32", (3,)), {}))
add(case(M + "__div__", T("float32", (2, 3)), T("float32", (2, 3), low=0.5, high=2.0), grad=True))
add(case(M + "__div__", T("float64", (2, 3)), 2.0, grad=True))
add(case(M + "__div__", T("float32", (2, 3)), T("float32", (3,), low=0.5, high=2.0), grad=True))
add(case(M + "__rdiv__", T("float32", (2, 3), low=0.5, high=2.0), 3.0, grad=True))
add(case(M + "__rdiv__", T("float64", (4,), low=0.5, high=2.0), 2, grad=True))
add(case(M + "__nonzero__", T("float32", (1,), values=[2.0])))
add(case(M + "__nonzero__", T("int64", (1, 1), values=[0])))
add(case(M + "__nonzero__", T("bool", ())))
add(case(M + "__nonzero__", T("float32", (2, 3)), raises="AssertionError"))

# ---- math / manipulation members
add(case(M + "add_n", T("float32", (2, 3)), grad=True))
add(case(M + "add_n", T("float64", (4,)), grad=True))
add(case(M + "addmm_", T("float32", (2, 2)), T("float32", (2, 3)), T("float32", (3, 2))))
add(case(M + "addmm_", T("float64", (3, 4)), T("float64", (3, 2)), T("float64", (2, 4)), beta=0.5, alpha=2.0))
add(case(M + "addmm_", T("float32", (2, 2)), T("float32", (2, 3)), T("float32", (2, 3)), raises="ValueError"))
add(case(M + "as_complex", T("float32", (3, 2))))
add(case(M + "as_complex", T("float64", (2, 2, 2))))
add(case(M + "as_complex", T("float32", (2, 3)), raises="ValueError"))
add(case(M + "reverse", T("float32", (2, 3)), 0, grad=True))
add(case(M + "reverse", T("float64", (2, 3, 4)), [0, 2], grad=True))
add(case(M + "reverse", T("int64", (5,)), -1))
add(case(M + "scatter_nd", T("int64", (3, 1), values=[[1], [3], [1]]), T("float32", (3, 4)), [5, 4], grad=True))
add(case(M + "scatter_nd", T("int64", (2, 2), values=[[0, 1], [2, 0]]), T("float64", (2,)), [3, 2], grad=True))
add(case(M + "multigammaln_", T("float32", (2, 3), low=1.5, high=4.0), 2))
add(case(M + "multigammaln_", T("float64", (4,), low=2.0, high=5.0), 3))
add(case(M + "polygamma_", T("float32", (2, 3), low=0.5, high=3.0), 1))
add(case(M + "polygamma_", T("float64", (4,), low=0.5, high=3.0), 3))
add(case(M + "renorm_", T("float32", (2, 5)), 2.0, 0, 0.5))
add(case(M + "renorm_", T("float64", (3, 4)), 1.0, 1, 0.3))
add(case(M + "renorm_", T("float32", (2, 3, 4)), 3.0, -1, 1.0))
add(case(M + "eig", T("float32", (3, 3))))
add(case(M + "eig", T("float64", (4, 4))))
add(case(M + "eig", T("float32", (2, 3)), raises="ValueError"))
add(case(M + "detach_", T("float32", (2, 3), stop_gradient=False)))
add(case(M + "detach_", T("int64", (3,))))
add(case(M + "value", T("float32", (2, 3))))
add(case(M + "value", T("int64", (3,))))

# functional APIs bound as methods: the Tensor is taken as the list argument, which Paddle rejects
add(case(M + "stack", T("float32", (2, 3)), raises="ValueError"))
add(case(M + "stack", T("float32", (2, 3)), 1, raises="ValueError"))
add(case(M + "broadcast_tensors", T("float32", (2, 3)), raises="ValueError"))
add(case(M + "broadcast_tensors", T("int64", (3,)), raises="ValueError"))
add(case(M + "multiplex", T("float32", (2, 3)), T("int32", (2, 1), values=[[0], [1]]), raises="ValueError"))
add(case(M + "multiplex", T("float64", (4,)), T("int32", (4, 1), values=[[0], [0], [0], [0]]), raises="ValueError"))
add(case(M + "broadcast_shape", T("float32", (2, 3)), [1, 3], raises="TypeError"))
add(case(M + "broadcast_shape", T("float32", (2, 3)), [2, 1], [1, 3], raises="TypeError"))
add(case(M + "create_tensor", T("float32", (2, 3)), raises="TypeError"))
add(case(M + "create_tensor", T("int64", (3,)), "x", raises="TypeError"))
add(case(M + "top_p_sampling", T("float32", (2, 5), low=0.0, high=1.0), T("float32", (2, 1), values=[[0.5], [0.9]]),
         raises="RuntimeError"))

# ---- grad bookkeeping (results without a backward pass)
add(case(M + "clear_grad", T("float32", (2, 3))))
add(case(M + "clear_grad", T("float32", (2,), stop_gradient=False)))
add(case(M + "clear_gradient", T("float32", (2, 3))))
add(case(M + "clear_gradient", T("float64", (2,), stop_gradient=False), False))
add(case(M + "gradient", T("float32", (2, 3))))
add(case(M + "gradient", T("float64", (2,), stop_gradient=False)))
add(case(M + "retain_grads", T("float32", (2, 3), stop_gradient=False)))
add(case(M + "retain_grads", T("float32", (2, 3))))

# ---- in-place copies
add(case(M + "set_value", T("float32", (2, 3)), A("float32", (2, 3))))
add(case(M + "set_value", T("float64", (4,)), A("float64", (4,))))
add(case(M + "set_value", T("float32", (2, 3)), A("float32", (3, 3)), raises="AssertionError"))
add(case(M + "copy_", T("float32", (2, 3)), T("float32", (2, 3)), False))
add(case(M + "copy_", T("float64", (4,)), T("float64", (4,)), True))
add(case(M + "pin_memory", T("float32", (2, 3))))  # a CPU-only build refuses it
add(case(M + "pin_memory", T("int64", (3,))))

# appended (ids above stay stable): a float64 matrix with real, distinct eigenvalues
add(case(M + "eig", T("float64", (3, 3), values=[[2.0, 1.0, 0.5], [0.0, 3.0, 1.0], [0.25, 0.0, 5.0]])))
