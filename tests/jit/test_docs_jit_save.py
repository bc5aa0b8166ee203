"""paddle.jit.save of a Layer whose forward carries @paddle.jit.to_static(input_spec=...) in the class body, as in
guides/model_convert/update_en: real Paddle 2.6.2 saves it (ours traced the compiled wrapper and failed); the
loaded model answers like the Layer. Golden: tests/goldens/docs_programs.json, recorded by
`.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("jit_save")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_jit_save_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
