"""Encode scenario results (dense / COO / CSR tensors, Python values) as JSON-able dicts; used by the recorder
(real Paddle) and the replay (ours) alike."""

import math

import numpy as np


def _array(a):
    a = np.asarray(a)
    flat = [None if isinstance(v, float) and math.isnan(v) else
            ("inf" if v == math.inf else "-inf" if v == -math.inf else v) for v in a.reshape(-1).tolist()]
    return {"dtype": str(a.dtype), "shape": list(a.shape), "data": flat}


def decode_array(d):
    data = [np.nan if v is None else (np.inf if v == "inf" else -np.inf if v == "-inf" else v) for v in d["data"]]
    return np.array(data, dtype=d["dtype"]).reshape(d["shape"])


def encode(value):
    if hasattr(value, "is_sparse_coo") and hasattr(value, "shape"):
        base = {"shape": list(value.shape), "dtype": str(value.dtype).replace("paddle.", ""),
                "stop_gradient": bool(value.stop_gradient)}
        if value.is_sparse_coo():
            return dict(base, kind="coo", indices=_array(value.indices().numpy()),
                        values=_array(value.values().numpy()))
        if value.is_sparse_csr():
            return dict(base, kind="csr", crows=_array(value.crows().numpy()), cols=_array(value.cols().numpy()),
                        values=_array(value.values().numpy()))
        return dict(base, kind="dense", values=_array(value.numpy()))
    if isinstance(value, dict):
        return {"kind": "dict", "items": {k: encode(v) for k, v in value.items()}}
    if isinstance(value, (list, tuple)):
        return {"kind": "list", "items": [encode(v) for v in value]}
    if value is None or isinstance(value, (bool, int, float, str)):
        return {"kind": "py", "value": value}
    return {"kind": "py", "value": repr(value)}


def compare(ours, theirs, where, deviations=()):
    """Assert an encoded result equals the oracle's; parts named in ``deviations`` are not compared."""
    if where in deviations:
        return
    assert ours["kind"] == theirs["kind"], f"{where}: kind {ours['kind']} != paddle {theirs['kind']}"
    kind = theirs["kind"]
    if kind == "dict":
        assert sorted(ours["items"]) == sorted(theirs["items"]), where
        for k in theirs["items"]:
            compare(ours["items"][k], theirs["items"][k], f"{where}.{k}", deviations)
        return
    if kind == "list":
        assert len(ours["items"]) == len(theirs["items"]), where
        for i, (a, b) in enumerate(zip(ours["items"], theirs["items"])):
            compare(a, b, f"{where}[{i}]", deviations)
        return
    if kind == "py":
        a, b = ours["value"], theirs["value"]
        if isinstance(b, float) and isinstance(a, float):
            assert math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-6), f"{where}: {a!r} != paddle {b!r}"
        else:
            assert a == b, f"{where}: {a!r} != paddle {b!r}"
        return
    for key in ("shape", "dtype", "stop_gradient"):
        assert ours[key] == theirs[key], f"{where}: {key} {ours[key]} != paddle {theirs[key]}"
    parts = {"coo": ("indices", "values"), "csr": ("crows", "cols", "values"), "dense": ("values",)}[kind]
    for part in parts:
        a, b = decode_array(ours[part]), decode_array(theirs[part])
        assert a.shape == b.shape, f"{where}.{part}: shape {a.shape} != paddle {b.shape}"
        if a.dtype.kind in "iub":
            np.testing.assert_array_equal(a, b, err_msg=f"{where}.{part}")
        else:
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True, err_msg=f"{where}.{part}")


def record_scenarios(scenarios, path, stamp, prepare=None):
    """Run every scenario of a ``*_scenarios`` module with the oracle and write its stamped golden file: each entry
    is the encoded result, or the exception Paddle raised. ``prepare(paddle)`` runs before each scenario."""
    import json

    import paddle

    results = {}
    for name, fn in scenarios.SCENARIOS.items():
        if prepare is not None:
            prepare(paddle)
        paddle.seed(0)
        try:
            results[name] = {"status": "ok", "result": encode(fn(paddle))}
        except Exception as e:  # noqa: BLE001 - a failing scenario records Paddle's exception
            results[name] = {"status": "error", "type": type(e).__name__, "message": str(e)[:300]}
        print(name, results[name]["status"], results[name].get("type", ""), results[name].get("message", ""))
    with open(path, "w") as f:
        json.dump(dict(stamp, scenarios=results), f, separators=(",", ":"))


def run_scenario(paddle, scenarios, name, golden):
    """Run one scenario as its golden was recorded: the encoded result, or (when Paddle raised) assert ours raises
    the same exception class and return None."""
    import warnings

    import pytest

    paddle.seed(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if golden["status"] == "error":
            with pytest.raises(Exception) as info:
                scenarios.SCENARIOS[name](paddle)
            assert type(info.value).__name__ == golden["type"]
            return None
        return encode(scenarios.SCENARIOS[name](paddle))
