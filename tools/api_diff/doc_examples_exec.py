"""Execution machinery for Paddle docstring examples (shared by oracle harvest, our replay and pytest).

Pure Python: never imports paddle at module level, so the same code runs under the oracle interpreter
(real Paddle 2.6.2) and under our venv. An example is a list of doctest statements; each is compiled in
``'single'`` mode exactly like ``doctest`` does, so bare expressions echo their ``repr`` to stdout.
"""

import contextlib
import io
import os
import random
import re
import signal
import sys
import tempfile
import traceback
import warnings

DEFAULT_SEED = 2023
TIMEOUT_S = 20

_ADDR = re.compile(r"0x[0-9a-fA-F]{4,}")
_BLANK_OR_COMMENT = re.compile(r"^(?:[ \t]*(?:#.*)?\n)*[ \t]*(?:#.*)?$")


_GEN_NAME = re.compile(r"generated_tensor_\d+")
_OBJ_LINE = re.compile(r"^<[\w.]+ object at 0x\?>$|^<paddle\.Generator[^>]*>$")


def normalise(text):
    """Only what can never match between two processes: memory addresses, process-history counters
    (``generated_tensor_<n>`` names), trailing blanks per line."""
    text = _ADDR.sub("0x?", text)
    text = _GEN_NAME.sub("generated_tensor_N", text)
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n")


class ExampleTimeout(BaseException):
    """Raised by the alarm handler (BaseException so example code's ``except Exception`` can't eat it)."""


def _on_alarm(signum, frame):
    raise ExampleTimeout(f"example exceeded {TIMEOUT_S}s")


def fresh_default_programs(paddle):
    """Fresh default main/startup programs and global scope, as in a new process, and dynamic mode after."""
    # Paddle keeps static mode's default programs apart from dygraph's: switch them while static
    paddle.enable_static()
    try:
        # a Program starts from the last global_seed (e.g. Program.global_seed's own example sets 102)
        paddle.static.Program().global_seed(0)
        # Paddle keeps one name generator for static mode and swaps in another for dygraph on
        # disable_static, so a switch() made in dygraph does not reset static names (fc_0.w_0...)
        paddle.utils.unique_name.switch()
        _reset_name_scopes(paddle)
        paddle.base.framework.switch_main_program(paddle.static.Program())
        paddle.base.framework.switch_startup_program(paddle.static.Program())
        paddle.base.executor._switch_scope(paddle.base.core.Scope())
    finally:
        paddle.disable_static()


def _reset_name_scopes(paddle):
    """Name scopes are numbered process-wide (``/optimizer_12/`` after twelve optimizers)."""
    fw = paddle.base.framework
    if hasattr(fw, "NameScope"):  # real Paddle: one tree rooted at framework._name_scope
        fw._name_scope = fw.NameScope()
    else:  # paddle-compat: one dict of counts per scope path
        sys.modules["paddle_compat.framework.program"]._name_scope_counts.clear()


def reset_state(paddle, seed=DEFAULT_SEED):
    """Same starting point for every example: seeds, default dtype, dynamic mode, CPU."""
    import numpy as np

    random.seed(seed)
    np.random.seed(seed)
    with contextlib.suppress(Exception):
        paddle.disable_static()
    with contextlib.suppress(Exception):
        fresh_default_programs(paddle)
    with contextlib.suppress(Exception):
        paddle.set_device("cpu")
    with contextlib.suppress(Exception):
        paddle.set_default_dtype("float32")
    with contextlib.suppress(Exception):
        paddle.set_grad_enabled(True)
    with contextlib.suppress(Exception):
        np.set_printoptions()
    with contextlib.suppress(Exception):
        paddle.set_printoptions(precision=8, threshold=1000, edgeitems=3, linewidth=80, sci_mode=False)
    with contextlib.suppress(Exception):
        paddle.vision.set_image_backend("pil")
    with contextlib.suppress(Exception):
        paddle.utils.unique_name.switch()  # fresh name generator + parameter-name checker (as a new process)
    paddle.seed(seed)


def run_example(paddle, statements, seed=DEFAULT_SEED, timeout=TIMEOUT_S, workdir=None):
    """Run one example in fresh globals. Returns dict(stdout, exc, exc_msg, tb_last).

    ``exc`` is the exception class name (None when it ran through); stdout is what it printed up to then.
    """
    reset_state(paddle, seed)
    globs = {"__name__": "__main__", "__builtins__": __builtins__}
    buf = io.StringIO()
    exc = exc_msg = tb_last = None
    old_cwd = os.getcwd()
    tmp = tempfile.mkdtemp(prefix="docex_", dir=workdir)
    use_alarm = timeout and hasattr(signal, "SIGALRM") and _is_main_thread()
    old_handler = signal.signal(signal.SIGALRM, _on_alarm) if use_alarm else None
    old_hook = sys.displayhook
    try:
        os.chdir(tmp)
        if use_alarm:
            signal.alarm(int(timeout))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with contextlib.redirect_stdout(buf):
                sys.displayhook = sys.__displayhook__
                for i, src in enumerate(statements):
                    if _BLANK_OR_COMMENT.match(src):
                        continue  # as doctest: comment-only statements are not compiled
                    code = compile(src, f"<example stmt {i}>", "single")
                    exec(code, globs)  # noqa: S102 - running Paddle's own docstring examples is the point
    except ExampleTimeout as e:
        exc, exc_msg, tb_last = "Timeout", str(e), str(e)
    except SystemExit as e:
        exc, exc_msg, tb_last = "SystemExit", str(e), f"SystemExit: {e}"
    except Exception as e:  # noqa: BLE001 - the example's own failure is data
        exc, exc_msg = type(e).__name__, str(e)[:500]
        tb_last = _tb_summary(e)
    finally:
        if use_alarm:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old_handler)
        sys.displayhook = old_hook
        os.chdir(old_cwd)
        _rmtree(tmp)
    return {"stdout": buf.getvalue(), "exc": exc, "exc_msg": exc_msg, "tb_last": tb_last}


def _is_main_thread():
    import threading

    return threading.current_thread() is threading.main_thread()


def _tb_summary(e):
    """Last frame + message: where (file:line in function) and what."""
    frames = traceback.extract_tb(e.__traceback__)
    where = ""
    if frames:
        f = frames[-1]
        fn = f.filename
        for marker in ("site-packages/", "/work/main/"):
            if marker in fn:
                fn = fn.split(marker, 1)[1]
        where = f"{fn}:{f.lineno} in {f.name}: "
    msg = str(e).strip().splitlines()
    msg = msg[-1] if msg else ""
    return f"{where}{type(e).__name__}: {msg[:300]}"


def _rmtree(path):
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def compare(expected, got):
    """(ok, description) for a deterministic example: exception type and normalised stdout must match."""
    if expected.get("raises") != got.get("exc"):
        if got.get("exc"):
            return False, f"raised {got['tb_last']}" + (
                f" (Paddle raises {expected['raises']})" if expected.get("raises") else ""
            )
        return False, f"Paddle raises {expected['raises']}, ours ran without error"
    if not expected.get("deterministic", True):
        return True, ""
    exp, out = normalise(expected["stdout"]), normalise(got["stdout"])
    if exp == out:
        return True, ""
    return False, first_diff(exp, out)


def diff_without_object_reprs(exp, out):
    """First difference once bare ``<X object at 0x?>`` echo lines (e.g. ``paddle.seed(...)``'s return
    value) are removed from both sides: '' when that was the only difference."""
    e = "\n".join(ln for ln in normalise(exp).splitlines() if not _OBJ_LINE.match(ln))
    o = "\n".join(ln for ln in normalise(out).splitlines() if not _OBJ_LINE.match(ln))
    return "" if e == o else first_diff(e, o)


def first_diff(exp, out):
    el, ol = exp.splitlines(), out.splitlines()
    for i in range(max(len(el), len(ol))):
        e = el[i] if i < len(el) else "<end of output>"
        o = ol[i] if i < len(ol) else "<end of output>"
        if e != o:
            return f"line {i + 1}: expected {e[:160]!r} got {o[:160]!r}"
    return "outputs differ"
