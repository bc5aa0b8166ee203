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

    def dl_tensor_dataset(paddle, env):
        a = paddle.to_tensor(np.arange(20, dtype="float32").reshape(10, 2))
        b = paddle.to_tensor(np.arange(10, dtype="int64").reshape(10, 1))
        dl = paddle.io.DataLoader(paddle.io.TensorDataset([a, b]), batch_size=4)
        return [len(dl), _drain(dl)]
    out["DataLoader.TensorDataset"] = dl_tensor_dataset

    def dl_compose(paddle, env):
        ds = paddle.io.ComposeDataset([_map_dataset(paddle, "tuple", 6), _map_dataset(paddle, "dict", 6)])
        return _drain(paddle.io.DataLoader(ds, batch_size=4))
    out["DataLoader.ComposeDataset"] = dl_compose

    def dl_concat_subset(paddle, env):
        ds = paddle.io.ConcatDataset([_map_dataset(paddle, "tuple", 5), _map_dataset(paddle, "tuple", 3)])
        sub = paddle.io.Subset(ds, [7, 0, 6, 2, 5])
        return _drain(paddle.io.DataLoader(sub, batch_size=2, drop_last=False))
    out["DataLoader.Concat_Subset"] = dl_concat_subset

    def dl_chain(paddle, env):
        ds = paddle.io.ChainDataset([_iter_dataset(paddle, 3), _iter_dataset(paddle, 4)])
        return _drain(paddle.io.DataLoader(ds, batch_size=3))
    out["DataLoader.ChainDataset"] = dl_chain

    def dl_weighted(paddle, env):
        _seed(paddle, 11)
        ds = _map_dataset(paddle, "tuple", 6)
        s = paddle.io.WeightedRandomSampler(np.array([0.1, 0.5, 0.1, 0.1, 0.1, 0.1]), 9)
        dl = paddle.io.DataLoader(ds, batch_sampler=paddle.io.BatchSampler(sampler=s, batch_size=4))
        return [len(dl), _drain(dl)]
    out["DataLoader.WeightedRandomSampler"] = dl_weighted

    def dl_dist(paddle, env):
        ds = _map_dataset(paddle, "tuple", 9)
        s = paddle.io.DistributedBatchSampler(ds, 2, num_replicas=2, rank=1, shuffle=True)
        dl = paddle.io.DataLoader(ds, batch_sampler=s)
        return [len(dl), _drain(dl), _drain(dl)]
    out["DataLoader.DistributedBatchSampler"] = dl_dist

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


# ------------------------------------------------------------------------------ text scenarios
_WORDS = "the a cat dog sat on mat ran fast slow big red blue green".split()


def _sentences(rs, n, lo=3, hi=9):
    return [" ".join(rs.choice(_WORDS, rs.randint(lo, hi))) for _ in range(n)]


def _tar_add(tf, name, data):
    import io as _io
    import tarfile

    info = tarfile.TarInfo(name)
    info.size = len(data)
    tf.addfile(info, _io.BytesIO(data))


def make_uci(dirname, n=20, seed=0):
    rs = np.random.RandomState(seed)
    path = os.path.join(dirname, "housing.data")
    with open(path, "w") as f:
        for row in rs.rand(n, 14) * 100:
            f.write(" ".join(f"{v:.4f}" for v in row) + "\n")
    return path


def make_imdb(dirname, seed=0):
    import tarfile

    rs = np.random.RandomState(seed)
    path = os.path.join(dirname, "aclImdb_v1.tar.gz")
    with tarfile.open(path, "w:gz") as tf:
        for split in ("train", "test"):
            for kind in ("pos", "neg"):
                for i, sent in enumerate(_sentences(rs, 4, 5, 30)):
                    _tar_add(tf, f"aclImdb/{split}/{kind}/{i}_7.txt", (sent.capitalize() + ", it was!\n").encode())
        _tar_add(tf, "aclImdb/train/unsup/0_0.txt", b"ignored text")
    return path


def make_imikolov(dirname, seed=0):
    import tarfile

    rs = np.random.RandomState(seed)
    path = os.path.join(dirname, "simple-examples.tgz")
    with tarfile.open(path, "w:gz") as tf:
        for split, n in (("train", 30), ("valid", 8), ("test", 6)):
            text = "\n".join(" " + s.replace("cat", "<unk>") + " " for s in _sentences(rs, n)) + "\n"
            _tar_add(tf, f"./simple-examples/data/ptb.{split}.txt", text.encode())
    return path


def make_movielens(dirname, seed=0):
    import zipfile

    rs = np.random.RandomState(seed)
    path = os.path.join(dirname, "ml-1m.zip")
    movies = [f"{i}::{s.title()} ({1990 + i})::{'|'.join(rs.choice(['Comedy', 'Drama', 'Action'], 2, False))}"
              for i, s in enumerate(_sentences(rs, 6, 1, 4), start=1)]
    users = [f"{u}::{'MF'[u % 2]}::{[1, 18, 25, 35, 45, 50, 56][u % 7]}::{u % 21}::12345" for u in range(1, 6)]
    ratings = [f"{rs.randint(1, 6)}::{rs.randint(1, 7)}::{rs.randint(1, 6)}::97830{i}" for i in range(40)]
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("ml-1m/movies.dat", "\n".join(movies) + "\n")
        z.writestr("ml-1m/users.dat", "\n".join(users) + "\n")
        z.writestr("ml-1m/ratings.dat", "\n".join(ratings) + "\n")
    return path


def make_wmt14(dirname, seed=0):
    import tarfile

    rs = np.random.RandomState(seed)
    path = os.path.join(dirname, "wmt14.tgz")
    vocab = ["<s>", "<e>", "<unk>"] + _WORDS
    with tarfile.open(path, "w:gz") as tf:
        _tar_add(tf, "wmt14/src.dict", ("\n".join(vocab) + "\n").encode())
        _tar_add(tf, "wmt14/trg.dict", ("\n".join(vocab[::-1][:-3] + ["<s>", "<e>", "<unk>"]) + "\n").encode())
        for split in ("train", "test", "gen"):
            lines = [f"{a}\t{b}" for a, b in zip(_sentences(rs, 6), _sentences(rs, 6))] + ["bad line"]
            _tar_add(tf, f"wmt14/{split}/{split}", ("\n".join(lines) + "\n").encode())
    return path


def make_wmt16(dirname, seed=0):
    import tarfile

    rs = np.random.RandomState(seed)
    path = os.path.join(dirname, "wmt16.tar.gz")
    with tarfile.open(path, "w:gz") as tf:
        for split, n in (("train", 20), ("test", 5), ("val", 4)):
            lines = [f"{a}\t{b.upper()}" for a, b in zip(_sentences(rs, n), _sentences(rs, n))]
            _tar_add(tf, f"wmt16/{split}", ("\n".join(lines) + "\n").encode())
    return path


def make_conll05(dirname):
    import gzip as _gzip
    import tarfile

    words = "The cat sat on the mat .".split() + [""] + "Dogs ran fast .".split() + [""]
    props = ["-  (A0*", "-  *)", "sat  (V*)", "-  (AM-LOC*", "-  *", "-  *)", "-  *", "",
             "-  (A0*)", "ran  (V*)", "-  (AM-MNR*)", "-  *", ""]
    path = os.path.join(dirname, "conll05st-tests.tar.gz")
    with tarfile.open(path, "w:gz") as tf:
        _tar_add(tf, "conll05st-release/test.wsj/words/test.wsj.words.gz",
                 _gzip.compress(("\n".join(words) + "\n").encode()))
        _tar_add(tf, "conll05st-release/test.wsj/props/test.wsj.props.gz",
                 _gzip.compress(("\n".join(props) + "\n").encode()))
    wd = os.path.join(dirname, "wordDict.txt")
    vd = os.path.join(dirname, "verbDict.txt")
    td = os.path.join(dirname, "targetDict.txt")
    emb = os.path.join(dirname, "emb")
    with open(wd, "w") as f:
        f.write("\n".join(["<unk>", "bos", "eos", "the", "cat", "sat", "on", "mat", ".", "The"]) + "\n")
    with open(vd, "w") as f:
        f.write("sat\nran\nmat\n")
    with open(td, "w") as f:
        f.write("B-V\nI-V\nO\n")
    with open(emb, "w") as f:
        f.write("0\n")
    return path, wd, vd, td, emb


def text_scenarios():
    out = {}

    def uci(mode):
        def fn(paddle, env):
            return _ds_summary(paddle.text.UCIHousing(make_uci(env["tmp"]), mode=mode))
        return fn
    out["UCIHousing.train"] = uci("train")
    out["UCIHousing.test"] = uci("test")
    out["UCIHousing.bad_mode"] = uci("valid")

    def imdb(mode, cutoff):
        def fn(paddle, env):
            ds = paddle.text.Imdb(make_imdb(env["tmp"]), mode=mode, cutoff=cutoff)
            return _ds_summary(ds, (0, 3, 4, -1)) + [sorted((str(k), v) for k, v in ds.word_idx.items())]
        return fn
    out["Imdb.train"] = imdb("train", 3)
    out["Imdb.test"] = imdb("test", 10)

    def imikolov(data_type, window, mode, freq):
        def fn(paddle, env):
            ds = paddle.text.Imikolov(make_imikolov(env["tmp"]), data_type=data_type, window_size=window, mode=mode,
                                      min_word_freq=freq)
            return _ds_summary(ds, (0, 1, -1)) + [sorted((str(k), v) for k, v in ds.word_idx.items())]
        return fn
    out["Imikolov.ngram5"] = imikolov("NGRAM", 5, "train", 2)
    out["Imikolov.seq"] = imikolov("seq", -1, "test", 5)
    out["Imikolov.seq_window"] = imikolov("SEQ", 6, "train", 3)
    out["Imikolov.ngram_nowindow"] = imikolov("NGRAM", -1, "train", 2)
    out["Imikolov.bad_type"] = imikolov("CHAR", 2, "train", 2)

    def movielens(mode):
        def fn(paddle, env):
            ds = paddle.text.Movielens(make_movielens(env["tmp"]), mode=mode, test_ratio=0.25, rand_seed=3)
            rows = []
            for i in range(len(ds)):
                s = ds[i]  # category / title ids depend on string hashing: compare the stable fields
                rows.append([s[0], s[1], s[2], s[3], s[4], len(s[5]), len(s[6]), s[7]])
            return [len(ds), rows, sorted(ds.categories_dict), sorted(ds.movie_title_dict), str(ds.user_info[2]),
                    str(ds.movie_info[1])]
        return fn
    out["Movielens.train"] = movielens("train")
    out["Movielens.test"] = movielens("test")

    def wmt14(mode, size):
        def fn(paddle, env):
            ds = paddle.text.WMT14(make_wmt14(env["tmp"]), mode=mode, dict_size=size)
            src, trg = ds.get_dict(reverse=True)
            return _ds_summary(ds, (0, -1)) + [sorted(src.items()), sorted(trg.items())]
        return fn
    out["WMT14.train"] = wmt14("train", 30)
    out["WMT14.small_dict"] = wmt14("train", 12)
    out["WMT14.gen"] = wmt14("gen", 30)
    out["WMT14.bad_dict_size"] = wmt14("test", -1)

    def wmt16(mode, lang, s1, s2):
        def fn(paddle, env):
            os.makedirs(os.path.join(os.path.expanduser("~"), ".cache", "paddle", "dataset", "wmt16"), exist_ok=True)
            ds = paddle.text.WMT16(make_wmt16(env["tmp"]), mode=mode, src_dict_size=s1, trg_dict_size=s2, lang=lang)
            return _ds_summary(ds, (0, -1)) + [sorted(ds.src_dict.items()), sorted(ds.trg_dict.items()),
                                               sorted(ds.get_dict("de").items())]
        return fn
    out["WMT16.train.en"] = wmt16("train", "en", 9, 11)
    out["WMT16.val.de"] = wmt16("val", "de", 10, 8)

    def conll(paddle, env):
        ds = paddle.text.Conll05st(*make_conll05(env["tmp"]))
        rows = [list(ds[i][:8]) for i in range(len(ds))]  # label ids enumerate a set: compare the rest
        w, p, lab = ds.get_dict()
        return [len(ds), rows, sorted(lab), sorted(w.items()), ds.labels, os.path.basename(ds.get_embedding())]
    out["Conll05st"] = conll

    def conll_nodl(paddle, env):
        return paddle.text.Conll05st(download=False)
    out["Conll05st.no_download"] = conll_nodl

    def viterbi(seed, shape, lengths, inc, dtype="float32", layer=False):
        def fn(paddle, env):
            rs = np.random.RandomState(seed)
            b, t, n = shape
            pot = paddle.to_tensor(rs.randn(b, t, n).astype(dtype))
            tr = paddle.to_tensor(rs.randn(n, n).astype(dtype))
            lens = paddle.to_tensor(np.array(lengths, dtype="int64"))
            if layer:
                return list(paddle.text.ViterbiDecoder(tr, include_bos_eos_tag=inc)(pot, lens))
            return list(paddle.text.viterbi_decode(pot, tr, lens, include_bos_eos_tag=inc))
        return fn
    out["viterbi.bos_eos"] = viterbi(0, (3, 4, 4), [4, 2, 3], True)
    out["viterbi.plain"] = viterbi(0, (3, 4, 4), [4, 2, 3], False)
    out["viterbi.f64_short"] = viterbi(1, (2, 5, 3), [3, 2], False, "float64")
    out["viterbi.bos_eos_f64"] = viterbi(2, (4, 6, 5), [6, 1, 3, 6], True, "float64")
    out["viterbi.len1"] = viterbi(3, (2, 3, 4), [1, 1], True)
    out["viterbi.big"] = viterbi(4, (8, 20, 7), [20, 3, 17, 9, 20, 1, 5, 12], True)
    out["ViterbiDecoder"] = viterbi(5, (3, 6, 5), [6, 4, 2], False, layer=True)
    out["ViterbiDecoder.bos"] = viterbi(6, (3, 6, 5), [5, 6, 2], True, layer=True)

    def viterbi_bad(paddle, env):
        pot = paddle.to_tensor(np.zeros((2, 3, 4), "float32"))
        return paddle.text.viterbi_decode(pot, paddle.to_tensor(np.zeros((4, 4), "float32")),
                                          paddle.to_tensor(np.array([3, 2], "int32")))
    out["viterbi.int32_lengths"] = viterbi_bad
    return out


# ------------------------------------------------------------------------------ API surface
API_MODULES = ("paddle.io", "paddle.vision.datasets", "paddle.vision.transforms", "paddle.metric", "paddle.text")


def _sig(obj):
    import inspect

    target = obj.__init__ if inspect.isclass(obj) else obj
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return "?"
    return [[n, str(p.kind), repr(p.default) if p.default is not inspect.Parameter.empty else "<required>"]
            for n, p in sig.parameters.items() if n != "self"]


def api_scenarios():
    import importlib

    out = {}

    def names(paddle, env):
        return {m: sorted(importlib.import_module(m).__all__) for m in API_MODULES}
    out["__all__"] = names
    for m in API_MODULES:
        def fn(paddle, env, m=m):
            mod = importlib.import_module(m)
            return {n: _sig(getattr(mod, n)) for n in mod.__all__}
        out[f"signatures.{m}"] = fn

    def functional(paddle, env):
        F = importlib.import_module("paddle.vision.transforms.functional")
        names = ["adjust_brightness", "adjust_contrast", "adjust_hue", "adjust_saturation", "affine", "center_crop",
                 "crop", "erase", "hflip", "normalize", "pad", "perspective", "resize", "rotate", "to_grayscale",
                 "to_tensor", "vflip"]
        return {n: _sig(getattr(F, n)) for n in names}
    out["signatures.transforms.functional"] = functional

    def methods(paddle, env):
        import inspect

        r = {}
        for m in API_MODULES:
            mod = importlib.import_module(m)
            for n in mod.__all__:
                obj = getattr(mod, n)
                if inspect.isclass(obj):
                    r[f"{m}.{n}"] = sorted(a for a in vars(obj) if not a.startswith("__") and
                                           callable(getattr(obj, a)) and not a.startswith("_"))
        return r
    out["public_methods"] = methods
    return out


SECTIONS = {"api": api_scenarios, "text": text_scenarios, "datasets": datasets_scenarios,
            "transforms": transforms_scenarios, "metric": metric_scenarios, "io": io_scenarios}


def record(section):
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
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
        json.dump({**stamp, "scenarios": meta}, f, indent=1, sort_keys=True)
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
