"""Same clean-up as tests/static: dynamic mode, fresh default programs and scope after each test; and
``paddle.fluid`` (absent in Paddle 2.6.2, imported by test_base.py) is unbound from ``paddle`` again, so
later suites see a process where no script imported it."""

import sys

import pytest

from tools.api_diff.doc_examples_exec import fresh_default_programs


@pytest.fixture(autouse=True)
def _restore_dygraph_state():
    yield
    import paddle

    fresh_default_programs(paddle)
    for name in ("paddle", "paddle_compat"):
        module = sys.modules.get(name)
        if module is not None and "fluid" in vars(module):
            delattr(module, "fluid")
