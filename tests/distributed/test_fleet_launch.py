"""``python -m paddle.distributed.fleet.launch`` (Paddle's legacy launcher) and its launch_utils/cloud_utils
helpers, against what real Paddle 2.6.2 gave for the same runs (fleet_launch_fixtures/golden.json, recorded by
fleet_launch_fixtures/record_golden.py with the oracle). Launches use 2 gloo ranks on CPU."""

import json
import os
import sys

import pytest

from tests.distributed.fleet_launch_fixtures import cases

GOLDEN_PATH = os.path.join(cases.HERE, "golden.json")


@pytest.fixture(scope="module")
def golden():
    from tools.api_diff.common import check_stamp

    with open(GOLDEN_PATH) as f:
        recorded = json.load(f)
    check_stamp(recorded, GOLDEN_PATH)
    return recorded


def test_allreduce_run_matches_paddle(tmp_path, golden):
    summary, seconds, done = cases.allreduce_run(sys.executable, str(tmp_path), compat=True)
    assert summary["returncode"] == 0, done.stdout[-3000:] + done.stderr[-3000:]
    expected = golden["allreduce_run"]
    # each rank's all_reduce result, script arguments and every environment variable the launcher added
    assert summary["ranks"] == expected["ranks"]
    for key in ("log_files", "endpoints_log", "envs_table", "proc_lines", "rank0_output_echoed", "workerlog_lines"):
        assert summary[key] == expected[key], key
    assert seconds < 30


def test_new_launcher_hands_unknown_options_to_the_legacy_one(tmp_path, golden):
    summary, seconds, done = cases.handover_run(sys.executable, str(tmp_path), compat=True)
    assert summary["returncode"] == 0, done.stdout[-3000:] + done.stderr[-3000:]
    expected = golden["handover_run"]
    for key in ("ranks", "log_files", "compatible_mode_lines", "workerlog_lines"):
        assert summary[key] == expected[key], key


def test_failing_rank_stops_the_job(tmp_path, golden):
    summary, seconds, done = cases.failing_run(sys.executable, str(tmp_path), compat=True)
    assert summary == golden["failing_run"], done.stdout[-3000:] + done.stderr[-3000:]
    # the survivor (rank 0) would wait forever: the job ends because rank 1 failed, with rank 1's log tail shown
    assert seconds < 30
    assert "RuntimeError: rank 1 fails on purpose" in done.stdout


@pytest.mark.parametrize("label, script", [("helpers_run", "env_only_worker.py"),
                                           ("helpers_failing_run", "failing_worker.py")])
def test_start_and_watch_local_trainers_match_paddle(tmp_path, golden, label, script):
    summary, seconds, done = cases.helpers_run(sys.executable, str(tmp_path), script, compat=True)
    assert summary == golden[label], done.stdout[-3000:] + done.stderr[-3000:]
    assert seconds < 30


def test_start_local_trainers_gpu_environment_matches_paddle(tmp_path, golden):
    """A cluster of 2 trainers x 2 gpus: FLAGS_selected_gpus, PADDLE_LOCAL/WORLD_DEVICE_IDS (the script started
    only records its environment, so no GPU is needed)."""
    summary, seconds, done = cases.helpers_run(sys.executable, str(tmp_path), "env_only_worker.py", compat=True,
                                               layout="gpu")
    assert summary == golden["helpers_gpu_layout_run"], done.stdout[-3000:] + done.stderr[-3000:]


def test_helpers_match_paddle(golden):
    results = json.loads(json.dumps(cases.helper_results()))
    expected = golden["helpers"]
    assert sorted(results) == sorted(expected)
    for key in expected:
        assert results[key] == expected[key], key


@pytest.mark.parametrize("options, named", [
    (["--server_num", "1", "--worker_num", "2"], "--server_num"),
    (["--servers", "127.0.0.1:6170"], "--servers"),
    (["--workers", "127.0.0.1:6171,127.0.0.1:6172"], "--workers"),
    (["--run_mode", "ps"], "--run_mode ps"),
    (["--heter_worker_num", "1"], "--heter_worker_num"),
    (["--elastic_server", "127.0.0.1:2379", "--job_id", "j", "--np", "2"], "--elastic_server"),
])
def test_parameter_server_options_raise(monkeypatch, options, named):
    import paddle.distributed.fleet.launch as launch

    monkeypatch.setattr(sys, "argv", ["launch.py", *options, "train.py"])
    monkeypatch.delenv("PADDLE_DISTRI_BACKEND", raising=False)
    with pytest.raises(NotImplementedError, match=named):
        launch.launch()


def test_gpus_without_cuda_is_refused(monkeypatch):
    import paddle.distributed.fleet.launch as launch
    import torch

    if torch.cuda.is_available():
        pytest.skip("CUDA present: --gpus selects devices")
    monkeypatch.setattr(sys, "argv", ["launch.py", "--gpus", "0,1", "train.py"])
    monkeypatch.delenv("PADDLE_DISTRI_BACKEND", raising=False)
    with pytest.raises(RuntimeError, match="--gpus 0,1"):
        launch.launch()


def test_public_names_and_launch_importable():
    from paddle.distributed.fleet import cloud_utils, launch_utils
    from paddle.distributed.fleet.launch import launch

    assert callable(launch)
    for name in ("find_free_ports", "get_host_name_ip", "get_cluster", "Cluster", "Pod", "Trainer", "JobServer",
                 "get_logger", "terminate_local_procs", "start_local_trainers", "watch_local_trainers",
                 "add_arguments", "get_gpus", "DeviceMode", "DistributeMode", "pretty_print_envs"):
        assert hasattr(launch_utils, name), name
    for name in ("get_cloud_cluster", "use_paddlecloud", "get_trainers_num"):
        assert hasattr(cloud_utils, name), name
