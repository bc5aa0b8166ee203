"""Goldens: paddle/tensor/linalg.py functions exported at paddle.* and paddle.linalg.*, and einsum."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

# matmul
for dt in ("float32", "float64"):
    for xs, ys in (((3, 4), (4, 2)), ((2, 3, 4), (4, 5)), ((4,), (4,)), ((4,), (4, 3)), ((3, 4), (4,)),
                   ((2, 1, 3, 4), (5, 4, 2)), ((2, 3, 4), (2, 4, 2))):
        add(case("paddle.matmul", T(dt, xs), T(dt, ys), grad=True))
    add(case("paddle.matmul", T(dt, (4, 3)), T(dt, (4, 2)), transpose_x=True, grad=True))
    add(case("paddle.matmul", T(dt, (3, 4)), T(dt, (2, 4)), transpose_y=True, grad=True))
    add(case("paddle.matmul", T(dt, (2, 4, 3)), T(dt, (2, 2, 4)), True, True, grad=True))
    add(case("paddle.matmul", T(dt, (4,)), T(dt, (2, 4)), True, True))
    add(case("Tensor.matmul", T(dt, (2, 3)), T(dt, (3, 2)), grad=True))
for dt in ("int32", "int64", "float16", "complex64", "bool"):
    add(case("paddle.matmul", T(dt, (2, 3)), T(dt, (3, 2))))
add(case("paddle.matmul", T("float32", (2, 3)), T("float32", (2, 3))))
add(case("paddle.matmul", T("float32", (2, 3)), T("float64", (3, 2))))
add(case("paddle.matmul", T("float32", ()), T("float32", ())))
add(case("paddle.matmul", T("float32", (0, 3)), T("float32", (3, 2))))

# bmm / dot / mv
for dt in ("float32", "float64"):
    add(case("paddle.bmm", T(dt, (2, 3, 4)), T(dt, (2, 4, 5)), grad=True))
    add(case("Tensor.bmm", T(dt, (1, 2, 2)), T(dt, (1, 2, 3)), grad=True))
    add(case("paddle.dot", T(dt, (5,)), T(dt, (5,)), grad=True))
    add(case("paddle.dot", T(dt, (3, 5)), T(dt, (3, 5)), grad=True))
    add(case("Tensor.dot", T(dt, (4,)), T(dt, (4,)), grad=True))
    add(case("paddle.mv", T(dt, (3, 4)), T(dt, (4,)), grad=True))
    add(case("Tensor.mv", T(dt, (2, 2)), T(dt, (2,)), grad=True))
add(case("paddle.bmm", T("float32", (3, 4)), T("float32", (4, 5))))
add(case("paddle.bmm", T("float32", (2, 3, 4)), T("float32", (3, 4, 5))))
add(case("paddle.bmm", T("float32", (2, 3, 4)), T("float32", (2, 3, 5))))
add(case("paddle.bmm", T("int64", (2, 3, 4)), T("int64", (2, 4, 5))))
for dt in ("int32", "int64", "float16", "complex64"):
    add(case("paddle.dot", T(dt, (4,)), T(dt, (4,))))
    add(case("paddle.mv", T(dt, (3, 4)), T(dt, (4,))))
add(case("paddle.dot", T("float32", (4,)), T("float32", (5,))))
add(case("paddle.dot", T("float32", (2, 2, 2)), T("float32", (2, 2, 2))))
add(case("paddle.mv", T("float32", (3, 4)), T("float32", (3,))))

# t / transpose
for dt in ("float32", "int64", "bool"):
    for shape in ((), (3,), (2, 3)):
        add(case("paddle.t", T(dt, shape)))
add(case("paddle.t", T("float32", (2, 3)), grad=True))
add(case("paddle.t", T("float32", (2, 3, 4))))
add(case("Tensor.t", T("float64", (3, 2)), grad=True))
add(case("paddle.t_", T("float32", (2, 3))))
add(case("Tensor.t_", T("float32", (3,))))
for perm in ([1, 0, 2], [2, 1, 0], (0, 2, 1), [-1, 0, 1], [0, 1], [0, 0, 1], [0, 1, 3]):
    add(case("paddle.transpose", T("float32", (2, 3, 4)), perm, grad=True))
add(case("Tensor.transpose", T("float64", (2, 3)), [1, 0], grad=True))
add(case("paddle.transpose", T("float32", ()), []))
add(case("paddle.transpose_", T("float32", (2, 3)), [1, 0]))
add(case("Tensor.transpose_", T("int32", (2, 3, 1)), [2, 0, 1]))

# cross
for dt in ("float32", "float64"):
    add(case("paddle.cross", T(dt, (3, 3)), T(dt, (3, 3)), grad=True))
    add(case("paddle.cross", T(dt, (2, 3)), T(dt, (2, 3)), grad=True))
    add(case("paddle.cross", T(dt, (3, 4)), T(dt, (3, 4)), axis=0, grad=True))
    add(case("paddle.cross", T(dt, (4, 3, 3)), T(dt, (4, 3, 3)), axis=-1, grad=True))
    add(case("Tensor.cross", T(dt, (3,)), T(dt, (3,)), grad=True))
for dt in ("int32", "int64", "float16"):
    add(case("paddle.cross", T(dt, (2, 3)), T(dt, (2, 3))))
add(case("paddle.cross", T("float32", (2, 4)), T("float32", (2, 4))))
add(case("paddle.cross", T("float32", (2, 3)), T("float32", (3, 3))))
add(case("paddle.cross", T("float32", (3, 4)), T("float32", (3, 4)), axis=1))
add(case("paddle.cross", T("float32", (3, 3)), T("float32", (3, 3)), axis=2))

# histogram / bincount
for dt in ("float32", "float64", "int32", "int64"):
    add(case("paddle.histogram", T(dt, (20,), low=-3, high=5)))
    add(case("paddle.histogram", T(dt, (4, 5), low=-3, high=5), bins=5, min=-1, max=3))
    add(case("Tensor.histogram", T(dt, (10,), low=0, high=4), 4))
add(case("paddle.histogram", T("float32", (5,), values=[1.0, 1.0, 1.0, 1.0, 1.0]), bins=3))
add(case("paddle.histogram", T("float32", (5,)), bins=3, min=2, max=1))
add(case("paddle.histogram", T("float16", (5,)), bins=3))
add(case("paddle.histogram", T("float32", (0,)), bins=3))
for dt in ("int32", "int64"):
    add(case("paddle.bincount", T(dt, (10,), low=0, high=6)))
    add(case("paddle.bincount", T(dt, (10,), low=0, high=6), minlength=9))
    add(case("paddle.bincount", T(dt, (6,), low=0, high=4), T("float32", (6,))))
    add(case("paddle.bincount", T(dt, (6,), low=0, high=4), T("float64", (6,)), 2))
    add(case("paddle.bincount", T(dt, (6,), low=0, high=4), T("int64", (6,))))
    add(case("Tensor.bincount", T(dt, (5,), low=0, high=4)))
add(case("paddle.bincount", T("int64", (3,), values=[1, -1, 2])))
add(case("paddle.bincount", T("float32", (3,))))
add(case("paddle.bincount", T("int64", (0,))))
add(case("paddle.bincount", T("int64", (2, 2), low=0, high=3)))

# dist / cdist / norm
for dt in ("float32", "float64"):
    for p in (2, 1, 0, 3, float("inf"), -float("inf"), 0.5):
        add(case("paddle.dist", T(dt, (3, 4)), T(dt, (4,)), p=p, grad=p != 0))
    add(case("Tensor.dist", T(dt, (2, 3)), T(dt, (2, 3)), grad=True))
    for p in (2.0, 1.0, 0.0, 3.0):
        add(case("paddle.cdist", T(dt, (4, 3)), T(dt, (5, 3)), p=p, grad=p != 0))
        add(case("paddle.cdist", T(dt, (2, 4, 3)), T(dt, (2, 5, 3)), p))
    add(case("Tensor.cdist", T(dt, (3, 2)), T(dt, (2, 2)), grad=True))
add(case("paddle.dist", T("int32", (3,)), T("int32", (3,))))
add(case("paddle.cdist", T("float32", (4, 3)), T("float32", (5, 2))))
add(case("paddle.cdist", T("float32", (4, 3)), T("float32", (5, 3)), -1.0))
add(case("paddle.cdist", T("float32", (3,)), T("float32", (3,))))

NORMS = [("fro", None), (2, None), (1, None), (float("inf"), None), (-float("inf"), None), (0, None), (3, None),
         ("fro", 0), ("fro", -1), (2, 1), (1, 0), (0.5, -1), (float("inf"), 1), (0, 1), (3, [1]),
         ("fro", [0, 1]), (1, [0, 1]), (2, [0, 1]), (float("inf"), [0, 1]), (-float("inf"), [0, 1]),
         (0, [0, 1]), ("nuc", [0, 1]), ("nuc", None), ("fro", (0, 1)), (2, [0, 1, 2]), ("abc", None),
         ("abc", 1)]
for dt in ("float32", "float64"):
    for p, ax in NORMS:
        add(case("paddle.linalg.norm", T(dt, (3, 4), low=-2, high=2), p, ax, grad=p not in (0, "nuc", "abc")))
        add(case("paddle.linalg.norm", T(dt, (2, 3, 4), low=-2, high=2), p=p, axis=ax, keepdim=True))
    add(case("Tensor.norm", T(dt, (3, 4)), grad=True))
    add(case("Tensor.norm", T(dt, (3, 4)), 1, 1, grad=True))
for dt in ("int32", "int64", "float16"):
    add(case("paddle.linalg.norm", T(dt, (3, 4))))
    add(case("paddle.linalg.norm", T(dt, (3, 4)), 2, 1))
add(case("paddle.linalg.norm", T("float32", ()), 2))
add(case("paddle.linalg.norm", T("float32", (3, 4)), 2, 2))

# einsum
for dt in ("float32", "float64"):
    add(case("paddle.einsum", "ij,jk->ik", T(dt, (2, 3)), T(dt, (3, 4)), grad=True))
    add(case("paddle.einsum", "bij,bjk->bik", T(dt, (2, 2, 3)), T(dt, (2, 3, 4)), grad=True))
    add(case("paddle.einsum", "ii->i", T(dt, (3, 3)), grad=True))
    add(case("paddle.einsum", "ii", T(dt, (3, 3)), grad=True))
    add(case("paddle.einsum", "i,j->ij", T(dt, (3,)), T(dt, (4,)), grad=True))
    add(case("paddle.einsum", "ij->", T(dt, (3, 4)), grad=True))
    add(case("paddle.einsum", "ij->ji", T(dt, (3, 4)), grad=True))
    add(case("paddle.einsum", "...ij,...jk", T(dt, (2, 2, 3)), T(dt, (3, 4)), grad=True))
    add(case("paddle.einsum", "i,i", T(dt, (5,)), T(dt, (5,)), grad=True))
    add(case("paddle.einsum", "ijk,ikl,ilm->ijm", T(dt, (2, 2, 3)), T(dt, (2, 3, 2)), T(dt, (2, 2, 2)), grad=True))
    add(case("paddle.einsum", "ij", T(dt, (3, 4))))
    add(case("paddle.einsum", "ba", T(dt, (3, 4))))
for dt in ("int32", "int64", "float16", "complex64"):
    add(case("paddle.einsum", "ij,jk->ik", T(dt, (2, 3)), T(dt, (3, 2))))
add(case("paddle.einsum", "ij,jk->ik", T("float32", (2, 3)), T("float32", (4, 2))))
add(case("paddle.einsum", "ij,jk", T("float32", (2, 3))))
add(case("paddle.einsum", "i j , j k -> i k", T("float32", (2, 3)), T("float32", (3, 2))))
