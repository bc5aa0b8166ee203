"""Static-mode tests leave nothing behind: dynamic mode, fresh default programs and scope after each test
(as a new process would have), so later suites that observe the default program see Paddle's dygraph state."""

import json
import os

import pytest

from tools.api_diff.common import check_stamp

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "goldens", "static_engine.json")


def _fresh_static_state():
    import paddle

    paddle.enable_static()
    try:
        paddle.base.framework.switch_main_program(paddle.static.Program())
        paddle.base.framework.switch_startup_program(paddle.static.Program())
        paddle.base.executor._switch_scope(paddle.base.core.Scope())
    finally:
        paddle.disable_static()


@pytest.fixture(autouse=True)
def _restore_dygraph_state():
    yield
    _fresh_static_state()


@pytest.fixture(scope="module")
def golden():
    """The oracle-recorded static-engine scenarios (stamp checked)."""
    with open(GOLDEN) as f:
        g = json.load(f)
    check_stamp(g, GOLDEN)
    return g


@pytest.fixture()
def paddle():
    """``paddle`` in static mode for the test's duration."""
    import paddle

    paddle.enable_static()
    yield paddle
    paddle.disable_static()


static_mode = paddle
