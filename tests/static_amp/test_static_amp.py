"""paddle.static.amp against real Paddle 2.6.2 (goldens: tests/goldens/static_amp_programs.json, recorded by
tests/static_amp/record_static_amp.py with the oracle from the scenarios of tests/static_amp/cases.py)."""

import math
import os

import paddle
import pytest

from paddle_compat.framework.program import _name_scope_counts
from tests.static_amp import cases
from tools.api_diff.common import load_golden_json

GOLDEN_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "goldens",
                           "static_amp_programs.json")
GOLDEN = load_golden_json(GOLDEN_PATH)


@pytest.fixture(autouse=True)
def _dynamic_after():
    yield
    paddle.disable_static()


def _close(actual, expected, rtol, atol):
    if math.isnan(expected):
        return math.isnan(actual)
    return abs(actual - expected) <= atol + rtol * abs(expected)


@pytest.fixture(scope="module")
def ours():
    return {}


def _run(ours, name):
    if name not in ours:
        # the oracle ran each case in a fresh process: start the process-wide name-scope counters
        # (/optimizer/, /optimizer_1/...) afresh too
        _name_scope_counts.clear()
        ours[name] = cases.run_case(paddle, name)
    return ours[name]


# ops the AMP decorator appends itself (their slots and names do not depend on how the model's ops are recorded)
_AMP_OPS = {"check_finite_and_unscale", "update_loss_scaling", "reduce_any", "memcpy", "sgd", "momentum", "adam",
            "adamw"}


def _amp_part(record):
    ops = record["main_ops"]
    names = [op for op in ops if op["type"] in _AMP_OPS or (op["type"] == "concat" and op["op_role"] == 2)
             or op["op_role"] == 256]
    casts = sorted((op["in_dtype"], op["out_dtype"], op["op_role"]) for op in ops if op["type"] == "cast")
    return names, casts


def _verified(name):
    """The spec APIs a case exercises (report: tests/static_amp goldens)."""
    spec = cases.CASES[name]
    apis = ["paddle.static.amp.bf16"] if "bf16" in spec else ["paddle.static.amp.decorate",
                                                              "paddle.static.amp.cast_model_to_fp16"]
    if spec.get("amp_init") and "bf16" not in spec:
        apis.append("paddle.static.amp.cast_parameters_to_fp16")
    if spec.get("guard") == "fp16":
        apis.append("paddle.static.amp.fp16_guard")
    if "lists" in spec:
        apis += ["paddle.static.amp.AutoMixedPrecisionLists", "paddle.static.amp.CustomOpLists"]
    if spec.get("stats"):
        apis.append("paddle.static.amp.debugging")
    return pytest.param(name, marks=pytest.mark.verifies(*apis))


@pytest.mark.parametrize("name", [_verified(n) for n in sorted(cases.CASES)])
def test_program_structure(ours, name):
    got, want = _run(ours, name), GOLDEN["cases"][name]
    assert got["class"] == want["class"]
    assert [op["type"] for op in got["main_ops"]] == [op["type"] for op in want["main_ops"]]
    assert got["startup_ops"] == want["startup_ops"]
    assert got["persistables"] == want["persistables"]
    assert got["loss_scaling_name"] == want["loss_scaling_name"]
    assert got["scaled_loss_name"] == want["scaled_loss_name"]
    assert got.get("operator_stats") == want.get("operator_stats")
    assert got.get("main_text") == want.get("main_text")
    assert got.get("params_grads") == want.get("params_grads")
    assert _amp_part(got) == _amp_part(want)
    if cases.CASES[name]["model"] == "mlp":
        assert got["main_ops"] == want["main_ops"]
        assert got["var_dtypes"] == want["var_dtypes"]
    else:
        # the static engine records conv2d/batch_norm/flatten with its own slot and variable names
        # (batch_norm_0.tmp_k are other outputs there): compare every other variable both programs name alike
        common = {n for n in set(got["var_dtypes"]) & set(want["var_dtypes"]) if not n.startswith("batch_norm_0.tmp")}
        assert {n: got["var_dtypes"][n] for n in common} == {n: want["var_dtypes"][n] for n in common}
        assert len(common) >= len(want["var_dtypes"]) // 2


@pytest.mark.parametrize("name", [_verified(n) for n, s in sorted(cases.CASES.items()) if s.get("run", True)])
def test_training_steps(ours, name):
    got, want = _run(ours, name), GOLDEN["cases"][name]
    assert got["param_dtypes_after_init"] == want["param_dtypes_after_init"]
    rtol, atol = (2e-2, 2e-3) if "bf16" in name else (1e-5, 1e-6)
    for step, (a, e) in enumerate(zip(got["losses"], want["losses"])):
        assert _close(a, e, rtol, atol), (step, got["losses"], want["losses"])
    assert got["states"] == want["states"]
    assert got.get("fetched_extra") == want.get("fetched_extra")
    for pname, e in want["param_sums"].items():
        assert _close(got["param_sums"][pname], e, rtol * 10, atol * 10), (pname, got["param_sums"][pname], e)


@pytest.mark.verifies("paddle.static.amp.AutoMixedPrecisionLists", "paddle.static.amp.CustomOpLists",
                      "paddle.static.amp.bf16")
def test_list_facts():
    assert cases.list_facts(paddle) == GOLDEN["list_facts"]


@pytest.mark.verifies("paddle.static.amp.decorate", "paddle.static.amp.AutoMixedPrecisionLists",
                      "paddle.static.amp.CustomOpLists", "paddle.static.amp.bf16")
def test_bad_inputs():
    assert cases.bad_inputs(paddle) == GOLDEN["bad_inputs"]
