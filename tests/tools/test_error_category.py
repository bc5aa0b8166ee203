"""Error goldens compare the exception class AND the category token Paddle's C++ enforcement puts first in its
message (issue 14 item 2): tools/api_diff/replay.py ``error_category``, used by the conformance replay, the
bad-input suite (tests/badinput) and tools/api_diff/measure_error_fragments.py."""

import pytest

from tests.badinput import write_xfails
from tests.tools.test_conformance_machinery import _edit_json, _selftest, _tmp_goldens
from tools.api_diff import measure_error_fragments, replay


@pytest.mark.parametrize("message,category", [
    ("(InvalidArgument) The 'shape' in ReshapeOp is invalid.", "InvalidArgument"),
    ("  (NotFound) The kernel with key ...", "NotFound"),
    ("(OutOfRange) index 5", "OutOfRange"),
    ("setting an array element with a sequence.", None),
    ("ShapeError: (InvalidArgument) not first", None),
    ("", None),
    (None, None),
])
def test_error_category_is_the_leading_token(message, category):
    assert replay.error_category(message) == category


def test_measure_uses_the_replay_rule():
    assert measure_error_fragments.token is replay.error_category


def test_replay_requires_paddles_category_token(tmp_path):
    d = _tmp_goldens(tmp_path)
    cs = _selftest()
    # recorded from the oracle: Paddle says "(InvalidArgument) ...", ours too
    replay.check_case("selftest_core", cs["paddle.reshape#0"], d)
    replay.check_case("selftest_core", cs["paddle.to_tensor#3"], d)  # Paddle's numpy error: no token, class only

    def edit(cases):
        msg = cases["paddle.reshape#0"]["error_message"]
        cases["paddle.reshape#0"]["error_message"] = msg.replace("(InvalidArgument)", "(NotFound)", 1)
        cases["paddle.to_tensor#3"]["error_message"] = "(InvalidArgument) " + cases["paddle.to_tensor#3"][
            "error_message"]

    _edit_json(d, edit)
    with pytest.raises(replay.CaseFailure, match=r"message category \(NotFound\)(.|\n)*\nours raised ValueError "
                                                 r"\(call\) with \(InvalidArgument\):"):
        replay.check_case("selftest_core", cs["paddle.reshape#0"], d)
    with pytest.raises(replay.CaseFailure, match=r"message category \(InvalidArgument\)(.|\n)*with no category token"):
        replay.check_case("selftest_core", cs["paddle.to_tensor#3"], d)


def test_badinput_xfail_reason_names_both_categories():
    head = "Paddle raises ValueError with message category (InvalidArgument): (InvalidArgument) x must be 2-D"
    ours = "ours raised ValueError (call) with no category token: x must be 2-D"
    assert write_xfails._reason("category", [head, ours]) == (
        "message category: Paddle's message starts with (InvalidArgument), ours with no category token")
