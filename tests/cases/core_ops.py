"""Goldens: Python operators on Tensors (values, reflected forms, comparisons, unary ops, 0-D)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

f32 = ("float32", (3, 4))
for op in ("add", "sub", "mul", "truediv", "pow", "eq", "ne", "lt", "le", "gt", "ge"):
    add(case("operator." + op, T(*f32), T(*f32)))
    add(case("operator." + op, T(*f32), T("float32", (4,))))  # broadcasting
    add(case("operator." + op, T(*f32), T("float32", ())))  # 0-D right operand
    add(case("operator." + op, T("float32", ()), T("float32", ())))
    for s in (2, 0.5, -3, True):
        add(case("operator." + op, T(*f32, low=0.5, high=2.0), s))
        add(case("operator." + op, s, T(*f32, low=0.5, high=2.0)))
for op in ("floordiv", "mod"):
    add(case("operator." + op, T("float32", (3, 4), low=-5, high=5), T("float32", (3, 4), low=0.5, high=3)))
    add(case("operator." + op, T("int64", (3, 4), low=-9, high=9), T("int64", (3, 4), low=1, high=4)))
    add(case("operator." + op, T("int32", (3, 4), low=-9, high=9), 3))
    add(case("operator." + op, T("float64", (3, 4), low=-5, high=5), 1.5))
for dt in ("float32", "float64", "int32", "int64"):
    add(case("operator.neg", T(dt, (2, 3))))
for dt in ("bool", "int32", "int64", "uint8"):
    add(case("operator.invert", T(dt, (2, 3))))
for op in ("and_", "or_", "xor"):
    for dt in ("bool", "int32", "int64"):
        add(case("operator." + op, T(dt, (2, 3)), T(dt, (2, 3))))
add(case("operator.matmul", T("float32", (3, 4)), T("float32", (4, 2))))
add(case("operator.matmul", T("float32", (2, 3, 4)), T("float32", (4,))))
add(case("operator.matmul", T("float64", (4,)), T("float64", (4,))))
add(case("operator.matmul", T("float32", (5, 3, 4)), T("float32", (5, 4, 2))))
add(case("operator.matmul", T("float32", (3, 4)), T("float32", (3, 2)), raises="ValueError"))
# integer division semantics
add(case("operator.truediv", T("int64", (2, 3), low=-9, high=9), T("int64", (2, 3), low=1, high=4)))
add(case("operator.truediv", T("int32", (2, 3), low=-9, high=9), 2))
add(case("operator.truediv", 7, T("int64", (2, 3), low=1, high=4)))
add(case("operator.pow", T("int64", (2, 3), low=0, high=4), 2))
add(case("operator.pow", 2, T("int64", (2, 3), low=0, high=4)))
add(case("operator.pow", T("float32", (2, 3), low=0.5, high=2), T("float32", (2, 3))))
# errors
add(case("operator.add", T("float32", (2, 3)), T("float32", (4, 3)), raises="ValueError"))
add(case("operator.eq", T("float32", (2, 3)), None, raises="ValueError"))
# Python-level conversions
for fn, dt in (("builtins.float", "float32"), ("builtins.int", "int64"), ("builtins.bool", "float32"),
               ("builtins.int", "float32"), ("builtins.float", "int32"), ("builtins.bool", "int64")):
    add(case(fn, T(dt, ())))
    add(case(fn, T(dt, (1,))))
    add(case(fn, T(dt, (3,)), raises="AssertionError"))
add(case("builtins.bool", T("float32", (), values=-1.0)))
add(case("builtins.bool", T("float32", (), values=0.0)))
add(case("builtins.bool", T("float32", (), values=0.5)))
add(case("builtins.len", T("float32", (4, 2))))
add(case("builtins.len", T("float32", ()), raises="AssertionError"))
add(case("builtins.abs", T("float32", (2,)), raises="TypeError"))
add(case("operator.pos", T("float32", (2,)), raises="TypeError"))
add(case("operator.floordiv", 3, T("int64", (2,), low=1, high=3), raises="TypeError"))
add(case("operator.index", T("int64", ())))
add(case("operator.index", T("float32", (), values=2.7)))
add(case("operator.index", T("int64", (2,)), raises="AssertionError"))
# augmented assignment: Paddle has no __iadd__ & co, so these rebind to the result of the plain operator
for op in ("iadd", "isub", "imul", "itruediv", "ipow"):
    add(case("operator." + op, T("float32", (2, 3), low=0.5, high=2), T("float32", (2, 3), low=0.5, high=2)))
    add(case("operator." + op, T("int64", (2, 3), low=1, high=4), 1.5))
    add(case("operator." + op, T("int32", (2, 3), low=1, high=4), T("int64", (2, 3), low=1, high=4)))
    add(case("operator." + op, T("float32", (2, 3), low=0.5, high=2), T("float64", (3,), low=0.5, high=2)))
for op in ("ifloordiv", "imod"):
    add(case("operator." + op, T("int64", (2, 3), low=-9, high=9), T("int64", (2, 3), low=1, high=4)))
    add(case("operator." + op, T("float32", (2, 3), low=-9, high=9), 2.5))
add(case("operator.imatmul", T("float32", (2, 3)), T("float32", (3, 3))))
for op in ("iand", "ior", "ixor"):
    add(case("operator." + op, T("bool", (2, 3)), T("bool", (2, 3))))
add(case("operator.iadd", T("float32", (2, 3)), T("float32", (4, 3)), raises="ValueError"))
# float64 tensor with a Python float: Paddle hands +, -, %, ==, !=, <, <= the scalar as float32
f64 = T("float64", (2, 3), values=[[1.0, 0.5, -2.0], [3.0, 1.00000001, 0.1]])
for op in ("add", "sub", "mul", "truediv", "mod", "floordiv", "pow", "eq", "ne", "lt", "le", "gt", "ge"):
    for s in (0.1, 1.00000001, 0.99999999, 1e-9):
        add(case("operator." + op, f64, s, id=f"f64scalar.{op}.{s}"))
for op in ("add", "sub", "mul", "truediv", "pow"):
    add(case("operator." + op, 0.1, f64, id=f"f64scalar.r{op}"))
add(case("operator.add", T("complex128", (2,), values=[1 + 1j, 2]), 0.1, id="c128scalar.add"))
