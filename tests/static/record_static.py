"""Record the static-engine goldens with REAL Paddle 2.6.2:  .oracle/bin/python -m tests.static.record_static

Writes tests/goldens/static_engine.json (losses, op type lists, variable names, gradients, inference outputs) and
the inference-model fixture saved by real Paddle (tests/static/fixtures/engine_paddle_mlp.*). When the fixture
saved by paddle-compat (engine_ours_mlp.*, written by `python -m tests.static.make_ours_fixture`) exists, real
Paddle loads and runs it and its outputs are stored too."""

import json
import os

import numpy as np

from tools.api_diff.common import oracle_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    stamp = oracle_stamp()
    import paddle

    from tests.static import static_programs as sp

    paddle.enable_static()
    golden = dict(stamp)
    golden["train"] = {name: sp.train(paddle, name) for name in sp.TRAIN_CASES}
    golden["gradients"] = sp.gradients_record(paddle)
    golden["bad_inputs"] = sp.bad_inputs(paddle)
    golden["reprs"] = sp.reprs(paddle)
    golden["creation"] = sp.creation_and_compare(paddle)
    golden["op_attrs"] = sp.op_attrs(paddle)
    golden["ema"] = sp.ema_record(paddle)
    golden["cnn"] = sp.cnn_record(paddle)
    golden["auc"] = sp.auc_record(paddle)
    golden["weight_norm"] = sp.weight_norm_record(paddle)
    prefix = os.path.join(HERE, "fixtures", "engine_paddle_mlp")
    x, out = sp.inference_model(paddle, prefix)
    feeds, fetches, ops, loaded_out = sp.load_and_run(paddle, prefix, x)
    golden["paddle_inference"] = {"x": x.tolist(), "out": out.tolist(), "feed_names": feeds, "fetch_names": fetches,
                                  "ops": ops, "loaded_out": loaded_out.tolist()}
    ours = os.path.join(HERE, "fixtures", "engine_ours_mlp")
    if os.path.exists(ours + ".pdmodel"):
        feeds, fetches, ops, out = sp.load_and_run(paddle, ours, x)
        golden["ours_inference_in_paddle"] = {"feed_names": feeds, "fetch_names": fetches, "ops": ops,
                                              "out": out.tolist()}
    golden["paddle_checkpoint"] = {
        "saved_out": sp.checkpoint_save(paddle, os.path.join(HERE, "fixtures", "engine_paddle_ckpt")),
        "loaded": sp.checkpoint_load(paddle, os.path.join(HERE, "fixtures", "engine_paddle_ckpt"))}
    os.remove(os.path.join(HERE, "fixtures", "engine_paddle_ckpt.pdmodel"))  # static.load reads only params/opt
    if os.path.exists(os.path.join(HERE, "fixtures", "engine_ours_ckpt.pdparams")):
        golden["ours_checkpoint_in_paddle"] = sp.checkpoint_load(paddle, os.path.join(HERE, "fixtures",
                                                                                      "engine_ours_ckpt"))
    cnn = os.path.join(HERE, "fixtures", "engine_ours_cnn")
    if os.path.exists(cnn + ".pdmodel"):
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            x, saved_out = sp.cnn_inference_model(paddle, os.path.join(tmp, "m"))  # Paddle's own, same weights
        feeds, fetches, ops, out = sp.load_and_run(paddle, cnn, x)
        golden["ours_cnn_in_paddle"] = {"x": x.tolist(), "paddle_out": saved_out.tolist(), "out": out.tolist(),
                                        "ops": ops, "feed_names": feeds, "fetch_names": fetches}
    with open(os.path.join(ROOT, "tests", "goldens", "static_engine.json"), "w") as f:
        json.dump(golden, f, indent=1)
    print("wrote static_engine.json;", {k: np.round(v["losses"][-1], 5) for k, v in golden["train"].items()})


if __name__ == "__main__":
    main()
