"""Autograd where nothing needs a gradient and PyLayer outputs/gradients, as real Paddle 2.6.2 behaves (found by
guides/custom_op/new_python_op_cn, guides/advanced/autograd_cn and paddle_v3_features/higher_order_ad_cn):
backward() of a stop_gradient tensor returns silently (torch raised), paddle.grad without any graph raises
Paddle's "does not appear in the backward graph" ValueError, .grad of a non-leaf is None without torch's
warning, a PyLayer.forward with no Tensor output raises Paddle's ValueError, the gradient PyLayer.backward
receives reports stop_gradient=False (and so does a leaf's .grad when handed back unchanged), and an input
returned by forward comes back as the very Tensor. Golden: tests/goldens/docs_programs.json, recorded by
`.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("autograd_no_graph") + golden_cases("pylayer_outputs")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_autograd_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
