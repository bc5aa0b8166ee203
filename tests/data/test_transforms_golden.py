import importlib.util

import pytest

from tests.data import golden_replay as gr

META, ARRAYS = gr.load("transforms")
XFAIL = gr.xfails()


def _param(sid):
    names = gr.apis("transforms", sid)
    return pytest.param(sid, id=sid, marks=[pytest.mark.verifies(*names)] if names else [])


@pytest.mark.parametrize("sid", [_param(s) for s in sorted(META)])
def test_transforms_golden(sid):
    if "cv2" in META[sid].get("message", "") and importlib.util.find_spec("cv2") is not None:
        pytest.skip("the oracle (no OpenCV) raised ImportError for cv2 here; with cv2 installed ours computes")
    gr.check_with_xfail("transforms", sid, META, ARRAYS, f"transforms:{sid}", XFAIL, rtol=1e-5, atol=2e-5)
