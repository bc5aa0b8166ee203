"""Every recorded Tensor method call form (tests/compat/call_forms.py) behaves as in real Paddle 2.6.2:
same result summary, or the same exception type. Forms that crash real Paddle's C argument parser must raise
an exception here (never crash, never succeed silently)."""

import json
import os
import re
import warnings

import paddle
import pytest

from tools.api_diff.common import check_stamp

from .call_forms import FORMS, UNDEFINED, form_id, run_form

GOLDEN_PATH = os.path.join(os.path.dirname(__file__), "..", "goldens", "compat_call_forms.json")
with open(GOLDEN_PATH) as f:
    GOLDEN = json.load(f)


with open(os.path.join(os.path.dirname(__file__), "..", "..", "mappings", "spec", "paddle-2.6.2.json")) as f:
    _TENSOR_MEMBERS = set(json.load(f)["classes"]["paddle.Tensor"]) - {"sum"}


def _param(receiver, call, post):
    """The form, credited to the Tensor method it calls (the last public one named in the call text)."""
    called = [m for m in re.findall(r"\.(\w+)\(", call) if m in _TENSOR_MEMBERS]
    marks = [pytest.mark.verifies(f"paddle.Tensor.{called[-1]}")] if called else []
    return pytest.param(receiver, call, post, marks=marks, id=form_id(receiver, call))


def test_golden_is_stamped():
    check_stamp(GOLDEN, GOLDEN_PATH)
    assert set(GOLDEN["forms"]) == {form_id(r, c) for r, c, _ in FORMS}, "re-record: FORMS changed"


@pytest.mark.parametrize("receiver,call,post", [_param(*form) for form in FORMS])
def test_call_form(receiver, call, post):
    expected = GOLDEN["forms"][form_id(receiver, call)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = run_form(paddle, receiver, call, post)
    if "crash" in expected or call in UNDEFINED:
        assert "error" in got, f"real Paddle crashes or misreads its arguments on {call}; ours must raise, got {got}"
        return
    assert got == expected


def test_every_c_method_we_have_is_probed():
    """A C-level Tensor method of Paddle that ours implements must have recorded call forms, so that its
    accepted arguments are checked (the gap class of ``numpy(False)``)."""
    called = {m for _, call, _ in FORMS for m in re.findall(r"\.(\w+)\(", call)}
    # set_vocab/set_string_list: string tensors are a documented deviation (mappings/tensor_members.toml)
    unprobed = [m for m in GOLDEN["c_methods"] if hasattr(paddle.Tensor, m) and m not in called
                and m not in ("set_vocab", "set_string_list")]
    assert not unprobed, f"add call forms to tests/compat/call_forms.py for {unprobed} and re-record"
