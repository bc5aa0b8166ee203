"""Goldens: Tensor indexing (__getitem__) and item assignment (__setitem__)."""

from tools.api_diff.casefmt import A, T, case

CASES = []
add = CASES.append
G, S = "operator.getitem", "operator.setitem"

x3 = ("float32", (4, 5, 6))
for idx in (0, -1, 3, (1, 2), (1, 2, 3), (-1, -2, -3), slice(1, 3), slice(None, None, 2), slice(-3, None),
            slice(None, -1), slice(2, 100), slice(100, 200), slice(3, 1), slice(None, None, -1), slice(3, 0, -1),
            slice(None, None, -2), (slice(None), 1), (slice(None), slice(1, 4), 2), (Ellipsis, 1),
            (Ellipsis, slice(0, 2)), (1, Ellipsis), (None,), (None, 1), (slice(None), None, 2), (Ellipsis, None),
            (0, slice(None, None, -1)), (slice(1, None, -1), 0), [0, 2], [[0, 1], [1, 3]], [3, 0, 0],
            ([0, 1], [2, 3]), ([0, 1], slice(None), [4, 5]), (slice(None), [0, 2]), [True, False, True, False],
            (0, [True, False, True, False, True])):
    add(case(G, T(*x3), idx))
add(case(G, T(*x3), T("int64", (2,), values=[0, 3])))
add(case(G, T(*x3), T("int32", (2, 2), values=[[0, 1], [2, 3]])))
add(case(G, T(*x3), T("int64", (), values=2)))
add(case(G, T(*x3), T("bool", (4,), values=[True, False, False, True])))
add(case(G, T(*x3), T("bool", (4, 5))))
add(case(G, T(*x3), T("bool", (4, 5, 6))))
add(case(G, T(*x3), (T("int64", (2,), values=[1, 2]), T("int64", (2,), values=[0, 4]))))
add(case(G, T(*x3), (slice(None), T("int64", (3,), values=[4, 0, 1]))))
add(case(G, T("float32", (5,)), A("int64", (3,), values=[0, 4, 2])))
add(case(G, T("int64", (3, 4)), (1, 2)))
add(case(G, T("float32", (3,)), 0))
add(case(G, T("float32", ()), Ellipsis))
add(case(G, T("float32", ()), None))
# out of range -> Paddle's IndexError
add(case(G, T(*x3), 4, raises="IndexError"))
add(case(G, T(*x3), -5, raises="IndexError"))
add(case(G, T(*x3), (0, 5), raises="IndexError"))
add(case(G, T(*x3), (0, 0, 6), raises="IndexError"))
add(case(G, T(*x3), (0, 0, 0, 0), raises="IndexError"))

# item assignment: the case records the target after the assignment
m = ("float32", (3, 4))
for idx, value in ((0, 5.0), (-1, T("float32", (4,))), ((1, 2), -7.0), (slice(None), 1.5), ((slice(None), 0), 2.5),
                   ((slice(0, 2), slice(1, 3)), T("float32", (2, 2))), ((Ellipsis, 1), T("float32", (3,))),
                   ([0, 2], 9.0), (T("bool", (3, 4)), 0.0), (T("bool", (3,), values=[True, False, True]), 3.0),
                   (T("int64", (2,), values=[2, 0]), T("float32", (2, 4))), (0, T("float64", (4,))),
                   (0, T("int32", (4,))), ((slice(None), slice(None, None, 2)), 4.0),
                   ((slice(None), 1), A("float64", (3,))), (1, [1.0, 2.0, 3.0, 4.0]),
                   (slice(None), T("float32", (4,)))):
    add(case(S, T(*m), idx, value))
add(case(S, T("int64", (3, 4)), 0, 2.7))
add(case(S, T("int32", (3, 4)), (slice(None), 1), T("float32", (3,))))
add(case(S, T("bool", (3, 4)), 0, True))
add(case(S, T("float32", (3, 4)), 3, 1.0, raises="IndexError"))
