import os
import sys

import pytest

from tests.core.mode_switch.record import GOLDEN, run
from tests.core.mode_switch.scenarios import SCENARIOS
from tools.api_diff.common import load_golden_json

EXPECTED = load_golden_json(GOLDEN)["stdout"]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_like_paddle(name):
    assert run(sys.executable, SCENARIOS[name]) == EXPECTED[name]


def test_every_scenario_recorded():
    assert set(EXPECTED) == set(SCENARIOS), os.path.basename(GOLDEN)
