"""The oracle-recorded golden of tests/audio (written by tests/audio/record_audio_goldens.py)."""

import functools
import json
import os

import numpy as np

from tools.api_diff.common import check_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
JSON_PATH = os.path.join(ROOT, "tests", "goldens", "audio_layers.json")
FIXTURES = os.path.join(HERE, "fixtures")


@functools.lru_cache(maxsize=1)
def golden():
    with open(JSON_PATH) as f:
        data = json.load(f)
    check_stamp(data, JSON_PATH)
    with np.load(JSON_PATH[:-5] + ".npz") as arrays:
        return data, {k: arrays[k] for k in arrays.files}


def assert_close(ours, expected, dtype, what):
    ours = np.asarray(ours)
    assert ours.dtype == expected.dtype, f"{what}: dtype {ours.dtype} != paddle {expected.dtype}"
    assert ours.shape == expected.shape, f"{what}: shape {ours.shape} != paddle {expected.shape}"
    # float32: 1e-5 (the acceptance bound; torch's and Paddle's FFTs round differently in the last bits,
    # and dB / DCT outputs carry that as absolute error); float64: 1e-9
    rtol, atol = (1e-5, 1e-5) if str(dtype) == "float32" else (1e-9, 1e-9)
    np.testing.assert_allclose(ours, expected, rtol=rtol, atol=atol, err_msg=what)
