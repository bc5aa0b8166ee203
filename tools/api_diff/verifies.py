"""Test-suite goldens for the report: tests marked ``@pytest.mark.verifies("paddle.x.Y", ...)``.

Some suites compare our package with data recorded by REAL Paddle 2.6.2 in formats the case replay does not
read (optimizer trajectories, LR schedules, .pdopt resume, io/transforms/metric/text scenarios,
paddle.distribution, hapi text output, vision.models state_dict layouts, decode, files written by Paddle).
Such a test declares the public APIs (spec names) it verifies with the ``verifies`` marker; only tests that
compare against oracle-recorded data may carry it. The report runs them in a subprocess
(``pytest -m verifies -p tools.api_diff.verifies``): this module is also that pytest plugin, active only when
``PADDLE_COMPAT_VERIFIES_OUT`` names the JSON file to write (per test: nodeid, suite, outcome, APIs).

Outcomes: pass, fail (failed in setup, call or teardown; also a strict XPASS), xfail (a listed known
deviation: expected failure), xpass (non-strict unexpected pass), skip (not counted).
"""

import json
import os
import subprocess
import sys
import tempfile
import time

from tools.api_diff.common import ROOT

ENV_OUT = "PADDLE_COMPAT_VERIFIES_OUT"
MARKER = "verifies"
DEFAULT_PATHS = ("tests",)
# suites without verifies markers whose collection is slow (thousands of parametrized cases)
DEFAULT_IGNORE = ("tests/test_conformance.py", "tests/test_doc_examples.py", "tests/tools")
_RANK = {"skip": 0, "pass": 1, "xpass": 2, "xfail": 3, "fail": 4}


def suite_of(nodeid):
    """``tests/optimizer/test_lr.py::x`` -> ``optimizer``; a test file directly under tests/ -> its stem."""
    path = nodeid.split("::", 1)[0].replace("\\", "/")
    parts = [p for p in path.split("/") if p]
    if parts and parts[0] == "tests":
        parts = parts[1:]
    if len(parts) >= 2:
        return parts[0]
    stem = os.path.splitext(parts[-1])[0] if parts else path
    return stem[5:] if stem.startswith("test_") else stem


def _outcome(report):
    if getattr(report, "wasxfail", None) is not None:
        return "xfail" if report.skipped else ("xpass" if report.passed else "fail")
    if report.failed:
        return "fail"
    if report.skipped:
        return "skip"
    return "pass" if report.when == "call" else None


def _message(report):
    crash = getattr(getattr(report, "longrepr", None), "reprcrash", None)
    if crash is not None:
        return str(crash.message)
    text = getattr(report, "longreprtext", "") or ""
    lines = [x for x in text.strip().splitlines() if x.strip()]
    return lines[-1] if lines else ""


# ------------------------------------------------------------------------------ pytest plugin hooks
_TESTS = {}


def pytest_configure(config):
    config.addinivalue_line("markers", f"{MARKER}(*apis): the test compares these public Paddle APIs (spec names) "
                                       "with goldens recorded by real Paddle 2.6.2 (credited by the report)")


def pytest_collection_finish(session):
    if not os.environ.get(ENV_OUT):
        return
    for item in session.items:
        apis = []
        for m in item.iter_markers(MARKER):
            apis.extend(str(a) for a in m.args)
        if apis:
            _TESTS[item.nodeid] = {"nodeid": item.nodeid, "suite": suite_of(item.nodeid),
                                   "apis": sorted(set(apis)), "outcome": "skip", "message": ""}


def pytest_runtest_logreport(report):
    t = _TESTS.get(report.nodeid)
    if t is None:
        return
    out = _outcome(report)
    if out is None or _RANK[out] < _RANK[t["outcome"]]:
        return
    t["outcome"] = out
    if out in ("fail", "xpass"):
        t["message"] = _message(report)[:600]
    elif out == "xfail":
        t["message"] = str(report.wasxfail)[:600]


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get(ENV_OUT)
    if not path:
        return
    tests = [dict(t) for t in _TESTS.values()]
    with open(path, "w") as f:
        json.dump({"tests": tests}, f)


# ------------------------------------------------------------------------------ runner (report side)
class Run:
    """A pytest subprocess running the ``verifies``-marked tests; :meth:`results` waits for it."""

    def __init__(self, paths=DEFAULT_PATHS, ignore=DEFAULT_IGNORE, collect_only=False, timeout=900, cwd=ROOT):
        fd, self.out = tempfile.mkstemp(prefix="verifies-", suffix=".json")
        os.close(fd)
        self.timeout, self.t0 = timeout, time.time()
        cmd = [sys.executable, "-m", "pytest", "-m", MARKER, "-p", "tools.api_diff.verifies", "-q",
               "-p", "no:cacheprovider", "-W", "ignore", "--tb=line", *paths]
        for ig in ignore:
            cmd += ["--ignore", os.path.join(cwd, ig)]
        if collect_only:
            cmd.append("--collect-only")
        env = dict(os.environ, **{ENV_OUT: self.out})
        env["PYTHONPATH"] = os.pathsep.join(x for x in (ROOT, env.get("PYTHONPATH")) if x)
        self.log = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT, text=True)

    def results(self):
        """[{nodeid, suite, apis, outcome, message}], or raises RuntimeError when pytest wrote nothing."""
        try:
            self.proc.wait(timeout=max(1.0, self.timeout - (time.time() - self.t0)))
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        try:
            with open(self.out) as f:
                text = f.read()
            if not text or self.proc.returncode in (2, 3, 4):  # pytest interrupted (e.g. a collection error)
                self.log.seek(0)
                raise RuntimeError("the verifies test run gave no usable results (pytest exit "
                                   f"{self.proc.returncode}):\n{self.log.read()[-3000:]}")
            return json.loads(text)["tests"]
        finally:
            self.log.close()
            os.unlink(self.out)


def run(paths=DEFAULT_PATHS, **kw):
    return Run(paths, **kw).results()


def totals(tests):
    """{suite: {outcome: n, "apis": n}} and the overall counts."""
    from collections import Counter, defaultdict

    per_suite = defaultdict(Counter)
    apis = defaultdict(set)
    for t in tests:
        per_suite[t["suite"]][t["outcome"]] += 1
        apis[t["suite"]].update(t["apis"])
    all_ = Counter()
    for c in per_suite.values():
        all_.update(c)
    return per_suite, all_, {s: len(a) for s, a in apis.items()}
