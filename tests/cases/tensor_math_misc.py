"""Goldens: the rest of paddle/tensor/math.py (clip, scale, lerp, kron, inner/outer, mm/addmm, trace,
diagonal, diff, take, trapezoid, vander, renorm, multiplex, add_n, increment, combinations, ...)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

# clip
for dt in ("float32", "float64"):
    add(case("paddle.clip", T(dt, (3, 4), low=-2, high=2), -0.5, 0.5, grad=True))
    add(case("paddle.clip", T(dt, (3, 4), low=-2, high=2), min=-0.5, grad=True))
    add(case("paddle.clip", T(dt, (3, 4), low=-2, high=2), max=0.5, grad=True))
    add(case("paddle.clip", T(dt, (3, 4), low=-2, high=2)))
    add(case("paddle.clip", T(dt, (3, 4), low=-2, high=2), T(dt, (), values=-0.3), T(dt, (), values=0.7), grad=True))
    add(case("paddle.clip", T(dt, (3, 4), low=-2, high=2), T(dt, (1,), values=[-0.3]), None))
    add(case("Tensor.clip", T(dt, (2, 3), low=-2, high=2), -1.0, 1.0, grad=True))
    add(case("paddle.clip", T(dt, (2, 3), low=-2, high=2), 1.0, -1.0))
for dt in ("int32", "int64"):
    add(case("paddle.clip", T(dt, (2, 4), low=-5, high=5), -2, 3))
    add(case("paddle.clip", T(dt, (2, 4), low=-5, high=5), 1.5, 2.5))
for dt in ("float16", "bool", "int16"):
    add(case("paddle.clip", T(dt, (2, 3)), 0, 1))
add(case("paddle.clip", T("float32", ()), 0.0, 0.5))
add(case("paddle.clip", T("float32", (0, 2)), 0.0, 0.5))
add(case("Tensor.clip_", T("float32", (2, 3), low=-2, high=2), -1.0, 1.0))
add(case("Tensor.clip_", T("float64", (2, 3), low=-2, high=2), max=0.1))

# scale
for dt in ("float32", "float64"):
    add(case("paddle.scale", T(dt, (3, 4)), 2.0, 1.0, grad=True))
    add(case("paddle.scale", T(dt, (3, 4)), 2.0, 1.0, False, grad=True))
    add(case("paddle.scale", T(dt, (3, 4)), scale=-0.5, bias=0.25, bias_after_scale=True, act="tanh", grad=True))
    add(case("paddle.scale", T(dt, (3, 4)), T(dt, (1,), values=[3.0]), 1.0, grad=True))
    add(case("Tensor.scale", T(dt, (2,)), 0.5))
    add(case("paddle.scale", T(dt, (3,)), 2.0, act="relu"))
for dt in ("int32", "int64", "int8", "uint8", "bool", "float16", "bfloat16"):
    add(case("paddle.scale", T(dt, (2, 3), low=-4, high=4), 2.0, 1.0))
    add(case("paddle.scale", T(dt, (2, 3), low=-4, high=4), 2.5, -1.5))
add(case("paddle.scale", T("float32", ()), 3.0))
add(case("paddle.scale", T("float32", (0, 3)), 3.0))
add(case("Tensor.scale_", T("float32", (2, 3)), 2.0, 1.0))

# lerp
for dt in ("float32", "float64"):
    add(case("paddle.lerp", T(dt, (3, 4)), T(dt, (3, 4)), 0.3, grad=True))
    add(case("paddle.lerp", T(dt, (3, 4)), T(dt, (4,)), T(dt, (3, 1), low=0, high=1), grad=True))
    add(case("paddle.lerp", T(dt, (2, 1)), T(dt, (1, 3)), T(dt, (), values=0.5), grad=True))
    add(case("Tensor.lerp", T(dt, (3,)), T(dt, (3,)), 0.75, grad=True))
add(case("paddle.lerp", T("int32", (3,)), T("int32", (3,)), 0.5))
add(case("paddle.lerp", T("float32", (3,)), T("float64", (3,)), 0.5))
add(case("paddle.lerp", T("float32", (3,)), T("float32", (4,)), 0.5))
add(case("Tensor.lerp_", T("float32", (3,)), T("float32", (3,)), 0.5))
add(case("Tensor.lerp_", T("float32", (3,)), T("float32", (2, 3)), 0.5))

# kron / inner / outer
for dt in ("float32", "float64"):
    add(case("paddle.kron", T(dt, (2, 3)), T(dt, (3, 2)), grad=True))
    add(case("paddle.kron", T(dt, (2,)), T(dt, (2, 2, 2)), grad=True))
    add(case("paddle.kron", T(dt, ()), T(dt, (3,))))
    add(case("Tensor.kron", T(dt, (2, 2)), T(dt, (2,)), grad=True))
    add(case("paddle.inner", T(dt, (2, 3)), T(dt, (4, 3)), grad=True))
    add(case("paddle.inner", T(dt, (3,)), T(dt, (3,)), grad=True))
    add(case("paddle.inner", T(dt, (2, 2, 3)), T(dt, (3,)), grad=True))
    add(case("paddle.inner", T(dt, ()), T(dt, (2, 3))))
    add(case("Tensor.inner", T(dt, (2, 3)), T(dt, (2, 3))))
    add(case("paddle.outer", T(dt, (3,)), T(dt, (4,)), grad=True))
    add(case("paddle.outer", T(dt, (2, 2)), T(dt, (3,)), grad=True))
    add(case("paddle.outer", T(dt, ()), T(dt, (3,))))
    add(case("Tensor.outer", T(dt, (2,)), T(dt, (2,))))
for dt in ("int32", "int64", "float16", "complex64", "bool"):
    add(case("paddle.kron", T(dt, (2, 2)), T(dt, (2,))))
    add(case("paddle.inner", T(dt, (2, 3)), T(dt, (2, 3))))
    add(case("paddle.outer", T(dt, (2,)), T(dt, (3,))))
add(case("paddle.inner", T("float32", (2, 3)), T("float32", (2, 4))))
add(case("paddle.kron", T("float32", (2,)), T("float64", (2,))))

# mm / addmm
for dt in ("float32", "float64"):
    add(case("paddle.mm", T(dt, (3, 4)), T(dt, (4, 2)), grad=True))
    add(case("paddle.mm", T(dt, (2, 3, 4)), T(dt, (4, 5)), grad=True))
    add(case("paddle.mm", T(dt, (4,)), T(dt, (4, 2))))
    add(case("Tensor.mm", T(dt, (2, 3)), T(dt, (3, 2)), grad=True))
    add(case("paddle.addmm", T(dt, (3, 2)), T(dt, (3, 4)), T(dt, (4, 2)), grad=True))
    add(case("paddle.addmm", T(dt, (2,)), T(dt, (3, 4)), T(dt, (4, 2)), beta=0.5, alpha=2.0, grad=True))
    add(case("paddle.addmm", T(dt, (1, 1)), T(dt, (3, 4)), T(dt, (4, 2)), 2.0, -1.0, grad=True))
    add(case("Tensor.addmm", T(dt, (3, 2)), T(dt, (3, 4)), T(dt, (4, 2)), grad=True))
add(case("paddle.mm", T("float32", (3, 4)), T("float32", (3, 2))))
add(case("paddle.mm", T("int64", (2, 3)), T("int64", (3, 2))))
add(case("paddle.addmm", T("float32", (3, 2)), T("float32", (3, 4, 1)), T("float32", (4, 2))))
add(case("paddle.addmm", T("float32", (3, 2)), T("float32", (3, 4)), T("float32", (3, 2))))
add(case("paddle.addmm", T("float32", (5, 2)), T("float32", (3, 4)), T("float32", (4, 2))))
add(case("paddle.addmm", T("int32", (3, 2)), T("int32", (3, 4)), T("int32", (4, 2))))
add(case("paddle.addmm_", T("float32", (3, 2)), T("float32", (3, 4)), T("float32", (4, 2))))

# trace / diagonal
for dt in ("float32", "float64"):
    for kw in ({}, {"offset": 1}, {"offset": -1}, {"offset": 5}, {"axis1": 1, "axis2": 0},
               {"axis1": -1, "axis2": 0, "offset": 1}):
        add(case("paddle.trace", T(dt, (3, 4)), grad=True, **kw))
        add(case("paddle.diagonal", T(dt, (3, 4)), grad=True, **kw))
        add(case("paddle.trace", T(dt, (2, 3, 4)), grad=True, **kw))
        add(case("paddle.diagonal", T(dt, (2, 3, 4)), grad=True, **kw))
    add(case("Tensor.trace", T(dt, (3, 3)), 1, grad=True))
    add(case("Tensor.diagonal", T(dt, (3, 3)), -1, grad=True))
for dt in ("int32", "int64", "bool", "float16", "complex64"):
    add(case("paddle.trace", T(dt, (3, 3))))
    add(case("paddle.diagonal", T(dt, (3, 3))))
add(case("paddle.trace", T("float32", (3,))))
add(case("paddle.diagonal", T("float32", (3,))))
add(case("paddle.trace", T("float32", (3, 3)), axis1=0, axis2=0))
add(case("paddle.diagonal", T("float32", (3, 3)), axis1=0, axis2=2))

# diff
for dt in ("float32", "float64"):
    for kw in ({}, {"n": 2}, {"axis": 0}, {"axis": -2, "n": 2}):
        add(case("paddle.diff", T(dt, (3, 5)), grad=True, **kw))
    add(case("paddle.diff", T(dt, (3, 4)), prepend=T(dt, (3, 2)), append=T(dt, (3, 1)), grad=True))
    add(case("paddle.diff", T(dt, (3, 4)), axis=0, append=T(dt, (1, 4))))
    add(case("Tensor.diff", T(dt, (6,)), 3))
for dt in ("int32", "int64", "bool", "float16", "int8"):
    add(case("paddle.diff", T(dt, (2, 4), low=-5, high=5)))
add(case("paddle.diff", T("float32", (4,)), n=0))
add(case("paddle.diff", T("float32", (3,)), n=5))
add(case("paddle.diff", T("float32", (0,))))

# take
for dt in ("float32", "float64", "int32", "int64"):
    add(case("paddle.take", T(dt, (3, 4)), T("int64", (2, 3), low=-12, high=12)))
for mode in ("raise", "wrap", "clip"):
    add(case("paddle.take", T("float32", (3, 4)), T("int64", (5,), values=[0, 11, -1, -12, 3]), mode=mode, grad=True))
    add(case("paddle.take", T("float64", (2, 3)), T("int32", (2, 2), values=[[7, -8], [2, 30]]), mode=mode))
add(case("paddle.take", T("float32", (3, 4)), T("int64", (2,), values=[0, 12])))
add(case("paddle.take", T("float32", (3, 4)), T("float32", (2,))))
add(case("paddle.take", T("float32", (3, 4)), T("int64", (2,)), mode="bad"))
add(case("Tensor.take", T("float32", (3, 4)), T("int64", (2,), values=[1, 2]), grad=True))

# trapezoid / cumulative_trapezoid
for op in ("trapezoid", "cumulative_trapezoid"):
    for dt in ("float32", "float64"):
        add(case("paddle." + op, T(dt, (3, 5)), grad=True))
        add(case("paddle." + op, T(dt, (3, 5)), dx=0.5, grad=True))
        add(case("paddle." + op, T(dt, (3, 5)), x=T(dt, (5,), low=0, high=3), grad=True))
        add(case("paddle." + op, T(dt, (3, 5)), x=T(dt, (3, 5), low=0, high=3), axis=-1, grad=True))
        add(case("paddle." + op, T(dt, (3, 5)), axis=0, grad=True))
        add(case("Tensor." + op, T(dt, (4,)), dx=2.0))
    add(case("paddle." + op, T("float32", (3,)), x=T("float32", (3,)), dx=1.0))
    add(case("paddle." + op, T("int32", (3,))))
    add(case("paddle." + op, T("float16", (3,))))

# vander
for dt in ("float32", "float64", "int32", "int64", "complex64"):
    add(case("paddle.vander", T(dt, (4,), low=-3, high=3)))
    add(case("paddle.vander", T(dt, (3,), low=-3, high=3), n=5, increasing=True))
add(case("paddle.vander", T("float32", (3,)), 0))
add(case("paddle.vander", T("float32", (3,)), -1))
add(case("paddle.vander", T("float32", (2, 3))))
add(case("paddle.vander", T("float16", (3,))))
add(case("Tensor.vander", T("float32", (3,)), 2))

# renorm
for dt in ("float32", "float64"):
    add(case("paddle.renorm", T(dt, (3, 4), low=-3, high=3), 2.0, 0, 1.0, grad=True))
    add(case("paddle.renorm", T(dt, (2, 3, 4), low=-3, high=3), 1.0, -1, 2.0, grad=True))
    add(case("paddle.renorm", T(dt, (2, 3, 4), low=-3, high=3), 3.0, 1, 100.0))
    add(case("Tensor.renorm", T(dt, (3, 4), low=-3, high=3), 2.0, 1, 0.5))
add(case("paddle.renorm", T("float32", (3, 4)), 2.0, 2, 1.0))
add(case("paddle.renorm", T("float32", (3, 4)), 2.0, -3, 1.0))
add(case("paddle.renorm", T("int32", (3, 4)), 2.0, 0, 1.0))
add(case("paddle.renorm_", T("float32", (3, 4), low=-3, high=3), 2.0, 0, 1.0))

# multiplex / add_n / increment
for dt in ("float32", "float64", "int32", "int64"):
    add(case("paddle.multiplex", [T(dt, (4, 3)), T(dt, (4, 3)), T(dt, (4, 3))],
             T("int32", (4, 1), values=[[2], [0], [1], [2]])))
add(case("paddle.multiplex", [T("float32", (3, 2)), T("float32", (3, 2))], T("int64", (3, 1), values=[[1], [1], [0]]),
         grad=True))
add(case("paddle.multiplex", [T("float32", (3, 2))], T("int64", (3, 1), values=[[0], [0], [0]])))
add(case("paddle.multiplex", [T("float16", (3, 2)), T("float16", (3, 2))], T("int64", (3, 1), values=[[1], [1], [0]])))
for dt in ("float32", "float64", "int32", "int64", "float16", "bfloat16", "complex64"):
    add(case("paddle.add_n", [T(dt, (2, 3)), T(dt, (2, 3)), T(dt, (2, 3))]))
add(case("paddle.add_n", [T("float32", (2, 3)), T("float32", (2, 3))], grad=True))
add(case("paddle.add_n", T("float64", (2, 3)), grad=True))
add(case("paddle.add_n", [T("float32", (2, 3))]))
add(case("paddle.add_n", [T("float32", (2, 3)), T("float32", (3,))]))
add(case("paddle.add_n", [T("float32", (2, 3)), T("float64", (2, 3))]))
add(case("paddle.add_n", [T("bool", (2, 3)), T("bool", (2, 3))]))
for dt in ("float32", "float64", "int32", "int64"):
    add(case("paddle.increment", T(dt, (1,), low=0, high=5)))
    add(case("paddle.increment", T(dt, (), low=0, high=5), 2.5))
    add(case("Tensor.increment", T(dt, (1,), low=0, high=5), -1))
add(case("paddle.increment", T("float32", (2,)), 1.0))
add(case("paddle.increment", T("float16", (1,)), 1.0))

# combinations
for dt in ("float32", "float64", "int32", "int64"):
    for r, rep in ((2, False), (3, False), (2, True), (1, False), (0, False), (5, False)):
        add(case("paddle.combinations", T(dt, (4,), low=-5, high=5), r, rep))
add(case("paddle.combinations", T("float32", (4,)), 2, grad=True))
add(case("paddle.combinations", T("float32", (2, 2)), 2))
add(case("paddle.combinations", T("float32", (3,)), -1))
add(case("paddle.combinations", T("float16", (3,)), 2))
add(case("paddle.combinations", T("float32", (0,)), 2))
add(case("Tensor.combinations", T("float32", (3,)), with_replacement=True))

# broadcast_shape
for xs, ys in (([2, 1, 3], [4, 3]), ([], [3]), ([1], [5, 1]), ([2, 3], [3, 2]), ([0, 3], [1, 3]), ((2, 3), (3,))):
    add(case("paddle.broadcast_shape", xs, ys))

# isnan family on special tensors, sign/sgn on ints (misc dtype rules)
add(case("paddle.isfinite", T("int32", (3,))))
add(case("paddle.isinf", T("int64", (3,))))
add(case("paddle.sign", T("int8", (4,), low=-3, high=3)))
add(case("paddle.sign", T("int16", (4,), low=-3, high=3)))

# float64 inputs with non-representable float attributes (Paddle stores op attributes as float32)
X64 = T("float64", (2, 3), low=-2, high=2)
add(case("paddle.scale", X64, 0.1, 0.3))
add(case("paddle.scale", X64, 0.1, 0.3, False))
add(case("paddle.clip", X64, -0.3, 0.7))
add(case("paddle.pow", T("float64", (2, 3), low=0.5, high=2), 0.3))
add(case("paddle.pow", T("float64", (2, 3), low=0.5, high=2), 3))
add(case("paddle.increment", T("float64", (1,)), 0.1))
add(case("paddle.lerp", X64, X64, 0.3))
add(case("paddle.nan_to_num", T("float64", (3,), values=[float("nan"), float("inf"), 1.0]), 0.1, 1e10, -0.7))
add(case("paddle.renorm", T("float64", (3, 4), low=-3, high=3), 2.0, 0, 0.3))
add(case("paddle.renorm", T("float64", (3, 4), low=-3, high=3), 1.5, 1, 0.7))
add(case("paddle.logit", T("float64", (4,), values=[0.01, 0.2, 0.8, 0.99]), 0.1))
add(case("paddle.stanh", X64, 0.3, 0.7))
add(case("paddle.linalg.norm", X64, 0.3))
add(case("paddle.dist", X64, X64, 0.3))
add(case("paddle.multigammaln", T("float64", (3,), low=3, high=5), 4))
add(case("paddle.ldexp", X64, T("int64", (2, 3), low=-3, high=3)))
add(case("paddle.quantile", X64, 0.3))
add(case("paddle.diff", X64, prepend=X64))

# non-Tensor inputs (numpy arrays / lists) where Paddle expects a Tensor
from tools.api_diff.casefmt import A  # noqa: E402

for api in ("paddle.exp", "paddle.sum", "paddle.mean", "paddle.max", "paddle.abs", "paddle.cumsum", "paddle.sqrt",
            "paddle.logsumexp", "paddle.linalg.norm", "paddle.var", "paddle.median", "paddle.trace",
            "paddle.diagonal", "paddle.clip", "paddle.scale", "paddle.isnan", "paddle.fft.fft", "paddle.t"):
    add(case(api, A("float32", (3, 3), low=0.1, high=1)))
    add(case(api, [[1.0, 2.0], [3.0, 4.0]]))
for api in ("paddle.add", "paddle.multiply", "paddle.matmul", "paddle.maximum", "paddle.pow", "paddle.dot",
            "paddle.kron", "paddle.atan2"):
    add(case(api, T("float32", (3,)), A("float32", (3,))))
    add(case(api, A("float32", (3,)), T("float32", (3,))))

# complex inputs with gradients (Paddle's complex autograd convention vs torch's)
for dt in ("complex64", "complex128"):
    add(case("paddle.exp", T(dt, (2, 3)), grad=True, id=f"cplx_grad_exp_{dt}"))
    add(case("paddle.abs", T(dt, (2, 3)), grad=True, id=f"cplx_grad_abs_{dt}"))
    add(case("paddle.multiply", T(dt, (2, 3)), T(dt, (2, 3)), grad=True, id=f"cplx_grad_mul_{dt}"))
    add(case("paddle.matmul", T(dt, (2, 3)), T(dt, (3, 2)), grad=True, id=f"cplx_grad_matmul_{dt}"))
    add(case("paddle.sum", T(dt, (2, 3)), axis=1, grad=True, id=f"cplx_grad_sum_{dt}"))
    add(case("paddle.mean", T(dt, (2, 3)), grad=True, id=f"cplx_grad_mean_{dt}"))
    add(case("paddle.fft.fft", T(dt, (2, 4)), grad=True, id=f"cplx_grad_fft_{dt}"))
    add(case("paddle.conj", T(dt, (3,)), grad=True, id=f"cplx_grad_conj_{dt}"))
    add(case("paddle.angle", T(dt, (3,)), grad=True, id=f"cplx_grad_angle_{dt}"))
