"""Goldens: paddle.fft (1-D, 2-D, N-D transforms with norm modes, frequencies, shifts)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

NORMS = ("backward", "ortho", "forward")
ONE = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")
REAL_IN = {"rfft", "ihfft"}
for op in ONE:
    api = "paddle.fft." + op
    for dt in (("float32", "float64") if op in REAL_IN else ("complex64", "complex128", "float32")):
        for norm in NORMS:
            add(case(api, T(dt, (3, 8)), norm=norm, grad=True))
        add(case(api, T(dt, (3, 8)), n=5, grad=True))
        add(case(api, T(dt, (3, 8)), n=12, axis=0, grad=True))
        add(case(api, T(dt, (4, 6)), 6, -2, "ortho"))
    add(case(api, T("int64", (6,), low=-5, high=5)))
    add(case(api, T("float16", (6,))))
    add(case(api, T("float32" if op in REAL_IN else "complex64", (6,)), norm="bad"))
    add(case(api, T("float32" if op in REAL_IN else "complex64", (6,)), n=0))
    add(case(api, T("float32" if op in REAL_IN else "complex64", (6,)), n=2.5))
    add(case(api, T("float32" if op in REAL_IN else "complex64", (2, 6)), axis=2))
    if op in REAL_IN:
        add(case(api, T("complex64", (6,))))

TWO = ("fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2")
NDIM = ("fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn")
for op in TWO + NDIM:
    api = "paddle.fft." + op
    real = op.startswith("rfft") or op.startswith("ihfft")
    dts = ("float32", "float64") if real else ("complex64", "complex128", "float64")
    for dt in dts:
        for norm in NORMS:
            add(case(api, T(dt, (2, 4, 6)), norm=norm, grad=True))
        add(case(api, T(dt, (2, 4, 6)), s=(3, 8), grad=True))
        add(case(api, T(dt, (2, 4, 6)), axes=(0, 2), grad=True))
        add(case(api, T(dt, (2, 4, 6)), s=[4, 4], axes=[-1, 0]))
    add(case(api, T("int32", (4, 4), low=-3, high=3)))
    x = T("float32" if real else "complex64", (4, 4))
    add(case(api, x, norm="bad"))
    add(case(api, x, s=[0, 4]))
    add(case(api, x, s=[4, 4, 4]))
    add(case(api, x, axes=[0, 5]))
    add(case(api, x, s=[4], axes=[0, 1]))
    if op in TWO:
        add(case(api, T("float32" if real else "complex64", (6,))))
        add(case(api, x, axes=(0,)))
    else:
        add(case(api, T("float32" if real else "complex64", (2, 3, 4)), s=[2, 2]))
        add(case(api, T("float32" if real else "complex64", (2, 3, 4)), axes=[1]))

for op in ("fftfreq", "rfftfreq"):
    for n, d in ((5, 1.0), (8, 0.5), (1, 2.0), (6, 0.1)):
        add(case("paddle.fft." + op, n, d))
    add(case("paddle.fft." + op, 4, 1.0, "float64"))
    add(case("paddle.fft." + op, 0))
    add(case("paddle.fft." + op, 4, 0.0))
for op in ("fftshift", "ifftshift"):
    for axes in (None, 0, 1, [0, 1], (-1,)):
        add(case("paddle.fft." + op, T("float32", (4, 5)), axes))
    add(case("paddle.fft." + op, T("int64", (3, 6), low=-5, high=5)))
    add(case("paddle.fft." + op, T("complex64", (5,))))
    add(case("paddle.fft." + op, T("float64", (4, 3)), axes=1, grad=True))
