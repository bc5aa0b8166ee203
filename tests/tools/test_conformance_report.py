"""Report: API naming of cases, per-API status, totals, and the three written files."""

import json

from tools.api_diff import mappings, replay, report
from tools.api_diff.casefmt import A, T, case


def test_case_api_names():
    assert report.case_api_name(case("paddle.add", T("float32", (2,)), 1)) == "paddle.add"
    assert report.case_api_name(case("Tensor.reshape", T("float32", (2,)), [2])) == "paddle.Tensor.reshape"
    assert report.case_api_name(case("operator.add", T("float32", (2,)), 1)) == "paddle.Tensor.__add__"
    assert report.case_api_name(case("operator.add", 1, T("float32", (2,)))) == "paddle.Tensor.__radd__"
    assert report.case_api_name(case("operator.lt", 1, T("float32", (2,)))) == "paddle.Tensor.__gt__"
    assert report.case_api_name(case("operator.and_", T("bool", (2,)), T("bool", (2,)))) == "paddle.Tensor.__and__"
    assert report.case_api_name(case("operator.add", A("float32", (2,)), T("float32", (2,)))) \
        == "paddle.Tensor.__radd__"
    assert report.case_api_name(case("operator.getitem", T("float32", (2,)), 0)) == "paddle.Tensor.__getitem__"
    assert report.case_api_name(case("builtins.repr", T("float32", (2,)))) == "paddle.Tensor.__repr__"
    assert report.case_api_name(case("builtins.len", T("float32", (2,)))) == "paddle.Tensor.__len__"


def _row(presence="present", cases=None, deviation=""):
    return {"presence": presence, "cases": cases or {}, "deviation": deviation}


def test_row_status_priority():
    assert report.row_status(_row("missing", {"pass": 3})) == "missing"
    assert report.row_status(_row("stub")) == "missing"
    assert report.row_status(_row(cases={"pass": 3, "fail": 1})) == "failing"
    assert report.row_status(_row(cases={"pass": 3, "xpass": 1})) == "failing"
    assert report.row_status(_row(cases={"pass": 3, "xfail": 1})) == "deviation"
    assert report.row_status(_row(cases={"pass": 3}, deviation="documented")) == "deviation"
    assert report.row_status(_row(cases={"pass": 3})) == "verified"
    assert report.row_status(_row(cases={"missing-golden": 2})) == "present"
    assert report.row_status(_row()) == "present"


def _synthetic():
    spec = {"paddle_version": "2.6.2",
            "namespaces": {"paddle": {"names": {"to_tensor": {"kind": "function", "doc": "Make a tensor."},
                                                "zeros": {"kind": "function"}, "gone": {"kind": "function"}}}},
            "classes": {"paddle.Tensor": {"__add__": {"kind": "method"}}}}
    surface = {"namespaces": {"paddle": {"rows": {"to_tensor": {"status": "present", "sig": "match"},
                                                  "zeros": {"status": "present", "sig": "mismatch",
                                                            "diffs": ["missing parameter(s) name"]},
                                                  "gone": {"status": "stub"}}, "extra": [], "error": None}},
               "classes": {"paddle.Tensor": {"rows": {"__add__": {"status": "present", "sig": "unknown"}},
                                             "extra": [], "error": None}}}
    results = [replay.Result("selftest_core", "paddle.to_tensor#0", "paddle.to_tensor", "pass"),
               replay.Result("selftest_core", "paddle.to_tensor#1", "paddle.to_tensor", "pass"),
               replay.Result("selftest_core", "operator.add#0", "operator.add", "fail", "output: dtype x != y")]
    return spec, surface, results


def test_build_rows_and_totals():
    spec, surface, results = _synthetic()
    rows = {r["api"]: r for r in report.build_rows(spec, surface, results, mappings.Mappings(), alias_check=False)}
    assert rows["paddle.to_tensor"]["status"] == "verified" and rows["paddle.to_tensor"]["cases"] == {"pass": 2}
    assert rows["paddle.zeros"]["status"] == "present" and rows["paddle.zeros"]["sig"] == "mismatch"
    assert rows["paddle.gone"]["status"] == "missing"
    assert rows["paddle.Tensor.__add__"]["status"] == "failing"
    assert "operator.add#0" in rows["paddle.Tensor.__add__"]["failures"][0]
    per_ns, tot = report.totals(list(rows.values()))
    assert tot["total"] == len(rows) and tot["verified"] >= 1 and tot["missing"] == 1 and tot["sig_mismatch"] == 1
    assert per_ns["paddle"]["total"] == 3


def test_writers(tmp_path):
    spec, surface, results = _synthetic()
    rows = report.build_rows(spec, surface, results, mappings.Mappings(), alias_check=False)
    per_ns, tot = report.totals(rows)
    per_group, ctot = report.case_totals(results)
    meta = {"generated": "now", "paddle_version": "2.6.2"}
    report.write_markdown(str(tmp_path / "c.md"), rows, per_ns, tot, per_group, ctot, meta, results)
    report.write_html(str(tmp_path / "c.html"), rows, per_ns, tot, per_group, ctot, meta, results)
    data = report.write_status_json(str(tmp_path / "s.json"), rows, tot, ctot, meta)
    md = (tmp_path / "c.md").read_text()
    assert "| paddle | 3 | 1 | 0 | 0 | 1 | 0 | 1 | 1 | 67% |" in md
    assert "`paddle.Tensor.__add__`" in md and "`gone` (stub)" in md
    assert "## Failing golden cases (1)" in md and "`selftest_core::operator.add#0` (fail): output: dtype x != y" in md
    html = (tmp_path / "c.html").read_text()
    assert "<script" in html and "http://" not in html and "https://" not in html  # self-contained
    assert '"api":"paddle.to_tensor"' in html
    assert "<code>selftest_core::operator.add#0</code>" in html
    s = json.loads((tmp_path / "s.json").read_text())
    assert s == json.loads(json.dumps(data))
    assert s["apis"]["paddle.to_tensor"]["status"] == "verified" and s["case_totals"]["fail"] == 1


def test_cli_report_end_to_end_without_replay(tmp_path):
    from paddle_compat import _cli_tools

    assert _cli_tools.main("report", ["--no-replay", "--quiet", "--out", str(tmp_path)]) == 0
    s = json.loads((tmp_path / "status.json").read_text())
    assert len(s["apis"]) > 1500
    assert s["apis"]["paddle.to_tensor"]["status"] in ("present", "deviation")  # nothing replayed
    from tools.api_diff import diff

    stubs = 0
    for api, info in s["apis"].items():  # a stub counts as missing
        if api.startswith("paddle.") and ".Tensor." not in api:
            try:
                obj = diff.our_object(api)
            except Exception:  # noqa: BLE001
                continue
            if getattr(obj, "__paddle_compat_stub__", False):
                stubs += 1
                assert info["status"] == "missing", api
    assert (tmp_path / "conformance.html").stat().st_size > 10000
    assert "## Per namespace" in (tmp_path / "conformance.md").read_text()


# ---------------------------------------------------------------- tests tagged @pytest.mark.verifies
def _t(nodeid, outcome, *apis, message=""):
    from tools.api_diff import verifies

    return {"nodeid": nodeid, "suite": verifies.suite_of(nodeid), "apis": list(apis), "outcome": outcome,
            "message": message}


def test_suite_of():
    from tools.api_diff import verifies

    assert verifies.suite_of("tests/optimizer/test_lr.py::test_x[a]") == "optimizer"
    assert verifies.suite_of("tests/nn/test_decode.py::test_decode_golden[b]") == "nn"
    assert verifies.suite_of("tests/test_conformance.py::test_case") == "conformance"


def test_tagged_tests_credit_apis():
    spec, surface, results = _synthetic()
    tests = [_t("tests/optimizer/test_a.py::t1", "pass", "paddle.zeros"),
             _t("tests/optimizer/test_a.py::t2", "pass", "paddle.zeros", "paddle.to_tensor"),
             _t("tests/data/test_b.py::t3", "fail", "paddle.to_tensor", message="assert 1 == 2"),
             _t("tests/data/test_b.py::t4", "skip", "paddle.Tensor.__add__"),
             _t("tests/data/test_b.py::t5", "pass", "paddle.nope")]
    unknown = {}
    rows = {r["api"]: r for r in report.build_rows(spec, surface, results, mappings.Mappings(), alias_check=False,
                                                   tests=tests, unknown=unknown)}
    z = rows["paddle.zeros"]  # no case: verified by its tagged tests alone
    assert z["status"] == "verified" and z["tests"] == {"pass": 2} and z["goldens"] == ["optimizer"]
    assert report.goldens_str(z) == "goldens: optimizer"
    tt = rows["paddle.to_tensor"]  # cases pass but one tagged test fails
    assert tt["status"] == "failing" and tt["goldens"] == ["cases", "data", "optimizer"]
    assert any("tests/data/test_b.py::t3: assert 1 == 2" in f for f in tt["failures"])
    add = rows["paddle.Tensor.__add__"]  # a skipped test counts for nothing
    assert add["tests"] == {} and add["goldens"] == ["cases"] and add["status"] == "failing"
    assert "paddle.nope" not in rows and unknown == {"paddle.nope": ["tests/data/test_b.py::t5"]}
    per_ns, tot = report.totals(list(rows.values()))
    assert tot["via_suites"] == 1 and per_ns["paddle"]["via_suites"] == 1


def test_tagged_test_status_rules():
    assert report.row_status({**_row(), "tests": {"pass": 1}}) == "verified"
    assert report.row_status({**_row(), "tests": {"pass": 1, "fail": 1}}) == "failing"
    assert report.row_status({**_row(), "tests": {"pass": 1, "xpass": 1}}) == "failing"
    assert report.row_status({**_row(), "tests": {"pass": 1, "xfail": 1}}) == "deviation"
    assert report.row_status({**_row(cases={"pass": 2}), "tests": {"fail": 1}}) == "failing"
    assert report.row_status({**_row("stub"), "tests": {"pass": 1}}) == "missing"
    assert report.row_status({**_row(), "tests": {}}) == "present"


def test_tagged_tests_in_the_written_files(tmp_path):
    spec, surface, results = _synthetic()
    tests = [_t("tests/optimizer/test_a.py::t1", "pass", "paddle.zeros"),
             _t("tests/optimizer/test_a.py::t2", "xfail", "paddle.to_tensor", message="known: float order"),
             _t("tests/data/test_b.py::t3", "fail", "paddle.to_tensor", message="boom")]
    unknown = {}
    rows = report.build_rows(spec, surface, results, mappings.Mappings(), alias_check=False, tests=tests,
                             unknown=unknown)
    by = {r["api"]: r for r in rows}
    assert by["paddle.to_tensor"]["status"] == "failing" and "known: float order" in by["paddle.to_tensor"]["deviation"]
    per_ns, tot = report.totals(rows)
    per_group, ctot = report.case_totals(results)
    meta = {"generated": "now", "paddle_version": "2.6.2"}
    report.write_markdown(str(tmp_path / "c.md"), rows, per_ns, tot, per_group, ctot, meta, results, tests, unknown)
    report.write_html(str(tmp_path / "c.html"), rows, per_ns, tot, per_group, ctot, meta, results, tests)
    report.write_status_json(str(tmp_path / "s.json"), rows, tot, ctot, meta, tests)
    md = (tmp_path / "c.md").read_text()
    assert "| paddle | 3 | 1 | 0 | 0 | 0 | 1 | 1 | 1 | 67% | 1 |" in md
    assert "| optimizer | 2 | 1 | 0 | 1 | 0 | 0 | 2 |" in md and "| data | 1 | 0 | 1 | 0 | 0 | 0 | 1 |" in md
    assert "`tests/data/test_b.py::t3` (fail): boom" in md
    assert "`zeros` (goldens: optimizer)" in md
    assert "goldens: cases, data, optimizer" in md  # the failing API names its sources
    html = (tmp_path / "c.html").read_text()
    assert '"goldens":["optimizer"]' in html and "verified via suites" in html
    assert "<code>tests/data/test_b.py::t3" in html
    s = json.loads((tmp_path / "s.json").read_text())
    assert s["apis"]["paddle.zeros"] == {**s["apis"]["paddle.zeros"], "status": "verified", "goldens": ["optimizer"],
                                         "tests": {"pass": 1}}
    assert s["test_totals"]["all"] == {"pass": 1, "xfail": 1, "fail": 1}
    assert s["test_totals"]["optimizer"] == {"pass": 1, "xfail": 1}
    assert "goldens" not in s["apis"]["paddle.gone"]


def test_verifies_plugin_collects_outcomes_and_apis(tmp_path):
    """The pytest plugin end to end, on a throw-away suite: per-test outcome and marker args; unmarked tests
    are not run."""
    from tools.api_diff import verifies

    suite = tmp_path / "tests" / "demo"
    suite.mkdir(parents=True)
    (suite / "test_demo.py").write_text(
        "import pytest\n\n"
        "@pytest.mark.verifies('paddle.a')\n"
        "def test_pass():\n    pass\n\n"
        "@pytest.mark.verifies('paddle.b', 'paddle.a')\n"
        "def test_fail():\n    assert 1 == 2, 'differs from paddle'\n\n"
        "@pytest.mark.verifies('paddle.c')\n"
        "@pytest.mark.xfail(reason='known deviation', strict=True)\n"
        "def test_xfail():\n    assert False\n\n"
        "@pytest.mark.verifies('paddle.d')\n"
        "def test_imperative_xfail():\n    pytest.xfail('listed')\n\n"
        "@pytest.mark.verifies('paddle.e')\n"
        "@pytest.mark.xfail(reason='stale', strict=True)\n"
        "def test_strict_xpass():\n    pass\n\n"
        "@pytest.mark.verifies('paddle.f')\n"
        "def test_skip():\n    pytest.skip('no data')\n\n"
        "@pytest.mark.parametrize('x', [pytest.param(1, marks=pytest.mark.verifies('paddle.g')), 2])\n"
        "def test_param(x):\n    pass\n\n"
        "def test_unmarked():\n    raise SystemExit('must not run')\n")
    got = {t["nodeid"].split("::")[1]: t for t in verifies.run(paths=["tests"], ignore=(), cwd=str(tmp_path))}
    assert sorted(got) == ["test_fail", "test_imperative_xfail", "test_param[1]", "test_pass", "test_skip",
                           "test_strict_xpass", "test_xfail"]
    assert {k: t["outcome"] for k, t in got.items()} == {
        "test_pass": "pass", "test_fail": "fail", "test_xfail": "xfail", "test_imperative_xfail": "xfail",
        "test_strict_xpass": "fail", "test_skip": "skip", "test_param[1]": "pass"}
    assert got["test_fail"]["apis"] == ["paddle.a", "paddle.b"] and "differs from paddle" in got["test_fail"]["message"]
    assert got["test_xfail"]["message"] == "known deviation" and got["test_param[1]"]["apis"] == ["paddle.g"]
    assert {t["suite"] for t in got.values()} == {"demo"}


def test_every_verifies_marker_names_a_spec_api():
    """Collect (not run) the tagged tests of the repository: every API they name is in the 2.6.2 spec."""
    from tools.api_diff import diff, verifies

    spec = diff.load_spec()
    names = {f"{ns}.{n}" for ns, d in spec["namespaces"].items() for n in d["names"]}
    names |= {f"{c}.{m}" for c, d in spec["classes"].items() for m in d}
    tests = verifies.run(collect_only=True)
    assert len(tests) > 500
    suites = {t["suite"] for t in tests}
    assert {"optimizer", "data", "distribution", "hapi", "vision", "nn", "core"} <= suites
    bad = sorted({(a, t["nodeid"]) for t in tests for a in t["apis"] if a not in names})
    assert not bad, bad[:10]


def test_errors_only_status_when_every_passing_case_is_a_raised_error():
    row = {"presence": "present", "cases": {"pass": 2, "pass_error": 2}, "tests": {}, "deviation": ""}
    assert report.row_status(row) == "errors-only"
    row["cases"] = {"pass": 3, "pass_error": 2}
    assert report.row_status(row) == "verified"
    row["cases"], row["tests"] = {"pass": 1, "pass_error": 1}, {"pass": 1}
    assert report.row_status(row) == "verified"
