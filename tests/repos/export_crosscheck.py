"""Cross-checks the exported inference models of the quick starts between paddle-compat and real Paddle 2.6.2
(run by hand; nothing here is a test dependency). After the ``export`` step of ``driver.py`` for both
frameworks (ours into WORK, the oracle into a copy WORK_ORACLE of the same trained work folder):

    .venv/bin/python tests/repos/export_crosscheck.py ours WORK          # our eager outputs -> WORK/<suite>/*_io.npz
    .oracle/bin/python tests/repos/export_crosscheck.py paddle WORK      # Paddle loads OUR exports: max |diff|
    .oracle/bin/python tests/repos/export_crosscheck.py record WORK_ORACLE   # Paddle's outputs of ITS exports
    .venv/bin/python tests/repos/export_crosscheck.py load WORK_ORACLE   # we load PADDLE's exports: max |diff|

Every run feeds the same input (uniform [0, 1), seed 1, 1x3x64x64).
"""

import os
import sys

import numpy as np

SUITES = {"clas_mobilenetv3": "inference/inference", "clas_resnet50_vd": "inference/inference",
          "seg_pp_liteseg": "inference/model", "seg_bisenetv2": "inference/model"}


def _input():
    return np.random.RandomState(1).rand(1, 3, 64, 64).astype("float32")


def _outputs(result):
    return list(result) if isinstance(result, (list, tuple)) else [result]


def _diff(got, expected):
    return float(np.abs(np.asarray(got).astype(float) - expected.astype(float)).max())


def _inference_outputs(prefix, x):
    from paddle import inference

    config = inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    config.disable_glog_info()
    predictor = inference.create_predictor(config)
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    handle.reshape(x.shape)
    handle.copy_from_cpu(x)
    predictor.run()
    return [predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()]


def main(mode, work):
    import paddle

    x = _input()
    for suite, relative in SUITES.items():
        prefix = os.path.join(work, suite, relative)
        if not os.path.exists(prefix + ".pdmodel"):
            print(suite, "no exported model")
            continue
        if mode == "ours":  # our eager model, as traced into the .pt2 next to the .pdmodel
            import torch

            eager = _outputs(torch.export.load(prefix + ".pt2").module()(torch.from_numpy(x)))
            arrays = {f"arr_{i}": t.detach().numpy() for i, t in enumerate(eager)}
            loaded = _outputs(paddle.jit.load(prefix)(paddle.to_tensor(x)))
            print(suite, "our jit.load vs our eager:", [_diff(t.numpy(), arrays[f"arr_{i}"])
                                                         for i, t in enumerate(loaded)])
        elif mode == "record":
            arrays = {f"arr_{i}": t.numpy() for i, t in enumerate(_outputs(paddle.jit.load(prefix)(
                paddle.to_tensor(x))))}
        else:
            stored = np.load(prefix + "_io.npz")
            expected = [stored[f"arr_{i}"] for i in range(len(stored.files) - 1)]
            loaded = _outputs(paddle.jit.load(prefix)(paddle.to_tensor(x)))
            print(suite, "jit.load:", [_diff(t.numpy(), e) for t, e in zip(loaded, expected)],
                  "inference:", [_diff(t, e) for t, e in zip(_inference_outputs(prefix, x), expected)])
            continue
        np.savez(prefix + "_io.npz", x=x, **arrays)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
