"""Unknown attributes as Paddle reports them: Layers and Tensors ("'Linear' object has no attribute ..."), and
modules reached as paddle.x ("module 'paddle.nn' has no attribute ...": ours are paddle_compat.x module objects,
whose missing names the package's attribute hook reports under Paddle's name). Golden:
tests/goldens/jitleft_scenarios.json, recorded by `.oracle/bin/python -m tests.jit.leftovers_scenarios`."""
import pytest

from tests.docs_programs import outcome
from tests.jit.leftovers_scenarios import golden_cases

CASES = golden_cases("missing_attribute")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_missing_attribute_like_paddle(case, code, expected):
    assert outcome(code) == expected, code


def test_found_names_and_lazy_names_unchanged():
    import paddle

    assert paddle.nn.Linear.__name__ == "Linear"
    assert paddle.Model.__name__ == "Model"  # a lazy top-level name still resolves through the package hook
    with pytest.raises(AttributeError) as info:
        paddle.nn.functional.nonexistent  # noqa: B018
    assert info.value.name == "nonexistent"  # Python's "Did you mean" machinery still has the name
