"""Errors raised inside ``paddle.jit.to_static`` code, replayed against real Paddle 2.6.2
(golden tests/goldens/jit_errors_scenarios.json, recorded by ``.oracle/bin/python -m tests.jit_debug.record_goldens``).

What is compared, per call:
- ``full_graph=True`` (Paddle's AST translator): the exception class and module; the ``In transformed code:``
  block of the message (every user frame line, control-flow header frames, the source window with the
  ``<--- HERE`` marker) character for character; the final ``<Class>: <message>`` line.
- ``full_graph=False`` (Paddle's SOT): class, module and message. Where Paddle's SOT raises its internal
  ``InnerError`` ("In simulate execution: ...", for a Python error its simulator hit, e.g. an IndexError or a
  paddle op's shape check), ours raises the error Paddle's dygraph raises for the same code (a recorded mode of
  the golden): a deliberate deviation (mappings/jit_errors.toml).
- ``enable_to_static(False)``: class, module and message, as dygraph.
Paddle-op scenarios whose eager message differs from Paddle's (concat, gather; owned by the op adapters) compare the
class and Paddle's error kind (``InvalidArgument``, ``OutOfRange``) only; the others compare the message's first line
(Paddle appends its C++ hint lines).
"""
import os
import re

import pytest

from tests.jit_debug import scenarios
from tools.api_diff.common import load_golden_json

GOLDEN = load_golden_json(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "goldens",
                                       "jit_errors_scenarios.json"))["scenarios"]

# our eager op raises Paddle's class, but its message is worded differently from Paddle's (not a to_static matter;
# matmul and linear word theirs as Paddle's and are compared)
OP_MESSAGE_DIFFERS = {"concat_rank", "gather_index_value"}
# Paddle's AST translator runs the function on static Variables: its AttributeError names 'Variable'; ours names
# 'Tensor', as Paddle's dygraph does (compared with the dygraph golden instead)
AST_MESSAGE_AS_DYGRAPH = {"attribute_error"}

# Paddle's AST translator traces both branches of an if on a Tensor value, so a raise in the untaken branch still
# fires; ours follows the value (dygraph's outcome, compared with the dygraph golden)
AST_OUTCOME_AS_DYGRAPH = {("tensor_value_if_raise", 0)}

CASES = [(name, mode) for name in scenarios.SCENARIOS for mode in scenarios.MODES]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("jst"))


@pytest.fixture(autouse=True)
def eager_backend(monkeypatch):
    # errors are decided while dynamo captures the graph; the backend only compiles what was captured
    monkeypatch.setenv("PADDLE_COMPAT_JIT_BACKEND", "eager")


def _transformed_block(message):
    """The message up to the end of the source window (user frames, headers, ``<--- HERE``)."""
    lines = message.split("\n")
    here = max(i for i, line in enumerate(lines) if line.endswith("<--- HERE"))
    end = here + 1
    while end < len(lines) and lines[end].strip():
        end += 1
    return lines[:end]


def _error_line(message):
    """The ``<Class>: <message>`` line that closes a transformed-code message."""
    lines = [line for line in message.split("\n") if line.startswith("    ") and not line.startswith("     ")]
    return lines[-1].strip()


def _runtime_form(line, error_class):
    """Paddle's AST mode reports a kernel error raised while its program runs as ``InvalidArgumentError: text``
    inside the ValueError; the same error raised at once reads ``ValueError: (InvalidArgument) text``."""
    return re.sub(r"^(InvalidArgument|OutOfRange)Error: ", lambda m: f"{error_class}: ({m.group(1)}) ", line)


def _op_kind(message):
    """Paddle's error kind named in the message: ``(InvalidArgument) ...`` or ``InvalidArgumentError: ...``."""
    return [kind for kind in ("InvalidArgument", "OutOfRange") if kind in message]


def _check_plain(name, got, want):
    assert (got["error"], got["module"]) == (want["error"], want["module"]), (got, want)
    if name in OP_MESSAGE_DIFFERS:
        assert _op_kind(got["message"]) == _op_kind(want["message"]) != [], (got, want)
    elif want["message"].startswith("(InvalidArgument)"):
        # Paddle appends its C++ hint and operator lines; the first line is the message itself
        assert got["message"].split("\n")[0] == want["message"].split("\n")[0]
    else:
        assert got["message"] == want["message"]


@pytest.mark.parametrize("name, mode", CASES, ids=[f"{n}-{m}" for n, m in CASES])
def test_error_like_paddle(name, mode, workdir):
    expected = GOLDEN[name][mode]
    got = scenarios.outcomes(name, workdir, mode)
    assert len(got) == len(expected)
    for call, (ours, want) in enumerate(zip(got, expected)):
        if mode == "full_graph" and (name, call) in AST_OUTCOME_AS_DYGRAPH:
            assert "error" in want and ours == GOLDEN[name]["dygraph"][call], (ours, want)
            continue
        if "shape" in want:
            assert ours == want, f"call {call}"
            continue
        assert "error" in ours, f"call {call}: no error, {ours}"
        if mode == "sot" and want["error"] == "InnerError":
            _check_plain(name, ours, GOLDEN[name]["dygraph"][call])
        elif mode in ("sot", "dygraph"):
            _check_plain(name, ours, want)
        else:
            assert (ours["error"], ours["module"]) == (want["error"], want["module"]), f"call {call}"
            assert _transformed_block(ours["message"]) == _transformed_block(want["message"]), f"call {call}"
            if name in OP_MESSAGE_DIFFERS:
                assert _op_kind(_error_line(ours["message"])) == _op_kind(want["message"].split("\n\n")[-1]) != []
            elif name in AST_MESSAGE_AS_DYGRAPH:
                dygraph = GOLDEN[name]["dygraph"][call]
                assert _error_line(ours["message"]) == f"{dygraph['error']}: {dygraph['message']}"
            else:
                expected_line = _runtime_form(_error_line(want["message"]), want["error"])
                assert _error_line(ours["message"]) == expected_line, f"call {call}"


@pytest.mark.parametrize("mode", ["sot", "full_graph"])
def test_kernel_error_with_inductor(mode, workdir, monkeypatch):
    """An index value out of range fails inside inductor's generated kernel; Paddle raises the op's IndexError."""
    monkeypatch.setenv("PADDLE_COMPAT_JIT_BACKEND", "inductor")
    expected = GOLDEN["gather_index_value"][mode]
    got = scenarios.outcomes("gather_index_value", workdir, mode)
    assert [r.get("error", r.get("shape")) for r in got] == [r.get("error", r.get("shape")) for r in expected]
