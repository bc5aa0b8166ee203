"""tools/api_diff/misc_scenarios.py under ours against the results real Paddle 2.6.2 recorded
(tests/goldens/misc_scenarios.json): dtype objects, grad-mode switches, distribution base classes."""


import paddle
import pytest

from tools.api_diff import misc_scenarios
from tools.api_diff.common import load_golden_json

GOLDEN = load_golden_json(misc_scenarios.GOLDEN)["results"]
DTYPE_APIS = [f"paddle.{n}" for n in misc_scenarios.DTYPES] + ["paddle.dtype"]


@pytest.mark.verifies(*DTYPE_APIS)
def test_dtype_objects():
    assert misc_scenarios.dtype_objects(paddle) == GOLDEN["dtype_objects"]


@pytest.mark.verifies("paddle.no_grad", "paddle.enable_grad", "paddle.set_grad_enabled", "paddle.is_grad_enabled")
def test_grad_modes():
    assert misc_scenarios.grad_modes(paddle) == GOLDEN["grad_modes"]


@pytest.mark.verifies("paddle.distribution.Distribution", "paddle.distribution.ExponentialFamily",
                      "paddle.distribution.Transform", "paddle.distribution.kl_divergence")
def test_distribution_bases():
    assert misc_scenarios.distribution_bases(paddle) == GOLDEN["distribution_bases"]
