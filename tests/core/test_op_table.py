"""The op table (paddle_compat/_core/op_table.py) against real Paddle 2.6.2's kernels.

tests/goldens/optable_kernels.json was written by ``.oracle/bin/python -m tools.api_diff.probe_op_table``: per
op and input dtype, the result dtype or the exception real Paddle raised. We check (1) the table's accepted
dtype sets and result rules equal what Paddle did, and (2) our public functions, built from the table, give
the same result dtype or the same exception type for every dtype and for the mixed-dtype pairs.
"""

import json
import os

import paddle
import pytest
import torch

from paddle_compat._core import op_table
from tools.api_diff.common import GOLDENS_DIR, check_stamp
from tools.api_diff.probe_op_table import CALL_FORMS, OTHER, make_input

_PATH = os.path.join(GOLDENS_DIR, "optable_kernels.json")
with open(_PATH) as _f:
    GOLDEN = json.load(_f)
check_stamp(GOLDEN, _PATH)
OPS = GOLDEN["ops"]
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
# ops our package does not have, as in Paddle 2.6.2 (probed names that real Paddle lacks are not in the golden)
_TABLE_OPS = sorted(op for op in OPS if op in op_table.OPS)


def _accepted(outcome):
    # EnforceNotMet: the kernel ran and refused the data (integer division by zero): the dtype is registered
    return not outcome.startswith("!") or outcome == "!EnforceNotMet"


@pytest.mark.parametrize("op", _TABLE_OPS)
def test_table_dtypes_equal_paddles(op):
    row = OPS[op]
    want = {d for d in DTYPES if _accepted(row[d])}
    got = {op_table.errors.dtype_name(d) for d in op_table.OPS[op].dtypes}
    assert got == want, f"{op}: table {sorted(got)} != Paddle {sorted(want)}"


@pytest.mark.parametrize("op", _TABLE_OPS)
def test_table_result_rule_equal_paddles(op):
    row = OPS[op]
    for d in DTYPES:
        if row[d].startswith("!"):
            continue
        td = getattr(torch, d)
        assert op_table.errors.dtype_name(op_table.result_dtype(op, td)) == row[d], (op, d)


def _make(d):
    return make_input(paddle, d)


def _ours(fn, *args):
    try:
        r = fn(*args)
    except Exception as e:  # noqa: BLE001 - compared with what Paddle raised
        return e
    return r[0] if isinstance(r, (tuple, list)) else r


def _agree(op, key, want, got):
    if want.startswith("!"):
        kind = want[1:].split(":")[0]
        assert isinstance(got, BaseException), f"{op}({key}): Paddle raised {kind}, ours returned {got.dtype}"
        assert kind in [c.__name__ for c in type(got).__mro__], f"{op}({key}): Paddle {kind}, ours {got!r}"
    else:
        assert not isinstance(got, BaseException), f"{op}({key}): Paddle returned {want}, ours raised {got!r}"
        assert str(got.dtype).replace("paddle.", "") == want, f"{op}({key}): dtype {got.dtype} != Paddle {want}"


@pytest.mark.parametrize("op", sorted(OPS))
def test_our_ops_answer_like_paddle(op):
    row = OPS[op]
    function, extra = CALL_FORMS.get(op, (op, OTHER.get(op, ())))
    fn = getattr(paddle, function)
    for key, want in row.items():
        names = key.split(",")
        if len(names) == 2:
            args = [_make(d) for d in names]
        elif "float32,float64" in row:
            args = [_make(key)] * 2
        else:
            args = [_make(key), *extra]
        _agree(op, key, want, _ours(fn, *args))


def test_probe_refuses_to_run_under_paddle_compat():
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    before = os.stat(_PATH).st_mtime_ns
    env = dict(os.environ, PADDLE_COMPAT="1", PYTHONPATH=root)
    proc = subprocess.run([sys.executable, "-m", "tools.api_diff.probe_op_table"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0
    assert "refusing to record goldens" in proc.stderr
    assert os.stat(_PATH).st_mtime_ns == before


def test_error_builders_carry_paddles_class_and_category():
    # Paddle's C++ categories map to these Python classes (see _core/errors.py); messages start with the token
    from paddle_compat._core import errors

    cases = [
        (errors.kernel_not_registered("relu", torch.int32), RuntimeError, "(NotFound)"),
        (errors.not_tensor("add", "x", 0, [1]), ValueError, "(InvalidArgument)"),
        (errors.arg_type("flip", 2, "list of int", True, at=0), ValueError, "(InvalidArgument)"),
        (errors.dtype_mismatch(torch.float32, torch.float64), ValueError, "(InvalidArgument)"),
        (errors.broadcast_mismatch([2, 3], [4, 5]), ValueError, "(InvalidArgument)"),
        (errors.empty_meta(), RuntimeError, "(PreconditionNotMet)"),
        (errors.axis_out_of_range(5, 2), ValueError, "(InvalidArgument)"),
        (errors.inplace_leaf("x"), ValueError, "(InvalidArgument)"),
        (errors.int_division_by_zero("divide"), errors.EnforceNotMet, "(InvalidArgument)"),
    ]
    for err, cls, token in cases:
        assert type(err) is cls and str(err).startswith(token), err
    assert "`relu`" in str(cases[0][0]) and "int32" in str(cases[0][0])
    assert str(cases[2][0]).endswith("got bool at pos 0")
    assert "retrieve (float64)" in str(cases[3][0]) and "data (float32)" in str(cases[3][0])
    with pytest.raises(ValueError, match="at pos 1"):
        errors.check_int_list("reshape", 2, [2, [3]])
    assert errors.check_int_list("reshape", 2, (2, 3)) == [2, 3]
