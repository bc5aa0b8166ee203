"""PaddleOCR / PaddleDetection models built by the repos' own builders, run on paddle-compat, against real
Paddle 2.6.2's results from the same formula weights (goldens ``tests/repos/fixtures/ocrdet_{ocr,det}.json``,
recorded by ``driver.py record`` with the oracle; see docs/ocr_det.md).

Skipped unless ``PADDLE_COMPAT_REPOS`` names a directory holding ``PaddleOCR/`` and ``PaddleDetection/`` source
trees and the repos' Python dependencies are in ``PADDLE_COMPAT_REPOS_DEPS`` (default /work/repos_deps). By
default the quick cases run (under a minute together); ``PADDLE_COMPAT_OCRDET_ALL=1`` runs every case.
"""

import json
import os
import subprocess
import sys

import pytest

from tests.repos.ocr_det.compare import compare_case
from tools.api_diff.common import check_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(os.path.dirname(HERE), "fixtures")
REPOS = os.environ.get("PADDLE_COMPAT_REPOS")
DEPS = os.environ.get("PADDLE_COMPAT_REPOS_DEPS", "/work/repos_deps")
RUN_ALL = os.environ.get("PADDLE_COMPAT_OCRDET_ALL") == "1"
QUICK = {
    "ocr": ["det_mv3_db", "det_ppocrv4_student", "rec_crnn_mv3", "rec_svtr_tps", "rec_ppocrv3_en", "cls_mv3"],
    "det": ["picodet_s_lcnet", "faster_rcnn_r34_fpn"],
}

if not REPOS or not all(os.path.isdir(os.path.join(REPOS, d)) for d in ("PaddleOCR/ppocr", "PaddleDetection/ppdet")):
    pytest.skip("set PADDLE_COMPAT_REPOS to a directory with PaddleOCR/ and PaddleDetection/ source trees "
                "(docs/ocr_det.md)", allow_module_level=True)
if not all(os.path.isdir(os.path.join(DEPS, d)) for d in ("pyclipper", "shapely", "imgaug", "pycocotools")):
    pytest.skip(f"the repos' dependencies are not installed in {DEPS} (docs/ocr_det.md)", allow_module_level=True)


def _golden(repo):
    path = os.path.join(FIXTURES, f"ocrdet_{repo}.json")
    with open(path) as f:
        golden = json.load(f)
    check_stamp(golden, path)
    return golden


_RESULTS = {}


def _ours(repo):
    """Run the driver once per repo (a subprocess: the two repos both have a top-level ``tools`` package)."""
    if repo not in _RESULTS:
        names = sorted(_golden(repo)["results"]) if RUN_ALL else QUICK[repo]
        out = f"/tmp/ocrdet_test_{repo}_{os.getpid()}.json"
        env = dict(os.environ, PADDLE_COMPAT_REPOS=REPOS, PADDLE_COMPAT_REPOS_DEPS=DEPS, PADDLE_COMPAT="1")
        proc = subprocess.run([sys.executable, os.path.join(HERE, "driver.py"), "run", repo, out, *names],
                              capture_output=True, text=True, timeout=900, env=env)
        assert proc.returncode == 0, proc.stderr[-3000:]
        with open(out) as f:
            _RESULTS[repo] = json.load(f)["results"]
        os.remove(out)
    return _RESULTS[repo]


CASES = [(repo, name) for repo in ("ocr", "det") for name in QUICK[repo]]
if RUN_ALL:
    CASES = [(repo, name) for repo in ("ocr", "det") for name in sorted(_golden(repo)["results"])]


@pytest.mark.parametrize("repo,name", CASES, ids=[f"{r}:{n}" for r, n in CASES])
def test_model_matches_paddle(repo, name):
    golden = _golden(repo)["results"][name]
    ours = _ours(repo)[name]
    problems = compare_case(golden, ours)
    tracebacks = "\n".join(f"--- {k}:\n{v}" for k, v in ours.get("tracebacks", {}).items())
    assert not problems, "\n".join(problems) + ("\n" + tracebacks if tracebacks else "")


def test_goldens_cover_every_case():
    from tests.repos.ocr_det import driver

    assert sorted(_golden("ocr")["results"]) == sorted(driver.OCR_CASES)
    assert sorted(_golden("det")["results"]) == sorted(driver.DET_CASES)
