"""paddle.DataParallel training step against native torch DistributedDataParallel, same ranks and model.

    .venv/bin/python benchmarks/bench_ddp.py [--quick] [--nprocs 2]

Each rank (gloo, CPU, one thread) builds an MLP as a Paddle Layer and the same MLP as a torch Module with
equal weights, then times, interleaved and min-of-N:
  * full step: DataParallel(layer) forward + backward (gradient all-reduce) + paddle SGD step, against
    DDP(module) forward + backward + torch SGD step;
  * wrapper only: DataParallel(layer) forward + backward against DDP over the same layer's torch view
    (what DataParallel adds on top of DDP itself).
  * noise floor: a second, identical DDP over another copy's view, against the first (ideally 1.00x).
Rank 0 prints wall and process-CPU ratios (target for the step: <= 1.05x). On a shared machine the wall
ratios move far more than the noise-floor line shows; compare runs made on a quiet machine.
"""

import os
import sys
import time

QUICK = "--quick" in sys.argv
NPROCS = int(sys.argv[sys.argv.index("--nprocs") + 1]) if "--nprocs" in sys.argv else 2
REPEATS = 5 if QUICK else 25
STEPS = 5 if QUICK else 10
WIDTH, DEPTH, BATCH = 512, 4, 64


def _rank_main(rank, port):
    import torch
    import torch.distributed as torch_dist

    torch.set_num_threads(1)
    os.environ.update(PADDLE_TRAINER_ID=str(rank), PADDLE_TRAINERS_NUM=str(NPROCS), MASTER_ADDR="127.0.0.1",
                      MASTER_PORT=str(port), PADDLE_DISTRI_BACKEND="gloo")
    import warnings

    import paddle
    import paddle.distributed as dist

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dist.init_parallel_env()
    def build_paddle_model():
        paddle.seed(0)
        layers = []
        for _ in range(DEPTH):
            layers += [paddle.nn.Linear(WIDTH, WIDTH), paddle.nn.ReLU()]
        return paddle.nn.Sequential(*layers)

    paddle_model = build_paddle_model()
    # A second copy for DDP over the torch view: two DDPs on the same parameters would both reduce.
    view_model = build_paddle_model()
    torch_model = torch.nn.Sequential(*[m for _ in range(DEPTH)
                                        for m in (torch.nn.Linear(WIDTH, WIDTH), torch.nn.ReLU())])
    with torch.no_grad():
        for index, module in enumerate(torch_model):
            if isinstance(module, torch.nn.Linear):
                source = paddle_model[index]
                module.weight.copy_(source.weight._t.T)  # Paddle's Linear weight is [in, out]
                module.bias.copy_(source.bias._t)
    data = paddle.randn([BATCH, WIDTH])
    torch_data = data._t.clone()

    ddp_model = torch.nn.parallel.DistributedDataParallel(torch_model)
    ddp_optimizer = torch.optim.SGD(ddp_model.parameters(), lr=1e-4)
    view_ddp = torch.nn.parallel.DistributedDataParallel(view_model._torch_module())
    view_optimizer = paddle.optimizer.SGD(learning_rate=1e-4, parameters=view_model.parameters())
    # Noise floor: a second, identical DDP over another copy's view; its ratio to "view" should be 1.00x.
    control_model = build_paddle_model()
    control_ddp = torch.nn.parallel.DistributedDataParallel(control_model._torch_module())
    control_optimizer = paddle.optimizer.SGD(learning_rate=1e-4, parameters=control_model.parameters())

    dp_model = paddle.DataParallel(paddle_model)
    dp_optimizer = paddle.optimizer.SGD(learning_rate=1e-4, parameters=dp_model.parameters())

    def paddle_step():
        loss = dp_model(data).mean()
        loss.backward()
        dp_optimizer.step()
        dp_optimizer.clear_grad()

    def torch_step():
        loss = ddp_model(torch_data).mean()
        loss.backward()
        ddp_optimizer.step()
        ddp_optimizer.zero_grad(set_to_none=False)  # Paddle's clear_grad() zeroes, like this

    def paddle_fwd_bwd():
        dp_model(data).mean().backward()
        dp_optimizer.clear_grad()

    def view_fwd_bwd():
        view_ddp(torch_data).mean().backward()
        view_optimizer.clear_grad()

    def control_fwd_bwd():
        control_ddp(torch_data).mean().backward()
        control_optimizer.clear_grad()

    def timed(fn):
        torch_dist.barrier()
        started, cpu_started = time.perf_counter(), time.process_time()
        for _ in range(STEPS):
            fn()
        return (time.perf_counter() - started) / STEPS, (time.process_time() - cpu_started) / STEPS

    for fn in (paddle_step, torch_step, paddle_fwd_bwd, view_fwd_bwd, control_fwd_bwd):
        fn()  # warm up buckets
    runs = [("paddle", paddle_step), ("torch", torch_step), ("wrapper", paddle_fwd_bwd), ("view", view_fwd_bwd),
            ("control", control_fwd_bwd)]
    times = {name: [] for name, _ in runs}
    for repeat in range(REPEATS):
        # rotate the order each repeat so that no variant always follows the same one
        for name, fn in runs[repeat % len(runs):] + runs[:repeat % len(runs)]:
            times[name].append(timed(fn))
    if rank == 0:
        print(f"ranks {NPROCS}, MLP {DEPTH}x{WIDTH}, batch {BATCH}/rank, gloo CPU, 1 thread; min of {REPEATS}")
        for kind, index in (("wall", 0), ("CPU time of rank 0's process", 1)):
            best = {name: min(value[index] for value in values) for name, values in times.items()}
            step_ratio = best["paddle"] / best["torch"]
            print(f"[{kind}]")
            print(f"  full step: DataParallel {best['paddle'] * 1e3:8.3f} ms   DDP {best['torch'] * 1e3:8.3f} ms   "
                  f"ratio {step_ratio:5.3f}x (target <= 1.05x){'  OK' if step_ratio <= 1.05 else '  OVER TARGET'}")
            print(f"  fwd+bwd:   DataParallel {best['wrapper'] * 1e3:8.3f} ms   DDP on the Layer's torch view "
                  f"{best['view'] * 1e3:8.3f} ms   ratio {best['wrapper'] / best['view']:5.3f}x")
            print(f"  noise floor: identical DDP copy {best['control'] * 1e3:8.3f} ms   ratio to DDP on the view "
                  f"{best['control'] / best['view']:5.3f}x")
    dist.destroy_process_group()


def main():
    import torch.multiprocessing as torch_mp

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from paddle_compat.distributed.spawn import _free_ports

    port = _free_ports(1)[0]
    torch_mp.start_processes(_rank_main, args=(port,), nprocs=NPROCS, start_method="spawn")


if __name__ == "__main__":
    main()
