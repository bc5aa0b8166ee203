"""paddle.incubate.autotune.set_config against tests/incubate/fixtures/autotune_goldens.json (recorded by real
Paddle 2.6.2 with record_autotune.py): warnings, printed lines, exceptions and the DataLoader tuning switch of 13
calls in sequence; and a DataLoader built under tuning picks a num_workers in Paddle's search range."""

import json
import multiprocessing
import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import autotune_scenarios  # noqa: E402
import paddle  # noqa: E402

from tools.api_diff.common import check_stamp  # noqa: E402

GOLDEN_PATH = os.path.join(HERE, "fixtures", "autotune_goldens.json")
with open(GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)


def test_golden_stamp():
    check_stamp(GOLDEN, GOLDEN_PATH)


@pytest.mark.verifies("paddle.incubate.autotune.set_config")
def test_set_config_calls_match_paddle():
    ours = autotune_scenarios.run(paddle)
    assert [c["name"] for c in ours] == [c["name"] for c in GOLDEN["calls"]]
    for mine, theirs in zip(ours, GOLDEN["calls"]):
        assert mine == theirs, mine["name"]
    assert paddle.io.reader.USE_AUTOTUNE is False


def test_kernel_and_layout_settings_are_kept():
    # on CPU Paddle's layout tuning stays off even when enabled (recorded), kernel tuning has no CPU kernel to tune
    assert GOLDEN["cpu_layout_autotune_after_enable"] is False
    from paddle_compat.incubate import autotune

    paddle.incubate.autotune.set_config({"kernel": {"enable": True, "tuning_range": [3, 6]},
                                         "layout": {"enable": False}})
    assert autotune._settings == {"kernel": True, "tuning_range": [3, 6], "layout": False}


class _Squares(paddle.io.Dataset):
    def __len__(self):
        return 12

    def __getitem__(self, i):
        return np.array([i * i], dtype="float32")


def test_dataloader_tuning_picks_num_workers():
    paddle.incubate.autotune.set_config({"dataloader": {"enable": True, "tuning_steps": 2}})
    try:
        loader = paddle.io.DataLoader(_Squares(), batch_size=3, num_workers=0)
    finally:
        paddle.io.reader.set_autotune_config(False)
    assert isinstance(loader.num_workers, int)
    assert 0 <= loader.num_workers < max(multiprocessing.cpu_count() / 2, 1)
    batches = [b.numpy().ravel().tolist() for b in loader]
    assert batches[0] == [0.0, 1.0, 4.0] and len(batches) == 4
    untuned = paddle.io.DataLoader(_Squares(), batch_size=3, num_workers=0)
    assert untuned.num_workers == 0
