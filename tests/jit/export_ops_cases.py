"""Tiny models for the jit.save / jit.load op table (pad, interpolate, arg/reduce, compare ops), shared by the
recorder (real Paddle) and ``test_export_ops_pad_interp.py`` (paddle-compat).

    .oracle/bin/python tests/jit/export_ops_cases.py    # -> tests/goldens/exportops_pad_interp.json

For each case real Paddle 2.6.2 saves the model with ``paddle.jit.save``; the golden keeps that ``.pdmodel``
(base64; the cases have no parameters, so Paddle writes no ``.pdiparams``), the ops Paddle wrote (type and
attributes of the ops listed in ``OPS_OF_INTEREST``), the input and Paddle's outputs.
"""

import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "goldens", "exportops_pad_interp.json")
INPUT_SHAPE = [1, 2, 5, 6]
# our F.interpolate(align_mode=1) computes its source positions with index arithmetic (aten.arange, ...), which
# jit.save does not map back to one bilinear_interp_v2
NOT_EXPORTED = {"bilinear_align_mode_1": "align_mode=1 traces to index arithmetic without a Paddle op mapping"}
OPS_OF_INTEREST = ("pad3d", "pad", "bilinear_interp_v2", "nearest_interp_v2", "bicubic_interp_v2",
                   "linear_interp_v2", "trilinear_interp_v2", "arg_max", "arg_min", "reduce_max", "reduce_min",
                   "equal", "not_equal", "less_than", "greater_than", "where", "bitwise_or", "fill_constant", "flip")


def cases():
    """name -> (forward(x), our export writes the same ops and attrs as Paddle's); NOT_EXPORTED: cases whose
    traced graph has no Paddle form in our exporter (checked on the load side only)."""
    import paddle
    import paddle.nn.functional as F

    return {
        "pad_constant_4d": (lambda x: F.pad(x, [1, 2, 0, 1], value=0.5), True),
        "pad_reflect_4d": (lambda x: F.pad(x, [1, 1, 2, 0], mode="reflect"), True),
        "pad_replicate_nhwc": (lambda x: F.pad(x, [1, 0, 2, 0], mode="replicate", data_format="NHWC"), False),
        "pad_circular_ncl": (lambda x: F.pad(x[:, 0], [2, 1], mode="circular", data_format="NCL"), False),
        "pad_all_dims_constant": (lambda x: F.pad(x, [0, 0, 1, 0, 1, 2, 0, 1], value=-1.0), False),
        "pad_replicate_5d": (lambda x: F.pad(x.unsqueeze(2), [1, 1, 1, 1, 0, 1], mode="replicate",
                                             data_format="NCDHW"), False),
        "bilinear_scale_2": (lambda x: F.interpolate(x, scale_factor=2, mode="bilinear"), True),
        "bilinear_scale_1_5": (lambda x: F.interpolate(x, scale_factor=1.5, mode="bilinear"), True),
        "bilinear_size_align_corners": (lambda x: F.interpolate(x, size=[7, 9], mode="bilinear",
                                                                align_corners=True), True),
        "bilinear_size_shrink": (lambda x: F.interpolate(x, size=[3, 4], mode="bilinear"), True),
        "bilinear_align_mode_1": (lambda x: F.interpolate(x, size=[9, 11], mode="bilinear", align_corners=False,
                                                          align_mode=1), False),
        "bilinear_nhwc": (lambda x: F.interpolate(x, size=[7, 9], mode="bilinear", data_format="NHWC"), False),
        "nearest_scale_2_3": (lambda x: F.interpolate(x, scale_factor=[2, 3], mode="nearest"), True),
        "nearest_size": (lambda x: F.interpolate(x, size=[7, 4], mode="nearest"), True),
        "bicubic_size": (lambda x: F.interpolate(x, size=[7, 9], mode="bicubic"), True),
        "bicubic_align_corners": (lambda x: F.interpolate(x, size=[7, 9], mode="bicubic", align_corners=True),
                                  True),
        "linear_ncw": (lambda x: F.interpolate(x[:, 0], size=[11], mode="linear", data_format="NCW"), False),
        "trilinear_scale": (lambda x: F.interpolate(x.unsqueeze(2), scale_factor=[1, 2, 2], mode="trilinear",
                                                    data_format="NCDHW"), False),
        "argmax_keepdim": (lambda x: paddle.argmax(x, axis=1, keepdim=True), True),
        "argmin": (lambda x: paddle.argmin(x, axis=-1), False),
        "max_keepdim": (lambda x: paddle.max(x, axis=1, keepdim=True), True),
        "min_axes": (lambda x: paddle.min(x, axis=[2, 3]), True),
        "less_than_scalar": (lambda x: (x < 0.5).astype("float32"), True),
        "where_greater": (lambda x: paddle.where(x > x.flip(-1), x, -x), False),
        "bitwise_or_masks": (lambda x: ((x > 0.8) | (x < 0.1)).astype("float32"), True),
    }


def make_layer(function):
    import paddle

    class Case(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.function = function

        def forward(self, x):
            return self.function(x)

    return Case()


def _proto_framework():
    """Our ProgramDesc codec, loaded on its own (no torch) so that the oracle's interpreter can use it too."""
    import importlib.util

    if "_exportops_proto.framework" in sys.modules:
        return sys.modules["_exportops_proto.framework"]
    folder = os.path.join(ROOT, "paddle_compat", "_proto")
    package = importlib.util.spec_from_file_location("_exportops_proto", os.path.join(folder, "__init__.py"),
                                                     submodule_search_locations=[folder])
    sys.modules["_exportops_proto"] = importlib.util.module_from_spec(package)
    package.loader.exec_module(sys.modules["_exportops_proto"])
    import importlib

    return importlib.import_module("_exportops_proto.framework")


def program_ops(data):
    """[(type, {attr: value})] of the ops of interest in a serialized ProgramDesc (decoded with our codec)."""
    program = _proto_framework().ProgramDesc.FromString(data)
    result = []
    for desc in program.blocks[0].ops:
        if desc.type in OPS_OF_INTEREST:
            attrs = {a.name: a.value() for a in desc.attrs
                     if a.name not in ("op_device", "op_namescope", "op_role", "op_role_var", "with_quant_attr",
                                       "op_callstack", "use_mkldnn", "use_cudnn", "use_quantizer",
                                       "mkldnn_data_type")}
            result.append([desc.type, {k: (round(v, 6) if isinstance(v, float) else v) for k, v in attrs.items()}])
    return result


def encode_array(array):
    import base64

    return {"dtype": str(array.dtype), "shape": list(array.shape), "data": base64.b64encode(array.tobytes()).decode()}


def decode_array(entry):
    import base64

    return np.frombuffer(base64.b64decode(entry["data"]), dtype=entry["dtype"]).reshape(entry["shape"])


def decode_pdmodel(entry):
    import base64
    import zlib

    return zlib.decompress(base64.b64decode(entry["pdmodel"]))


def input_array():
    return np.random.RandomState(7).uniform(-1, 1, INPUT_SHAPE).astype("float32") * 0.5 + 0.5


def record():
    import base64
    import json
    import tempfile
    import zlib

    sys.path.insert(0, ROOT)
    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    import paddle

    x = input_array()
    golden["input"] = encode_array(x)
    golden["cases"] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, (forward, _) in cases().items():
            prefix = os.path.join(tmp, name)
            spec = [paddle.static.InputSpec(INPUT_SHAPE, "float32", "x")]
            paddle.jit.save(make_layer(forward), prefix, input_spec=spec)
            with open(prefix + ".pdmodel", "rb") as f:
                data = f.read()
            out = forward(paddle.to_tensor(x)).numpy()
            golden["cases"][name] = {"pdmodel": base64.b64encode(zlib.compress(data, 9)).decode(),
                                     "ops": program_ops(data), "output": encode_array(out)}
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, separators=(",", ":"))
    print(f"wrote {GOLDEN}: {len(golden['cases'])} cases")


if __name__ == "__main__":
    record()
