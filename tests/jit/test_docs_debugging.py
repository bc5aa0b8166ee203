"""paddle.jit.set_code_level / set_verbosity as the docs guide guides/jit/debugging_en uses them: real Paddle 2.6.2
(golden tests/goldens/docs_programs.json, recorded by `.oracle/bin/python -m tests.docs_programs`) leaves the
environment alone, so a later set_verbosity is honoured without torch's 'ignoring call to set_logs' complaint."""
import os
import subprocess
import sys

import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("jit_levels")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_levels_like_paddle(case, code, expected, monkeypatch):
    for key in [k for k in os.environ if k.startswith(("TORCH_", "TRANSLATOR_"))]:
        monkeypatch.delenv(key)
    assert outcome(code) == expected, code


def test_verbosity_after_code_level_is_not_refused():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCH_", "TRANSLATOR_"))}
    code = "import paddle\npaddle.jit.set_code_level()\npaddle.jit.set_verbosity(3)\n"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "ignoring call to set_logs" not in run.stderr
