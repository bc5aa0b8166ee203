"""mappings/*.toml mean something (issue 14): every [apis] key is an API of the 2.6.2 spec, every torch API a
`torch` field names exists, every `renames` key is a parameter of the Paddle API, and every [xfail] /
[tolerance] key of the case format names an existing case."""

import importlib
import json
import os
import re

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from tools.api_diff import common, replay

MAPPINGS = os.path.join(common.ROOT, "mappings")
FILES = sorted(f for f in os.listdir(MAPPINGS) if f.endswith(".toml"))
# [xfail] keys of suites with their own ids (not case-format goldens): file -> how their keys are checked
SUITE_XFAIL_FILES = {"data.toml", "optimizer.toml"}
_TORCH_NAME = re.compile(r"\btorch(?:\.[A-Za-z_][A-Za-z0-9_]*)+(?![A-Za-z0-9_*])")


def _load(name):
    with open(os.path.join(MAPPINGS, name), "rb") as f:
        return tomllib.load(f)


def _spec():
    with open(os.path.join(MAPPINGS, "spec", "paddle-2.6.2.json")) as f:
        spec = json.load(f)
    apis = {}
    for ns, d in spec["namespaces"].items():
        for n, desc in d["names"].items():
            apis[f"{ns}.{n}"] = desc
    for cls, members in spec["classes"].items():
        for n, desc in members.items():
            apis[f"{cls}.{n}"] = desc
    return apis


SPEC = _spec()


def _resolves(dotted):
    parts = dotted.split(".")
    obj = importlib.import_module("torch")
    for i, part in enumerate(parts[1:], start=2):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            try:
                obj = importlib.import_module(".".join(parts[:i]))
            except ImportError:
                return False
    return True


@pytest.mark.parametrize("name", FILES)
def test_api_keys_are_spec_apis(name):
    unknown = [k for k in _load(name).get("apis", {}) if k not in SPEC]
    assert unknown == [], f"{name}: [apis] keys that are no API of Paddle 2.6.2's spec: {unknown}"


@pytest.mark.parametrize("name", FILES)
def test_torch_fields_name_real_torch_apis(name):
    missing = []
    for api, info in _load(name).get("apis", {}).items():
        for ref in _TORCH_NAME.findall(info.get("torch", "")):
            if not _resolves(ref):
                missing.append(f"{api}: {ref}")
    assert missing == [], f"{name}: `torch` fields naming torch APIs that do not exist: {missing}"


@pytest.mark.parametrize("name", FILES)
def test_renames_name_paddle_parameters(name):
    wrong = []
    for api, info in _load(name).get("apis", {}).items():
        params = {p["name"] for p in SPEC.get(api, {}).get("params", [])}
        wrong += [f"{api}: {k}" for k in info.get("renames", {}) if k not in params]
    assert wrong == [], f"{name}: `renames` keys that are not parameters of the Paddle API: {wrong}"


def _case_ids():
    ids = {}
    for group, c in replay.all_cases():
        if not isinstance(c, Exception):
            ids.setdefault(c.id, set()).add(group)
    return ids


@pytest.mark.parametrize("name", [f for f in FILES if f not in SUITE_XFAIL_FILES])
def test_case_xfail_and_tolerance_keys_name_existing_cases(name):
    ids = _case_ids()
    data = _load(name)
    stale = []
    for table in ("xfail", "tolerance"):
        for key in data.get(table, {}):
            group, sep, case_id = key.partition("::")
            if not sep:
                group, case_id = None, key
            if case_id not in ids or (group is not None and group not in ids[case_id]):
                stale.append(f"[{table}] {key}")
    assert stale == [], f"{name}: keys matching no case of tests/cases: {stale}"


def test_data_xfail_keys_name_recorded_scenarios():
    stale = []
    for key in _load("data.toml").get("xfail", {}):
        section, _, scenario = key.partition(":")
        path = os.path.join(common.GOLDENS_DIR, f"data_{section}.json")
        if not os.path.exists(path) or scenario not in common.load_golden_json(path)["scenarios"]:
            stale.append(key)
    assert stale == [], f"data.toml [xfail] keys matching no recorded scenario: {stale}"


def test_optimizer_xfail_keys_name_recorded_configs():
    import numpy as np

    configs = common.load_golden_json(os.path.join(common.GOLDENS_DIR, "optim_traj.json"))["configs"]
    with np.load(os.path.join(common.GOLDENS_DIR, "optim_lbfgs.npz")) as lbfgs:
        line_searches = set(lbfgs.files)  # test_lbfgs_golden's recorded line-search variants
    lbfgs_scenarios = set(common.load_golden_json(os.path.join(common.GOLDENS_DIR, "docfix_lbfgs.json"))["scenarios"])
    test_id = re.compile(r"(test_\w+)\[(.+)\]")

    def recorded(key):
        m = test_id.fullmatch(key)
        if not m:
            return False
        recorded_ids = {"test_lbfgs_golden": line_searches, "test_lbfgs_trajectory": lbfgs_scenarios}
        return m.group(2) in recorded_ids.get(m.group(1), configs)

    stale = [k for k in _load("optimizer.toml").get("xfail", {}) if not recorded(k)]
    assert stale == [], f"optimizer.toml [xfail] keys matching no recorded trajectory config: {stale}"
