"""Tiny models for jit.save's conv2d_transpose / depthwise_conv2d_transpose / instance_norm / pow / fill_constant
(zeros, ones) / pixel_shuffle / tile / stack mappings and a None output (found by PaddleGAN's CycleGAN, NAFNet,
PReNet, GPEN and Wav2Lip-HQ exports, docs/paddlegan.md), shared by the recorder (real Paddle) and
``test_export_gan_ops.py`` (paddle-compat).

    .oracle/bin/python tests/jit/export_gan_ops_cases.py    # -> tests/goldens/exportops_gan.json

Parameters are set from a cosine formula (identical in both frameworks); the golden keeps the ops Paddle wrote
(type and attributes of ``OPS_OF_INTEREST``), the input and Paddle's eager output.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GOLDEN = os.path.join(ROOT, "tests", "goldens", "exportops_gan.json")
INPUT_SHAPE = [1, 4, 5, 5]
OPS_OF_INTEREST = ("conv2d_transpose", "depthwise_conv2d_transpose", "instance_norm", "pow", "fill_constant",
                   "pixel_shuffle", "tile", "stack", "reduce_mean", "reduce_sum", "strided_slice")
# our graph writes a negative-step slice as slice + flip where Paddle writes one strided_slice: outputs compared,
# and Paddle's own program (kept in the golden) is run here
OPS_DIFFER = {"strided_slices"}


def cases():
    """name -> constructor of the layer (its forward applies the sublayers in order)."""
    import paddle
    import paddle.nn as nn

    class ChannelNorm(nn.Layer):
        """NAFNet's LayerNorm2D at eval: a variance over channels through Tensor.pow(2), and pow(0.5) / pow(3)"""

        def forward(self, x):
            mu = x.mean(1, keepdim=True)
            var = (x - mu).pow(2).mean(1, keepdim=True)
            return (x - mu) / (var + 1e-6).pow(0.5) + x.pow(3)

    class ZeroStateShuffle(nn.Layer):
        """PReNet's recurrent state (to_tensor of zeros, stop_gradient=False) and NAFNet's PixelShuffle"""

        def __init__(self):
            super().__init__()
            self.shuffle = nn.PixelShuffle(2)

        def forward(self, x):
            b, _, h, w = x.shape
            state = paddle.to_tensor(paddle.zeros(shape=(b, 4, h, w), dtype="float32"), stop_gradient=False)
            return self.shuffle(paddle.concat([x, state + paddle.ones([1], "float32")], 1)) * 2.0

    class Blur(nn.Layer):
        def __init__(self, kernel):
            super().__init__()
            self.register_buffer("kernel", kernel)

        def forward(self, x):
            c = x.shape[1]
            return paddle.nn.functional.conv2d(x, self.kernel.tile([c, 1, 1, 1]), padding=1, groups=c)

    class TiledConstInput(nn.Layer):
        """GPEN's generator: a learned constant tiled over the batch, blur layers whose kernel buffers share one
        tensor, and a (image, None) result (Paddle saves the image only)"""

        def __init__(self):
            super().__init__()
            self.input = self.create_parameter([1, 4, 5, 5])
            kernel = paddle.to_tensor([[[[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]]]) / 16.0
            self.blur1, self.blur2 = Blur(kernel), Blur(kernel)

        def forward(self, x):
            out = self.input.tile((x.shape[0], 1, 1, 1)) + x
            return self.blur2(self.blur1(out)), None

    class StackFrames(nn.Layer):
        """Wav2Lip's generator: per-frame results stacked back along a time axis"""

        def forward(self, x):
            return paddle.stack([x, x * 2.0, x.flip([1])], axis=2) + paddle.stack([x[0], x[0]], axis=-1).mean()

    class StridedSlices(nn.Layer):
        def forward(self, x):
            return x[:, 1::2] + x[:, :3:2] + x[:, 3:0:-2] + x[:, ::-1][:, :2] + x[..., ::-2].sum()

    return {
        "conv_transpose_output_padding": lambda: [nn.Conv2DTranspose(4, 6, 3, stride=2, padding=1, output_padding=1)],
        "conv_transpose_groups_no_bias": lambda: [nn.Conv2DTranspose(4, 6, 4, stride=2, padding=1, groups=2,
                                                                     bias_attr=False)],
        "conv_transpose_depthwise_dilated": lambda: [nn.Conv2DTranspose(4, 4, 3, groups=4, dilation=2)],
        "instance_norm_affine": lambda: [nn.InstanceNorm2D(4, epsilon=1e-3)],
        "instance_norm_no_affine": lambda: [nn.InstanceNorm2D(4, weight_attr=False, bias_attr=False)],
        # CycleGAN's ResnetGenerator upsampling block
        "upsample_block": lambda: [nn.Conv2DTranspose(4, 2, 3, stride=2, padding=1, output_padding=1,
                                                      bias_attr=False),
                                   nn.InstanceNorm2D(2, weight_attr=False, bias_attr=False), nn.ReLU()],
        "pow_channel_norm": lambda: [ChannelNorm()],
        "zeros_state_pixel_shuffle": lambda: [ZeroStateShuffle()],
        "tiled_const_shared_buffer_none_output": lambda: [TiledConstInput()],
        "stack_frames": lambda: [StackFrames()],
        "strided_slices": lambda: [StridedSlices()],
    }


def make_layer(name):
    import paddle

    class Case(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.body = paddle.nn.LayerList(cases()[name]())

        def forward(self, x):
            for layer in self.body:
                x = layer(x)
            return x

    layer = Case()
    for i, p in enumerate(layer.parameters()):
        p.set_value(np.cos(np.arange(int(np.prod(p.shape))) * (i + 1.3)).reshape(p.shape).astype("float32"))
    layer.eval()
    return layer


def first_tensor(out):
    return out[0] if isinstance(out, (tuple, list)) else out


def input_array():
    return np.random.RandomState(11).uniform(-1, 1, INPUT_SHAPE).astype("float32")


def record():
    import base64
    import json
    import tempfile
    import zlib

    sys.path.insert(0, ROOT)
    sys.path.insert(0, HERE)
    import export_ops_cases
    from export_ops_cases import encode_array, program_ops

    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    import paddle

    export_ops_cases.OPS_OF_INTEREST = OPS_OF_INTEREST
    x = input_array()
    golden["input"] = encode_array(x)
    golden["cases"] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in cases():
            layer = make_layer(name)
            prefix = os.path.join(tmp, name)
            paddle.jit.save(layer, prefix, input_spec=[paddle.static.InputSpec(INPUT_SHAPE, "float32", "x")])
            with open(prefix + ".pdmodel", "rb") as f:
                ops = program_ops(f.read())
            out = layer(paddle.to_tensor(x))
            loaded = paddle.jit.load(prefix)(paddle.to_tensor(x))
            golden["cases"][name] = {"ops": ops, "output": encode_array(first_tensor(out).numpy()),
                                     "loaded_type": type(loaded).__name__}
            if name in OPS_DIFFER:
                with open(prefix + ".pdmodel", "rb") as f:
                    golden["cases"][name]["pdmodel"] = base64.b64encode(zlib.compress(f.read(), 9)).decode()
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)
    print(f"wrote {GOLDEN}: {len(golden['cases'])} cases")


if __name__ == "__main__":
    record()
