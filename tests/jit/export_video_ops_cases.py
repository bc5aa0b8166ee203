"""Tiny models for jit.save's conv1d (Paddle writes assign + unsqueeze2 of the filter, unsqueeze2 of the input,
conv2d, the bias add, squeeze2) and conv3d (the bias reshaped to [1, C, 1, 1, 1], added on axis -1) mappings,
found by PaddleVideo's BMN export (docs/paddlevideo.md); shared by the recorder (real Paddle) and
``test_export_video_ops.py`` (paddle-compat).

    .oracle/bin/python tests/jit/export_video_ops_cases.py    # -> tests/goldens/exportops_video.json

Parameters are set from a cosine formula (identical in both frameworks); the golden keeps the ops Paddle wrote
(type and attributes of ``OPS_OF_INTEREST``), the input and Paddle's eager output.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GOLDEN = os.path.join(ROOT, "tests", "goldens", "exportops_video.json")
OPS_OF_INTEREST = ("conv2d", "conv3d", "unsqueeze2", "squeeze2", "assign", "elementwise_add", "reshape2",
                   "fill_any_like")
INPUT_SHAPES = {"1d": [2, 4, 9], "3d": [2, 4, 3, 5, 5], "2d": [4, 8, 3, 3]}
# ours writes these as a composition of other ops: compared by the reloaded program's output only
OUTPUT_ONLY = {"temporal_shift"}


def cases():
    """name -> (input kind, constructor of the layers applied in order)."""
    import paddle
    import paddle.nn as nn

    class FilledLike(nn.Layer):
        def forward(self, x):
            return x + paddle.ones_like(x) * 2.0 + paddle.zeros_like(x) + paddle.full_like(x, 0.5)

    class TemporalShift(nn.Layer):
        """PP-TSM's shift over 2 segments of the batch"""

        def forward(self, x):
            return paddle.nn.functional.temporal_shift(x, seg_num=2, shift_ratio=0.25) * 3.0

    return {
        "filled_like": ("2d", lambda: [FilledLike()]),
        "temporal_shift": ("2d", lambda: [TemporalShift()]),
        # BMN's base and temporal-evaluation modules
        "conv1d_grouped_padded": ("1d", lambda: [nn.Conv1D(4, 8, 3, padding=1, groups=4), nn.ReLU()]),
        "conv1d_strided_dilated_no_bias": ("1d", lambda: [nn.Conv1D(4, 6, 3, stride=2, dilation=2,
                                                                    bias_attr=False)]),
        # BMN's proposal-evaluation module: a Conv3D collapsing the sample axis
        "conv3d_stride": ("3d", lambda: [nn.Conv3D(4, 6, (3, 1, 1), stride=(3, 1, 1)), nn.ReLU()]),
        "conv3d_padded_no_bias": ("3d", lambda: [nn.Conv3D(4, 2, 3, padding=1, bias_attr=False)]),
    }


def make_layer(name):
    import paddle

    class Case(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.body = paddle.nn.LayerList(cases()[name][1]())

        def forward(self, x):
            for layer in self.body:
                x = layer(x)
            return x

    layer = Case()
    for i, p in enumerate(layer.parameters()):
        p.set_value(np.cos(np.arange(int(np.prod(p.shape))) * (i + 1.3)).reshape(p.shape).astype("float32"))
    layer.eval()
    return layer


def input_array(name):
    return np.random.RandomState(5).uniform(-1, 1, INPUT_SHAPES[cases()[name][0]]).astype("float32")


def record():
    import json
    import tempfile

    sys.path.insert(0, ROOT)
    sys.path.insert(0, HERE)
    import export_ops_cases
    from export_ops_cases import encode_array, program_ops

    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    import paddle

    export_ops_cases.OPS_OF_INTEREST = OPS_OF_INTEREST
    golden["cases"] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in cases():
            layer = make_layer(name)
            x = input_array(name)
            prefix = os.path.join(tmp, name)
            spec = [paddle.static.InputSpec([None] + list(x.shape[1:]), "float32", "x")]
            paddle.jit.save(layer, prefix, input_spec=spec)
            with open(prefix + ".pdmodel", "rb") as f:
                ops = program_ops(f.read())
            out = layer(paddle.to_tensor(x))
            golden["cases"][name] = {"ops": ops, "input": encode_array(x), "output": encode_array(out.numpy())}
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)
    print(f"wrote {GOLDEN}: {len(golden['cases'])} cases")


if __name__ == "__main__":
    record()
