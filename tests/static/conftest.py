"""Static-mode tests leave nothing behind: dynamic mode, fresh default programs and scope after each test
(as a new process would have), so later suites that observe the default program see Paddle's dygraph state."""

import pytest


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
