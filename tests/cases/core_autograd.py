"""Goldens: gradients through the Python operators and indexing (grad=True records input grads)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

a, b = ("float32", (3, 4)), ("float32", (4,))
for op in ("add", "sub", "mul", "truediv"):
    add(case("operator." + op, T(*a), T(*a, low=0.5, high=2), grad=True))
    add(case("operator." + op, T(*a), T(*b, low=0.5, high=2), grad=True))  # broadcast: grad is reduced
    add(case("operator." + op, T(*a), 2.5, grad=True))
    add(case("operator." + op, 2.5, T(*a, low=0.5, high=2), grad=True))
    add(case("operator." + op, T("float64", (2, 3)), T("float64", (2, 3), low=0.5, high=2), grad=True))
    add(case("operator." + op, T("float32", (2, 3)), T("float64", (2, 3), low=0.5, high=2), grad=True))
add(case("operator.pow", T(*a, low=0.5, high=2), 3, grad=True))
add(case("operator.pow", T(*a, low=0.5, high=2), T(*a), grad=True))
add(case("operator.pow", 2.0, T(*a), grad=True))
add(case("operator.neg", T(*a), grad=True))
add(case("operator.matmul", T("float32", (3, 4)), T("float32", (4, 5)), grad=True))
add(case("operator.matmul", T("float32", (2, 3, 4)), T("float32", (4,)), grad=True))
add(case("operator.matmul", T("float64", (4,)), T("float64", (4, 2)), grad=True))
for idx in (0, (1, 2), slice(1, 3), (slice(None), [0, 2]), [2, 0, 2], (Ellipsis, slice(None, None, -1)),
            T("bool", (3, 4)), T("int64", (4,), values=[0, 0, 1, 2])):
    add(case("operator.getitem", T(*a), idx, grad=True))
add(case("Tensor.astype", T(*a), "float64", grad=True))
add(case("Tensor.cast", T("float64", (3,)), "float32", grad=True))
add(case("Tensor.clone", T(*a), grad=True))
add(case("Tensor.detach", T(*a)))
add(case("operator.mul", T(*a, stop_gradient=False), T(*a), grad=True))
add(case("operator.add", T(*a), T("int64", (3, 4)), grad=True))
