"""Goldens for paddle.tensor.attribute (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

P = "paddle."
M = "Tensor."
CASES = []
add = CASES.append

ALL = ("float32", "float64", "int32", "int64", "bool", "float16", "uint8", "int8", "int16", "complex64",
       "complex128", "bfloat16")
for dt in ALL:
    add(case(P + "is_complex", T(dt, (2,))))
    add(case(P + "is_floating_point", T(dt, (2,))))
    add(case(P + "is_integer", T(dt, (2,))))
    add(case(M + "is_complex", T(dt, ())))
    add(case(M + "is_floating_point", T(dt, ())))
    add(case(M + "is_integer", T(dt, ())))
for fn in ("is_complex", "is_floating_point", "is_integer"):
    add(case(P + fn, [1.0], raises="TypeError"))
for shape in ((), (3,), (2, 3), (2, 0, 4), (1, 1, 1, 1, 5)):
    add(case(P + "rank", T("float32", shape)))
    add(case(P + "shape", T("float32", shape)))
    add(case(M + "rank", T("int64", shape)))
for dt in ("int64", "bool", "float64"):
    add(case(P + "shape", T(dt, (4, 2))))
for dt in ("complex64", "complex128"):
    for shape in ((2, 3), (), (0,)):
        add(case(P + "real", T(dt, shape)))
        add(case(P + "imag", T(dt, shape)))
    add(case(M + "real", T(dt, (3,))))
    add(case(M + "imag", T(dt, (3,))))
for fn in ("real", "imag"):
    add(case(P + fn, T("float32", (2,)), raises="RuntimeError"))
    add(case(P + fn, T("int64", (2,)), raises="RuntimeError"))
