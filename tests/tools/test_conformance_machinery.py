"""The golden machinery itself: case ids, data generation, fingerprints, replay verdicts, mappings."""

import json
import os
import shutil

import numpy as np
import pytest

from tools.api_diff import common, mappings, replay, tolerances
from tools.api_diff.casefmt import A, T, assign_ids, case, layer

SELFTEST = os.path.join(common.CASES_DIR, "selftest_core.py")


def test_assign_ids_numbers_per_api_and_keeps_explicit():
    cs = assign_ids([case("paddle.add", 1), case("paddle.sub", 1), case("paddle.add", 2), case("x", id="mine")])
    assert [c.id for c in cs] == ["paddle.add#0", "paddle.sub#0", "paddle.add#1", "mine"]
    with pytest.raises(ValueError):
        assign_ids([case("a", id="x"), case("b", id="x")])


def test_layer_accepts_raises_without_passing_it_to_the_constructor():
    c = layer("paddle.nn.Linear", 2, 3, inputs=[T("float32", (1, 2))], raises="ValueError")
    assert c.raises == "ValueError" and "raises" not in c.kwargs and c.is_layer


def test_leaves_order_and_rebuild():
    c = case("operator.getitem", T("float32", (3,)), (T("int64", (2,)), slice(None)), k=A("float64", (2,)))
    leaves = common.all_leaves(c)
    assert [leaf.dtype for leaf in leaves] == ["float32", "int64", "float64"]
    args, kwargs, inputs = common.build_all(c, lambda spec, k: f"leaf{k}")
    assert args == ("leaf0", ("leaf1", slice(None)))
    assert kwargs == {"k": "leaf2"} and inputs == ()


def test_gen_array_is_deterministic_and_respects_ranges():
    rng = lambda: np.random.RandomState(common.case_seed("x#0"))  # noqa: E731
    a = common.gen_array(T("float32", (4, 5), low=2, high=3), rng())
    b = common.gen_array(T("float32", (4, 5), low=2, high=3), rng())
    assert a.dtype == np.float32 and a.shape == (4, 5) and np.array_equal(a, b)
    assert (a >= 2).all() and (a < 3).all()
    i = common.gen_array(T("int64", (100,)), rng())
    assert i.dtype == np.int64 and i.min() >= -5 and i.max() < 5
    u = common.gen_array(T("uint8", (50,)), rng())
    assert set(np.unique(u)) <= {0, 1}
    z = common.gen_array(T("float32", ()), rng())
    assert z.shape == ()
    v = common.gen_array(T("int32", (2, 2), values=[1, 2, 3, 4]), rng())
    assert v.tolist() == [[1, 2], [3, 4]] and v.dtype == np.int32
    c = common.gen_array(T("complex64", (3,)), rng())
    assert c.dtype == np.complex64 and np.abs(c.imag).sum() > 0


def test_bfloat16_inputs_are_exact_in_bfloat16():
    a = common.gen_array(T("bfloat16", (64,)), np.random.RandomState(0))
    assert a.dtype == np.float32
    assert (a.view(np.uint32) & 0xFFFF == 0).all()
    assert common._round_bf16(np.float32(1.0)).shape == ()


def test_fingerprint_changes_with_the_case():
    a = case("paddle.add", T("float32", (2,)), 1)
    assert common.fingerprint(a) == common.fingerprint(case("paddle.add", T("float32", (2,)), 1))
    assert common.fingerprint(a) != common.fingerprint(case("paddle.add", T("float32", (3,)), 1))
    assert common.fingerprint(a) != common.fingerprint(case("paddle.add", T("float32", (2,)), 1, grad=True))


def test_resolve():
    import paddle

    assert common.resolve(paddle, "Tensor.reshape") == ("method", "reshape")
    kind, f = common.resolve(paddle, "paddle.nn.functional.relu")
    assert kind == "call" and f is paddle.nn.functional.relu
    with pytest.raises(common.MissingAPI):
        common.resolve(paddle, "paddle.surely_not_there")


def test_tolerances():
    assert tolerances.for_dtype("int64") is None and tolerances.for_dtype("bool") is None
    r32, a32 = tolerances.for_dtype("float32")
    r16, _ = tolerances.for_dtype("float16")
    rg, _ = tolerances.for_dtype("float32", grad=True)
    assert r16 > r32 and rg == r32 * tolerances.GRAD_FACTOR
    assert tolerances.for_dtype("float32", override={"rtol": 0.5}) == (0.5, 0.0)


# ------------------------------------------------------------ replay against the committed selftest goldens
def _selftest():
    return {c.id: c for c in common.load_cases(SELFTEST)}


def test_selftest_goldens_exist_and_replay():
    cases = _selftest()
    assert len(cases) >= 12
    g = replay.golden("selftest_core")
    assert g.exists and set(g.cases) == set(cases)
    for cid in ("paddle.to_tensor#0", "operator.add#0", "Tensor.astype#0", "Tensor.tolist#0", "builtins.repr#0",
                "paddle.to_tensor#3", "paddle.randn#0"):
        replay.check_case("selftest_core", cases[cid])


def _tmp_goldens(tmp_path):
    d = tmp_path / "goldens"
    d.mkdir()
    for ext in (".json", ".npz"):
        shutil.copy(os.path.join(common.GOLDENS_DIR, "selftest_core" + ext), d / ("selftest_core" + ext))
    replay._GOLDEN_CACHE.clear()
    return str(d)


def _edit_json(d, fn):
    p = os.path.join(d, "selftest_core.json")
    with open(p) as f:
        data = json.load(f)
    fn(data["cases"])
    with open(p, "w") as f:
        json.dump(data, f)
    replay._GOLDEN_CACHE.clear()


def test_replay_detects_a_wrong_value(tmp_path):
    d = _tmp_goldens(tmp_path)
    p, j = os.path.join(d, "selftest_core.npz"), os.path.join(d, "selftest_core.json")
    data = json.load(open(j))
    arrays = common.unpack_arrays(dict(np.load(p)), data["arrays"])
    key = data["cases"]["operator.add#0"]["outputs"]["key"]
    arrays[key] = arrays[key] + 1e-3
    blobs, data["arrays"] = common.pack_arrays(arrays)
    np.savez(p, **blobs)
    json.dump(data, open(j, "w"))
    replay._GOLDEN_CACHE.clear()
    with pytest.raises(replay.CaseFailure, match="outside rtol"):
        replay.check_case("selftest_core", _selftest()["operator.add#0"], d)


def test_pack_unpack_roundtrip():
    arrays = {"a": np.arange(6, dtype=np.float32).reshape(2, 3), "b": np.float64(2.5) * np.ones(()),
              "c": np.array([True, False]), "d": np.arange(3, dtype=np.float32), "e": np.zeros((0, 2), np.int64)}
    blobs, index = common.pack_arrays(arrays)
    assert set(blobs) == {"f4", "f8", "b1", "i8"}
    back = common.unpack_arrays(blobs, index)
    for k, v in arrays.items():
        assert back[k].dtype == v.dtype and back[k].shape == v.shape and np.array_equal(back[k], v)


def test_regenerated_inputs_are_checked(tmp_path):
    d = _tmp_goldens(tmp_path)
    _edit_json(d, lambda cases: cases["operator.add#0"]["inputs"][0].update(crc="00000000"))
    with pytest.raises(replay.CaseFailure, match="regenerated differently"):
        replay.check_case("selftest_core", _selftest()["operator.add#0"], d)
    _edit_json(d, lambda cases: cases["operator.mul#0"]["outputs"].update(w="00000000"))
    with pytest.raises(replay.CaseFailure, match="backward weight"):
        replay.check_case("selftest_core", _selftest()["operator.mul#0"], d)


def test_replay_detects_dtype_stop_gradient_and_grad_differences(tmp_path):
    d = _tmp_goldens(tmp_path)

    def edit(cases):
        cases["Tensor.astype#0"]["outputs"]["dtype"] = "float64"
        cases["operator.add#0"]["outputs"]["stop_gradient"] = True
        cases["operator.mul#0"]["grads"][0] = None

    _edit_json(d, edit)
    cs = _selftest()
    with pytest.raises(replay.CaseFailure, match="dtype float16 != paddle float64"):
        replay.check_case("selftest_core", cs["Tensor.astype#0"], d)
    with pytest.raises(replay.CaseFailure, match="stop_gradient"):
        replay.check_case("selftest_core", cs["operator.add#0"], d)
    with pytest.raises(replay.CaseFailure, match="has a grad, paddle has None"):
        replay.check_case("selftest_core", cs["operator.mul#0"], d)


def test_replay_error_cases_need_the_same_exception_type(tmp_path):
    d = _tmp_goldens(tmp_path)
    cs = _selftest()
    replay.check_case("selftest_core", cs["paddle.to_tensor#3"], d)  # ValueError both sides

    def edit(cases):
        cases["paddle.to_tensor#3"]["error_type"] = "KeyError"
        e = cases["paddle.to_tensor#0"]
        e.update(status="error", error_type="ValueError", error_message="boom", phase="call")

    _edit_json(d, edit)
    with pytest.raises(replay.CaseFailure, match="Paddle raises KeyError"):
        replay.check_case("selftest_core", cs["paddle.to_tensor#3"], d)
    with pytest.raises(replay.CaseFailure, match="raised nothing"):
        replay.check_case("selftest_core", cs["paddle.to_tensor#0"], d)


def test_replay_missing_and_stale_goldens(tmp_path):
    d = _tmp_goldens(tmp_path)
    c = case("paddle.add", T("float32", (2,)), 1.0, id="not-recorded")
    with pytest.raises(replay.CaseFailure, match="record with: .oracle/bin/python -m tools.api_diff.record "
                                                 "tests/cases/selftest_core.py"):
        replay.check_case("selftest_core", c, d)
    with pytest.raises(replay.CaseFailure, match="record with"):
        replay.check_case("no_such_group", c, d)
    changed = case("paddle.to_tensor", [1.0, 2.0, 4.0], id="paddle.to_tensor#0")
    with pytest.raises(replay.CaseFailure, match="stale golden"):
        replay.check_case("selftest_core", changed, d)


def test_replay_missing_api_is_a_failure_even_for_error_goldens(tmp_path):
    d = _tmp_goldens(tmp_path)

    def edit(cases):
        e = cases["paddle.to_tensor#3"]
        e["api"] = "paddle.no_such_api"

    _edit_json(d, edit)
    c = case("paddle.no_such_api", [[1, 2], [3]], raises="ValueError", id="paddle.to_tensor#3")
    # the fingerprint differs (api changed): patch it so the replay reaches the call
    _edit_json(d, lambda cases: cases["paddle.to_tensor#3"].update(fingerprint=common.fingerprint(c)))
    with pytest.raises(replay.CaseFailure, match="missing API paddle.no_such_api"):
        replay.check_case("selftest_core", c, d)


def test_run_all_applies_xfail_from_mappings():
    res = {r.id: r for r in replay.run_all(groups={"selftest_core"})}
    assert res["paddle.to_tensor#0"].status == "pass"
    maps = mappings.load()
    for cid, r in res.items():
        if maps.xfail_reason("selftest_core", cid):
            assert r.status in ("xfail", "xpass")


def test_mappings_merge(tmp_path):
    (tmp_path / "a.toml").write_text('[xfail]\n"g::x#0" = "reason a"\n"y#1" = "any group"\n'
                                     '[apis."paddle.add"]\ntorch = "torch.add"\ndeviation = "none really"\n')
    (tmp_path / "b.toml").write_text('[apis."paddle.add"]\nnote = "more"\n[tolerance]\n"g::x#0" = {rtol = 1e-3}\n')
    (tmp_path / "ignored.txt").write_text("not toml")
    m = mappings.load(str(tmp_path), refresh=True)
    assert m.xfail_reason("g", "x#0") == "reason a"
    assert m.xfail_reason("h", "x#0") is None
    assert m.xfail_reason("anything", "y#1") == "any group"
    assert m.apis["paddle.add"]["torch"] == "torch.add" and m.apis["paddle.add"]["note"] == "more"
    assert m.deviation("paddle.add") == "none really" and m.deviation("paddle.sub") is None
    assert m.tolerance_for("g", "x#0") == {"rtol": 1e-3}


def test_repo_mappings_parse():
    m = mappings.load(refresh=True)
    for k, v in m.xfail.items():
        assert isinstance(v, str) and v, k


def test_conformance_test_ids_and_xfail_marks():
    import importlib.util

    path = os.path.join(common.ROOT, "tests", "test_conformance.py")
    spec = importlib.util.spec_from_file_location("_conformance_under_test", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    params = {p.id: p for p in mod._params()}
    assert "selftest_core::paddle.to_tensor#0" in params
    assert all("::" in pid for pid in params)
    maps = mappings.load()
    for pid, p in params.items():
        group, cid = pid.split("::", 1)
        if maps.xfail_reason(group, cid):
            (mark,) = [m for m in p.marks if m.name == "xfail"]
            assert mark.kwargs["strict"] is True


def test_golden_set_stays_compact():
    total = sum(os.path.getsize(os.path.join(common.GOLDENS_DIR, f)) for f in os.listdir(common.GOLDENS_DIR))
    assert total < 20 * 1024 * 1024, f"tests/goldens is {total / 2**20:.1f} MiB; keep it well under 20 MiB"


def test_recorded_goldens_have_a_known_format():
    # (a case file without any golden fails in tests/test_conformance.py with the command to record it)
    for path in common.case_files():
        g = replay.Golden(common.group_of(path))
        if g.exists:
            assert g.meta.get("format") in (1, common.FORMAT_VERSION), path


def test_needs_recording(tmp_path):
    from tools.api_diff import record

    cases = tmp_path / "cases"
    cases.mkdir()
    f = cases / "g.py"
    f.write_text("from tools.api_diff.casefmt import T, case\nCASES = [case('paddle.add', T('float32', (2,)), 1)]\n")
    out = tmp_path / "goldens"
    out.mkdir()
    assert record.needs_recording(str(f), str(out))  # no golden
    c = common.load_cases(str(f))[0]
    golden = {"format": common.FORMAT_VERSION, "cases": {c.id: {"fingerprint": common.fingerprint(c)}}}
    (out / "g.json").write_text(json.dumps(golden))
    assert not record.needs_recording(str(f), str(out))
    golden["cases"][c.id]["fingerprint"] = "0"
    (out / "g.json").write_text(json.dumps(golden))
    assert record.needs_recording(str(f), str(out))  # stale
