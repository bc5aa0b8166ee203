"""paddle.amp.debugging and paddle.static.amp against real Paddle 2.6.2 goldens (tests/amp/fixtures/
amp_goldens.json, recorded by tests/amp/record_goldens.py; printed text captured at the file-descriptor level)."""

import contextlib
import io
import json
import os

import numpy as np
import paddle
import paddle.static.amp as samp
import pytest
import torch
from paddle.amp import debugging as dbg

from tools.api_diff.common import check_stamp

PATH = os.path.join(os.path.dirname(__file__), "fixtures", "amp_goldens.json")
with open(PATH) as _f:
    GOLDEN = json.load(_f)
check_stamp(GOLDEN, PATH)
DBG = GOLDEN["debugging"]
CASES = [
    ("nan_inf_check_all", [1.0, float("inf"), float("nan"), 0.0, -2.0], "float32", "CHECK_ALL"),
    ("nan_inf_check", [1.0, float("inf"), float("nan"), 0.0, -2.0], "float32", "CHECK_NAN_INF"),
    ("nan_inf_abort", [1.0, float("inf"), float("nan"), 0.0, -2.0], "float32", "CHECK_NAN_INF_AND_ABORT"),
    ("clean_check_all", [1.5, 2.0, 0.25, 7.0], "float32", "CHECK_ALL"),
    ("clean_nan_inf", [1.0, 3.0, 0.0, -2.0], "float32", "CHECK_NAN_INF"),
    ("clean_overflow", [1.0, 3.0, 0.0, -2.0], "float32", "CHECK_ALL_FOR_OVERFLOW"),
    ("clean_abort", [1.0, 3.0, 0.0, -2.0], "float32", "CHECK_NAN_INF_AND_ABORT"),
    ("fp64_check_all", [1.0, 3.0, 0.0, -2.0], "float64", "CHECK_ALL"),
    ("fp16_overflow", [30000.0, 90000.0, 0.0, -60000.0], "float16", "CHECK_ALL_FOR_OVERFLOW"),
    ("bf16_check_all", [1.0, 2.0], "bfloat16", "CHECK_ALL"),
    ("nan_only", [1.0, float("nan"), 1.0], "float32", "CHECK_NAN_INF"),
    ("int64", [1, 2], "int64", "CHECK_ALL"),
]


@pytest.mark.parametrize("name,values,dtype,mode", CASES, ids=[c[0] for c in CASES])
@pytest.mark.verifies("paddle.amp.debugging.check_numerics")
def test_check_numerics(name, values, dtype, mode):
    want = DBG[name]
    x = paddle.to_tensor(np.array(values, "float64" if dtype != "int64" else "int64")).astype(dtype)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        try:
            stats, values_out = dbg.check_numerics(x, "op_" + name, "var", dbg.DebugMode[mode])
        except RuntimeError as e:
            assert want.get("error") == "RuntimeError", e
            if name != "int64":  # Paddle's message for a missing kernel ends with its C++ hint
                assert want["message"].startswith(str(e))
            assert printed.getvalue() == want["printed"]
            return
    assert "error" not in want
    assert printed.getvalue() == want["printed"]
    assert stats.numpy().tolist() == want["stats"] and str(stats.dtype) == want["stats_dtype"]
    assert [repr(float(v)) for v in values_out.numpy()] == want["values"]
    assert str(values_out.dtype) == want["values_dtype"]


@pytest.mark.verifies("paddle.amp.debugging.DebugMode", "paddle.amp.debugging.TensorCheckerConfig")
def test_debug_mode_and_checker_config():
    assert {k: v.value for k, v in dbg.DebugMode.__members__.items()} == DBG["DebugMode"]
    torch.seed()  # an unseeded generator: Paddle's recorder ran with one (its initial seed exceeds 2**32)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        cfg = dbg.TensorCheckerConfig(enable=True, debug_mode=dbg.DebugMode.CHECK_NAN_INF, debug_step=[1, 3])
    want = DBG["config"]
    assert printed.getvalue() == want["printed"]
    assert [cfg.seed, cfg.start_step, cfg.end_step] == [want["seed"], want["start_step"], want["end_step"]]
    assert [cfg.update_and_check_step_id() for _ in range(4)] == want["steps"]
    for name, fn in [("bad_debug_step", lambda: dbg.TensorCheckerConfig(enable=False, debug_step=3)),
                     ("bad_checked", lambda: dbg.TensorCheckerConfig(enable=False, checked_op_list="exp"))]:
        with pytest.raises(Exception) as info:
            fn()
        assert [type(info.value).__name__, str(info.value)] == DBG[name]


def test_print_operator_stats_format():
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        dbg._print_operator_stats({"matmul_v2": ["1", "0", "2", "0"], "relu": "0,3,1,0"})
    assert printed.getvalue() == DBG["print_operator_stats"]


def test_operator_stats_and_tensor_checker_run():
    """Our own behaviour (names are torch's): counts per dtype column; the checker aborts on NaN at level 0."""
    a = paddle.rand([2, 2])
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        with dbg.collect_operator_stats():
            paddle.exp(a)
            paddle.exp(a.astype("float64"))
    text = printed.getvalue()
    assert "op count: " in text and "exp" in text
    checker = object.__new__(dbg.TensorCheckerConfig)  # without __init__, which reseeds and prints
    checker.enable, checker.debug_mode, checker.start_step, checker.end_step = True, dbg.DebugMode(0), None, None
    dbg.enable_tensor_checker(checker)
    try:
        with contextlib.redirect_stdout(io.StringIO()), pytest.raises(RuntimeError, match="There are NAN or INF"):
            paddle.log(paddle.to_tensor([-1.0, 1.0]))
    finally:
        dbg.disable_tensor_checker()
    paddle.log(paddle.to_tensor([-1.0, 1.0]))  # off again
    with pytest.raises(NotImplementedError, match="compare_accuracy"):
        dbg.compare_accuracy("a", "b", "c")


STATIC = GOLDEN["static_amp"]


@pytest.mark.verifies("paddle.static.amp.AutoMixedPrecisionLists", "paddle.static.amp.CustomOpLists")
def test_static_amp_lists():
    for key, want in STATIC.items():
        if key.startswith("{"):
            lists = samp.AutoMixedPrecisionLists(**json.loads(key))
            got = {"white": sorted(lists.white_list), "black": sorted(lists.black_list),
                   "gray": sorted(lists.gray_list), "black_varnames": lists.black_varnames,
                   "amp_dtype": lists.amp_dtype}
            assert got == want, key
        elif key.startswith("bf16 "):
            lists = samp.bf16.AutoMixedPrecisionListsBF16(**json.loads(key[5:]))
            got = {"bf16": sorted(lists.bf16_list), "fp32": sorted(lists.fp32_list), "gray": sorted(lists.gray_list),
                   "init": sorted(lists.bf16_initializer_list)}
            assert got == want, key
    with pytest.raises(ValueError) as info:
        samp.AutoMixedPrecisionLists(custom_white_list=["exp"], custom_black_list=["exp"])
    assert [type(info.value).__name__, str(info.value)] == STATIC["overlap"]
    assert (samp.CustomOpLists is samp.AutoMixedPrecisionLists) == STATIC["CustomOpLists_is_alias"]


@pytest.mark.verifies("paddle.static.amp.fp16_guard")
def test_guards_and_uint16():
    values = np.array([[1.0, 3.14159, -2.5e-3], [65504.0, 1e-30, -7.0]], "float32")
    assert samp.bf16.convert_float_to_uint16(values).tolist() == STATIC["uint16"]
    x = paddle.ones([2])
    with samp.fp16_guard():
        y = x * 2
    with samp.bf16.bf16_guard():
        z = x + 1
    assert [y.numpy().tolist(), str(y.dtype), z.numpy().tolist()] == STATIC["guards"]
