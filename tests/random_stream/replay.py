"""Run one case of cases.py and summarise its outputs (shared by the recorder and the test)."""

import hashlib

import numpy as np

HEAD = 8


def summarise(array):
    """dtype, shape, first values and SHA-256 of an output; floats compared as float64, ints as int64."""
    dtype = str(array.dtype)
    if array.dtype.kind == "f" or dtype == "bfloat16":
        wide = np.asarray(array, dtype=np.float32 if dtype == "bfloat16" else array.dtype).astype(np.float64)
    else:
        wide = np.asarray(array).astype(np.int64)
    flat = np.ascontiguousarray(wide.reshape(-1))
    return {"shape": list(wide.shape), "head": flat[:HEAD].tolist(),
            "sha256": hashlib.sha256(flat.tobytes()).hexdigest()}


def _numpy(paddle, tensor):
    if tensor.dtype == paddle.bfloat16:
        return tensor.astype("float32").numpy(), "bfloat16"
    return tensor.numpy(), str(tensor.dtype).replace("paddle.", "")


def run_case(paddle, code, with_values=False):
    namespace = {"paddle": paddle, "np": np}
    exec(code, namespace)  # noqa: S102 - the cases are this directory's own snippets
    outputs = namespace["result"]
    if not isinstance(outputs, list):
        outputs = [outputs]
    summaries = []
    for tensor in outputs:
        values, dtype = _numpy(paddle, tensor)
        summary = summarise(values)
        summary["dtype"] = dtype
        if with_values:  # cases compared within a tolerance keep every value
            summary["values"] = np.asarray(values, dtype=np.float64).reshape(-1).tolist()
        summaries.append(summary)
    return summaries
