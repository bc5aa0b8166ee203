"""Record tests/ps_data/fixtures/oracle_goldens.json from REAL Paddle 2.6.2 (run with the oracle):

    .oracle/bin/python -m tests.ps_data.record_goldens

Runs every scenario of tests/ps_data/scenarios.py; the tests run the same scenarios on paddle-compat and
compare. ``dataset_batches`` also records the per-batch slot sums Paddle's ``Executor.train_from_dataset``
prints (read from its standard output), the reference for how our datasets parse MultiSlot text."""

import json
import os
import re
import sys
import tempfile

from tools.api_diff.common import oracle_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "fixtures", "oracle_goldens.json")


def _captured_fd_stdout(call):
    """What ``call`` writes to file descriptor 1 (Paddle's C++ trainer prints there)."""
    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile(mode="w+b") as sink:
        os.dup2(sink.fileno(), 1)
        try:
            call()
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
        sink.seek(0)
        return sink.read().decode()


def dataset_batches(root):
    """Per batch, the sums of the ids and label slots over the batch, as Paddle's trainer computes them."""
    import paddle
    import paddle.distributed as dist

    from tests.ps_data.scenarios import _static_vars, write_slot_files

    paths = write_slot_files(root)
    paddle.enable_static()
    results = {}
    try:
        for name, files, batch_size, pipe in (("ab_batch2", ["a.txt", "b.txt"], 2, "cat"),
                                              ("c_batch3", ["c.txt"], 3, "cat"),
                                              ("abc_batch2_piped", ["a.txt", "b.txt", "c.txt"], 2, "grep -v '^1 '")):
            main, startup = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, startup):
                ids, label = _static_vars("b_")
                ids_sum = paddle.sum(paddle.cast(ids, "float32"))
                label_sum = paddle.sum(label)
                ds = dist.InMemoryDataset()
                ds.init(batch_size=batch_size, thread_num=1, use_var=[ids, label], pipe_command=pipe)
                ds.set_filelist([paths[f] for f in files])
                ds.load_into_memory()
                exe = paddle.static.Executor(paddle.CPUPlace())
                exe.run(startup)
                fetch = [ids_sum, label_sum]
                text = _captured_fd_stdout(lambda exe=exe, main=main, ds=ds, fetch=fetch: exe.train_from_dataset(
                    main, ds, fetch_list=fetch, fetch_info=["ids", "label"], print_period=1))
            rows = []
            for line in text.splitlines():
                found = re.findall(r"(ids|label)\[\d+\]:\[([^\]]*)\]", line)
                if found:
                    rows.append({k: float(v) for k, v in found})
            results[name] = {"files": files, "batch_size": batch_size, "pipe_command": pipe, "batches": rows}
    finally:
        paddle.disable_static()
    return results


def main():
    stamp = oracle_stamp()
    from tests.ps_data.scenarios import SCENARIOS

    golden = dict(stamp)
    with tempfile.TemporaryDirectory() as root:
        for name, scenario in SCENARIOS.items():
            golden[name] = scenario(root)
        golden["dataset_batches"] = dataset_batches(root)
    os.makedirs(os.path.dirname(GOLDEN), exist_ok=True)
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print("wrote", os.path.relpath(GOLDEN))


if __name__ == "__main__":
    main()
