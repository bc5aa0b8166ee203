import pytest

import paddle_compat as paddle
from tests.core.bf16.scenarios import GOLDEN, results
from tools.api_diff.common import load_golden_json

EXPECTED = load_golden_json(GOLDEN)["results"]
OURS = results(paddle)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bfloat16_conversion_bit_exact(name):
    assert OURS[name] == EXPECTED[name]
