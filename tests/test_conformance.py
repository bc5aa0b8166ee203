"""Golden conformance: every case of tests/cases/*.py replayed against our package.

Goldens (tests/goldens/<group>.json/.npz) are recorded from real Paddle 2.6.2 with
``.oracle/bin/python -m tools.api_diff.record tests/cases/<group>.py``; this file never needs the oracle.
Known deviations are listed in mappings/*.toml ([xfail]) and run as strict xfails.
"""

import importlib.util
import warnings

import pytest

from tools.api_diff import common, mappings, replay


def _params():
    maps = mappings.load()
    params = []
    for group, c in replay.all_cases():
        if isinstance(c, Exception):
            params.append(pytest.param(group, c, id=f"{group}::<import>"))
            continue
        marks = []
        reason = maps.xfail_reason(group, c.id)
        if reason:
            marks.append(pytest.mark.xfail(reason=reason, strict=True, raises=replay.CaseFailure))
        params.append(pytest.param(group, c, id=f"{group}::{c.id}", marks=marks))
    return params


_HAVE_CV2 = importlib.util.find_spec("cv2") is not None


@pytest.mark.parametrize("group,c", _params())
def test_golden(group, c):
    if isinstance(c, Exception):
        pytest.fail(f"tests/cases/{group}.py failed to import: {type(c).__name__}: {c}")
    entry = replay.golden(group).cases.get(c.id, {})
    if entry.get("status") == "error" and "cv2" in entry.get("error_message", "") and _HAVE_CV2:
        pytest.skip("the oracle (no OpenCV) raised ImportError for cv2 here; with cv2 installed ours computes")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        replay.check_case(group, c)


def test_record_command_in_message():
    assert common.record_command("x") == ".oracle/bin/python -m tools.api_diff.record tests/cases/x.py"
