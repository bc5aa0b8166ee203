"""paddle.distributed.Strategy (auto-parallel settings: fields, defaults, from a config dict, printing, errors)
and dist tensors in a single process without the parallel environment (local values; communication raises
RuntimeError) against real Paddle 2.6.2 (tests/goldens/autop_strategy.json, recorded by
tests/distributed/scripts/autop_record.py strategy from the same cases)."""

import sys

import pytest

from ._launch import SCRIPTS, load_golden

sys.path.insert(0, SCRIPTS)
from autop_strategy_cases import run  # noqa: E402

GOLDEN = load_golden("autop_strategy.json")["cases"]
OURS = run()


@pytest.mark.verifies("paddle.distributed.Strategy", "paddle.distributed.shard_tensor")
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_same_as_paddle(name):
    assert OURS[name] == GOLDEN[name]
