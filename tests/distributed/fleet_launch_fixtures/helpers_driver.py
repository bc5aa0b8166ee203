"""Starts 2 CPU trainers with launch_utils' own helpers (get_cluster, start_local_trainers, watch_local_trainers),
as scripts that drive them do: ``python helpers_driver.py cpu|gpu <log dir> <script> [script args]``."""

import json
import os
import sys
import time

from paddle.distributed.fleet import launch_utils


def main():
    layout, log_dir, script, script_args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    ports = sorted(launch_utils.find_free_ports(2))
    endpoints = [[f"127.0.0.1:{port}" for port in ports]]
    # "gpu": two trainers of two gpus each, described only (the script started must not touch a device)
    mode, devices = ((launch_utils.DeviceMode.GPU, [["0", "1"], ["2", "3"]]) if layout == "gpu"
                     else (launch_utils.DeviceMode.CPU, [0, 1]))
    cluster, pod = launch_utils.get_cluster(["127.0.0.1"], "127.0.0.1", endpoints, mode, devices)
    envs = dict(os.environ, PADDLE_DISTRI_BACKEND="gloo")
    procs = launch_utils.start_local_trainers(cluster, pod, script, script_args, log_dir=log_dir, envs=envs)
    described = [{"rank": p.rank, "local_rank": p.local_rank, "cmd": p.cmd[1:], "log": p.log_fn.name[len(log_dir):],
                  "offset": p.log_offset} for p in procs]
    print("TRAINERS " + json.dumps(described), flush=True)
    while launch_utils.watch_local_trainers(procs, cluster.trainers_nranks()):
        time.sleep(0.2)
    print("TRAINERS DONE", flush=True)


if __name__ == "__main__":
    main()
