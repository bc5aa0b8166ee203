"""Paddle's automatic tensor names: an op's output is eager_tmp_N when its name is first read, a tensor made from
data (paddle.to_tensor, paddle.Tensor(...)) is generated_tensor_N from its creation (a Tensor passed to to_tensor
keeps its name), detach() names eager_in_tmp_N on the generated counter; Tensor.backward's shape assertion prints
them. Found by guides/advanced/autograd_cn (backward with a grad_tensor). Golden: tests/goldens/docs_programs.json,
recorded by `.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("tensor_names")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_tensor_names_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
