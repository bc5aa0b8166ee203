"""paddle.distribution.constraint (Constraint, Real, Range, Positive, Simplex; real, positive, simplex) and
paddle.utils.cpp_extension's CUDA_HOME/find_cuda_home, as real Paddle 2.6.2 has them (found by
guides/model_convert/convert_from_pytorch/api_difference: torch.distributions.constraints.Constraint,
torch.utils.cpp_extension.CUDA_HOME). Golden: tests/goldens/docs_programs.json, recorded by
`.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = [c for c in golden_cases("api_mapping_misc") if c[0].startswith(("constraint", "cuda_home"))]


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
