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
