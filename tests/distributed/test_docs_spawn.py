"""paddle.distributed.spawn when a child fails, as in guides/model_convert/update_en (whose spawned `train` cannot
be found by the child): real Paddle 2.6.2 raises a plain Exception with its own wording (exit code / signal, or
the child's traceback under a ruled header), not torch's ProcessExitedException/ProcessRaisedException.
Golden: tests/goldens/docs_programs.json, recorded by `.oracle/bin/python -m tests.docs_programs`."""
import warnings

import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("spawn_failures")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_spawn_failure_like_paddle(case, code, expected):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the CPU-only (gloo) notice
        assert outcome(code) == expected, code
