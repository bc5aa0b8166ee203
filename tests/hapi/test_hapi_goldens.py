"""hapi against real Paddle's recorded behaviour (tools/api_diff/record_hapi.py): summary and flops text,
per-step training losses from the same initial weights, and fit/evaluate/predict output and hook order."""

import json
import os
import re
import subprocess
import sys

import numpy as np
import paddle
import pytest

from tests.hapi import scenarios as S
from tools.api_diff.common import load_golden_json

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = load_golden_json(os.path.join(HERE, "..", "goldens", "hapi.json"))
MODELS = [m[0] for m in S.SUMMARY_MODELS]
_NUMBER = re.compile(r"-?\d+\.\d{4}")


@pytest.mark.verifies("paddle.summary")
@pytest.mark.parametrize("name", MODELS)
def test_summary_table_is_paddles(name):
    kwargs, size = {m[0]: m[1:] for m in S.SUMMARY_MODELS}[name]
    info, text = S.capture(paddle.summary, S.build_model(paddle, name, kwargs), size)
    assert text == GOLDEN["summary"][name]["text"]
    assert {k: int(v) for k, v in info.items()} == GOLDEN["summary"][name]["info"]


@pytest.mark.verifies("paddle.flops")
@pytest.mark.parametrize("name", MODELS)
def test_flops_table_is_paddles(name):
    kwargs, size = {m[0]: m[1:] for m in S.SUMMARY_MODELS}[name]
    total, text = S.capture(paddle.flops, S.build_model(paddle, name, kwargs), list(size), print_detail=True)
    assert text == GOLDEN["flops"][name]["text"]
    assert total == GOLDEN["flops"][name]["total"]


@pytest.mark.verifies("paddle.Model", "paddle.Model.__init__", "paddle.Model.prepare", "paddle.Model.train_batch")
def test_training_losses_follow_paddles_from_the_same_weights():
    init = paddle.load(os.path.join(HERE, "..", "goldens", "hapi_lenet_init.pdparams"))
    losses = S.train_losses(paddle, S.lenet_model(paddle, init), steps=20)
    np.testing.assert_allclose(losses, GOLDEN["train_losses"], rtol=0, atol=1e-4)


@pytest.fixture(scope="module")
def fit_run():
    proc = subprocess.run([sys.executable, os.path.join(HERE, "run_fit_scenario.py")], capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _layout(text):
    """verbose=1 redraws with as many backspaces and pad spaces as the previous line's width, which includes
    the timing text: those counts are timing, the rest is layout."""
    return re.sub(r" +(\n|$)", r"\1", re.sub("\x08+", "\\b", _NUMBER.sub("<n>", text)))


def _numbers(text):
    return [float(x) for x in _NUMBER.findall(text)]


def _run_param(key):
    method = key.split("_", 1)[0]
    return pytest.param(key, marks=pytest.mark.verifies(f"paddle.Model.{method}", "paddle.callbacks.ProgBarLogger"))


@pytest.mark.parametrize("key", [_run_param(k) for k in ("fit_verbose1", "fit_verbose2", "evaluate_verbose1",
                                                         "evaluate_verbose2", "predict_verbose1", "predict_verbose2")])
def test_progress_output_is_paddles(fit_run, key):
    ours, gold = fit_run[key]["text"], GOLDEN[key]["text"]
    # Layout must be byte-identical; printed 4-decimal values may differ in the last digit (float32 training).
    assert _layout(ours) == _layout(gold)
    np.testing.assert_allclose(_numbers(ours), _numbers(gold), rtol=0, atol=2e-4)


@pytest.mark.verifies("paddle.Model.fit", "paddle.callbacks.Callback")
@pytest.mark.parametrize("key", ["fit_verbose1", "fit_verbose2"])
def test_callback_hooks_and_logs_are_paddles(fit_run, key):
    assert fit_run[key]["events"] == GOLDEN[key]["events"]


@pytest.mark.verifies("paddle.Model.evaluate", "paddle.Model.predict")
@pytest.mark.parametrize("verbose", [1, 2])
def test_evaluate_and_predict_results(fit_run, verbose):
    ours, gold = fit_run[f"evaluate_verbose{verbose}"]["result"], GOLDEN[f"evaluate_verbose{verbose}"]["result"]
    assert sorted(ours) == sorted(gold)
    np.testing.assert_allclose(ours["loss"], gold["loss"], atol=1e-4)
    assert abs(ours["acc"] - gold["acc"]) <= 0.01
    assert fit_run[f"predict_verbose{verbose}"]["shape"] == GOLDEN[f"predict_verbose{verbose}"]["shape"]
