"""Debugging inside ``paddle.jit.to_static``.

Replayed against real Paddle 2.6.2 (golden tests/goldens/jit_errors_debugging.json, scripts in
debugging_scenarios.py): print() inside a translated function, not_to_static, enable_to_static(False), the
translator's log/code levels.

Checked on ours only, with the reason:
- pdb.set_trace()/breakpoint() stop inside the function and continue (Paddle's guide shows this; Paddle 2.6.2's
  SOT translator itself fails with ``TypeError: set_trace() missing 1 required keyword-only argument: 'pdb'``,
  so there is no oracle output to replay);
- an error's traceback carries no torch frames and no chained torch exception, and torch logs nothing to stderr
  (Paddle's traceback has its own translator frames instead; the property is the absence of torch's);
- set_code_level with full_graph=True prints the captured graph's code (Paddle prints its AST-transformed source,
  which has no counterpart here; mappings/jit_errors.toml).
"""
import os
import subprocess
import sys
import traceback

import pytest

from tests.jit_debug import debugging_scenarios, scenarios
from tools.api_diff.common import load_golden_json

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = load_golden_json(os.path.join(ROOT, "tests", "goldens", "jit_errors_debugging.json"))["scripts"]


@pytest.mark.parametrize("name", sorted(debugging_scenarios.SCRIPTS))
def test_script_output_like_paddle(name, tmp_path):
    ours = debugging_scenarios.run(sys.executable, name, str(tmp_path))
    assert ours["returncode"] == GOLDEN[name]["returncode"], ours["stderr"]
    assert ours["stdout"] == GOLDEN[name]["stdout"], ours["stderr"]


_PDB_SCRIPT = '''
import sys
import paddle

@paddle.jit.to_static(full_graph=sys.argv[1] == "1")
def func(x):
    y = x * 2
    {stop}
    z = y + 1
    return z

print("RESULT", func(paddle.ones([2])).numpy().tolist())
print("RESULT", func(paddle.ones([2])).numpy().tolist())
'''


@pytest.mark.parametrize("stop", ["import pdb; pdb.set_trace()", "breakpoint()"])
@pytest.mark.parametrize("full_graph", ["0", "1"])
def test_debugger_stops_inside(stop, full_graph, tmp_path):
    path = tmp_path / "pdb_script.py"
    path.write_text(_PDB_SCRIPT.format(stop=stop))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONBREAKPOINT"}
    env["PADDLE_COMPAT_JIT_BACKEND"] = "eager"
    run = subprocess.run([sys.executable, str(path), full_graph], input="p y.shape\nc\np y.shape\nc\n",
                         capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert out.count("(Pdb) [2]") == 2, out  # stopped on both calls, with y in scope
    assert out.count("RESULT [3.0, 3.0]") == 2, out
    assert f"{path}(9)func()" in out, out  # the line after the stop, in the user's function


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_COMPAT_JIT_BACKEND", "eager")
    monkeypatch.delenv("TORCH_LOGS", raising=False)
    return str(tmp_path)


@pytest.mark.parametrize("name", ["matmul_shape", "zero_division", "value_error_second_call", "sublayer_shape"])
@pytest.mark.parametrize("mode", ["sot", "full_graph"])
def test_no_torch_noise(name, mode, workdir, capfd):
    module, path = scenarios.load(name, workdir, mode)
    import torch

    torch_dir = os.path.dirname(torch.__file__)
    errors = []
    for args in module.CALLS:
        try:
            module.fn(*args)
        except Exception as error:  # noqa: BLE001 - inspected below
            errors.append(error)
    assert errors
    for error in errors:
        frames = traceback.extract_tb(error.__traceback__)
        assert not [f for f in frames if f.filename.startswith(torch_dir)], frames
        assert error.__cause__ is None
        assert error.__context__ is None or error.__suppress_context__
        assert "torch" not in type(error).__module__
    captured = capfd.readouterr()
    assert "torch" not in captured.err and "WON'T CONVERT" not in captured.err, captured.err


def test_sot_error_keeps_the_users_frame(workdir):
    module, path = scenarios.load("nested_function", workdir, "sot")
    module.fn(*module.CALLS[0])
    with pytest.raises(ValueError) as info:
        module.fn(*module.CALLS[1])
    frames = [(f.filename, f.name) for f in traceback.extract_tb(info.value.__traceback__)]
    assert (path, "check_positive") == frames[-1], frames


def test_disable_new_error_raises_the_original(workdir, monkeypatch):
    monkeypatch.setenv("TRANSLATOR_DISABLE_NEW_ERROR", "1")
    module, _ = scenarios.load("key_error", workdir, "full_graph")
    with pytest.raises(KeyError) as info:
        module.fn(*module.CALLS[0])
    assert str(info.value) == "'b'"


def test_code_level_prints_the_captured_graph(workdir, capsys):
    import paddle

    from paddle_compat.jit import api

    saved = dict(api._levels)
    paddle.jit.set_code_level(100, also_to_stdout=True)
    try:
        @paddle.jit.to_static(full_graph=True)
        def doubled(x):
            return x * 2

        doubled(paddle.ones([2]))
        out = capsys.readouterr().out
        assert out.startswith("Dynamic-to-Static INFO: The captured graph of 'doubled'"), out
        assert "def forward(" in out
        doubled(paddle.ones([2]))  # cached: nothing new
        assert capsys.readouterr().out == ""

        @paddle.jit.to_static
        def doubled_sot(x):
            return x * 2

        doubled_sot(paddle.ones([2]))  # Paddle's SOT prints no code
        assert capsys.readouterr().out == ""
    finally:
        api._levels.clear()
        api._levels.update(saved)


def test_capture_fallback_warning_names_the_users_line(workdir):
    """Ours only (Paddle's AST translator converts such an if without a word): the warning says where and why, in
    Paddle terms, instead of dynamo's advice on torch._check."""
    import paddle

    @paddle.jit.to_static(full_graph=True)
    def shifted(x):
        if x.sum() > 3:
            x = x - 1
        return x

    with pytest.warns(UserWarning) as caught:
        out = shifted(paddle.ones([2]))
    assert out.numpy().tolist() == [1.0, 1.0]
    message = str(caught[0].message)
    assert "Python control flow depends on a Tensor's value" in message, message
    assert f'line {shifted.dygraph_function.__code__.co_firstlineno + 2}, in shifted (`if x.sum() > 3:`)' in message
    assert "torch" not in message and "guard" not in message, message
