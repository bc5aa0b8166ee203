"""Static-mode tests leave nothing behind: dynamic mode, fresh default programs and scope after each test
(as a new process would have), so later suites that observe the default program see Paddle's dygraph state."""

import os

import pytest

from tools.api_diff.common import load_golden_json
from tools.api_diff.doc_examples_exec import fresh_default_programs

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "goldens", "static_engine.json")


@pytest.fixture(autouse=True)
def _restore_dygraph_state():
    yield
    import paddle

    fresh_default_programs(paddle)


@pytest.fixture(scope="module")
def golden():
    """The oracle-recorded static-engine scenarios (stamp checked)."""
    return load_golden_json(GOLDEN)


@pytest.fixture()
def paddle():
    """``paddle`` in static mode for the test's duration."""
    import paddle

    paddle.enable_static()
    yield paddle
    paddle.disable_static()


static_mode = paddle
