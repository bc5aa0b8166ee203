"""Compare our package against the goldens written by tools/api_diff/record_data.py (real Paddle)."""

import os

import numpy as np

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from tools.api_diff import record_data
from tools.api_diff.common import load_golden_json

ROOT = record_data.ROOT


def load(section):
    base = os.path.join(record_data.GOLDEN_DIR, f"data_{section}")
    meta = load_golden_json(base + ".json")["scenarios"]
    arrays = dict(np.load(base + ".npz", allow_pickle=False))
    return meta, arrays


def xfails():
    path = os.path.join(ROOT, "mappings", "data.toml")
    with open(path, "rb") as f:
        return tomllib.load(f).get("xfail", {})


def _cmp(exp, got, arrays_e, arrays_g, key_e, key_g, path, rtol, atol):
    assert exp["kind"] == got["kind"], f"{path}: kind {got['kind']} != paddle's {exp['kind']}"
    kind = exp["kind"]
    if kind in ("tensor", "ndarray", "pil"):
        a, b = arrays_e[key_e], arrays_g[key_g]
        if kind == "pil":
            assert exp["mode"] == got["mode"], f"{path}: PIL mode {got['mode']} != {exp['mode']}"
        assert a.dtype == b.dtype, f"{path}: dtype {b.dtype} != paddle's {a.dtype}"
        assert a.shape == b.shape, f"{path}: shape {b.shape} != paddle's {a.shape}"
        if a.dtype.kind in "fc":
            np.testing.assert_allclose(b, a, rtol=rtol, atol=atol, err_msg=path)
        elif a.dtype.kind in "iub" and kind != "pil" and a.dtype == np.uint8:
            # float -> uint8 truncation after grid sampling may differ by one step on ties
            assert np.abs(a.astype(int) - b.astype(int)).max(initial=0) <= 0, path
        else:
            np.testing.assert_array_equal(b, a, err_msg=path)
    elif kind in ("dict",):
        assert sorted(exp["items"]) == sorted(got["items"]), f"{path}: keys differ"
        for k in exp["items"]:
            _cmp(exp["items"][k], got["items"][k], arrays_e, arrays_g, f"{key_e}.{k}", f"{key_g}.{k}",
                 f"{path}.{k}", rtol, atol)
    elif kind in ("list", "tuple"):
        assert len(exp["items"]) == len(got["items"]), f"{path}: length {len(got['items'])} != {len(exp['items'])}"
        for i, (e, g) in enumerate(zip(exp["items"], got["items"])):
            _cmp(e, g, arrays_e, arrays_g, f"{key_e}.{i}", f"{key_g}.{i}", f"{path}[{i}]", rtol, atol)
    elif kind == "float":
        np.testing.assert_allclose(got["value"], exp["value"], rtol=rtol, atol=atol, err_msg=path)
    elif kind == "object":
        assert exp["type"] == got["type"], path
    else:
        assert exp == got, f"{path}: {got} != paddle's {exp}"


_IO = {"DataLoader.Concat_Subset": ["ConcatDataset", "Subset"], "DataLoader.WeightedRandomSampler":
       ["WeightedRandomSampler", "BatchSampler"], "DataLoader.batch_sampler": ["BatchSampler", "SequenceSampler"],
       "datasets": ["TensorDataset", "ComposeDataset", "ConcatDataset", "Subset", "ChainDataset", "IterableDataset"],
       "samplers": ["SequenceSampler", "RandomSampler", "WeightedRandomSampler", "BatchSampler"],
       "random_split.bad": ["random_split"], "error.base_len": ["Dataset"], "error.concat_neg": ["ConcatDataset"],
       "error.dl_iter_batch_sampler": ["DataLoader"], "error.iter_getitem": ["IterableDataset"],
       "error.rs_num_samples": ["RandomSampler"], "error.rs_replacement": ["RandomSampler"],
       "error.subset_empty": ["SubsetRandomSampler"], "error.wrs_num": ["WeightedRandomSampler"]}
_F = {"brightness": "adjust_brightness", "contrast": "adjust_contrast", "hue": "adjust_hue", "saturation": None,
      "to_tensor_hwc": "to_tensor", "center_crop_hw": "center_crop", "to_grayscale3": "to_grayscale",
      "normalize_rgb": "normalize", "bad_type": "hflip"}
_F_PREFIX = ("resize", "pad", "affine", "rotate", "perspective", "brightness", "contrast", "hue")
_VISION_FNS = ("adjust_brightness", "adjust_contrast", "adjust_hue", "affine", "center_crop", "crop", "erase",
               "hflip", "normalize", "pad", "perspective", "resize", "rotate", "to_grayscale", "to_tensor", "vflip")


def apis(section, sid):
    """The public APIs (spec names) a scenario of tools/api_diff/record_data.py exercises; the tests tag
    themselves with them (``verifies`` marker). The "api" section (surface: __all__, signatures) credits none."""
    head = sid.split(".", 1)[0]
    if section == "metric":
        return [f"paddle.metric.{head}"]
    if section == "text":
        return ["paddle.text.viterbi_decode" if head == "viterbi" else f"paddle.text.{head}"]
    if section == "datasets":
        if sid == "image_backend":
            return ["paddle.vision.get_image_backend", "paddle.vision.image_load", "paddle.vision.set_image_backend"]
        return [f"paddle.vision.datasets.{head}"]
    if section == "io":
        names = list(_IO.get(sid, []))
        if sid.startswith("DataLoader."):
            names.append("DataLoader")
            rest = sid.split(".")[1]
            names += ["IterableDataset"] if rest == "iterable" else [rest] if rest[:1].isupper() and "_" not in rest \
                else []
        elif not names:
            names.append(head)
        return sorted({f"paddle.io.{n}" for n in names})
    if section == "transforms":
        kind, name = sid.split(".", 1)
        name = name.split("[", 1)[0]
        if kind == "T":
            base = name.split("_", 1)[0]
            return [f"paddle.vision.transforms.{base}"] + (["paddle.vision.transforms.Resize"]
                                                          if base == "BaseTransform" else [])
        fn = _F.get(name, name)
        if fn not in _VISION_FNS:
            prefix = next((p for p in _F_PREFIX if name.startswith(p)), None)
            fn = _F.get(prefix, prefix)
        return [f"paddle.vision.transforms.{fn}"] if fn in _VISION_FNS else []
    return []


def param(section, sid, **kw):
    """pytest.param of a scenario, tagged with the APIs it verifies."""
    import pytest

    names = apis(section, sid)
    return pytest.param(section, sid, marks=[pytest.mark.verifies(*names)] if names else [], **kw)


def check(section, sid, meta, arrays, rtol=1e-5, atol=1e-5):
    import paddle

    fn = record_data.SECTIONS[section]()[sid]
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        got, garr = record_data.run_scenario(fn, paddle, {"tmp": tmp})
    exp = meta[sid]
    if "error" in exp:
        assert "error" in got, f"{sid}: paddle raises {exp['error']}({exp['message']!r}), we returned a value"
        assert got["error"] == exp["error"], f"{sid}: we raise {got['error']}, paddle {exp['error']}"
        return
    assert "error" not in got, f"{sid}: we raise {got.get('error')}: {got.get('message')}"
    earr = {k.split("|", 1)[1]: v for k, v in arrays.items() if k.startswith(sid + "|")}
    _cmp(exp["result"], got["result"], earr, garr, "r", "r", sid, rtol, atol)


def check_with_xfail(section, sid, meta, arrays, xfail_key, xfails, **tol):
    """Strict xfail: a listed scenario must still fail (else the [xfail] entry is stale)."""
    import pytest

    reason = xfails.get(xfail_key)
    if reason is None:
        check(section, sid, meta, arrays, **tol)
        return
    try:
        check(section, sid, meta, arrays, **tol)
    except AssertionError:
        pytest.xfail(reason)
    pytest.fail(f"XPASS {xfail_key}: listed in mappings/data.toml [xfail] but now matches Paddle; remove the entry")
