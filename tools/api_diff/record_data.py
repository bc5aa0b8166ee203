"""Goldens for paddle.io / paddle.vision.transforms / paddle.vision.datasets / paddle.metric / paddle.text
behaviour that the case format cannot express (PIL inputs, datasets on generated files, DataLoader
batches, metrics over several updates).

Record (REAL Paddle, oracle interpreter, from the repository root):
    .oracle/bin/python -m tools.api_diff.record_data [section ...]
Replay: tests/data/test_data_goldens.py runs the very same scenario functions against our package.

Every scenario is ``fn(paddle, env) -> dict of results``; ``env`` carries a scratch directory. Results
are normalised by :func:`encode` into (json-able metadata, arrays). Nothing here imports paddle at module
import time.
"""

import json
import os
import random
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN_DIR = os.path.join(ROOT, "tests", "goldens")


# ------------------------------------------------------------------------------ result encoding
def encode(obj, arrays, key):
    """Describe ``obj``; arrays go into ``arrays`` under ``key``-derived names."""
    import numbers

    tname = type(obj).__name__
    if hasattr(obj, "numpy") and tname in ("Tensor", "EagerParamBase", "Parameter"):
        arr = obj.numpy()
        arrays[key] = arr
        return {"kind": "tensor", "dtype": str(arr.dtype), "shape": list(arr.shape)}
    if isinstance(obj, np.ndarray):
        arrays[key] = obj
        return {"kind": "ndarray", "dtype": str(obj.dtype), "shape": list(obj.shape)}
    if type(obj).__module__.startswith("PIL"):
        arr = np.array(obj)
        arrays[key] = arr
        return {"kind": "pil", "mode": obj.mode, "size": list(obj.size)}
    if isinstance(obj, (bool, np.bool_)):
        return {"kind": "bool", "value": bool(obj)}
    if isinstance(obj, numbers.Integral):
        return {"kind": "int", "value": int(obj), "pytype": type(obj).__name__}
    if isinstance(obj, numbers.Real):
        return {"kind": "float", "value": float(obj), "pytype": type(obj).__name__}
    if isinstance(obj, (str, bytes)):
        return {"kind": "str", "value": obj if isinstance(obj, str) else obj.decode("latin-1")}
    if obj is None:
        return {"kind": "none"}
    if isinstance(obj, dict):
        return {"kind": "dict", "items": {str(k): encode(v, arrays, f"{key}.{k}") for k, v in obj.items()}}
    if isinstance(obj, (list, tuple)):
        return {"kind": type(obj).__name__, "items": [encode(v, arrays, f"{key}.{i}") for i, v in enumerate(obj)]}
    return {"kind": "object", "type": tname}


def run_scenario(fn, paddle, env):
    arrays = {}
    try:
        out = fn(paddle, env)
    except Exception as e:  # recorded: replay expects the same exception type
        return {"error": type(e).__name__, "message": str(e)[:300]}, arrays
    return {"result": encode(out, arrays, "r")}, arrays


# ------------------------------------------------------------------------------ fixed inputs
def _rgb(h=10, w=12, seed=0):
    return np.random.RandomState(seed).randint(0, 256, (h, w, 3)).astype(np.uint8)


def _img(kind):
    from PIL import Image

    rgb = _rgb()
    if kind == "pil":
        return Image.fromarray(rgb, "RGB")
    if kind == "pilL":
        return Image.fromarray(rgb[..., 0], "L")
    if kind == "np":
        return rgb.copy()
    if kind == "npf":
        return rgb.astype(np.float32) / 255.0
    raise ValueError(kind)


def _timg(paddle, kind):
    rgb = _rgb()
    if kind == "tf":
        return paddle.to_tensor(rgb.transpose(2, 0, 1).astype(np.float32) / 255.0)
    if kind == "tu8":
        return paddle.to_tensor(rgb.transpose(2, 0, 1).copy())
    raise ValueError(kind)


def _input(paddle, kind):
    return _timg(paddle, kind) if kind.startswith("t") else _img(kind)


def _seed(paddle, s=7):
    random.seed(s)
    np.random.seed(s)
    paddle.seed(s)


# ------------------------------------------------------------------------------ transforms scenarios
def _functional_cases():
    """(name, input kinds, call(F, img))."""
    P, N, T = ["pil", "pilL"], ["np", "npf"], ["tf", "tu8"]
    A = P + N + T
    sp = [[0, 0], [11, 0], [11, 9], [0, 9]]
    ep = [[1, 2], [10, 0], [11, 8], [2, 9]]
    return [
        ("to_tensor", A, lambda F, x: F.to_tensor(x)),
        ("to_tensor_hwc", P + N + ["tf"], lambda F, x: F.to_tensor(x, data_format="HWC")),
        ("resize_int", P + T, lambda F, x: F.resize(x, 6)),
        ("resize_hw", P + T, lambda F, x: F.resize(x, (5, 7))),
        ("resize_nearest", P + T, lambda F, x: F.resize(x, (13, 9), "nearest")),
        ("resize_bicubic", P + ["tf"], lambda F, x: F.resize(x, (7, 15), "bicubic")),
        ("resize_np", ["np"], lambda F, x: F.resize(x, 6)),
        ("pad_const", A, lambda F, x: F.pad(x, 2)),
        ("pad_fill", P + ["tf"], lambda F, x: F.pad(x, (1, 2), fill=3)),
        ("pad4_edge", A, lambda F, x: F.pad(x, [1, 2, 3, 0], padding_mode="edge")),
        ("pad_reflect", A, lambda F, x: F.pad(x, 2, padding_mode="reflect")),
        ("pad_symmetric", P + ["tf"], lambda F, x: F.pad(x, 2, padding_mode="symmetric")),
        ("pad_badlen", ["pil", "tf"], lambda F, x: F.pad(x, [1, 2, 3])),
        ("crop", A, lambda F, x: F.crop(x, 1, 2, 5, 6)),
        ("center_crop", A, lambda F, x: F.center_crop(x, 5)),
        ("center_crop_hw", A, lambda F, x: F.center_crop(x, (4, 7))),
        ("hflip", A, lambda F, x: F.hflip(x)),
        ("vflip", A, lambda F, x: F.vflip(x)),
        ("brightness", P + ["np"] + T, lambda F, x: F.adjust_brightness(x, 1.3)),
        ("brightness_dark", P + T, lambda F, x: F.adjust_brightness(x, 0.4)),
        ("contrast", P + ["np"] + T, lambda F, x: F.adjust_contrast(x, 0.6)),
        ("contrast_hi", P + T, lambda F, x: F.adjust_contrast(x, 1.7)),
        ("saturation", ["pil"] + T, lambda F, x: F.adjust_saturation(x, 0.3)),
        ("hue", P + ["tf", "tu8"], lambda F, x: F.adjust_hue(x, 0.2)),
        ("hue_neg", ["pil", "tf"], lambda F, x: F.adjust_hue(x, -0.35)),
        ("hue_bad", ["pil"], lambda F, x: F.adjust_hue(x, 0.7)),
        ("affine", ["pil", "tf"], lambda F, x: F.affine(x, 30, (1, 2), 1.1, 5)),
        ("affine_bilinear", ["pil", "tf"], lambda F, x: F.affine(x, -15.0, [0, 1], 0.9, [3, 4],
                                                                   interpolation="bilinear", fill=9)),
        ("affine_center", ["pil", "tf"], lambda F, x: F.affine(x, 10, [0, 0], 1.0, 0, center=[3, 4])),
        ("affine_badangle", ["pil"], lambda F, x: F.affine(x, "a", [0, 0], 1.0, 0)),
        ("rotate", ["pil", "pilL", "tf"], lambda F, x: F.rotate(x, 25)),
        ("rotate_expand", ["pil", "tf"], lambda F, x: F.rotate(x, 40, expand=True)),
        ("rotate_bilinear_center", ["pil", "tf"], lambda F, x: F.rotate(x, -70, "bilinear", center=(3, 3),
                                                                          fill=5)),
        ("perspective", ["pil", "tf"], lambda F, x: F.perspective(x, sp, ep)),
        ("perspective_bilinear", ["pil", "tf"], lambda F, x: F.perspective(x, sp, ep, "bilinear", fill=3)),
        ("to_grayscale", ["pil", "np", "tf"], lambda F, x: F.to_grayscale(x)),
        ("to_grayscale3", ["pil", "np", "tf"], lambda F, x: F.to_grayscale(x, 3)),
        ("normalize", ["pil", "npf", "tf"], lambda F, x: F.normalize(x, [0.5, 0.4, 0.3], [0.2, 0.25, 0.3],
                                                                      data_format="HWC" if not hasattr(x, "place")
                                                                      else "CHW")),
        ("normalize_rgb", ["npf"], lambda F, x: F.normalize(x, [0.5, 0.4, 0.3], [0.2, 0.25, 0.3], "HWC", True)),
        ("erase", ["pil", "np", "tf"], lambda F, x: F.erase(x, 1, 2, 3, 4, 0)),
        ("bad_type", ["list"], lambda F, x: F.hflip(x)),
    ]


def _class_cases():
    """(name, input kinds, build(T) -> transform); each call is preceded by a fixed seed."""
    P, T = ["pil"], ["tf"]
    return [
        ("Compose", P, lambda T: T.Compose([T.Resize(8), T.CenterCrop(6), T.ToTensor(),
                                            T.Normalize(0.5, 0.5)])),
        ("ToTensor", P + ["np"], lambda T: T.ToTensor()),
        ("Resize", P + T, lambda T: T.Resize((6, 8))),
        ("RandomResizedCrop", P + T, lambda T: T.RandomResizedCrop(6)),
        ("RandomResizedCrop_ratio", P, lambda T: T.RandomResizedCrop((5, 4), scale=(0.5, 0.9), ratio=(1.0, 2.0),
                                                                     interpolation="nearest")),
        ("CenterCrop", P + ["np"] + T, lambda T: T.CenterCrop(6)),
        ("RandomHorizontalFlip", P + T, lambda T: T.RandomHorizontalFlip(0.9)),
        ("RandomVerticalFlip", P + T, lambda T: T.RandomVerticalFlip(0.9)),
        ("Normalize", ["npf"] + T, lambda T: T.Normalize([0.5, 0.5, 0.5], [0.2, 0.2, 0.2],
                                                          data_format="HWC" if False else "CHW")),
        ("Normalize_hwc", ["npf"], lambda T: T.Normalize(0.5, 0.25, data_format="HWC", to_rgb=True)),
        ("Transpose", P + ["np"] + T, lambda T: T.Transpose()),
        ("BrightnessTransform", P + T, lambda T: T.BrightnessTransform(0.4)),
        ("ContrastTransform", P + T, lambda T: T.ContrastTransform(0.4)),
        ("SaturationTransform", P + T, lambda T: T.SaturationTransform(0.4)),
        ("HueTransform", P + T, lambda T: T.HueTransform(0.4)),
        ("ColorJitter", P + T, lambda T: T.ColorJitter(0.4, 0.4, 0.4, 0.4)),
        ("RandomCrop", P + ["np"] + T, lambda T: T.RandomCrop(5)),
        ("RandomCrop_pad", P + ["np"] + T, lambda T: T.RandomCrop((11, 14), padding=1, pad_if_needed=True)),
        ("Pad", P + ["np"] + T, lambda T: T.Pad([1, 2], fill=4)),
        ("RandomAffine", P + T, lambda T: T.RandomAffine(20, translate=(0.1, 0.2), scale=(0.8, 1.2),
                                                        shear=(-5, 5, -3, 3))),
        ("RandomRotation", P + T, lambda T: T.RandomRotation(30)),
        ("RandomPerspective", P + T, lambda T: T.RandomPerspective(prob=1.0, distortion_scale=0.4)),
        ("Grayscale", P + T, lambda T: T.Grayscale(3)),
        ("RandomErasing", ["np"] + T, lambda T: T.RandomErasing(prob=1.0, value=(1, 2, 3))),
        ("RandomErasing_pil", P, lambda T: T.RandomErasing(prob=1.0, value=7)),
        ("BaseTransform_keys", P, lambda T: T.Resize(5, keys=("image", "label"))),
        ("Resize_bad", P, lambda T: T.Resize([1, 2, 3])),
        ("RandomErasing_badvalue", T, lambda T: T.RandomErasing(value="x")),
    ]


def transforms_scenarios():
    out = {}
    for name, kinds, call in _functional_cases():
        for k in kinds:
            def fn(paddle, env, call=call, k=k):
                x = [1, 2] if k == "list" else _input(paddle, k)
                return call(paddle.vision.transforms.functional, x)
            out[f"F.{name}[{k}]"] = fn
    for name, kinds, build in _class_cases():
        for k in kinds:
            def fn(paddle, env, build=build, k=k):
                t = build(paddle.vision.transforms)
                x = _input(paddle, k)
                if name == "BaseTransform_keys":
                    x = (x, 5)
                _seed(paddle)
                return [t(x), t(x)]
            out[f"T.{name}[{k}]"] = fn
    return out


SECTIONS = {"transforms": transforms_scenarios}


def record(section):
    import paddle

    scen = SECTIONS[section]()
    meta, arrays = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, (sid, fn) in enumerate(scen.items()):
            env = {"tmp": os.path.join(tmp, f"s{i}")}
            os.makedirs(env["tmp"])
            m, arrs = run_scenario(fn, paddle, env)
            meta[sid] = m
            for k, v in arrs.items():
                arrays[f"{sid}|{k}"] = v
    os.makedirs(GOLDEN_DIR, exist_ok=True)
    base = os.path.join(GOLDEN_DIR, f"data_{section}")
    with open(base + ".json", "w") as f:
        json.dump({"paddle_version": paddle.__version__, "scenarios": meta}, f, indent=1, sort_keys=True)
    np.savez_compressed(base + ".npz", **arrays)
    n_err = sum("error" in m for m in meta.values())
    print(f"{section}: {len(meta)} scenarios ({n_err} raise) -> {base}.json/.npz")


def main(argv):
    import zlib  # noqa: F401  (must precede `import paddle` in the oracle: zlib clash)

    for section in argv or list(SECTIONS):
        record(section)


if __name__ == "__main__":
    main(sys.argv[1:])
