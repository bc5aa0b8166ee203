"""Two gloo ranks on this machine (subprocesses with Paddle's launcher environment, time-bounded): the
tensor-parallel layers equal the dense computation (forward and gradients within 1e-6 of the largest
magnitude; Paddle's own kernels
for them are CUDA-only, so the reference is the dense torch computation), and fleet data parallel equals one
process on the whole batch."""

import json
import os
import socket
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WORKER = os.path.join(HERE, "scripts", "mp_worker.py")


def _free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def _run_two_ranks(mode, tmp_path, timeout=90):
    endpoints = [f"127.0.0.1:{port}" for port in _free_ports(2)]
    processes = []
    for rank in range(2):
        env = dict(os.environ, PADDLE_TRAINER_ID=str(rank), PADDLE_TRAINERS_NUM="2",
                   PADDLE_TRAINER_ENDPOINTS=",".join(endpoints), PADDLE_CURRENT_ENDPOINT=endpoints[rank],
                   OMP_NUM_THREADS="1", PYTHONPATH=ROOT)
        for name in ("MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "PADDLE_MASTER", "FLAGS_nccl_nrings"):
            env.pop(name, None)
        processes.append(subprocess.Popen([sys.executable, WORKER, mode, str(tmp_path)], env=env, cwd=ROOT,
                                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
    outputs = []
    try:
        for process in processes:
            outputs.append(process.communicate(timeout=timeout)[0])
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
    for process, output in zip(processes, outputs):
        assert process.returncode == 0, output[-3000:]
    results = []
    for rank in range(2):
        with open(os.path.join(str(tmp_path), f"rank{rank}.json")) as f:
            results.append(json.load(f))
    return results


def test_tensor_parallel_layers_equal_dense_on_two_ranks(tmp_path):
    results = _run_two_ranks("mp", tmp_path)
    for rank, result in enumerate(results):
        assert result["rank"] == rank and result["worker_num"] == 2
        assert result["parallel_mode"] == 1  # TENSOR_PARALLEL
        assert result["mp"] == [rank, 2] and result["dp"] == [0, 1]
        # Paddle's shard shapes: ColumnParallelLinear(4, 6) on 2 ranks holds [4, 3]; RowParallelLinear(6, 4)
        # holds [3, 4] with the full bias; VocabParallelEmbedding(10, 4) holds [5, 4]
        assert result["shapes"] == {"column_weight": [4, 3], "column_bias": [3], "row_weight": [3, 4],
                                    "row_bias": [4], "column_is_distributed": True, "column_split_axis": 1,
                                    "row_split_axis": 0, "embedding_weight": [5, 4], "cross_entropy_loss": [4, 1]}
        for name, diff in result["diffs"].items():
            assert diff <= 1e-6, (rank, name, diff)  # relative to the largest reference magnitude
        assert result["wrappers"] == ["TensorParallel", "HybridParallelOptimizer"]
    # TensorParallel made the replicated bias equal at wrap time; after it was set to the rank number, the
    # optimizer's mp sync_param broadcast rank 0's updated bias (0 - 0.1 * 5 rows) to both ranks
    assert all(result["replicated_bias_equal_after_wrap"] for result in results)
    assert results[0]["row_bias_after_step"] == results[1]["row_bias_after_step"] == [-0.5] * 4


def test_fleet_data_parallel_equals_one_process_on_two_ranks(tmp_path):
    results = _run_two_ranks("dp", tmp_path)
    for rank, result in enumerate(results):
        assert result["parallel_mode"] == 0  # DATA_PARALLEL
        assert result["dp"] == [rank, 2]
        assert result["wrappers"] == ["DataParallel", "HybridParallelOptimizer"]
        for name, diff in result["diffs"].items():
            assert diff <= 1e-6, (rank, name, diff)
