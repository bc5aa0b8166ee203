"""Peak memory per rank of sharding stage 2 (group_sharded_parallel level 'os_g') and stage 3 ('p_g_os') against
plain data parallel (paddle.DataParallel, on torch DDP), 2 gloo ranks on this machine, an MLP of 10.3M float32
parameters (7 Linear layers, 1000-1250-...-1250-1000), Adam, batch 8 per rank, 3 steps.

How memory is measured: each rank runs with MALLOC_MMAP_THRESHOLD_=65536, so every tensor of more than 64 KiB is
its own mmap, returned to the system when freed, and the resident set follows the live tensors. After imports
and process-group set-up a rank resets its peak resident set (writes 5 to /proc/self/clear_refs) and notes its
current resident set; the figure is the peak (VmHWM) reached while building the model and training, minus that
baseline. A second figure adds up the bytes of the parameters, gradients and optimizer state a rank holds
right after its last backward (before the step), for reference. Target: stage 2 <= 0.6x data parallel.

    .venv/bin/python benchmarks/bench_sharding.py
"""

import json
import os
import socket
import subprocess
import sys
import tempfile

MODES = ("dp", "os_g", "p_g_os")


def _status_kib(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(field)


def _worker(mode, out_dir):
    import numpy as np
    import paddle

    paddle.distributed.init_parallel_env()
    rank = paddle.distributed.get_rank()
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    baseline = _status_kib("VmRSS")

    class MLP(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            widths = [1000] + [1250] * 6 + [1000]
            self.layers = paddle.nn.LayerList(
                [paddle.nn.Linear(a, b) for a, b in zip(widths[:-1], widths[1:])])

        def forward(self, x):
            for layer in self.layers[:-1]:
                x = paddle.tanh(layer(x))
            return self.layers[-1](x)

    net = MLP()
    optimizer = paddle.optimizer.Adam(learning_rate=1e-4, parameters=net.parameters())
    if mode == "dp":
        model = paddle.DataParallel(net)
    else:
        from paddle.distributed.sharding import group_sharded_parallel

        model, optimizer, _ = group_sharded_parallel(net, optimizer, mode)
    x = paddle.to_tensor(np.random.RandomState(rank).rand(8, 1000).astype("float32"))
    held = 0
    for step in range(3):
        loss = model(x).square().mean()
        loss.backward()
        if step == 2:
            tensors = {id(p._t): p._t for p in optimizer._parameter_list}
            tensors.update({id(p._t): p._t for p in net.parameters()})
            grads = [t.grad for t in tensors.values() if t.grad is not None]
            states = [acc._t for accs in optimizer._accumulators.values() for acc in accs.values()]
            held = sum(t.numel() * t.element_size() for t in list(tensors.values()) + grads + states)
        optimizer.step()
        optimizer.clear_grad()
    result = {"rank": rank, "peak_mib": (_status_kib("VmHWM") - baseline) / 1024, "held_mib": held / 2**20,
              "parameters": sum(p.size for p in net.parameters())}
    with open(os.path.join(out_dir, f"{mode}{rank}.json"), "w") as f:
        json.dump(result, f)


def _free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def _run(mode, out_dir):
    endpoints = [f"127.0.0.1:{port}" for port in _free_ports(2)]
    processes = []
    for rank in range(2):
        env = dict(os.environ, PADDLE_TRAINER_ID=str(rank), PADDLE_TRAINERS_NUM="2", PADDLE_COMPAT="1",
                   PADDLE_TRAINER_ENDPOINTS=",".join(endpoints), PADDLE_CURRENT_ENDPOINT=endpoints[rank],
                   OMP_NUM_THREADS="1", MALLOC_MMAP_THRESHOLD_="65536")
        processes.append(subprocess.Popen([sys.executable, __file__, "--worker", mode, out_dir], env=env))
    for process in processes:
        if process.wait(timeout=300) != 0:
            raise SystemExit(f"{mode}: a rank failed")
    ranks = []
    for rank in range(2):
        with open(os.path.join(out_dir, f"{mode}{rank}.json")) as f:
            ranks.append(json.load(f))
    return ranks


def main():
    with tempfile.TemporaryDirectory() as out_dir:
        results = {mode: _run(mode, out_dir) for mode in MODES}
    print(f"MLP parameters: {results['dp'][0]['parameters']:,}")
    dp_peak = max(r["peak_mib"] for r in results["dp"])
    dp_held = max(r["held_mib"] for r in results["dp"])
    for mode in MODES:
        peak = max(r["peak_mib"] for r in results[mode])
        held = max(r["held_mib"] for r in results[mode])
        print(f"{mode:7s} peak RSS increase per rank (max of 2): {peak:7.1f} MiB ({peak / dp_peak:.2f}x dp); "
              f"params+grads+optimizer state held: {held:6.1f} MiB ({held / dp_held:.2f}x dp)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        _worker(sys.argv[2], sys.argv[3])
    else:
        main()
