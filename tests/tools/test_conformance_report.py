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
    assert "| paddle | 3 | 1 | 0 | 1 | 0 | 1 | 1 | 67% |" in md
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
