# ruff: noqa: E501 - one literal call per line reads best
"""Seeded generator of the bad-input case files tests/cases/badinput_*.py (run with the ORACLE python).

    .oracle/bin/python -m tests.badinput.gen_cases

Builds candidate calls (one Python expression of the case format each) from per-API argument kinds and a
fixed table of bad values per kind, picks a seeded subset for the Tensor-method variants, then runs every
candidate under real Paddle 2.6.2 in a worker subprocess, one case at a time, with a watchdog: a candidate that
kills the worker (segfault/abort) or runs past the timeout is left out of the case files and written to
tests/badinput/crashers.py instead. Candidates whose Paddle result cannot be compared (an object without a
stable str, e.g. an optimizer) are dropped. The case files are then literal, committed lists; this script is
only needed to regenerate them.
"""

import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CASES_DIR = os.path.join(ROOT, "tests", "cases")
SEED = 15
TIMEOUT_S = 20

X = 'T("float32", (2, 3))'
BAD_TENSORS = ['T("int32", (2, 3))', 'T("int64", (2, 3))', 'T("bool", (2, 3))', 'T("complex64", (2, 3))',
               'T("float32", (0, 3))', 'None', '"abc"', '[[1.0, 2.0], [3.0]]']
BAD_AXIS = ['"a"', '1.5', '5', '-5', '[0, 0]', '[0, 5]', 'True']
BAD_INT = ['"3"', '-1', '2.5', 'None', '0']
BAD_FLOAT = ['"x"', 'None', 'float("nan")', 'float("inf")', '-1.0']
BAD_SHAPE = ['"ab"', '[2, "a"]', '[-2, 3]', '[4, 4]', '2.5', 'None', '[[2, 3]]', '[2, 3.5]']
BAD_DTYPE = ['"foo"', '123', '"int8"', '"bool"', '"complex64"']
BAD_BOOL = ['"yes"', 'None', '2']
BAD_PAIRS = [('T("float32", (2, 3))', 'T("float64", (2, 3))'), ('T("float32", (2, 3))', 'T("int64", (2, 3))'),
             ('T("float32", (2, 3))', 'T("complex64", (2, 3))'), ('T("int32", (2, 3))', 'T("int64", (2, 3))'),
             ('T("bool", (2, 3))', 'T("bool", (2, 3))'), ('T("float32", (2, 3))', 'T("float32", (4, 5))'),
             ('T("float32", (2, 3))', '"abc"'), ('T("float32", (2, 3))', 'None'),
             ('T("float32", (0, 3))', 'T("float32", (0, 3))'), ('T("float32", (2, 3))', 'float("nan")'),
             ('[1.0, 2.0]', 'T("float32", (2,))')]
KIND_VALUES = {"axis": BAD_AXIS, "int": BAD_INT, "float": BAD_FLOAT, "shape": BAD_SHAPE, "dtype": BAD_DTYPE,
               "bool": BAD_BOOL, "tensor": BAD_TENSORS}

UNARY = ["exp", "log", "sqrt", "rsqrt", "sin", "cos", "tan", "tanh", "abs", "ceil", "floor", "round",
         "reciprocal", "square", "sign", "erf", "log1p", "expm1", "asin", "acos", "atan", "sinh", "cosh",
         "lgamma", "digamma", "log2", "log10", "neg", "trunc", "frac", "isnan", "isinf", "isfinite", "logit",
         "deg2rad", "rad2deg", "angle", "erfinv", "i0", "sgn", "nan_to_num", "asinh", "acosh",
         "atanh", "stanh"]
ACTS = ["relu", "relu6", "elu", "selu", "gelu", "silu", "softplus", "softsign", "tanhshrink", "hardtanh",
        "hardsigmoid", "hardswish", "mish", "swish", "log_sigmoid", "leaky_relu", "celu", "softshrink",
        "hardshrink", "thresholded_relu", "sigmoid", "tanh", "relu_", "softmax", "log_softmax"]
ACT_PARAMS = {"leaky_relu": [("negative_slope", "float")], "elu": [("alpha", "float")],
              "celu": [("alpha", "float")], "softplus": [("beta", "float"), ("threshold", "float")],
              "hardtanh": [("min", "float"), ("max", "float")], "softshrink": [("threshold", "float")],
              "hardshrink": [("threshold", "float")], "thresholded_relu": [("threshold", "float")],
              "gelu": [("approximate", "bool")], "softmax": [("axis", "axis"), ("dtype", "dtype")],
              "log_softmax": [("axis", "axis"), ("dtype", "dtype")]}
BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "pow", "maximum", "minimum",
          "fmax", "fmin", "atan2", "equal", "not_equal", "less_than", "greater_than", "less_equal",
          "greater_equal", "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or",
          "bitwise_xor", "matmul", "dot", "kron", "outer", "inner", "heaviside", "allclose", "isclose",
          "equal_all", "dist", "mm", "bmm", "gcd", "lcm", "ldexp", "lerp"]
REDUCE = ["sum", "mean", "prod", "max", "min", "amax", "amin", "all", "any", "logsumexp", "std", "var",
          "median", "nansum", "nanmean", "argmax", "argmin", "cumsum", "cumprod", "count_nonzero",
          "logcumsumexp", "mode", "nanmedian", "flip", "squeeze", "unsqueeze", "unbind", "unstack", "flatten",
          "quantile"]
REDUCE_EXTRA = {"cumprod": ["dim"], "quantile": ["q"], "flip": ["axis"], "squeeze": [], "unsqueeze": ["axis"],
                "flatten": ["start_axis"]}
TENSOR_OP_DEFAULT_KW = {"quantile": {"q": "0.5"}}


def P(name):
    return f'"paddle.{name}"'


RANDOM_APIS = {P(n) for n in ("empty", "empty_like", "rand", "randn", "randint", "randperm", "normal", "uniform",
                                "nn.functional.dropout", "nn.functional.dropout2d", "nn.functional.alpha_dropout",
                                "nn.functional.gumbel_softmax")}


def call(api, *args, **kw):
    if api in RANDOM_APIS and "check" not in kw:
        kw["check"] = '"meta"'
    parts = [api] + list(args) + [f"{k}={v}" for k, v in kw.items()]
    return "case(" + ", ".join(parts) + ")"


def lay(api, *args, inputs=None, **kw):
    if "Dropout" in api:
        kw["check"] = '"meta"'
    parts = [api] + list(args) + [f"{k}={v}" for k, v in kw.items()]
    if inputs is not None:
        parts.append(f"inputs=[{inputs}]")
    return "layer(" + ", ".join(parts) + ")"


def mutate(api, base_args, base_kw, slots, caller=call):
    """One call per bad value of each slot (slot = positional index or keyword name)."""
    out = []
    for slot, kind in slots:
        for v in KIND_VALUES[kind]:
            args, kw = list(base_args), dict(base_kw)
            if isinstance(slot, int):
                args[slot] = v
            else:
                kw[slot] = v
            out.append(caller(api, *args, **kw))
    return out


def tensor_group(rng):
    c = []
    for name in UNARY:
        c += mutate(P(name), [X], {}, [(0, "tensor")])
    for name in BINARY:
        for a, b in BAD_PAIRS:
            c.append(call(P(name), a, b))
    for name in REDUCE:
        kw = dict(TENSOR_OP_DEFAULT_KW.get(name, {}))
        c += mutate(P(name), [X], kw, [(0, "tensor")])
        axis_kw = REDUCE_EXTRA.get(name, ["axis"])
        for k in axis_kw:
            if k == "q":
                c += mutate(P(name), [X], kw, [("q", "float")])
            else:
                c += mutate(P(name), [X], kw, [(k, "axis")])
        if name in ("sum", "mean", "prod", "max", "min", "amax", "amin", "all", "any", "logsumexp", "std",
                    "var", "median", "nansum", "nanmean", "argmax", "argmin"):
            c += mutate(P(name), [X], kw, [("keepdim", "bool")])
        if name in ("sum", "prod", "cumsum", "argmax", "argmin"):
            c += mutate(P(name), [X], kw, [("dtype", "dtype")])
    # Tensor methods: a seeded subset of the bad values per method
    for name in UNARY[:30] + REDUCE[:20] + BINARY[:20]:
        if name in BINARY:
            picks = rng.sample(BAD_PAIRS, 4)
            c += [call(f'"Tensor.{name}"', a, b) for a, b in picks if not a.startswith("[")]
        else:
            picks = rng.sample(BAD_TENSORS[:5], 3)
            c += [call(f'"Tensor.{name}"', t) for t in picks]
            if name in REDUCE:
                c += [call(f'"Tensor.{name}"', X, axis=v) for v in rng.sample(BAD_AXIS, 3)]
    return c


def manip_group(rng):
    c = []
    shape_ops = {"reshape": "shape", "tile": "repeat_times", "expand": "shape", "broadcast_to": "shape"}
    for name in shape_ops:
        c += mutate(P(name), [X, "[3, 2]" if name == "reshape" else "[2, 3]"], {}, [(1, "shape")])
    c += mutate(P("split"), [X, "3"], {"axis": "1"}, [(1, "int"), ("axis", "axis")])
    c += [call(P("split"), X, "[1, 3]", axis="1"), call(P("split"), X, "[2, -2]", axis="1"),
          call(P("split"), X, "4", axis="1"), call(P("split"), X, "10**12", axis="1")]
    c += mutate(P("chunk"), [X, "3"], {"axis": "1"}, [(1, "int"), ("axis", "axis")])
    c += mutate(P("transpose"), [X, "[1, 0]"], {}, [(1, "shape")])
    c += [call(P("transpose"), X, "[0, 0]"), call(P("transpose"), X, "[0, 2]"), call(P("transpose"), X, "[0]")]
    c += mutate(P("concat"), ['[T("float32", (2, 3)), T("float32", (2, 3))]'], {}, [("axis", "axis")])
    c += [call(P("concat"), '[T("float32", (2, 3)), T("float32", (2, 4))]'),
          call(P("concat"), '[T("float32", (2, 3)), T("int64", (2, 3))]'), call(P("concat"), "[]"),
          call(P("concat"), X)]
    c += mutate(P("stack"), ['[T("float32", (2, 3)), T("float32", (2, 3))]'], {}, [("axis", "axis")])
    c += [call(P("stack"), '[T("float32", (2, 3)), T("float32", (3, 2))]'), call(P("stack"), "[]")]
    idx = 'T("int64", (2,), values=[0, 1])'
    c += mutate(P("gather"), [X, idx], {}, [("axis", "axis")])
    c += [call(P("gather"), X, 'T("int64", (2,), values=[0, 5])'), call(P("gather"), X, 'T("int64", (2,), values=[-1, 0])'),
          call(P("gather"), X, 'T("float32", (2,))'), call(P("gather"), X, '"a"'), call(P("gather"), X, "None")]
    c += [call(P("gather_nd"), X, 'T("int64", (1, 2), values=[[0, 5]])'),
          call(P("gather_nd"), X, 'T("int64", (1, 2), values=[[-1, 0]])'),
          call(P("gather_nd"), X, 'T("float32", (1, 2))'), call(P("gather_nd"), X, 'T("int64", (1, 3), values=[[0, 0, 0]])')]
    c += [call(P("index_select"), X, 'T("int64", (0,))'), call(P("index_select"), X, 'T("int64", (2,), values=[0, 9])'),
          call(P("index_select"), X, 'T("float32", (2,))'), call(P("index_select"), X, idx, axis="5"),
          call(P("index_select"), X, idx, axis='"a"')]
    c += [call(P("scatter"), X, idx, 'T("float64", (2, 3))'), call(P("scatter"), X, 'T("int64", (2,), values=[0, 7])', X),
          call(P("scatter"), X, 'T("float32", (2,))', X), call(P("scatter"), X, idx, X, overwrite='"yes"')]
    cond = 'T("bool", (2, 3))'
    c += [call(P("where"), 'T("int64", (2, 3))', X, X), call(P("where"), cond, X, 'T("float64", (2, 3))'),
          call(P("where"), cond, X, 'T("float32", (4, 5))'), call(P("where"), "None", X, X), call(P("where"), cond, '"a"', X)]
    c += mutate(P("roll"), [X, "1"], {"axis": "0"}, [("axis", "axis"), (1, "int")])
    c += mutate(P("tril"), [X], {}, [("diagonal", "int")]) + mutate(P("triu"), [X], {}, [("diagonal", "int")])
    c += [call(P("tril"), 'T("float32", (3,))'), call(P("triu"), 'T("float32", (3,))')]
    c += mutate(P("topk"), [X, "2"], {}, [(1, "int"), ("axis", "axis")])
    c += [call(P("topk"), X, "5"), call(P("topk"), 'T("float32", (0,))', "1"), call(P("topk"), X, "2", largest='"no"')]
    for name in ("sort", "argsort"):
        c += mutate(P(name), [X], {}, [("axis", "axis"), ("descending", "bool"), (0, "tensor")])
    c += mutate(P("cast"), [X, '"int32"'], {}, [(1, "dtype")]) + [call(P("cast"), X, "None")]
    c += mutate(P("nn.functional.one_hot"), ['T("int64", (3,), values=[0, 1, 2])', "3"], {}, [(1, "int")])
    c += [call(P("nn.functional.one_hot"), 'T("int64", (3,), values=[0, 1, 5])', "3"),
          call(P("nn.functional.one_hot"), 'T("float32", (3,))', "3")]
    c += mutate(P("unique"), [X], {}, [("axis", "axis"), ("return_counts", "bool"), ("dtype", "dtype")])
    c += mutate(P("take_along_axis"), [X, 'T("int64", (2, 3), values=[[0, 1, 2], [2, 1, 0]])', "1"], {}, [(2, "axis")])
    c += [call(P("take_along_axis"), X, 'T("int64", (2, 3), values=[[0, 1, 9], [2, 1, 0]])', "1"),
          call(P("take_along_axis"), X, 'T("float32", (2, 3))', "1"),
          call(P("put_along_axis"), X, 'T("int64", (2, 1), values=[[0], [1]])', 'T("float64", (2, 1))', "1"),
          call(P("put_along_axis"), X, 'T("int64", (2, 1), values=[[0], [1]])', "1.0", "1", reduce='"foo"'),
          call(P("put_along_axis"), X, 'T("int64", (2, 1), values=[[0], [1]])', "1.0", "7")]
    c += [call(P("masked_fill"), X, 'T("int64", (2, 3))', "1.0"), call(P("masked_fill"), X, cond, '"a"'),
          call(P("masked_fill"), X, 'T("bool", (4, 5))', "1.0"), call(P("masked_select"), X, 'T("int32", (2, 3))'),
          call(P("masked_select"), X, 'T("bool", (4, 5))')]
    c += mutate(P("slice"), [X, "[0]", "[0]", "[1]"], {}, [(1, "shape"), (2, "shape")])
    c += [call(P("slice"), X, "[5]", "[0]", "[1]"), call(P("slice"), X, "[0, 1]", "[0]", "[1]")]
    c += mutate(P("strided_slice"), [X, "[1]", "[0]", "[3]", "[1]"], {}, [(4, "shape")])
    c += [call(P("strided_slice"), X, "[1]", "[0]", "[3]", "[0]")]
    c += mutate(P("flatten"), [X], {}, [("stop_axis", "axis")]) + [call(P("flatten"), X, start_axis="1", stop_axis="0")]
    c += mutate(P("moveaxis"), [X, "0", "1"], {}, [(1, "axis")])
    c += mutate(P("repeat_interleave"), [X, "2"], {"axis": "0"}, [(1, "int"), ("axis", "axis")])
    c += mutate(P("diagonal"), [X], {}, [("offset", "int"), ("axis1", "axis")])
    c += [call(P("diagonal"), X, axis1="0", axis2="0")]
    c += mutate(P("clip"), [X], {}, [("min", "float"), ("max", "float")]) + [call(P("clip"), X, "1.0", "0.0"),
                                                                           call(P("clip"), 'T("bool", (2, 3))', "0", "1")]
    c += mutate(P("rot90"), [X], {}, [("k", "int"), ("axes", "shape")])
    c += mutate(P("tensordot"), [X, 'T("float32", (3, 2))'], {}, [("axes", "int")])
    c += [call(P("einsum"), '"ij,jk->"', X, X), call(P("einsum"), '"ij->k"', X), call(P("einsum"), "3", X)]
    c += [call(P("mv"), X, 'T("float32", (4,))'), call(P("mv"), X, 'T("int64", (3,))'), call(P("t"), 'T("float32", (2, 3, 4))')]
    c += [call(P("numel"), "None"), call(P("numel"), '"a"'), call(P("nonzero"), "None"), call(P("nonzero"), X, as_tuple='"y"')]
    c += mutate(P("meshgrid"), ['T("float32", (2,))', 'T("float32", (3,))'], {}, [(1, "tensor")])
    c += mutate(P("kthvalue"), [X, "1"], {}, [(1, "int"), ("axis", "axis")])
    c += [call(P("bincount"), 'T("int64", (3,), values=[-1, 0, 1])'), call(P("bincount"), X),
          call(P("bincount"), 'T("int64", (3,), values=[0, 1, 1])', minlength="-1")]
    c += [call(P("histogram"), X, bins="-1"), call(P("histogram"), X, min="2", max="1"), call(P("histogram"), 'T("int64", (3,))', bins='"a"')]
    return c


def creation_group(rng):
    c = []
    for name in ("zeros", "ones", "empty", "rand", "randn"):
        c += mutate(P(name), ["[2, 3]"], {}, [(0, "shape"), ("dtype", "dtype")])
    c += [call(P("rand"), "[-1, -1]"), call(P("zeros"), "None")]
    c += mutate(P("full"), ["[2, 3]", "1.0"], {}, [(0, "shape"), (1, "float"), ("dtype", "dtype")])
    c += [call(P("full"), "[2]", "1e40"), call(P("full"), "[2]", "1e40", dtype='"float64"'), call(P("full"), "[2]", "300", dtype='"int8"')]
    c += mutate(P("arange"), ["0", "5", "1"], {}, [(0, "float"), (2, "float"), ("dtype", "dtype")])
    c += [call(P("arange"), "5", "0", "1"), call(P("arange"), "0", "5", "0")]
    c += mutate(P("linspace"), ["0", "1", "5"], {}, [(2, "int"), (0, "float"), ("dtype", "dtype")])
    c += mutate(P("logspace"), ["0", "1", "5"], {}, [(2, "int"), ("base", "float")])
    c += mutate(P("eye"), ["3"], {}, [(0, "int"), ("num_columns", "int"), ("dtype", "dtype")])
    c += mutate(P("randint"), ["0", "5", "[2]"], {}, [(0, "int"), (2, "shape"), ("dtype", "dtype")])
    c += [call(P("randint"), "5", "0", "[2]"), call(P("randint"), "5", "None", "[2]")]
    c += mutate(P("randperm"), ["5"], {}, [(0, "int"), ("dtype", "dtype")])
    c += mutate(P("normal"), ["0.0", "1.0", "[2]"], {}, [(1, "float"), (2, "shape")])
    c += mutate(P("uniform"), ["[2]"], {}, [(0, "shape"), ("min", "float"), ("dtype", "dtype")])
    c += [call(P("uniform"), "[2]", min="1.0", max="0.0")]
    for name in ("zeros_like", "ones_like", "empty_like"):
        c += mutate(P(name), [X], {}, [(0, "tensor"), ("dtype", "dtype")])
    c += mutate(P("full_like"), [X, "1.0"], {}, [(1, "float"), ("dtype", "dtype")])
    c += mutate(P("to_tensor"), ["[1.0, 2.0]"], {}, [(0, "tensor"), ("dtype", "dtype"), ("stop_gradient", "bool")])
    c += [call(P("to_tensor"), "[[1, 2], [3]]"), call(P("to_tensor"), '{"a": 1}'), call(P("to_tensor"), "[1, 'a']")]
    c += mutate(P("assign"), [X], {}, [(0, "tensor")])
    c += mutate(P("diag"), ['T("float32", (3,))'], {}, [("offset", "int"), ("padding_value", "float")])
    c += [call(P("diag"), 'T("float32", (2, 3, 4))'), call(P("diag"), "None")]
    c += mutate(P("tril_indices"), ["3", "3"], {}, [(0, "int"), ("offset", "int")])
    c += [call(P("bernoulli"), 'T("float32", (3,), values=[0.5, 1.5, -0.5])', check='"meta"'),
          call(P("multinomial"), 'T("float32", (3,), values=[0.5, -1.0, 0.5])', check='"meta"'),
          call(P("multinomial"), 'T("float32", (3,))', "5", check='"meta"'),
          call(P("poisson"), 'T("int64", (3,))', check='"meta"')]
    lin = ["linalg.svd", "linalg.qr", "linalg.inv", "linalg.det", "linalg.pinv", "linalg.cholesky", "linalg.eigh",
           "linalg.eigvals", "linalg.slogdet", "linalg.matrix_rank", "linalg.eigvalsh", "linalg.cond", "linalg.norm",
           "linalg.eig", "linalg.lu"]
    bad_mats = ['T("float32", (0, 0))', 'T("float32", (2, 0, 0))', 'T("int32", (3, 3))', 'T("float32", (2, 3))',
                'T("float32", (3,))', 'None', 'T("bool", (3, 3))', 'T("float32", (3, 3), values=[[1, 2, 3], [4, float("nan"), 6], [7, 8, 9]])']
    for name in lin:
        c += [call(P(name), m) for m in bad_mats]
    sq = 'T("float32", (3, 3))'
    c += [call(P("linalg.solve"), 'T("float32", (0, 0))', 'T("float32", (0, 1))'), call(P("linalg.solve"), sq, 'T("float32", (2, 1))'),
          call(P("linalg.solve"), sq, 'T("float64", (3, 1))'), call(P("linalg.solve"), 'T("int64", (3, 3))', 'T("int64", (3, 1))'),
          call(P("linalg.matrix_power"), sq, "1.5"), call(P("linalg.matrix_power"), sq, '"2"'), call(P("linalg.matrix_power"), X, "2"),
          call(P("linalg.triangular_solve"), sq, 'T("float32", (2, 1))'), call(P("linalg.lstsq"), sq, 'T("float64", (3, 1))'),
          call(P("linalg.norm"), X, p='"foo"'), call(P("linalg.norm"), X, axis="5"),
          call(P("linalg.multi_dot"), f"[{X}, {X}]"), call(P("linalg.multi_dot"), "[]"),
          call(P("linalg.cov"), 'T("int64", (2, 3))', ddof='"a"')]
    return c


def nn_group(rng):
    F = "nn.functional."
    c = []
    for name in ACTS:
        c += mutate(P(F + name), [X], {}, [(0, "tensor")] + ACT_PARAMS.get(name, []))
    c += [call(P(F + "softshrink"), X, threshold="-1.0"), call(P(F + "celu"), X, alpha="0.0")]
    img = 'T("float32", (1, 2, 4, 4))'
    c += mutate(P(F + "dropout"), [X], {}, [("p", "float"), ("axis", "axis"), (0, "tensor")])
    c += [call(P(F + "dropout"), X, p="1.5"), call(P(F + "dropout"), X, mode='"foo"'), call(P(F + "dropout"), X, training='"yes"')]
    c += mutate(P(F + "dropout2d"), [img], {}, [("p", "float")]) + [call(P(F + "dropout2d"), X)]
    c += mutate(P(F + "alpha_dropout"), [X], {}, [("p", "float")])
    c += mutate(P(F + "layer_norm"), [X, "[3]"], {}, [(1, "shape"), ("epsilon", "float"), (0, "tensor")])
    c += mutate(P(F + "normalize"), [X], {}, [("p", "float"), ("axis", "axis"), ("epsilon", "float"), (0, "tensor")])
    w = 'T("float32", (3, 2, 3, 3))'
    c += mutate(P(F + "conv2d"), [img, w], {}, [("stride", "int"), ("padding", "int"), ("dilation", "int"), ("groups", "int"), (0, "tensor")])
    c += [call(P(F + "conv2d"), img, 'T("float32", (3, 5, 3, 3))'), call(P(F + "conv2d"), img, w, padding='"foo"'),
          call(P(F + "conv2d"), img, w, data_format='"NCWH"'), call(P(F + "conv2d"), img, 'T("float64", (3, 2, 3, 3))'),
          call(P(F + "conv2d"), 'T("float32", (1, 2, 1, 1))', w)]
    for name in ("max_pool2d", "avg_pool2d"):
        c += mutate(P(F + name), [img, "2"], {}, [(1, "int"), ("stride", "int"), ("padding", "int"), (0, "tensor")])
        c += [call(P(F + name), img, "5"), call(P(F + name), img, "2", data_format='"XYZ"')]
    for name in ("max_pool1d", "avg_pool1d"):
        c += mutate(P(F + name), ['T("float32", (1, 2, 6))', "2"], {}, [(1, "int")])
    for name in ("adaptive_avg_pool2d", "adaptive_max_pool2d"):
        c += mutate(P(F + name), [img, "2"], {}, [(1, "int"), (0, "tensor")])
    logits = 'T("float32", (4, 3))'
    lab = 'T("int64", (4,), low=0, high=3)'
    c += mutate(P(F + "cross_entropy"), [logits, lab], {}, [(0, "tensor"), (1, "tensor")])
    c += [call(P(F + "cross_entropy"), logits, 'T("int64", (4,), values=[0, 1, 2, 7])'),
          call(P(F + "cross_entropy"), logits, 'T("int64", (4,), values=[0, 1, 2, -3])'),
          call(P(F + "cross_entropy"), logits, lab, reduction='"foo"'), call(P(F + "cross_entropy"), logits, lab, axis="5"),
          call(P(F + "cross_entropy"), logits, lab, label_smoothing="2.0"),
          call(P(F + "cross_entropy"), logits, 'T("float32", (4, 3))', soft_label="True"),
          call(P(F + "cross_entropy"), logits, lab, ignore_index='"a"')]
    for name in ("mse_loss", "l1_loss", "smooth_l1_loss", "kl_div", "binary_cross_entropy",
                 "binary_cross_entropy_with_logits", "soft_margin_loss", "square_error_cost", "log_loss"):
        for a, b in BAD_PAIRS[:9]:
            c.append(call(P(F + name), a, b))
        if name not in ("square_error_cost", "log_loss"):
            c.append(call(P(F + name), X, X, reduction='"foo"'))
    c += [call(P(F + "nll_loss"), logits, 'T("int64", (4,), values=[0, 1, 2, 9])'), call(P(F + "nll_loss"), logits, 'T("float32", (4,))'),
          call(P(F + "nll_loss"), logits, lab, reduction='"x"'), call(P(F + "nll_loss"), 'T("int64", (4, 3))', lab)]
    c += [call(P(F + "margin_ranking_loss"), X, X, 'T("int64", (2, 3))'), call(P(F + "margin_ranking_loss"), X, X, X, margin='"a"'),
          call(P(F + "cosine_similarity"), X, 'T("float32", (4, 5))'), call(P(F + "cosine_similarity"), X, X, axis="5"),
          call(P(F + "cosine_similarity"), 'T("int32", (2, 3))', 'T("int32", (2, 3))')]
    c += mutate(P(F + "interpolate"), [img], {"size": "[8, 8]"}, [("size", "shape")])
    c += [call(P(F + "interpolate"), img, scale_factor="-2.0"), call(P(F + "interpolate"), img, scale_factor='"a"'),
          call(P(F + "interpolate"), img, size="[8, 8]", mode='"foo"'), call(P(F + "interpolate"), img),
          call(P(F + "interpolate"), img, size="[8, 8]", scale_factor="2.0"),
          call(P(F + "interpolate"), 'T("int64", (1, 2, 4, 4))', size="[8, 8]")]
    emb_w = 'T("float32", (5, 3))'
    c += [call(P(F + "embedding"), 'T("int64", (3,), values=[0, 1, 9])', emb_w),
          call(P(F + "embedding"), 'T("int64", (3,), values=[0, 1, -1])', emb_w),
          call(P(F + "embedding"), 'T("float32", (3,))', emb_w), call(P(F + "embedding"), 'T("int64", (3,), values=[0, 1, 2])', emb_w, padding_idx="9"),
          call(P(F + "embedding"), 'T("int64", (3,), values=[0, 1, 2])', 'T("int64", (5, 3))')]
    c += mutate(P(F + "pad"), [X, "[1, 1]"], {}, [(1, "shape"), ("value", "float")])
    c += [call(P(F + "pad"), img, "[1, 1, 1, 1]", mode='"foo"'), call(P(F + "pad"), img, "[5, 5, 5, 5]", mode='"reflect"'),
          call(P(F + "pad"), X, "[1, 1]", value="1e40")]
    c += mutate(P(F + "linear"), [X, 'T("float32", (3, 4))'], {}, [(1, "tensor"), (0, "tensor")])
    c += [call(P(F + "linear"), X, 'T("float32", (5, 4))'), call(P(F + "linear"), X, 'T("float32", (3, 4))', 'T("float32", (5,))')]
    c += mutate(P(F + "pixel_shuffle"), ['T("float32", (1, 4, 2, 2))', "2"], {}, [(1, "int")])
    c += [call(P(F + "pixel_shuffle"), 'T("float32", (1, 3, 2, 2))', "2"), call(P(F + "pixel_shuffle"), X, "2")]
    c += mutate(P(F + "unfold"), [img, "2"], {}, [(1, "int"), ("strides", "int")])
    c += mutate(P(F + "label_smooth"), ['T("float32", (2, 3))'], {}, [("epsilon", "float")])
    c += mutate(P(F + "glu"), ['T("float32", (2, 4))'], {}, [("axis", "axis")]) + [call(P(F + "glu"), X)]
    c += mutate(P(F + "gumbel_softmax"), [X], {"hard": "False"}, [("temperature", "float"), ("axis", "axis")])
    c += mutate(P(F + "local_response_norm"), [img, "3"], {}, [(1, "int")])
    c += [call(P(F + "local_response_norm"), X, "3")]
    c += [call(P(F + "affine_grid"), 'T("float32", (1, 2, 3))', "[1, 1, 2]"), call(P(F + "affine_grid"), 'T("float32", (1, 3, 3))', "[1, 1, 2, 2]")]
    c += [call(P(F + "grid_sample"), img, 'T("float32", (1, 2, 2, 3))'), call(P(F + "grid_sample"), img, 'T("float32", (1, 2, 2, 2))', mode='"foo"')]
    c += [call(P(F + "batch_norm"), img, 'T("float32", (3,))', 'T("float32", (2,))', training="False"),
          call(P(F + "instance_norm"), X), call(P(F + "instance_norm"), img, eps='"a"')]
    c += [call(P(F + "sequence_mask"), 'T("int64", (3,), values=[1, -2, 3])'), call(P(F + "sequence_mask"), 'T("float32", (3,))', maxlen="-1")]
    c += [call(P(F + "sigmoid_focal_loss"), X, 'T("int64", (2, 3))'), call(P(F + "sigmoid_focal_loss"), X, X, reduction='"foo"')]
    c += [call(P(F + "triplet_margin_loss"), X, X, 'T("float32", (4, 5))'), call(P(F + "hinge_embedding_loss"), X, X, reduction='"x"')]
    return c


def layers_group(rng):
    c = []
    N = '"paddle.nn.'
    x = X
    img = 'T("float32", (1, 2, 4, 4))'
    c += mutate(N + 'Linear"', ["3", "4"], {}, [(0, "int"), (1, "int")], caller=_lay_with(x))
    c += [lay(N + 'Linear"', "3", "4", bias_attr='"x"', inputs=x), lay(N + 'Linear"', "5", "4", inputs=x),
          lay(N + 'Linear"', "3", "4", inputs='T("int32", (2, 3))'), lay(N + 'Linear"', "3", "4", inputs='T("float64", (2, 3))')]
    c += mutate(N + 'Conv2D"', ["2", "3", "3"], {}, [(0, "int"), (1, "int"), (2, "int"), ("stride", "int"), ("groups", "int")],
                caller=_lay_with(img))
    c += [lay(N + 'Conv2D"', "2", "3", "3", padding='"foo"', inputs=img), lay(N + 'Conv2D"', "2", "3", "3", padding_mode='"foo"', inputs=img),
          lay(N + 'Conv2D"', "2", "3", "3", inputs='T("float32", (1, 5, 4, 4))'), lay(N + 'Conv2D"', "2", "3", "3", inputs=X),
          lay(N + 'Conv2D"', "2", "3", "3", data_format='"XYZW"', inputs=img)]
    seq = 'T("float32", (1, 2, 6))'
    c += mutate(N + 'Conv1D"', ["2", "3", "3"], {}, [(2, "int"), ("padding", "int")], caller=_lay_with(seq))
    c += mutate(N + 'Conv2DTranspose"', ["2", "3", "3"], {}, [(2, "int"), ("output_padding", "int")], caller=_lay_with(img))
    ids = 'T("int64", (3,), values=[0, 1, 2])'
    c += mutate(N + 'Embedding"', ["5", "3"], {}, [(0, "int"), (1, "int"), ("padding_idx", "int")], caller=_lay_with(ids))
    c += [lay(N + 'Embedding"', "5", "3", inputs='T("int64", (3,), values=[0, 1, 9])'), lay(N + 'Embedding"', "5", "3", inputs='T("float32", (3,))')]
    c += mutate(N + 'LayerNorm"', ["3"], {}, [(0, "shape"), ("epsilon", "float")], caller=_lay_with(x))
    c += [lay(N + 'LayerNorm"', "4", inputs=x)]
    c += mutate(N + 'BatchNorm2D"', ["2"], {}, [(0, "int"), ("momentum", "float"), ("epsilon", "float")], caller=_lay_with(img))
    c += [lay(N + 'BatchNorm2D"', "2", inputs=x), lay(N + 'BatchNorm2D"', "2", data_format='"XYZ"', inputs=img),
          lay(N + 'BatchNorm1D"', "3", inputs=img)]
    c += mutate(N + 'Dropout"', ["0.5"], {}, [(0, "float")], caller=_lay_with(x)) + [lay(N + 'Dropout"', "1.5", inputs=x)]
    c += mutate(N + 'GroupNorm"', ["2", "2"], {}, [(0, "int")], caller=_lay_with(img)) + [lay(N + 'GroupNorm"', "3", "2", inputs=img)]
    c += mutate(N + 'InstanceNorm2D"', ["2"], {}, [(0, "int")], caller=_lay_with(img))
    rin = 'T("float32", (2, 3, 4))'
    for name in ("LSTM", "GRU", "SimpleRNN"):
        c += mutate(N + name + '"', ["4", "5"], {}, [(0, "int"), (1, "int"), ("num_layers", "int")], caller=_lay_with(rin))
        c += [lay(N + name + '"', "4", "5", direction='"foo"', inputs=rin), lay(N + name + '"', "4", "5", inputs='T("float32", (2, 3, 6))'),
              lay(N + name + '"', "4", "5", dropout='"a"', inputs=rin)]
    mha_in = 'T("float32", (2, 3, 8))'
    c += mutate(N + 'MultiHeadAttention"', ["8", "2"], {}, [(0, "int"), (1, "int"), ("dropout", "float")], caller=_lay_with(mha_in))
    c += [lay(N + 'MultiHeadAttention"', "6", "4", inputs='T("float32", (2, 3, 6))')]
    c += mutate(N + 'TransformerEncoderLayer"', ["8", "2", "16"], {}, [(1, "int"), (2, "int"), ("dropout", "float")],
                caller=_lay_with(mha_in))
    c += [lay(N + 'TransformerEncoderLayer"', "8", "2", "16", activation='"foo"', inputs=mha_in),
          lay(N + 'TransformerEncoderLayer"', "8", "3", "16", inputs=mha_in)]
    for name in ("MaxPool2D", "AvgPool2D", "AdaptiveAvgPool2D"):
        c += mutate(N + name + '"', ["2"], {}, [(0, "int")], caller=_lay_with(img))
    c += mutate(N + 'Flatten"', [], {}, [("start_axis", "axis")], caller=_lay_with(img))
    c += mutate(N + 'Softmax"', [], {}, [("axis", "axis")], caller=_lay_with(x))
    c += mutate(N + 'ReLU"', [], {}, [], caller=_lay_with(x)) + [lay(N + 'ReLU"', inputs=t) for t in BAD_TENSORS[:4]]
    c += mutate(N + 'PReLU"', [], {}, [("num_parameters", "int"), ("init", "float")], caller=_lay_with(img))
    c += [lay(N + 'Upsample"', size="[8, 8]", mode='"foo"', inputs=img), lay(N + 'Upsample"', scale_factor="-1.0", inputs=img)]
    c += mutate(N + 'Pad2D"', ["1"], {}, [(0, "shape")], caller=_lay_with(img))
    c += [lay(N + 'Pad2D"', "1", mode='"foo"', inputs=img)]
    c += mutate(N + 'LeakyReLU"', [], {}, [("negative_slope", "float")], caller=_lay_with(x))
    c += mutate(N + 'Hardtanh"', [], {}, [("min", "float")], caller=_lay_with(x))
    c += mutate(N + 'ELU"', [], {}, [("alpha", "float")], caller=_lay_with(x))
    c += mutate(N + 'Bilinear"', ["3", "3", "4"], {}, [(0, "int"), (2, "int")], caller=_lay_with(x + ", " + x))
    c += mutate(N + 'PixelShuffle"', ["2"], {}, [(0, "int")], caller=_lay_with('T("float32", (1, 4, 2, 2))'))
    c += mutate(N + 'CrossEntropyLoss"', [], {}, [("reduction", "bool"), ("axis", "axis")],
                caller=_lay_with('T("float32", (4, 3)), T("int64", (4,), low=0, high=3)'))
    c += mutate(N + 'MSELoss"', [], {}, [("reduction", "bool")], caller=_lay_with(x + ", " + x))
    c += [lay(N + 'MSELoss"', inputs=x + ', T("float64", (2, 3))'), lay(N + 'L1Loss"', inputs=x + ', T("int64", (2, 3))')]
    # optimizers: only calls that fail in Paddle are kept (a constructed optimizer has no comparable result)
    param = 'T("float32", (2, 3), kind="param")'
    opt_slots = {"SGD": [("learning_rate", "float"), ("weight_decay", "float")],
                 "Adam": [("learning_rate", "float"), ("beta1", "float"), ("beta2", "float"), ("epsilon", "float")],
                 "AdamW": [("learning_rate", "float"), ("beta1", "float"), ("weight_decay", "float")],
                 "Momentum": [("learning_rate", "float"), ("momentum", "float")],
                 "RMSProp": [("learning_rate", "float"), ("rho", "float"), ("epsilon", "float")],
                 "Adagrad": [("learning_rate", "float"), ("epsilon", "float")],
                 "Adamax": [("learning_rate", "float"), ("beta1", "float")],
                 "Adadelta": [("learning_rate", "float"), ("rho", "float")],
                 "Lamb": [("learning_rate", "float"), ("lamb_weight_decay", "float")]}
    for name, slots in opt_slots.items():
        api = f'"paddle.optimizer.{name}"'
        c += mutate(api, [], {"parameters": f"[{param}]"}, slots)
        c += [call(api, parameters="[]"), call(api, parameters='"abc"'), call(api, parameters=f"[{param}]", grad_clip='"x"'),
              call(api, parameters="[1, 2]")]
    for name, base, slots in (("StepDecay", ["0.1", "2"], [(1, "int"), ("gamma", "float")]),
                              ("ExponentialDecay", ["0.1", "0.9"], [(1, "float")]),
                              ("CosineAnnealingDecay", ["0.1", "10"], [(1, "int")]),
                              ("MultiStepDecay", ["0.1", "[2, 4]"], [(1, "shape")]),
                              ("PiecewiseDecay", ["[2]", "[0.1, 0.01]"], [(0, "shape")]),
                              ("LinearWarmup", ["0.1", "5", "0.0", "0.1"], [(1, "int")]),
                              ("ReduceOnPlateau", ["0.1"], [("mode", "bool"), ("factor", "float")])):
        c += mutate(f'"paddle.optimizer.lr.{name}"', base, {}, slots)
    # io
    c += [call('"paddle.io.BatchSampler"', "[1, 2, 3]", batch_size=b) for b in BAD_INT]
    c += [call('"paddle.io.BatchSampler"'), call('"paddle.io.BatchSampler"', "[1, 2]", sampler="[0]", batch_size="1"),
          call('"paddle.io.BatchSampler"', "[1, 2]", batch_size="1", drop_last='"x"'),
          call('"paddle.io.DataLoader"', "None"), call('"paddle.io.DataLoader"', "[1, 2]", batch_size="-1"),
          call('"paddle.io.DataLoader"', "[1, 2]", batch_size='"a"'), call('"paddle.io.DataLoader"', "[1, 2]", num_workers="-1"),
          call('"paddle.io.TensorDataset"', f'[{x}, T("float32", (3, 3))]'), call('"paddle.io.TensorDataset"', "None"),
          call('"paddle.io.random_split"', "[1, 2, 3]", "[1, 1]"), call('"paddle.io.random_split"', "[1, 2, 3]", "[5]"),
          call('"paddle.io.random_split"', "[1, 2, 3]", "[-1, 4]"), call('"paddle.io.random_split"', "[1, 2, 3]", '"a"'),
          call('"paddle.io.RandomSampler"', "[1, 2]", num_samples="-1"), call('"paddle.io.RandomSampler"', "[1, 2]", replacement='"x"'),
          call('"paddle.io.WeightedRandomSampler"', "[0.5, -1.0]", "2"), call('"paddle.io.WeightedRandomSampler"', "[0.5, 0.5]", "-2"),
          call('"paddle.io.Subset"', "[1, 2]", "None"), call('"paddle.io.ComposeDataset"', "[]"), call('"paddle.io.ChainDataset"', "None")]
    # vision transforms (functional), numpy HWC uint8 images
    V = '"paddle.vision.transforms.'
    im = 'A("uint8", (4, 4, 3))'
    c += mutate(V + 'resize"', [im, "2"], {}, [(1, "shape")]) + [call(V + 'resize"', im, "2", interpolation='"foo"'), call(V + 'resize"', "None", "2")]
    c += [call(V + 'to_tensor"', im, data_format='"XYZ"'), call(V + 'to_tensor"', "None"), call(V + 'to_tensor"', '"abc"'),
          call(V + 'normalize"', im, mean='"a"', std="[1, 1, 1]"), call(V + 'normalize"', 'A("float32", (4, 4, 3))', "[0, 0]", "[1, 1]"),
          call(V + 'normalize"', 'A("float32", (4, 4, 3))', "[0, 0, 0]", "[0, 0, 0]"), call(V + 'hflip"', "None"), call(V + 'vflip"', '"a"'),
          call(V + 'crop"', im, "-1", "0", "2", "2"), call(V + 'crop"', im, "0", "0", "9", "9"), call(V + 'crop"', im, '"a"', "0", "2", "2"),
          call(V + 'center_crop"', im, "10"), call(V + 'center_crop"', im, '"a"'), call(V + 'pad"', im, '"a"'), call(V + 'pad"', im, "1", padding_mode='"foo"'),
          call(V + 'pad"', im, "[1, 2, 3]"), call(V + 'rotate"', im, '"a"'), call(V + 'rotate"', im, "30", interpolation='"foo"'),
          call(V + 'adjust_brightness"', im, "-1.0"), call(V + 'adjust_brightness"', im, '"a"'), call(V + 'adjust_contrast"', im, "-1.0"),
          call(V + 'adjust_saturation"', im, '"a"'), call(V + 'adjust_hue"', im, "0.9"), call(V + 'adjust_hue"', im, '"a"'),
          call(V + 'to_grayscale"', im, "2"), call(V + 'to_grayscale"', 'A("uint8", (4, 4))', "3"),
          call(V + 'erase"', im, "0", "0", "2", "2", "None"), call(V + 'affine"', im, "0", "[0, 0]", "-1.0", "0")]
    return c


def _lay_with(inputs):
    def make(api, *args, **kw):
        return lay(api, *args, inputs=inputs, **kw)
    return make


KNOWN_CRASHERS = {'case("paddle.rand", [-1, -1], check="meta")': "crash"}

GROUPS = {"badinput_tensor": tensor_group, "badinput_manip": manip_group, "badinput_create": creation_group,
          "badinput_nn": nn_group, "badinput_layers": layers_group}

HEADER = '''# ruff: noqa: E501 - generated, one call per line
"""Bad-input goldens ({group}): wrong-typed arguments, unsupported/mismatched dtypes, empty inputs, out-of-range
axes/indices/sizes, NaN/inf scalars, each recorded as real Paddle 2.6.2 answers it (value or exception type).
GENERATED by tests/badinput/gen_cases.py (seed {seed}); calls that crash or hang real Paddle are left out
(tests/badinput/crashers.py). Do not edit by hand: regenerate, then record with
.oracle/bin/python -m tools.api_diff.record tests/cases/{group}.py
"""

from tools.api_diff.casefmt import A, T, case, layer  # noqa: F401

P = "paddle."
CASES = [
'''


def _dedupe(exprs):
    seen, out = set(), []
    for e in exprs:
        if e not in seen:
            seen.add(e)
            out.append(e)
    return out


WORKER = r'''
import sys, json, warnings, os
sys.path.insert(0, os.getcwd())
from tools.api_diff import record, common, casefmt
import paddle
exprs = json.load(open(sys.argv[1]))
start = int(sys.argv[2])
prog = open(sys.argv[3], "a", buffering=1)
res = open(sys.argv[4], "a", buffering=1)
ns = {"T": casefmt.T, "A": casefmt.A, "case": casefmt.case, "layer": casefmt.layer, "P": "paddle."}
rec = record.Recorder(paddle, "screen")
for i in range(start, len(exprs)):
    prog.write(f"{i}\n")
    c = eval(exprs[i], ns)
    c.id = f"screen#{i}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = rec.run_case(i, c)
    kind = (e.get("outputs") or {}).get("kind")
    other = json.dumps(e.get("outputs", {})).find('"kind": "other"') >= 0
    res.write(json.dumps({"i": i, "status": e["status"], "other": other,
                          "err": e.get("error_type")}) + "\n")
prog.write("done\n")
'''


def screen(exprs, workdir):
    """Run every expression under the oracle; returns ({i: result}, {i: 'crash'|'hang'})."""
    os.makedirs(workdir, exist_ok=True)
    src = os.path.join(workdir, "exprs.json")
    with open(src, "w") as f:
        json.dump(exprs, f)
    worker = os.path.join(workdir, "worker.py")
    with open(worker, "w") as f:
        f.write(WORKER)
    prog, res = os.path.join(workdir, "progress"), os.path.join(workdir, "results")
    for p in (prog, res):
        if os.path.exists(p):
            os.remove(p)
    bad, start = {}, 0
    while start < len(exprs):
        proc = subprocess.Popen([sys.executable, worker, src, str(start), prog, res], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        last, since = None, time.time()
        while proc.poll() is None:
            time.sleep(0.5)
            lines = open(prog).read().split() if os.path.exists(prog) else []
            cur = lines[-1] if lines else None
            if cur != last:
                last, since = cur, time.time()
            elif cur is not None and cur != "done" and time.time() - since > TIMEOUT_S:
                proc.kill()
                proc.wait()
                bad[int(cur)] = "hang"
                break
        lines = open(prog).read().split()
        if lines and lines[-1] == "done":
            break
        i = int(lines[-1])
        bad.setdefault(i, "crash" if proc.returncode not in (0, None) else "hang")
        print(f"  candidate {i} {bad[i]}: {exprs[i]}", flush=True)
        start = i + 1
    results = {}
    for line in open(res):
        r = json.loads(line)
        results[r["i"]] = r
    return results, bad


def main():
    rng = random.Random(SEED)
    crashers = []
    stats = {}
    for group, fn in GROUPS.items():
        exprs = _dedupe(fn(rng))
        results, bad = screen(exprs, os.path.join("/tmp", "badinput_screen", group))
        for i, e in enumerate(exprs):
            if e in KNOWN_CRASHERS:  # crashes only sometimes (reads uninitialised memory): never keep
                bad.setdefault(i, KNOWN_CRASHERS[e])
        kept = [e for i, e in enumerate(exprs) if i not in bad and i in results and not results[i]["other"]]
        crashers += [(exprs[i], why) for i, why in sorted(bad.items())]
        with open(os.path.join(CASES_DIR, group + ".py"), "w") as f:
            f.write(HEADER.format(group=group, seed=SEED))
            for e in kept:
                f.write(f"    {e},\n")
            f.write("]\n")
        stats[group] = (len(exprs), len(kept), len(bad))
        print(group, stats[group], flush=True)
    with open(os.path.join(HERE, "crashers.py"), "w") as f:
        f.write('# ruff: noqa: E501 - generated\n"""Calls that crash (segfault/abort) or hang real Paddle 2.6.2, found by gen_cases.py: left out of the\n'
                'goldens; tests/badinput/test_crashers.py checks that ours raises a clear error instead."""\n\n')
        f.write("CRASHERS = [\n")
        for e, why in crashers:
            f.write(f"    ({e!r}, {why!r}),\n")
        f.write("]\n")


if __name__ == "__main__":
    main()
