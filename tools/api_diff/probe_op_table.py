"""Probe real Paddle 2.6.2 for the CPU dtypes each elementwise op accepts and the dtype it returns.

    .oracle/bin/python -m tools.api_diff.probe_op_table [op ...]

Writes tests/goldens/optable_kernels.json (stamped; with op names given, prints to stdout instead): per op,
per input dtype, the result dtype name or ``"!<ExceptionType>[:NotFound]"``; binary ops are called with both
operands of that dtype, plus a few mixed pairs (``"float32,float64"``...). The tables in
``paddle_compat/_core/op_table.py`` were written from this output (never from our own package).
"""

import json
import sys

from tools.api_diff.common import GOLDENS_DIR, oracle_stamp

GOLDEN = f"{GOLDENS_DIR}/optable_kernels.json"

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
PAIRS = [("float32", "float64"), ("float64", "float32"), ("float32", "complex64"), ("int32", "int64"),
         ("int32", "float32"), ("float32", "int32"), ("float16", "float32"), ("bool", "float32")]
UNARY = """abs acos acosh asin asinh atan atanh ceil cos cosh erf exp expm1 floor reciprocal round rsqrt sin sinh sqrt
square tan tanh sigmoid log log2 log10 log1p sign neg lgamma digamma erfinv i0 i0e i1 i1e isnan isinf isfinite angle
conj trunc frac sgn logit stanh rad2deg deg2rad signbit logical_not bitwise_not""".split()
BINARY = """add subtract multiply divide floor_divide remainder mod floor_mod maximum minimum fmax fmin heaviside
nextafter atan2 logaddexp pow copysign equal not_equal greater_equal greater_than less_equal less_than equal_all
logical_and logical_or logical_xor bitwise_and bitwise_or bitwise_xor allclose isclose hypot ldexp gcd lcm
inner outer kron""".split()
# one tensor in, extra arguments fixed: reductions, scans and other math.py ops with a dtype table
OTHER = {
    "sum": (), "prod": (), "mean": (), "logsumexp": (), "max": (), "min": (), "amax": (), "amin": (), "all": (),
    "any": (), "nansum": (), "nanmean": (), "cumsum": (), "logcumsumexp": (), "cummax": (), "cummin": (),
    "count_nonzero": (), "cumprod": (0,), "trace": (), "clip": (-1.0, 1.0), "renorm": (2.0, 0, 1.0),
    "diff": (), "nan_to_num": (), "frexp": (), "polygamma": (1,), "multigammaln": (1,), "scale": (2.0,),
}

# table rows that are another kernel of a Paddle function, reached by its call form: name -> (function, extra args)
CALL_FORMS = {"pow_scalar": ("pow", (2,))}  # a Python-number exponent runs the `pow` kernel, not elementwise_pow


def outcome(fn, *args):
    try:
        r = fn(*args)
    except BaseException as e:  # noqa: BLE001 - we record whatever Paddle raises
        kind = "!" + type(e).__name__
        return kind + (":NotFound" if "not registered" in str(e) else "")
    if isinstance(r, (tuple, list)):
        r = r[0]
    return str(r.dtype).replace("paddle.", "")


def make_input(paddle, d):
    """The probe's input of dtype name ``d`` (shared with tests/core/test_op_table.py, which builds the same
    input with our package): a 2x3 tensor with a zero, negatives and fractions (all non-zero for bool/uint8)."""
    import numpy as np

    v = np.array([[0.5, -1.5, 2.0], [3.0, 0.0, -2.5]])
    if d.startswith("complex"):
        return paddle.to_tensor((v + 1j * v).astype(d))
    if d == "bfloat16":
        return paddle.to_tensor(v.astype("float32")).astype("bfloat16")
    if d in ("uint8", "bool"):
        v = np.abs(v) + 1
    return paddle.to_tensor(v.astype(d))


def main():
    stamp = oracle_stamp()
    import paddle

    def make(d):
        return make_input(paddle, d)

    want = sys.argv[1:]
    out = {}
    for name in UNARY + BINARY + list(OTHER) + list(CALL_FORMS):
        function, extra = CALL_FORMS.get(name, (name, OTHER.get(name, ())))
        if want and name not in want or not hasattr(paddle, function):
            continue
        fn = getattr(paddle, function)
        row = {}
        if name in OTHER or name in CALL_FORMS:
            for d in DTYPES:
                row[d] = outcome(fn, make(d), *extra)
        elif name in UNARY:
            for d in DTYPES:
                row[d] = outcome(fn, make(d))
        else:
            for d in DTYPES:
                row[d] = outcome(fn, make(d), make(d))
            for a, b in PAIRS:
                row[f"{a},{b}"] = outcome(fn, make(a), make(b))
        out[name] = row
    if want:
        json.dump(out, sys.stdout, indent=0)
        return
    with open(GOLDEN, "w") as f:
        json.dump({**stamp, "ops": out}, f, indent=0, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
