"""Goldens come from real Paddle 2.6.2 only (issue 14): every golden JSON carries the oracle's commit stamp,
replay refuses a golden without it, and every recorder run under paddle-compat exits non-zero writing nothing."""

import glob
import json
import os
import subprocess
import sys

import pytest

from tools.api_diff import common, replay

ROOT = common.ROOT
# Files that hold data recorded from Paddle in JSON (case goldens, suite goldens, fixtures); not derived
# files such as doc-example results of OUR package or the xfail list computed from them.
NOT_GOLDENS = {"doc_examples_results.json", "doc_examples_xfail.json"}


def _golden_jsons():
    paths = glob.glob(os.path.join(ROOT, "tests", "goldens", "*.json"))
    paths += glob.glob(os.path.join(ROOT, "tests", "*", "fixtures", "*.json"))
    paths += [os.path.join(ROOT, "tests", "tensor_a", "paddle_api_a.json"),
              os.path.join(ROOT, "tests", "tensor_b", "paddle_signatures.json")]
    return sorted(p for p in paths if os.path.basename(p) not in NOT_GOLDENS)


@pytest.mark.parametrize("path", [os.path.relpath(p, ROOT) for p in _golden_jsons()])
def test_golden_carries_real_paddles_commit(path):
    with open(os.path.join(ROOT, path)) as f:
        golden = json.load(f)
    assert isinstance(golden, dict) and golden.get("paddle_commit") == common.ORACLE_COMMIT, (
        f"{path} lacks real Paddle 2.6.2's commit stamp: record it with the oracle (docs/conformance.md)")
    assert golden.get("paddle_version") == common.ORACLE_VERSION


def test_spec_carries_real_paddles_commit():
    with open(os.path.join(ROOT, "mappings", "spec", "paddle-2.6.2.json")) as f:
        assert json.load(f).get("paddle_commit") == common.ORACLE_COMMIT


def test_check_stamp_rejects_an_unstamped_golden(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"paddle_version": "2.6.2", "cases": {}}))
    with pytest.raises(ValueError, match="commit stamp"):
        common.load_golden_json(str(path))


def test_replay_fails_a_case_whose_golden_is_unstamped(tmp_path):
    group = "fft"
    with open(os.path.join(common.GOLDENS_DIR, group + ".json")) as f:
        golden = json.load(f)
    golden.pop("paddle_commit")
    (tmp_path / (group + ".json")).write_text(json.dumps(golden))
    case = common.load_cases(os.path.join(common.CASES_DIR, group + ".py"))[0]
    with pytest.raises(replay.CaseFailure, match="commit stamp"):
        replay._check_case(group, case, str(tmp_path), None)


RECORDERS = ["tools.api_diff.record_distribution", "tools.api_diff.record_model_keys", "tools.api_diff.misc_scenarios",
             "tools.api_diff.record_optim", "tools.api_diff.record_hapi", "tools.api_diff.record_data",
             "tools.api_diff.spec"]


# what the recorders above write (the case recorder is pointed at tmp_path)
RECORDER_OUTPUTS = ["distribution.json", "vision_model_keys.json", "misc_scenarios.json", "optim_traj.json",
                    "optim_traj.npz", "optim_lr.json", "optim_api.json", "optim_resume.npz", "hapi.json",
                    "hapi_lenet_init.pdparams", "data_api.json", "data_api.npz", "data_transforms.json",
                    "data_transforms.npz", "data_io.json", "fft.json", "fft.npz"]


def _outputs_mtimes():
    files = [os.path.join(ROOT, "tests", "goldens", n) for n in RECORDER_OUTPUTS]
    files.append(os.path.join(ROOT, "mappings", "spec", "paddle-2.6.2.json"))
    return {f: os.stat(f).st_mtime_ns for f in files if os.path.exists(f)}


@pytest.mark.parametrize("module", ["tools.api_diff.record"] + RECORDERS)
def test_recorders_refuse_to_run_under_paddle_compat(module, tmp_path):
    before = _outputs_mtimes()
    args = [sys.executable, "-m", module]
    if module == "tools.api_diff.record":
        args += ["--out", str(tmp_path), os.path.join(common.CASES_DIR, "fft.py")]
    elif module == "tools.api_diff.spec":
        args += ["--out", str(tmp_path / "spec.json")]
    env = dict(os.environ, PADDLE_COMPAT="1", PYTHONPATH=ROOT)
    proc = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0
    assert "refusing to record goldens" in proc.stderr
    assert list(tmp_path.iterdir()) == []
    assert _outputs_mtimes() == before
