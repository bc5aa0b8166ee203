"""Record tests/ps_data/fixtures/distributed_io/ from REAL Paddle 2.6.2 (run with the oracle):

    .oracle/bin/python -m tests.ps_data.record_distributed_io

paddle.distributed.io: the files save_persistables writes (separate and combined) for fixed parameter values,
and an inference model (save_inference_model) with its output on a fixed input, for
load_inference_model_distributed. Also the errors of the dygraph / missing-directory paths."""

import json
import os
import shutil

from tools.api_diff.common import oracle_stamp

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "distributed_io")


def build(paddle, np):
    """A two-layer program whose parameters are set to fixed values (same on both sides)."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup), paddle.utils.unique_name.guard():
        x = paddle.static.data("dio_x", [-1, 3], "float32")
        hidden = paddle.static.nn.fc(x, 4, activation="relu")
        out = paddle.static.nn.fc(hidden, 2)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    scope = paddle.static.global_scope()
    for var in main.list_vars():
        if var.persistable and var.name.startswith("fc_"):
            shape = [int(d) for d in var.shape]
            values = (np.arange(np.prod(shape), dtype="float32").reshape(shape) - 3.0) / 7.0
            scope.find_var(var.name).get_tensor().set(values, paddle.CPUPlace())
    return main, exe, x, out


def input_batch(np):
    return np.linspace(-1.0, 1.0, 6, dtype="float32").reshape(2, 3)


def main():
    stamp = oracle_stamp()
    import numpy as np
    import paddle
    from paddle.distributed import io as dio

    shutil.rmtree(HERE, ignore_errors=True)
    os.makedirs(HERE)
    golden = dict(stamp)
    try:
        dio.save_persistables(None, os.path.join(HERE, "never"))
    except Exception as e:  # noqa: BLE001
        golden["dygraph_save"] = {"error": type(e).__name__, "message": str(e)}
    paddle.enable_static()
    main_program, exe, x, out = build(paddle, np)
    dio.save_persistables(exe, os.path.join(HERE, "separate"), main_program)
    dio.save_persistables(exe, os.path.join(HERE, "combined"), main_program, filename="params")
    paddle.static.save_inference_model(os.path.join(HERE, "model", "inference"), [x], [out], exe,
                                       program=main_program)
    golden["output"] = exe.run(main_program, feed={"dio_x": input_batch(np)}, fetch_list=[out])[0].tolist()
    golden["separate_files"] = sorted(os.listdir(os.path.join(HERE, "separate")))
    try:
        dio.load_inference_model_distributed(os.path.join(HERE, "nowhere"), exe)
    except Exception as e:  # noqa: BLE001
        golden["missing_dir"] = {"error": type(e).__name__, "message": str(e).replace(HERE, "<fixtures>")}
    program, feeds, fetches = dio.load_inference_model_distributed(
        os.path.join(HERE, "model"), exe, model_filename="inference.pdmodel", params_filename="inference.pdiparams")
    golden["loaded_feeds"] = feeds
    golden["loaded_fetches"] = [v.name for v in fetches]
    golden["loaded_output"] = exe.run(program, feed={"dio_x": input_batch(np)}, fetch_list=fetches)[0].tolist()
    with open(os.path.join(HERE, "golden.json"), "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print("wrote", os.path.relpath(HERE))


if __name__ == "__main__":
    main()
