"""Goldens: paddle/tensor/stat.py (mean is covered in tensor_math_reduce): var, std, median, nanmedian,
quantile, nanquantile, numel."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

NAN = float("nan")
for op in ("var", "std"):
    for ax in (None, 0, 1, -1, [0, 2], (1, 2), [0, 1, 2]):
        add(case("paddle." + op, T("float32", (2, 3, 4)), axis=ax, grad=True))
        add(case("paddle." + op, T("float64", (2, 3, 4)), axis=ax, unbiased=False, keepdim=True, grad=True))
    add(case("Tensor." + op, T("float32", (3, 4)), 1, grad=True))
    add(case("Tensor." + op, T("float64", (3, 4)), 0, False, True, grad=True))
    add(case("paddle." + op, T("float32", ())))
    add(case("paddle." + op, T("float32", (1,))))
    add(case("paddle." + op, T("float32", (1,)), unbiased=False))
    add(case("paddle." + op, T("float32", (3, 1)), axis=1))
    add(case("paddle." + op, T("float32", (0, 3))))
    add(case("paddle." + op, T("float32", (2, 3)), axis=2))
    for dt in ("int32", "int64", "float16", "bool"):
        add(case("paddle." + op, T(dt, (2, 3))))
    add(case("paddle." + op, T("float32", (3,), values=[1.0, NAN, 2.0])))

for op in ("median", "nanmedian"):
    for ax in (None, 0, 1, -1):
        add(case("paddle." + op, T("float32", (4, 3)), axis=ax, grad=True))
        add(case("paddle." + op, T("float64", (3, 4)), axis=ax, keepdim=True, grad=True))
        add(case("paddle." + op, T("float32", (2, 5, 3)), axis=ax))
    add(case("Tensor." + op, T("float32", (3, 4)), 1, grad=True))
    add(case("Tensor." + op, T("float64", (5,)), grad=True))
    add(case("paddle." + op, T("float32", ())))
    add(case("paddle." + op, T("float32", ()), axis=0))
    add(case("paddle." + op, T("float32", (0, 3))))
    add(case("paddle." + op, T("float32", (2, 3)), axis=2))
    for dt in ("int32", "int64", "float16", "bool"):
        add(case("paddle." + op, T(dt, (2, 4), low=-5, high=5)))
        add(case("paddle." + op, T(dt, (2, 3), low=-5, high=5), axis=1))
    add(case("paddle." + op, T("float32", (4,), values=[1.0, NAN, 3.0, 2.0])))
    add(case("paddle." + op, T("float32", (2, 4), values=[[1.0, NAN, 3.0, 2.0], [4.0, 1.0, NAN, NAN]]), axis=1))
    add(case("paddle." + op, T("float64", (2,), values=[NAN, NAN])))
    add(case("paddle." + op, T("float32", (4,), values=[2.0, 2.0, 1.0, 2.0]), grad=True))
add(case("paddle.nanmedian", T("float32", (2, 3, 4)), axis=[0, 2]))
add(case("paddle.nanmedian", T("float32", (2, 3, 4)), axis=(1, 2), keepdim=True))
add(case("paddle.nanmedian", T("float32", (2, 3)), axis=[]))
add(case("paddle.median", T("float32", (2, 3)), axis=[0]))

for op in ("quantile", "nanquantile"):
    for q in (0.5, 0.0, 1.0, 0.3, [0.25, 0.75], [0.5], (0.1, 0.9)):
        add(case("paddle." + op, T("float32", (4, 5)), q, grad=True))
        add(case("paddle." + op, T("float64", (4, 5)), q, axis=1, keepdim=True, grad=True))
    for ax in (0, -1, [0, 1], [1, 2], [-1]):
        add(case("paddle." + op, T("float32", (3, 4, 5)), 0.4, axis=ax))
        add(case("paddle." + op, T("float32", (3, 4, 5)), [0.2, 0.6], axis=ax, keepdim=True))
    add(case("Tensor." + op, T("float32", (6,)), 0.5, grad=True))
    add(case("paddle." + op, T("int32", (6,), low=-5, high=5), 0.5))
    add(case("paddle." + op, T("int64", (2, 6), low=-5, high=5), [0.3], axis=1))
    add(case("paddle." + op, T("float16", (6,)), 0.5))
    add(case("paddle." + op, T("float32", (6,)), 1.5))
    add(case("paddle." + op, T("float32", (6,)), []))
    add(case("paddle." + op, T("float32", (6,)), "0.5"))
    add(case("paddle." + op, T("float32", (2, 3)), 0.5, axis=2))
    add(case("paddle." + op, T("float32", (2, 3)), 0.5, axis=(0, 1)))
    add(case("paddle." + op, T("float32", (5,), values=[1.0, NAN, 3.0, 2.0, 0.0]), 0.5))
    add(case("paddle." + op, T("float32", (2, 3), values=[[1.0, NAN, 3.0], [2.0, 0.0, 1.0]]), [0.2, 0.7], axis=1))
    add(case("paddle." + op, T("float64", (3,), values=[NAN, NAN, NAN]), 0.5))

for shape in ((), (3,), (2, 3, 4), (0, 2)):
    for dt in ("float32", "int32", "bool"):
        add(case("paddle.numel", T(dt, shape)))
add(case("Tensor.numel", T("float32", (2, 5))))
