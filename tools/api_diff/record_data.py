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
            def fn(paddle, env, build=build, k=k, name=name):
                t = build(paddle.vision.transforms)
                x = _input(paddle, k)
                if name == "BaseTransform_keys":
                    x = (x, 5)
                _seed(paddle)
                return [t(x), t(x)]
            out[f"T.{name}[{k}]"] = fn
    return out


# ------------------------------------------------------------------------------ metric scenarios
def _metric_data(seed, n=16, c=5):
    rs = np.random.RandomState(seed)
    return rs.rand(n, c).astype("float32"), rs.randint(0, c, (n, 1)).astype("int64")


def metric_scenarios():
    def acc_stream(topk, onehot=False):
        def fn(paddle, env):
            m = paddle.metric.Accuracy(topk=topk)
            out = []
            for s in range(3):
                x, y = _metric_data(s)
                lab = np.eye(5, dtype="float32")[y[:, 0]] if onehot else y
                correct = m.compute(paddle.to_tensor(x), paddle.to_tensor(lab))
                out.append([correct, m.update(correct), m.accumulate()])
            out.append(m.name())
            m.reset()
            out.append(m.accumulate())
            return out
        return fn

    def binary(cls, kind):
        def fn(paddle, env):
            m = getattr(paddle.metric, cls)()
            out = []
            for s in range(3):
                rs = np.random.RandomState(10 + s)
                p = rs.rand(12, 1).astype("float32")
                p[0] = 0.5
                y = rs.randint(0, 2, (12, 1)).astype("int64")
                if kind == "tensor":
                    m.update(paddle.to_tensor(p), paddle.to_tensor(y))
                else:
                    m.update(p, y)
                out.append(m.accumulate())
            out.append(m.name())
            m.reset()
            out.append(m.accumulate())
            return out
        return fn

    def auc(num_thresholds):
        def fn(paddle, env):
            m = paddle.metric.Auc(num_thresholds=num_thresholds)
            out = []
            for s in range(3):
                rs = np.random.RandomState(20 + s)
                p1 = rs.rand(20).astype("float32")
                preds = np.stack([1 - p1, p1], 1)
                y = (rs.rand(20) < p1).astype("int64").reshape(-1, 1)
                m.update(paddle.to_tensor(preds), y)
                out.append(m.accumulate())
            out.append(m.name())
            m.reset()
            out.append(m.accumulate())
            return out
        return fn

    def acc_op(k, with_ct=False, label1d=False):
        def fn(paddle, env):
            x, y = _metric_data(3)
            y = y[:, 0] if label1d else y
            if with_ct:
                c, t = paddle.zeros([1], "int32"), paddle.zeros([1], "int32")
                r = paddle.metric.accuracy(paddle.to_tensor(x), paddle.to_tensor(y), k=k, correct=c, total=t)
                return [r, c, t]
            return paddle.metric.accuracy(paddle.to_tensor(x), paddle.to_tensor(y), k=k)
        return fn

    def bad_update(cls):
        def fn(paddle, env):
            getattr(paddle.metric, cls)().update([0.1, 0.9], [0, 1])
        return fn

    return {
        "Accuracy.top1": acc_stream((1,)),
        "Accuracy.top1_3": acc_stream((1, 3)),
        "Accuracy.onehot": acc_stream((2,), onehot=True),
        "Precision.numpy": binary("Precision", "numpy"),
        "Precision.tensor": binary("Precision", "tensor"),
        "Recall.numpy": binary("Recall", "numpy"),
        "Recall.tensor": binary("Recall", "tensor"),
        "Auc.default": auc(4095),
        "Auc.small": auc(10),
        "accuracy.k1": acc_op(1),
        "accuracy.k3": acc_op(3),
        "accuracy.correct_total": acc_op(2, with_ct=True),
        "accuracy.label1d": acc_op(1, label1d=True),
        "Precision.bad_input": bad_update("Precision"),
        "Recall.bad_input": bad_update("Recall"),
        "Auc.bad_input": bad_update("Auc"),
    }


# ------------------------------------------------------------------------------ io scenarios
def _drain(it):
    """Iterate without list(): list() asks len() first, which Paddle's iterable loaders refuse."""
    return [v for v in it]


def _map_dataset(paddle, kind, n=10):
    class DS(paddle.io.Dataset):
        def __len__(self):
            return n

        def __getitem__(self, i):
            img = np.full((2, 3), i, dtype="float32")
            if kind == "tuple":
                return img, i
            if kind == "array":
                return img
            if kind == "dict":
                return {"x": img, "y": float(i), "s": f"s{i}", "l": [i, np.int32(i)]}
            if kind == "tensor":
                return paddle.to_tensor(img), np.array([i]), bool(i % 2)
            if kind == "scalar":
                return i
            if kind == "nested":
                return (img, (i, np.float64(i)), {"k": np.array([i, i], dtype="int16")})
            if kind == "ragged":
                return np.zeros((i + 1,), "float32"), i
            if kind == "object":
                return object()
            raise ValueError(kind)
    return DS()


def _iter_dataset(paddle, n=7):
    class IDS(paddle.io.IterableDataset):
        def __iter__(self):
            for i in range(n):
                yield np.array([i, 2 * i], dtype="int64"), float(i)
    return IDS()


def io_scenarios():
    out = {}
    for kind in ("tuple", "array", "dict", "tensor", "scalar", "nested", "ragged", "object"):
        for bs in (4, None):
            if bs and kind in ("ragged", "object"):
                continue  # Paddle 2.6.2 hangs when default_collate_fn raises (tests/data/test_io.py)
            def fn(paddle, env, kind=kind, bs=bs):
                dl = paddle.io.DataLoader(_map_dataset(paddle, kind), batch_size=bs)
                return [len(dl), _drain(dl)]
            out[f"DataLoader.{kind}.bs{bs}"] = fn

    def dl_opts(**kw):
        def fn(paddle, env):
            _seed(paddle, 3)
            dl = paddle.io.DataLoader(_map_dataset(paddle, "tuple", 11), **kw)
            return [len(dl), _drain(dl), _drain(dl)]
        return fn

    out["DataLoader.shuffle"] = dl_opts(batch_size=4, shuffle=True)
    out["DataLoader.drop_last"] = dl_opts(batch_size=4, drop_last=True)
    out["DataLoader.collate_fn"] = dl_opts(batch_size=3, collate_fn=lambda b: (np.stack([x[0] for x in b]),
                                                                                [x[1] for x in b]))

    def dl_bs(paddle, env):
        ds = _map_dataset(paddle, "tuple", 11)
        bs = paddle.io.BatchSampler(sampler=paddle.io.SequenceSampler(ds), batch_size=5)
        dl = paddle.io.DataLoader(ds, batch_sampler=bs)
        return [len(dl), _drain(dl)]
    out["DataLoader.batch_sampler"] = dl_bs

    def dl_iter(bs, drop_last=False):
        def fn(paddle, env):
            dl = paddle.io.DataLoader(_iter_dataset(paddle), batch_size=bs, drop_last=drop_last)
            return _drain(dl)
        return fn
    out["DataLoader.iterable.bs3"] = dl_iter(3)
    out["DataLoader.iterable.bs3_drop"] = dl_iter(3, True)
    out["DataLoader.iterable.bsNone"] = dl_iter(None)

    def dl_iter_len(paddle, env):
        return len(paddle.io.DataLoader(_iter_dataset(paddle), batch_size=2))
    out["DataLoader.iterable.len"] = dl_iter_len

    def dl_iter_shuffle(paddle, env):
        return paddle.io.DataLoader(_iter_dataset(paddle), batch_size=2, shuffle=True)
    out["DataLoader.iterable.shuffle"] = dl_iter_shuffle

    def samplers(paddle, env):
        ds = _map_dataset(paddle, "tuple", 10)
        _seed(paddle, 5)
        r = []
        r.append(_drain(paddle.io.SequenceSampler(ds)))
        r.append(_drain(paddle.io.RandomSampler(ds)))
        r.append(_drain(paddle.io.RandomSampler(ds, replacement=True, num_samples=15)))
        r.append(len(paddle.io.RandomSampler(ds, replacement=True, num_samples=15)))
        r.append(_drain(paddle.io.WeightedRandomSampler([0.1, 0.2, 0.3, 0.4, 0.0], 8)))
        r.append(_drain(paddle.io.WeightedRandomSampler(np.array([1.0, 2.0, 3.0, 4.0]), 3, replacement=False)))
        r.append(len(paddle.io.WeightedRandomSampler(np.array([1.0, 2.0, 3.0, 4.0]), 3)))
        r.append(_drain(paddle.io.BatchSampler(ds, batch_size=3)))
        r.append(_drain(paddle.io.BatchSampler(ds, shuffle=True, batch_size=4, drop_last=True)))
        r.append(len(paddle.io.BatchSampler(ds, batch_size=3)))
        r.append(len(paddle.io.BatchSampler(ds, batch_size=3, drop_last=True)))
        return r
    out["samplers"] = samplers

    def subset_random(paddle, env):
        s = paddle.io.SubsetRandomSampler([3, 5, 7, 9])
        return [len(s), sorted(s)]
    out["SubsetRandomSampler"] = subset_random

    def dist(nr, rank, shuffle, drop_last, n=11, bs=2):
        def fn(paddle, env):
            ds = _map_dataset(paddle, "tuple", n)
            s = paddle.io.DistributedBatchSampler(ds, bs, num_replicas=nr, rank=rank, shuffle=shuffle,
                                                  drop_last=drop_last)
            first = _drain(s)
            s.set_epoch(3)
            return [len(s), s.num_samples, s.total_size, first, _drain(s)]
        return fn
    for nr, rank, sh, dl in [(1, 0, False, False), (2, 0, False, False), (2, 1, False, False),
                             (3, 2, True, False), (4, 3, True, True), (3, 1, False, True)]:
        out[f"DistributedBatchSampler.{nr}_{rank}_{sh}_{dl}"] = dist(nr, rank, sh, dl)

    def datasets(paddle, env):
        a = paddle.to_tensor(np.arange(12, dtype="float32").reshape(6, 2))
        b = paddle.to_tensor(np.arange(6, dtype="int64"))
        td = paddle.io.TensorDataset([a, b])
        m1, m2 = _map_dataset(paddle, "tuple", 6), _map_dataset(paddle, "array", 6)
        cd = paddle.io.ComposeDataset([m1, m2])
        cc = paddle.io.ConcatDataset([m1, _map_dataset(paddle, "scalar", 4)])
        sub = paddle.io.Subset(m1, [5, 1, 3])
        ch = paddle.io.ChainDataset([_iter_dataset(paddle, 3), _iter_dataset(paddle, 2)])
        return [len(td), _drain(td[2]), len(cd), _drain(cd[4]), len(cc), cc[7], cc[-1], _drain(cc[5]),
                len(sub), _drain(sub[1]), _drain(ch), cc.cumulative_sizes]
    out["datasets"] = datasets

    def random_split(paddle, env):
        parts = paddle.io.random_split(_map_dataset(paddle, "scalar", 10), [3, 7])
        return [len(parts[0]), len(parts[1]), sorted(_drain(parts[0].indices) + _drain(parts[1].indices))]
    out["random_split"] = random_split

    def random_split_bad(paddle, env):
        return paddle.io.random_split(_map_dataset(paddle, "scalar", 10), [3, 8])
    out["random_split.bad"] = random_split_bad

    def errs(which):
        def fn(paddle, env):
            ds = _map_dataset(paddle, "tuple", 5)
            if which == "concat_neg":
                return paddle.io.ConcatDataset([ds])[-9]
            if which == "iter_getitem":
                return _iter_dataset(paddle)[0]
            if which == "base_len":
                return len(paddle.io.Dataset())
            if which == "rs_replacement":
                return paddle.io.RandomSampler(ds, replacement=1)
            if which == "rs_num_samples":
                return paddle.io.RandomSampler(ds, num_samples=3)
            if which == "wrs_num":
                return paddle.io.WeightedRandomSampler([1.0, 2.0], 0)
            if which == "subset_empty":
                return paddle.io.SubsetRandomSampler([])
            if which == "dl_iter_batch_sampler":
                return paddle.io.DataLoader(_iter_dataset(paddle), batch_sampler=paddle.io.BatchSampler(ds))
        return fn
    for w in ("concat_neg", "iter_getitem", "base_len", "rs_replacement", "rs_num_samples", "wrs_num",
              "subset_empty", "dl_iter_batch_sampler"):
        out[f"error.{w}"] = errs(w)
    return out


# ------------------------------------------------------------------------------ dataset file generators
def make_mnist(dirname, n=200, seed=0, prefix="train", corrupt=None):
    import gzip
    import struct

    rs = np.random.RandomState(seed)
    imgs = rs.randint(0, 256, (n, 28, 28)).astype(np.uint8)
    labs = rs.randint(0, 10, n).astype(np.uint8)
    ip = os.path.join(dirname, f"{prefix}-images-idx3-ubyte.gz")
    lp = os.path.join(dirname, f"{prefix}-labels-idx1-ubyte.gz")
    with gzip.open(ip, "wb") as f:
        f.write(struct.pack(">IIII", 2051, n, 28, 28) + imgs.tobytes())
    with gzip.open(lp, "wb") as f:
        f.write(struct.pack(">II", 2049, n) + labs.tobytes())
    if corrupt == "not_gzip":
        with open(ip, "wb") as f:
            f.write(b"this is not a gzip file at all")
    return ip, lp


def make_cifar(dirname, kind=10, n_per=30, seed=0):
    import io as _io
    import pickle
    import tarfile

    rs = np.random.RandomState(seed)
    top = "cifar-10-batches-py" if kind == 10 else "cifar-100-python"
    names = ["data_batch_1", "data_batch_2", "test_batch"] if kind == 10 else ["train", "test"]
    path = os.path.join(dirname, f"cifar-{kind}-python.tar.gz")
    with tarfile.open(path, "w:gz") as tf:
        for name in names:
            d = {b"data": rs.randint(0, 256, (n_per, 3072)).astype(np.uint8),
                 (b"labels" if kind == 10 else b"fine_labels"): rs.randint(0, kind, n_per).tolist()}
            raw = pickle.dumps(d)
            info = tarfile.TarInfo(f"{top}/{name}")
            info.size = len(raw)
            tf.addfile(info, _io.BytesIO(raw))
    return path


def _png_bytes(arr, fmt="PNG", mode=None):
    import io as _io

    from PIL import Image

    b = _io.BytesIO()
    Image.fromarray(arr, mode).save(b, format=fmt)
    return b.getvalue()


def make_voc(dirname, seed=0):
    import io as _io
    import tarfile

    rs = np.random.RandomState(seed)
    path = os.path.join(dirname, "VOCtrainval_11-May-2012.tar")
    names = [f"2007_{i:06d}" for i in range(5)]
    splits = {"trainval": names, "train": names[:3], "val": names[3:]}
    with tarfile.open(path, "w") as tf:
        def add(name, data):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, _io.BytesIO(data))
        for split, ns in splits.items():
            add(f"VOCdevkit/VOC2012/ImageSets/Segmentation/{split}.txt", ("\n".join(ns) + "\n").encode())
        for nm in names:
            add(f"VOCdevkit/VOC2012/JPEGImages/{nm}.jpg",
                _png_bytes(rs.randint(0, 256, (8, 10, 3)).astype(np.uint8), "JPEG"))
            add(f"VOCdevkit/VOC2012/SegmentationClass/{nm}.png",
                _png_bytes(rs.randint(0, 21, (8, 10)).astype(np.uint8), "PNG", "L"))
    return path


def make_folder(dirname, seed=0):
    rs = np.random.RandomState(seed)
    root = os.path.join(dirname, "folder")
    for cls, n in (("cat", 3), ("dog", 2), ("empty", 0)):
        os.makedirs(os.path.join(root, cls), exist_ok=True)
        for i in range(n):
            with open(os.path.join(root, cls, f"{i}.png"), "wb") as f:
                f.write(_png_bytes(rs.randint(0, 256, (5, 6, 3)).astype(np.uint8)))
    with open(os.path.join(root, "cat", "notes.txt"), "w") as f:
        f.write("not an image")
    os.makedirs(os.path.join(root, "dog", "sub"), exist_ok=True)
    with open(os.path.join(root, "dog", "sub", "x.JPG"), "wb") as f:
        f.write(_png_bytes(rs.randint(0, 256, (4, 4, 3)).astype(np.uint8), "JPEG"))
    return root


def make_flowers(dirname, seed=0):
    import io as _io
    import tarfile

    rs = np.random.RandomState(seed)
    path = os.path.join(dirname, "102flowers.tgz")
    with tarfile.open(path, "w:gz") as tf:
        for i in range(1, 9):
            data = _png_bytes(rs.randint(0, 256, (6, 7, 3)).astype(np.uint8), "JPEG")
            info = tarfile.TarInfo(f"jpg/image_{i:05d}.jpg")
            info.size = len(data)
            tf.addfile(info, _io.BytesIO(data))
    lp = os.path.join(dirname, "imagelabels.mat")
    sp = os.path.join(dirname, "setid.mat")
    savemat_v5(lp, {"labels": np.array([[5, 1, 102, 7, 7, 3, 2, 9]])}, compress=True)
    savemat_v5(sp, {"trnid": np.array([[1, 2, 3]]), "valid": np.array([[4, 5]]), "tstid": np.array([[6, 7, 8]])})
    return path, lp, sp


import struct  # noqa: E402
import zlib  # noqa: E402


def savemat_v5(path, arrays, compress=False):
    """Write numeric 2-D arrays as a MATLAB v5 file (used by the tests to make Flowers label files)."""
    body = b""
    for name, arr in arrays.items():
        arr = np.atleast_2d(np.asarray(arr, dtype=np.float64))
        sub = b""
        sub += struct.pack("<II", 6, 8) + struct.pack("<II", 6, 0)  # flags: mxDOUBLE_CLASS
        dims = struct.pack(f"<{arr.ndim}i", *arr.shape)
        sub += struct.pack("<II", 5, len(dims)) + dims + b"\0" * ((-len(dims)) % 8)
        nm = name.encode()
        sub += struct.pack("<II", 1, len(nm)) + nm + b"\0" * ((-len(nm)) % 8)
        data = arr.flatten(order="F").astype("<f8").tobytes()
        sub += struct.pack("<II", 9, len(data)) + data
        elem = struct.pack("<II", 14, len(sub)) + sub
        if compress:
            z = zlib.compress(elem)
            elem = struct.pack("<II", 15, len(z)) + z
        body += elem
    header = b"MATLAB 5.0 MAT-file, written by paddle-compat".ljust(116, b" ") + b"\0" * 8
    header += struct.pack("<H", 0x0100) + b"IM"
    with open(path, "wb") as f:
        f.write(header + body)


def _ds_summary(ds, idx=(0, -1)):
    out = [len(ds)]
    for i in idx:
        out.append(ds[i if i >= 0 else len(ds) + i])
    return out


def datasets_scenarios():
    out = {}

    def mnist(cls="MNIST", mode="train", backend=None, n=200, transform=False):
        def fn(paddle, env):
            prefix = "train" if mode.lower() == "train" else "t10k"
            ip, lp = make_mnist(env["tmp"], n=n, prefix=prefix)
            T = paddle.vision.transforms
            tr = T.Compose([T.ToTensor()]) if transform else None
            ds = getattr(paddle.vision.datasets, cls)(image_path=ip, label_path=lp, mode=mode, backend=backend,
                                                       transform=tr)
            return _ds_summary(ds) + [ds[7][1].dtype.name, ds.mode]
        return fn
    out["MNIST.train.pil"] = mnist()
    out["MNIST.test.cv2"] = mnist(mode="test", backend="cv2")
    out["MNIST.TRAIN.transform"] = mnist(mode="TRAIN", transform=True)
    out["FashionMNIST.train"] = mnist("FashionMNIST")
    out["MNIST.bad_mode"] = mnist(mode="val")
    out["MNIST.bad_backend"] = mnist(backend="tensor")
    out["MNIST.partial_block"] = mnist(n=150)

    def mnist_digits(paddle, env):
        d = os.path.join(ROOT, "paddle_compat", "_data", "digits")
        tr = paddle.vision.datasets.MNIST(os.path.join(d, "train-images-idx3-ubyte.gz"),
                                          os.path.join(d, "train-labels-idx1-ubyte.gz"), mode="train")
        te = paddle.vision.datasets.MNIST(os.path.join(d, "t10k-images-idx3-ubyte.gz"),
                                          os.path.join(d, "t10k-labels-idx1-ubyte.gz"), mode="test",
                                          backend="cv2")
        labels = np.concatenate([tr[i][1] for i in range(len(tr))])
        return _ds_summary(tr) + _ds_summary(te, (5, 299)) + [labels]
    out["MNIST.digits"] = mnist_digits

    def mnist_corrupt(paddle, env):
        ip, lp = make_mnist(env["tmp"], corrupt="not_gzip")
        return paddle.vision.datasets.MNIST(image_path=ip, label_path=lp)
    out["MNIST.corrupt"] = mnist_corrupt

    def mnist_nodownload(paddle, env):
        return paddle.vision.datasets.MNIST(image_path=None, download=False)
    out["MNIST.no_path_no_download"] = mnist_nodownload

    def mnist_missing(paddle, env):
        return paddle.vision.datasets.MNIST(image_path=os.path.join(env["tmp"], "nope.gz"),
                                            label_path=os.path.join(env["tmp"], "nope2.gz"), download=False)
    out["MNIST.missing_file"] = mnist_missing

    def cifar(kind, mode="train", backend=None):
        def fn(paddle, env):
            path = make_cifar(env["tmp"], kind)
            ds = getattr(paddle.vision.datasets, f"Cifar{kind}")(data_file=path, mode=mode, backend=backend)
            return _ds_summary(ds, (0, 7, -1))
        return fn
    out["Cifar10.train"] = cifar(10)
    out["Cifar10.test.cv2"] = cifar(10, "test", "cv2")
    out["Cifar100.train.cv2"] = cifar(100, "train", "cv2")
    out["Cifar100.test"] = cifar(100, "test")
    out["Cifar10.bad_mode"] = cifar(10, "valid")

    def voc(mode, backend=None):
        def fn(paddle, env):
            ds = paddle.vision.datasets.VOC2012(data_file=make_voc(env["tmp"]), mode=mode, backend=backend)
            return _ds_summary(ds)
        return fn
    out["VOC2012.train"] = voc("train")
    out["VOC2012.test.cv2"] = voc("test", "cv2")
    out["VOC2012.valid"] = voc("valid")

    def folder(paddle, env):
        root = make_folder(env["tmp"])
        ds = paddle.vision.datasets.DatasetFolder(root)
        rel = [os.path.relpath(p, root) for p, _ in ds.samples]
        imf = paddle.vision.datasets.ImageFolder(root)
        rel2 = [os.path.relpath(p, root) for p in imf.samples]
        ds2 = paddle.vision.datasets.DatasetFolder(root, extensions=(".txt",), loader=lambda p: open(p).read())
        return [len(ds), ds.classes, ds.class_to_idx, rel, ds.targets, ds[0], ds[4], len(imf), rel2, imf[1], ds2[0]]
    out["DatasetFolder"] = folder

    def folder_empty(paddle, env):
        os.makedirs(os.path.join(env["tmp"], "e", "a"))
        return paddle.vision.datasets.DatasetFolder(os.path.join(env["tmp"], "e"))
    out["DatasetFolder.empty"] = folder_empty

    def flowers(mode, backend=None):
        def fn(paddle, env):
            dp, lp, sp = make_flowers(env["tmp"])
            ds = paddle.vision.datasets.Flowers(dp, lp, sp, mode=mode, backend=backend)
            return _ds_summary(ds)
        return fn
    out["Flowers.train"] = flowers("train")
    out["Flowers.valid.cv2"] = flowers("valid", "cv2")

    def image_backend(paddle, env):
        v = paddle.vision
        path = os.path.join(env["tmp"], "a.png")
        with open(path, "wb") as f:
            f.write(_png_bytes(np.arange(12, dtype=np.uint8).reshape(2, 2, 3)))
        r = [v.get_image_backend(), v.image_load(path), v.image_load(path, backend="tensor")]
        try:
            v.set_image_backend("bad")
        except ValueError as e:
            r.append(type(e).__name__)
        v.set_image_backend("pil")
        return r
    out["image_backend"] = image_backend
    return out


SECTIONS = {"datasets": datasets_scenarios, "transforms": transforms_scenarios, "metric": metric_scenarios,
            "io": io_scenarios}


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
    sys.path.insert(0, ROOT)
    import zlib  # noqa: F401  (must precede `import paddle` in the oracle: zlib clash)

    for section in argv or list(SECTIONS):
        record(section)


if __name__ == "__main__":
    main(sys.argv[1:])
