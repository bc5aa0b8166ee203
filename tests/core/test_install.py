"""`import paddle` resolution through the .pth finder (install/_paddle_compat_finder.py)."""

import os
import subprocess
import sys
import textwrap

import paddle


def _run(code, env_extra=None, args=()):
    env = dict(os.environ)
    env.pop("PADDLE_COMPAT", None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, *args, "-c", code] if not args else [sys.executable, *args],
                          env=env, capture_output=True, text=True, timeout=300, cwd="/")


def test_facade_and_submodules_are_ours():
    import paddle.nn.functional as F  # noqa: N812

    import paddle_compat

    assert paddle.__version__ == "2.6.2" and paddle_compat.__version__ != "2.6.2"
    assert F.__name__ == "paddle_compat.nn.functional"
    from paddle.framework import io as fio

    assert fio is sys.modules["paddle_compat.framework.io"]
    assert paddle.Tensor is paddle_compat.Tensor and paddle.Tensor.__module__ == "paddle"


def test_env_switch_off_and_forced_run(tmp_path):
    r = _run("import paddle", {"PADDLE_COMPAT": "0"})
    assert r.returncode != 0 and "No module named 'paddle'" in r.stderr  # no real paddle in this venv
    r = _run("import paddle; print(paddle.__file__)", {"PADDLE_COMPAT": "1"})
    assert r.returncode == 0 and "paddle_compat" in r.stdout
    script = tmp_path / "s.py"
    script.write_text(textwrap.dedent("""
        import sys, paddle
        x = paddle.to_tensor([1.0, 2.0]) * 2
        print(x.numpy().tolist(), sys.argv[1:])
    """))
    r = subprocess.run([sys.executable, "-m", "paddle_compat", "run", str(script), "a", "b"], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[2.0, 4.0] ['a', 'b']"
