"""PaddleGAN models built from the repo's own configs and builders, run on paddle-compat, against real Paddle
2.6.2's results from the same formula weights (golden ``tests/repos/fixtures/gan_models.json``, recorded by
``driver.py record`` with the oracle; see docs/paddlegan.md).

Skipped unless ``PADDLE_COMPAT_REPOS`` names a directory holding the ``PaddleGAN/`` source tree and the repo's
Python dependencies are in ``PADDLE_COMPAT_GAN_DEPS`` (default /work/repos_deps_gan). By default the quick cases
run (well under a minute); ``PADDLE_COMPAT_GAN_ALL=1`` runs every case.
"""

import json
import os
import subprocess
import sys

import pytest

from tests.repos.gan.compare import CASE_TOLERANCES, compare_case
from tools.api_diff.common import check_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(os.path.dirname(HERE), "fixtures", "gan_models.json")
REPOS = os.environ.get("PADDLE_COMPAT_REPOS")
DEPS = os.environ.get("PADDLE_COMPAT_GAN_DEPS", "/work/repos_deps_gan")
RUN_ALL = os.environ.get("PADDLE_COMPAT_GAN_ALL") == "1"

if not REPOS or not os.path.isdir(os.path.join(REPOS, "PaddleGAN", "ppgan")):
    pytest.skip("set PADDLE_COMPAT_REPOS to a directory with the PaddleGAN/ source tree (docs/paddlegan.md)",
                allow_module_level=True)
if not all(os.path.isdir(os.path.join(DEPS, d)) for d in ("cv2", "munch", "natsort")):
    pytest.skip(f"PaddleGAN's dependencies are not installed in {DEPS} (docs/paddlegan.md)", allow_module_level=True)

from tests.repos.gan import driver  # noqa: E402


def _golden():
    with open(GOLDEN) as f:
        golden = json.load(f)
    check_stamp(golden, GOLDEN)
    return golden


CASES = sorted(_golden()["results"]) if RUN_ALL else driver.QUICK
_RESULTS = {}


def _ours():
    """One driver subprocess for all cases (ppgan's registries are module-wide; a fresh interpreter each run)."""
    if not _RESULTS:
        out = f"/tmp/gan_test_{os.getpid()}.json"
        env = dict(os.environ, PADDLE_COMPAT_REPOS=REPOS, PADDLE_COMPAT_GAN_DEPS=DEPS)
        proc = subprocess.run([sys.executable, os.path.join(HERE, "driver.py"), "run", out, *CASES],
                              capture_output=True, text=True, timeout=900, env=env)
        assert proc.returncode == 0, proc.stderr[-3000:]
        with open(out) as f:
            _RESULTS.update(json.load(f)["results"])
        os.remove(out)
    return _RESULTS


@pytest.mark.parametrize("name", CASES)
def test_model_matches_paddle(name):
    golden = _golden()["results"][name]
    ours = _ours()[name]
    problems = compare_case(golden, ours, CASE_TOLERANCES.get(name))
    tracebacks = "\n".join(f"--- {k}:\n{v}" for k, v in ours.get("tracebacks", {}).items())
    assert not problems, "\n".join(problems) + ("\n" + tracebacks if tracebacks else "")


def test_goldens_cover_every_case():
    golden = _golden()
    assert sorted(golden["results"]) == sorted(driver.CASES)
    assert golden["commit"] == driver.COMMIT
