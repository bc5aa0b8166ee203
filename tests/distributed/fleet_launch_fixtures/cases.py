"""What the legacy launcher tests compare: the same functions run under the oracle (record_golden.py) and under
paddle-compat (tests/distributed/test_fleet_launch.py). Ports, pids, times and temporary paths are normalised."""

import argparse
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_CLEARED = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT", "PADDLE_TRAINER_ID",
            "PADDLE_TRAINERS_NUM", "PADDLE_MASTER", "PADDLE_TRAINER_ENDPOINTS", "PADDLE_CURRENT_ENDPOINT",
            "PADDLE_TRAINERS", "POD_IP", "TRAINER_PORTS_NUM", "PADDLE_DISTRI_BACKEND", "FLAGS_START_PORT",
            "CUDA_VISIBLE_DEVICES", "PADDLE_WITH_GLOO", "DISTRIBUTED_TRAINER_ENDPOINTS", "PADDLE_PORT")


def launcher_env(compat):
    env = {name: value for name, value in os.environ.items() if name not in _CLEARED}
    env.update(OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1", PADDLE_COMPAT="1" if compat else "0",
               GLOG_v="0", GLOG_minloglevel="1")
    if not compat:  # the oracle's CPU build reports no GPU; keep ours on the CPU path too
        env["CUDA_VISIBLE_DEVICES"] = ""
    return env


def _ports_out(text):
    return re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:<port>", text)


def _envs_table(stdout):
    """The first 'Distributed Envs' table of the launcher's output, ports normalised."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "Distributed Envs" in line) - 1
    end = next(i for i in range(start + 2, len(lines)) if lines[i].strip().startswith("+="))
    return [_ports_out(line) for line in lines[start:end + 1]]


def run_launcher(python, work_dir, script, script_args, options=(), timeout=90, compat=False,
                 module="paddle.distributed.fleet.launch"):
    """Run ``python -m <module>`` (the legacy launcher) in work_dir; returns (summary, seconds, completed)."""
    out_dir = os.path.join(work_dir, "out")
    os.makedirs(out_dir, exist_ok=True)
    env = launcher_env(compat)
    with open(os.path.join(out_dir, "launcher_env.json"), "w") as f:
        json.dump(env, f)
    command = [python, "-m", module, *options, script, *script_args]
    started = time.time()
    done = subprocess.run(command, cwd=work_dir, env=env, capture_output=True, text=True, timeout=timeout)
    seconds = time.time() - started
    log_dir = os.path.join(work_dir, "log")
    summary = {"returncode": done.returncode,
               "log_files": sorted(os.listdir(log_dir)) if os.path.isdir(log_dir) else []}
    return summary, seconds, done


def allreduce_run(python, work_dir, compat=False, module="paddle.distributed.fleet.launch", options=()):
    script = os.path.join(HERE, "allreduce_env_worker.py")
    summary, seconds, done = run_launcher(python, work_dir, script, ["out", "--lr", "0.1"],
                                          options=[*options, "--nproc_per_node", "2"], compat=compat, module=module)
    out_dir = os.path.join(work_dir, "out")
    summary["ranks"] = {}
    for rank in range(2):
        path = os.path.join(out_dir, f"rank{rank}.json")
        if os.path.exists(path):
            with open(path) as f:
                summary["ranks"][str(rank)] = json.load(f)
    with open(os.path.join(work_dir, "log", "endpoints.log")) as f:
        summary["endpoints_log"] = _ports_out(f.read())
    summary["envs_table"] = _envs_table(done.stdout + done.stderr)
    summary["proc_lines"] = sorted(re.sub(r"proc_id:\d+", "proc_id:<pid>", line)
                                   for line in done.stdout.splitlines() if line.startswith("launch proc_id:"))
    summary["rank0_output_echoed"] = "rank 0 all_reduce [3.0, 30.0]" in done.stdout
    summary["workerlog_lines"] = {}
    for rank in range(2):
        with open(os.path.join(work_dir, "log", f"workerlog.{rank}")) as f:
            summary["workerlog_lines"][str(rank)] = [line for line in f.read().splitlines() if
                                                     line.startswith("rank ")]
    return summary, seconds, done


def failing_run(python, work_dir, compat=False):
    script = os.path.join(HERE, "failing_worker.py")
    summary, seconds, done = run_launcher(python, work_dir, script, [], options=["--nproc_per_node", "2"],
                                          compat=compat)
    output = done.stdout + done.stderr
    summary["abort_line"] = next((line[line.index("ABORT"):] for line in output.splitlines() if "ABORT!!!" in line),
                                 None)
    return summary, seconds, done


def helpers_run(python, work_dir, script_name, compat=False, timeout=90, layout="cpu"):
    """The trainers started by launch_utils.start_local_trainers and watched by watch_local_trainers."""
    out_dir = os.path.join(work_dir, "out")
    os.makedirs(out_dir, exist_ok=True)
    env = launcher_env(compat)
    with open(os.path.join(out_dir, "launcher_env.json"), "w") as f:
        json.dump(env, f)
    log_dir = os.path.join(work_dir, "log")
    command = [python, os.path.join(HERE, "helpers_driver.py"), layout, log_dir, os.path.join(HERE, script_name),
               "out"]
    started = time.time()
    done = subprocess.run(command, cwd=work_dir, env=env, capture_output=True, text=True, timeout=timeout)
    seconds = time.time() - started
    trainers = next((json.loads(line[len("TRAINERS "):]) for line in done.stdout.splitlines()
                     if line.startswith("TRAINERS [")), None)
    for trainer in trainers or ():
        trainer["cmd"] = [os.path.basename(part) if part.endswith(".py") else part for part in trainer["cmd"]]
    summary = {"returncode": done.returncode, "trainers": trainers, "finished": "TRAINERS DONE" in done.stdout,
               "log_files": sorted(os.listdir(log_dir)) if os.path.isdir(log_dir) else [],
               "rank0_output_echoed": any(line in done.stdout for line in ("rank 0 all_reduce [3.0, 30.0]",
                                                                          "rank 0 env recorded")),
               "abort_line": next((line[line.index("ABORT"):] for line in (done.stdout + done.stderr).splitlines()
                                   if "ABORT!!!" in line), None),
               "ranks": {}}
    for rank in range(2):
        path = os.path.join(out_dir, f"rank{rank}.json")
        if os.path.exists(path):
            with open(path) as f:
                summary["ranks"][str(rank)] = json.load(f)
    return summary, seconds, done


def parser_defaults():
    """The legacy parser's namespace for ``launch train.py --lr 0.1`` (``gpus`` is CUDA-build only in Paddle)."""
    import paddle.distributed.fleet.launch as launch

    saved = sys.argv
    sys.argv = ["launch.py", "train.py", "--lr", "0.1"]
    try:
        parsed = vars(launch._parse_args())
    finally:
        sys.argv = saved
    parsed.pop("gpus", None)
    return {name: repr(value) for name, value in parsed.items()}


@contextlib.contextmanager
def _environ(**values):
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update({name: value for name, value in values.items() if value is not None})
    for name, value in values.items():
        if value is None:
            os.environ.pop(name, None)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _quiet(function, *args):
    with contextlib.redirect_stdout(io.StringIO()):
        return function(*args)


def _error(function, *args):
    try:
        function(*args)
    except Exception as error:  # noqa: BLE001 - the type and message are what is compared
        return [type(error).__name__, str(error)]
    return None


def helper_results():
    """Deterministic results of launch_utils / cloud_utils / launch helpers."""
    import paddle.distributed.fleet.cloud_utils as cloud_utils
    import paddle.distributed.fleet.launch as launch
    import paddle.distributed.fleet.launch_utils as lu

    results = {}
    results["DeviceMode"] = {name: getattr(lu.DeviceMode, name) for name in
                             ("UNKNOWN", "CPU", "GPU", "KUNLUN", "XPU")}
    results["DistributeMode"] = {name: getattr(lu.DistributeMode, name) for name in ("COLLECTIVE", "PS", "PS_HETER")}

    ips = ["10.0.0.1", "10.0.0.2"]
    endpoints = [[f"{ip}:{port}" for port in (6170, 6171)] for ip in ips]
    for label, mode, devices in (("gpu", lu.DeviceMode.GPU, [[0, 1], [2, 3]]), ("gpu_flat", lu.DeviceMode.GPU, [4, 5]),
                                 ("cpu", lu.DeviceMode.CPU, [0, 1]), ("xpu", lu.DeviceMode.XPU, [0, 1])):
        cluster, pod = lu.get_cluster(ips, "10.0.0.2", endpoints, mode, devices)
        results[f"cluster_{label}"] = {
            "cluster": str(cluster), "pod": str(pod), "trainers_endpoints": cluster.trainers_endpoints(),
            "world_device_ids": cluster.world_device_ids(), "trainers_nranks": cluster.trainers_nranks(),
            "pods_nranks": cluster.pods_nranks(), "pod_rank": pod.rank, "pod_accelerators": pod.accelerators,
            "pod_by_id_none": cluster.get_pod_by_id(7) is None, "eq_self": cluster == cluster,
            "pods_endpoints_error": _error(cluster.pods_endpoints),
        }
    cluster_a, _ = lu.get_cluster(ips, "10.0.0.1", endpoints, lu.DeviceMode.CPU, [0, 1])
    cluster_b, _ = lu.get_cluster(ips, "10.0.0.1", endpoints, lu.DeviceMode.CPU, [0])
    results["cluster_eq"] = [cluster_a == cluster_b, cluster_a != cluster_b]
    results["get_cluster_bad_endpoints"] = _error(lu.get_cluster, ips, "10.0.0.1", tuple(endpoints),
                                                  lu.DeviceMode.CPU, [0])
    results["fresh_objects"] = [str(lu.Pod()), str(lu.Trainer()), str(lu.JobServer()), str(lu.Cluster(None))]
    pod = lu.Pod()
    pod.accelerators = [3, 4]
    results["visible_accelerators"] = pod.get_visible_accelerators()

    results["pretty_default"] = lu.pretty_print_envs({"PADDLE_TRAINER_ID": "0", "A": "1"})
    results["pretty_header_long"] = lu.pretty_print_envs(
        {"PADDLE_TRAINER_ENDPOINTS": ",".join(f"127.0.0.1:{6170 + i}" for i in range(6)), "N": 3},
        ("Distributed Envs", "Value"))
    results["custom_endpoints"] = lu.get_custom_endpoints("10.0.0.1:6170,10.0.0.2:6171", 3)
    with _environ(CUDA_VISIBLE_DEVICES=None):
        results["get_gpus_plain"] = lu.get_gpus("0, 2")
    with _environ(CUDA_VISIBLE_DEVICES="3,5,7"):
        results["get_gpus_relative"] = lu.get_gpus("5,7")
        results["get_gpus_missing"] = _error(lu.get_gpus, "4")
    with _environ(XPU_VISIBLE_DEVICES=None):
        results["get_xpus_plain"] = lu.get_xpus("1,2")
    with _environ(FLAGS_START_PORT="7000"):
        results["get_ports_fixed"] = list(lu.get_ports(3, 2))
    with _environ(FLAGS_START_PORT=None):
        free = lu.get_ports(3, 0)
        results["get_ports_free"] = [type(free).__name__, len(free)]
    free = lu.find_free_ports(4)
    results["find_free_ports"] = [type(free).__name__, len(free)]
    results["check_backend"] = [_error(lu.check_backend, "mpi"), _error(lu.check_backend, "gloo"),
                                _error(lu.check_backend, "auto")]
    results["block_gloo"] = _error(lu.block_windows_and_macos, "gloo")
    results["device_mode_gloo"] = _quiet(lu.get_device_mode, "gloo")
    for label, nproc in (("none", None), ("three", 3)):
        args = argparse.Namespace(backend="gloo", nproc_per_node=nproc, gpus=None)
        results[f"device_proc_info_{label}"] = list(_quiet(lu.get_device_proc_info, args))
    parser = argparse.ArgumentParser()
    lu.add_arguments("use_amp", bool, False, "Whether to use amp.", parser)
    lu.add_arguments("name", str, "Jonh", "User name.", parser)
    parsed = parser.parse_args(["--use_amp", "yes"])
    results["add_arguments"] = [parsed.use_amp, parsed.name, parser._actions[-1].help, parser._actions[-2].help]
    results["run_with_coverage"] = [lu.run_with_coverage(), lu.run_with_coverage(True), lu.run_with_coverage(False)]

    cloud = dict(PADDLE_TRAINERS="10.0.0.1,10.0.0.2", POD_IP="10.0.0.2", PADDLE_TRAINER_ID="1",
                 TRAINER_PORTS_NUM="2", DISTRIBUTED_TRAINER_ENDPOINTS=None, PADDLE_PORT=None, PADDLE_TRAINERS_NUM=None)
    with _environ(**cloud):
        results["use_paddlecloud"] = cloud_utils.use_paddlecloud()
        results["trainers_num_default"] = cloud_utils.get_trainers_num()
        cluster, pod = cloud_utils.get_cloud_cluster("127.0.0.1", lu.DeviceMode.GPU, [0, 1])
        results["cloud_default_port"] = [str(cluster), str(pod)]
        with _environ(PADDLE_PORT="8000"):
            cluster, pod = cloud_utils.get_cloud_cluster("127.0.0.1", lu.DeviceMode.CPU, [0, 1], 6170)
            results["cloud_paddle_port"] = [str(cluster), str(pod)]
        with _environ(DISTRIBUTED_TRAINER_ENDPOINTS="10.0.0.1:1,10.0.0.1:2,10.0.0.2:3,10.0.0.2:4"):
            cluster, pod = cloud_utils.get_cloud_cluster("127.0.0.1", lu.DeviceMode.CPU, [0, 1])
            results["cloud_listed"] = [str(cluster), str(pod)]
    with _environ(PADDLE_TRAINERS_NUM="4", POD_IP=None):
        results["use_paddlecloud_partial"] = cloud_utils.use_paddlecloud()
        results["trainers_num"] = cloud_utils.get_trainers_num()

    args = argparse.Namespace(ips="10.0.0.1,10.0.0.2", host="10.0.0.2")
    with _environ(FLAGS_START_PORT="7100"):
        cluster, pod = launch.get_cluster_from_args(args, lu.DeviceMode.CPU, [0, 1])
    results["cluster_from_args"] = [str(cluster), str(pod)]
    results["cpuonly_check"] = [_error(launch.cpuonly_check, argparse.Namespace(ips="a,b", run_mode=None,
                                                                                servers="")),
                                launch.cpuonly_check(argparse.Namespace(ips="127.0.0.1", run_mode=None, servers=""))]
    with _environ(PADDLE_WITH_GLOO=None):
        envs = launch.get_global_envs(argparse.Namespace(backend="gloo"), "/tmp/x")
    results["global_envs"] = {name: envs[name] for name in
                              ("PADDLE_WITH_GLOO", "PADDLE_GLOO_RENDEZVOUS", "PADDLE_GLOO_FS_PATH",
                               "PADDLE_DISTRI_BACKEND")}
    results["parser_defaults"] = parser_defaults()
    return results


def handover_run(python, work_dir, compat=False):
    """``python -m paddle.distributed.launch`` given an option only the legacy launcher knows: Paddle warns
    'Compatible mode enable with args [...]' and runs the legacy launcher."""
    summary, seconds, done = allreduce_run(python, work_dir, compat=compat, module="paddle.distributed.launch",
                                           options=["--selected_gpus="])
    summary["compatible_mode_lines"] = [line[line.index("Compatible"):] for line in
                                        (done.stdout + done.stderr).splitlines() if "Compatible mode" in line]
    return summary, seconds, done
