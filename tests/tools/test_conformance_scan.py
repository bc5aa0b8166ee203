"""Migration scanner on the realistic scripts under tests/tools/scripts (never executed)."""

import json
import os

import pytest

from paddle_compat import _scan

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "scripts")

STATUS = {"_source": "test", "apis": {
    "paddle.to_tensor": {"status": "verified"},
    "paddle.nn.Linear": {"status": "verified"},
    "paddle.nn.functional.softmax": {"status": "present"},
    "paddle.nn.functional.relu": {"status": "failing"},
    "paddle.optimizer.Adam": {"status": "deviation", "deviation": "lazy_mode ignored"},
    "paddle.Tensor.mean": {"status": "verified"},
    "paddle.Tensor.backward": {"status": "verified"},
    "paddle.io.DataLoader": {"status": "present"},
}}


REAL_PACKAGE_TESTS = {"test_live_presence_in_the_real_package", "test_paddle_compat_cli_dispatch"}
MODULES = {"paddle", "paddle.nn", "paddle.nn.functional", "paddle.io", "paddle.vision", "paddle.vision.transforms",
           "paddle.optimizer", "paddle.static", "paddle.distributed", "paddle.distributed.fleet"}
MISSING = {"paddle.definitely_not_an_api", "paddle.distributed.fleet.DistributedStrategy", "paddle.enable_static"}
STUBS = {"paddle.static.data"}


@pytest.fixture(autouse=True)
def hermetic_presence(monkeypatch, request):
    """Presence comes from the fake tables above, not from whatever the package implements today."""
    if request.node.originalname in REAL_PACKAGE_TESTS:
        return

    def fake(api):
        return "module" if api in MODULES else "missing" if api in MISSING else "stub" if api in STUBS else "present"

    monkeypatch.setattr(_scan, "_live_status", fake)


def _uses(name):
    return _scan.scan_paths([os.path.join(SCRIPTS, name)], STATUS)


def test_aliases_are_resolved():
    r = _uses("aliases.py")
    (path, d), = r["files"].items()
    got = [(u["line"], u["api"], u["status"]) for u in d["uses"]]
    assert (6, "paddle.to_tensor", "verified") in got  # import paddle as pd
    assert (7, "paddle.nn.Linear", "verified") in got  # from paddle import nn
    assert (8, "paddle.nn.functional.softmax", "present") in got  # from paddle.nn import functional as fn
    assert (9, "paddle.nn.functional.relu", "failing") in got  # from paddle.nn.functional import *
    assert (10, "paddle.Tensor.mean", "verified") in got  # out = fn.softmax(...) is a Tensor
    assert d["possible_tensor_methods"] == []
    assert d["verdict"].startswith("runs as is (check: 1 API(s) with failing conformance cases")


def test_training_script_runs_as_is():
    r = _uses("train_mnist_like.py")
    d = next(iter(r["files"].values()))
    apis = {u["api"] for u in d["uses"]}
    for api in ("paddle.nn.Layer", "paddle.nn.Conv2D", "paddle.nn.functional.cross_entropy", "paddle.optimizer.Adam",
                "paddle.io.DataLoader", "paddle.io.Dataset", "paddle.vision.transforms.Normalize", "paddle.flatten",
                "paddle.seed", "paddle.save"):
        assert api in apis, api
    assert "paddle.nn" not in apis and "paddle" not in apis  # modules are not APIs
    adam = [u for u in d["uses"] if u["api"] == "paddle.optimizer.Adam"][0]
    assert adam["status"] == "deviation" and adam["note"] == "lazy_mode ignored" and adam["line"] == 40
    assert d["verdict"].startswith("runs as is")
    assert "known deviation" in d["verdict"]


def test_missing_apis_block():
    r = _uses("uses_missing.py")
    d = next(iter(r["files"].values()))
    st = {u["api"]: u["status"] for u in d["uses"]}
    assert st["paddle.definitely_not_an_api"] == "missing"
    assert st["paddle.distributed.fleet.DistributedStrategy"] == "missing"
    assert st["paddle.static.data"] == "missing"  # a stub is missing
    assert [u["note"] for u in d["uses"] if u["api"] == "paddle.static.data"] == ["a NotImplementedError stub"]
    assert d["verdict"].startswith("blocked:") and "paddle.definitely_not_an_api" in d["verdict"]
    assert r["verdict"].startswith("blocked:")


def test_scan_source_never_executes():
    src = "import paddle\nraise SystemExit('executed!')\nx = paddle.zeros([2])\n"
    uses, _ = _scan.scan_source(src, "<t>", STATUS)
    assert [(u["line"], u["api"]) for u in uses] == [(3, "paddle.zeros")]


def test_non_paddle_and_relative_imports_ignored():
    src = "import numpy as np\nfrom . import paddle\nnp.zeros(3)\nimport torch\ntorch.add(1, 2)\n"
    uses, _ = _scan.scan_source(src, "<t>", STATUS)
    assert uses == []


def test_longest_known_prefix_is_reported():
    src = "import paddle\ny = paddle.nn.Linear.forward\nz = paddle.to_tensor(1).numpy()\n"
    uses, _ = _scan.scan_source(src, "<t>", STATUS)
    assert [u["api"] for u in uses] == ["paddle.nn.Linear", "paddle.to_tensor"]


def test_cli_json_and_text(capsys):
    rc = _scan.main([SCRIPTS, "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 1  # uses_missing.py blocks
    assert set(os.path.basename(p) for p in out["files"]) == {"aliases.py", "train_mnist_like.py", "uses_missing.py"}
    assert out["apis"]["paddle.nn.Linear"]["count"] >= 2
    assert all(":" in loc for loc in out["apis"]["paddle.nn.Linear"]["locations"])
    rc = _scan.main([os.path.join(SCRIPTS, "aliases.py")])
    text = capsys.readouterr().out
    assert rc == 0 and "verdict: runs as is" in text and "aliases.py:7: paddle.nn.Linear" in text


def test_syntax_errors_are_reported_not_raised(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import paddle\ndef (:\n")
    r = _scan.scan_paths([str(tmp_path)], STATUS)
    assert str(bad) in r["errors"] and r["files"] == {}


def test_live_presence_in_the_real_package():
    assert _scan._live_status("paddle.definitely_not_an_api") == "missing"
    assert _scan._live_status("paddle.nn") == "module"
    assert _scan._live_status("paddle.to_tensor") == "present"



@pytest.mark.parametrize("cmd", ["scan"])
def test_paddle_compat_cli_dispatch(cmd, capsys):
    from paddle_compat import __main__ as cli

    rc = cli.main([cmd, os.path.join(SCRIPTS, "aliases.py"), "--format", "json"])
    assert rc == 0
    assert "paddle.nn.Linear" in json.loads(capsys.readouterr().out)["apis"]


def test_tensor_inference():
    status = {"apis": {**STATUS["apis"], "paddle.Tensor.frobnicate": {"status": "missing"},
                       "paddle.Tensor.numpy": {"status": "verified"}, "paddle.Tensor.sum": {"status": "verified"},
                       "paddle.Tensor.abs": {"status": "verified"}}}
    src = """import paddle
x = paddle.to_tensor([1.0])
y = (x * 2).abs()
z = y[0]
n = z.numpy()
z.frobnicate()
n.sum()
opt = paddle.optimizer.Adam(parameters=[])
opt.step()
w = unknown()
w.abs()
"""
    uses, maybe = _scan.scan_source(src, "<t>", status)
    tensor = [(u["line"], u["api"]) for u in uses if u["how"] == "Tensor method"]
    assert tensor == [(3, "paddle.Tensor.abs"), (5, "paddle.Tensor.numpy"), (6, "paddle.Tensor.frobnicate")]
    assert [(u["line"], u["api"]) for u in maybe] == [(7, "paddle.Tensor.sum"), (11, "paddle.Tensor.abs")]
