"""Writes tests/static_lod/fixtures/lodtensor.pdtensor (a core.LoDTensor saved by real Paddle 2.6.2 with
paddle.save) and lodtensor.json (its stamp and values).

Run: .oracle/bin/python -m tests.static_lod.record_save_fixture"""

import json
import os

from tools.api_diff.common import oracle_stamp

STAMP = oracle_stamp()

import numpy as np  # noqa: E402
import paddle  # noqa: E402

HERE = os.path.join(os.path.dirname(__file__), "fixtures")


def main():
    paddle.enable_static()
    value = (np.arange(12, dtype="float32").reshape(4, 3) - 5.5) / 4
    t = paddle.base.create_lod_tensor(value, [[1, 3]], paddle.CPUPlace())
    paddle.save(t, os.path.join(HERE, "lodtensor.pdtensor"), protocol=2)
    loaded = paddle.load(os.path.join(HERE, "lodtensor.pdtensor"))
    with open(os.path.join(HERE, "lodtensor.json"), "w") as f:
        json.dump({**STAMP, "value": value.tolist(), "loaded_type": type(loaded).__name__,
                   "loaded_lod": loaded.lod()}, f, indent=1)


if __name__ == "__main__":
    main()
