"""Small scenarios whose results the case format cannot express (dtype objects, grad-mode switches,
distribution base classes). Each takes the ``paddle`` module and returns JSON-able data.

Recorded by REAL Paddle: ``.oracle/bin/python -m tools.api_diff.misc_scenarios`` writes
tests/goldens/misc_scenarios.json; tests/core/test_misc_scenarios.py runs the same functions under ours and
compares (tagged with the ``verifies`` marker, so the report credits the APIs).
"""

import json
import os

from tools.api_diff.common import ROOT

DTYPES = ["bool", "int8", "uint8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]


def dtype_objects(paddle):
    out = {}
    for name in DTYPES:
        d = getattr(paddle, name)
        z = paddle.zeros([2], dtype=d)
        entry = {"str": str(d), "repr": repr(d), "tensor_dtype": str(z.dtype), "same_object": z.dtype == d,
                 "from_string": str(paddle.zeros([1], dtype=name).dtype), "cast": str(paddle.cast(z, d).dtype),
                 "is_dtype": isinstance(d, paddle.dtype)}
        if name not in ("bfloat16",):
            entry["numpy"] = str(z.numpy().dtype)
        out[name] = entry
    return out


def grad_modes(paddle):
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    rec = {}
    with paddle.no_grad():
        rec["no_grad_ctx"] = [paddle.is_grad_enabled(), (x * 2).stop_gradient]
        with paddle.enable_grad():
            rec["enable_inside_no_grad"] = [paddle.is_grad_enabled(), (x * 2).stop_gradient]
    rec["after"] = [paddle.is_grad_enabled(), (x * 2).stop_gradient]

    @paddle.no_grad()
    def f(t):
        return t * 3

    rec["no_grad_decorator"] = [f(x).stop_gradient, f.__name__]
    with paddle.set_grad_enabled(False):
        rec["set_false"] = [paddle.is_grad_enabled(), (x + 1).stop_gradient]
        with paddle.set_grad_enabled(True):
            rec["set_true_nested"] = [paddle.is_grad_enabled(), (x + 1).stop_gradient]
    rec["restored"] = paddle.is_grad_enabled()

    @paddle.enable_grad()
    def g(t):
        return t * 4

    with paddle.no_grad():
        rec["enable_grad_decorator"] = g(x).stop_gradient
    y = (x * x).sum()
    with paddle.no_grad():
        y.backward()
    rec["backward_under_no_grad"] = x.grad.numpy().tolist()
    return rec


def distribution_bases(paddle):
    D = paddle.distribution
    rec = {"subclass": [issubclass(D.Normal, D.Distribution), issubclass(D.Normal, D.ExponentialFamily),
                        issubclass(D.Beta, D.ExponentialFamily), issubclass(D.ExpTransform, D.Transform)]}
    n = D.Normal(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
    rec["batch_event"] = [list(n.batch_shape), list(n.event_shape)]

    rec["normal_kl"] = [round(v, 6) for v in D.kl_divergence(n, D.Normal(paddle.to_tensor([1.0]),
                                                                          paddle.to_tensor([2.0]))).numpy().tolist()]
    t = D.ExpTransform()
    v = paddle.to_tensor([0.0, 1.0])
    rec["transform"] = [[round(u, 6) for u in t.forward(v).numpy().tolist()],
                        [round(u, 6) for u in t.inverse(t.forward(v)).numpy().tolist()],
                        [round(u, 6) for u in t.forward_log_det_jacobian(v).numpy().tolist()]]
    return rec


SCENARIOS = {"dtype_objects": dtype_objects, "grad_modes": grad_modes, "distribution_bases": distribution_bases}
GOLDEN = os.path.join(ROOT, "tests", "goldens", "misc_scenarios.json")


def main():
    import zlib  # noqa: F401 - must precede paddle in the oracle (gzip segfault otherwise)

    import paddle

    from tools.api_diff.common import oracle_stamp

    out = {**oracle_stamp(), "results": {k: f(paddle) for k, f in SCENARIOS.items()}}
    with open(GOLDEN, "w") as fh:
        json.dump(out, fh, indent=1, sort_keys=True)
    print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
