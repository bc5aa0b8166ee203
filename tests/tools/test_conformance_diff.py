"""Surface diff: signature comparison and namespace diff against a (synthetic or recorded) spec."""

import json
import os

from tools.api_diff import diff, spec


def P(name, kind="POSITIONAL_OR_KEYWORD", default=None):
    d = {"name": name, "kind": kind}
    if default is not None:
        d["default"] = default
    return d


def test_identical_signatures_match():
    ps = [P("x"), P("y"), P("name", default="None")]
    assert diff.compare_params(ps, ps) == []


def test_missing_extra_order_and_defaults():
    want = [P("x"), P("axis", default="None"), P("keepdim", default="False"), P("name", default="None")]
    assert any("missing parameter(s) name" in d for d in diff.compare_params(want, want[:3]))
    have = [P("x"), P("keepdim", default="False"), P("axis", default="None"), P("name", default="None")]
    assert any("positional order differs" in d for d in diff.compare_params(want, have))
    have = [P("x"), P("axis", default="0"), P("keepdim", default="False"), P("name", default="None")]
    assert diff.compare_params(want, have) == ["axis: default 0 != paddle None"]
    have = want + [P("out")]
    assert any("extra required parameter(s) out" in d for d in diff.compare_params(want, have))
    have = want + [P("out", default="None")]
    assert any("extra optional parameter(s) out" in d for d in diff.compare_params(want, have))


def test_kwargs_and_keyword_only():
    want = [P("x"), P("kwargs", "VAR_KEYWORD")]
    assert diff.compare_params(want, [P("x")]) == ["paddle takes **kwargs, ours does not"]
    assert diff.compare_params(want, [P("x"), P("extra", default="1"), P("kw", "VAR_KEYWORD")]) == []
    want = [P("x"), P("name", "KEYWORD_ONLY", "None")]
    assert diff.compare_params(want, [P("x"), P("name", default="None")]) == []  # positional too: harmless
    assert diff.compare_params([P("x"), P("y", default="1")], [P("x"), P("y", "KEYWORD_ONLY", "1")]) \
        == ["y is keyword-only in ours, positional in paddle"]


def test_default_normalisation_of_dtypes_and_quotes():
    assert diff.compare_params([P("d", default="'float32'")], [P("d", default='"float32"')]) == []
    assert diff.compare_params([P("d", default="paddle.float32")], [P("d", default="paddle.float32")]) == []


def test_describe_stub_and_kinds():
    from paddle_compat._stubs import stub_class, stub_function

    f = stub_function("paddle.x.f", "M9")
    assert spec.describe(f) == {**spec.describe(f), "kind": "function", "stub": True}
    assert spec.describe(stub_class("paddle.x.C", "M9"))["stub"] is True
    assert spec.describe(3)["kind"] == "constant"
    assert spec.describe(os)["kind"] == "module"

    def g(x, y=2, *a, k=None, **kw):
        """Doc line."""

    d = spec.describe(g)
    assert [p["name"] for p in d["params"]] == ["x", "y", "a", "k", "kw"]
    assert d["params"][1]["default"] == "2" and d["doc"] == "Doc line."


def test_pybind_doc_signature_parser():
    class F:
        __doc__ = "f(x: int, y: float = 1.0, *args, name: str = None, **kwargs) -> None\n\nDoc."

    ps = spec._parse_doc_signature(F)
    assert [(p["name"], p["kind"], p.get("default")) for p in ps] == [
        ("x", "POSITIONAL_OR_KEYWORD", None), ("y", "POSITIONAL_OR_KEYWORD", "1.0"), ("args", "VAR_POSITIONAL", None),
        ("name", "KEYWORD_ONLY", "None"), ("kwargs", "VAR_KEYWORD", None)]


def test_diff_namespace_on_synthetic_spec():
    want = {"names": {
        "to_tensor": {"kind": "function", "params": [P("data"), P("dtype", default="None"), P("place", default="None"),
                                                      P("stop_gradient", default="True")]},
        "no_such_thing_in_paddle": {"kind": "function"},
        "nn": {"kind": "module"},
    }}
    rows, extra, err = diff.diff_namespace("paddle", want)
    assert err is None
    assert rows["to_tensor"]["status"] == "present" and rows["to_tensor"]["sig"] == "match"
    assert rows["no_such_thing_in_paddle"]["status"] == "missing"
    assert rows["nn"]["status"] == "present"


def test_recorded_spec_shape():
    path = diff.SPEC_PATH
    assert os.path.exists(path), "run: .oracle/bin/python -m tools.api_diff.spec"
    with open(path) as f:
        s = json.load(f)
    total = sum(len(d["names"]) for d in s["namespaces"].values())
    assert total > 1100
    assert len(s["classes"]["paddle.Tensor"]) > 400
    assert s["namespaces"]["paddle.nn.functional"]["names"]["relu"]["kind"] == "function"
    assert [p["name"] for p in s["classes"]["paddle.Tensor"]["reshape"]["params"]] == ["shape", "name"]


def test_dunder_signatures_compare_operand_counts_only():
    want = {"kind": "method", "params": [P("y"), P("out", default="None"), P("name", default="None")]}
    assert diff._row(want, {"kind": "method", "params": [P("other")]}, "__and__")["sig"] == "match"
    r = diff._row(want, {"kind": "method", "params": []}, "__and__")
    assert r["sig"] == "mismatch" and r["diffs"] == ["takes 0 required operand(s), paddle 1"]
    assert diff._row(want, {"kind": "method", "params": [P("other")]}, "bitwise_and")["sig"] == "mismatch"
