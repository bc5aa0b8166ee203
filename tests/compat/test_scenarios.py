"""Replay the oracle-recorded scenario goldens of tests/compat (gradient flags, semi-private modules) on ours.
Values compare to 1e-6 relative (float32 results printed through numpy), everything else exactly."""

import json
import math
import warnings

import paddle
import pytest

from tools.api_diff.common import check_stamp

from . import grad_flag_scenarios, module_scenarios
from .record_goldens import golden_path


def _load(module):
    path = golden_path(module.__name__.rsplit(".", 1)[1])
    with open(path) as f:
        golden = json.load(f)
    check_stamp(golden, path)
    return golden["scenarios"]


def _same(got, expected, where="result"):
    if isinstance(expected, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
        assert math.isclose(got, expected, rel_tol=1e-6, abs_tol=1e-7), f"{where}: {got} != {expected}"
    elif isinstance(expected, list) and isinstance(got, list):
        assert len(got) == len(expected), f"{where}: {got} != {expected}"
        for i, (g, e) in enumerate(zip(got, expected)):
            _same(g, e, f"{where}[{i}]")
    elif isinstance(expected, dict) and isinstance(got, dict):
        assert sorted(got) == sorted(expected), f"{where}: keys {sorted(got)} != {sorted(expected)}"
        for k in expected:
            _same(got[k], expected[k], f"{where}.{k}")
    else:
        assert got == expected, f"{where}: {got!r} != {expected!r}"


def _cases(module):
    golden = _load(module)
    assert set(golden) == set(module.SCENARIOS), "re-record: scenarios changed"
    verifies = getattr(module, "VERIFIES", {})
    return [pytest.param(module.SCENARIOS[name], golden[name], id=name,
                         marks=[pytest.mark.verifies(*verifies[name])] if name in verifies else [])
            for name in sorted(golden)]


# deliberate deviations (recorded in mappings/*.toml): (scenario, key) -> the value ours gives instead
DEVIATIONS = {
    # paddle.fluid is kept for Paddle 2.0-2.4 scripts (mappings/base.toml); Paddle 2.6.2 raises ModuleNotFoundError
    ("base_dygraph_and_framework", "fluid_import"): "ok",
}


@pytest.mark.parametrize("scenario,expected", _cases(grad_flag_scenarios) + _cases(module_scenarios))
def test_scenario(scenario, expected):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = json.loads(json.dumps(scenario(paddle)))
    for (name, key), ours in DEVIATIONS.items():
        if scenario.__name__ == name:
            assert got.pop(key) == ours
            expected = {k: v for k, v in expected.items() if k != key}
    _same(got, expected)


def test_every_c_op_is_compared():
    """Each op paddle._C_ops maps is called by a recorded scenario (its positional order is checked)."""
    import inspect
    import re

    source = inspect.getsource(module_scenarios)
    called = set(re.findall(r"\bops\.(\w+)\(", source))
    legacy = {"relu", "sigmoid", "tanh", "exp", "log", "sqrt", "abs", "assign", "elementwise_sub", "elementwise_div"}
    assert sorted(set(dir(paddle._C_ops)) - called) == []
    # the attribute-less legacy ops (and the elementwise siblings of the recorded ones) forward unchanged
    # the legacy activation ops (nn.BatchNorm's act=) have oracle goldens in tests/cases/ocrdet_fixes.py
    legacy |= {"hard_swish", "swish", "silu", "leaky_relu", "hard_sigmoid", "relu6", "gelu", "elu", "softplus", "mish"}
    assert sorted(set(dir(paddle._legacy_C_ops)) - called - legacy) == []
