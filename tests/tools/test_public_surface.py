"""Public surface police (issue 14), over every namespace and class of the 2.6.2 spec, not only paddle.tensor:
every present API has Paddle's signature, every public class reports Paddle's module path and name, and every
public function Paddle's ``__module__`` (recorded from the oracle in tests/goldens/surface_modules.json). Known
differences are listed, with reasons, in mappings/surface.toml ([signature], [module_path], [function_module]); an
entry that no longer differs must be removed (so the lists cannot go stale)."""

import os

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from tools.api_diff import common, diff

KNOWN = os.path.join(common.ROOT, "mappings", "surface.toml")


def _known(table):
    with open(KNOWN, "rb") as f:
        return tomllib.load(f).get(table, {})


@pytest.fixture(scope="module")
def surface():
    spec = diff.load_spec()
    return spec, diff.run(spec)


def _third_party(api):
    """An object of another package that both Paddle and we re-export when it is installed (e.g. tqdm's class in
    paddle.utils.download): what it looks like depends on the environment, not on us."""
    try:
        obj = diff.our_object(api)
    except Exception:  # noqa: BLE001
        return False
    root = str(getattr(obj, "__module__", "") or "").split(".")[0]
    return isinstance(obj, type) and root not in ("paddle", "paddle_compat", "builtins")


def _mismatches(spec, result):
    out = {}
    for section in ("namespaces", "classes"):
        for ns, d in result[section].items():
            for name, row in d["rows"].items():
                if row.get("sig") == "mismatch" and not _third_party(f"{ns}.{name}"):
                    out[f"{ns}.{name}"] = "; ".join(row.get("diffs", []))
    return out


def test_present_apis_have_paddles_signatures(surface):
    spec, result = surface
    found, known = _mismatches(spec, result), _known("signature")
    unexpected = {k: v for k, v in found.items() if k not in known}
    assert unexpected == {}, f"signatures differing from Paddle 2.6.2 (fix, or list them): {unexpected}"
    stale = sorted(set(known) - set(found))
    assert stale == [], f"mappings/surface.toml [signature] entries that now match Paddle (remove them): {stale}"


def _module_paths(spec):
    out = {}
    for ns, d in spec["namespaces"].items():
        for name, want in d["names"].items():
            origin = want.get("origin", "")
            if want.get("kind") != "class" or not origin or ".libpaddle." in origin:
                continue  # pybind classes of Paddle's C++ core have no Python module path to match
            try:
                obj = diff.our_object(f"{ns}.{name}")
            except Exception:  # noqa: BLE001 - missing APIs are the report's business
                continue
            if not isinstance(obj, type) or getattr(obj, "__paddle_compat_stub__", False):
                continue
            if _third_party(f"{ns}.{name}"):
                continue
            have = f"{obj.__module__}.{obj.__qualname__}"
            if have != origin:
                out[f"{ns}.{name}"] = f"{have} (Paddle: {origin})"
    return out


def test_public_classes_report_paddles_module_path(surface):
    spec, _ = surface
    found, known = _module_paths(spec), _known("module_path")
    unexpected = {k: v for k, v in found.items() if k not in known}
    assert unexpected == {}, f"classes whose module path differs from Paddle's (fix, or list): {unexpected}"
    stale = sorted(set(known) - set(found))
    assert stale == [], f"mappings/surface.toml [module_path] entries that now match Paddle (remove them): {stale}"


MODULES_GOLDEN = os.path.join(common.ROOT, "tests", "goldens", "surface_modules.json")


def _function_modules():
    """Public functions whose ``__module__`` differs from real Paddle's (tests/goldens/surface_modules.json,
    recorded by tests/tools/record_surface_modules.py with the oracle)."""
    import types

    golden = common.load_golden_json(MODULES_GOLDEN)
    out = {}
    for want, apis in golden["modules"].items():
        for api in apis:
            try:
                obj = diff.our_object(api)
            except Exception:  # noqa: BLE001 - missing APIs are the report's business
                continue
            obj = getattr(obj, "__func__", obj)  # a bound method Paddle exports (fleet.init): its function
            if isinstance(obj, type) or getattr(obj, "__paddle_compat_stub__", False) or _third_party(api):
                continue  # classes: test_public_classes_report_paddles_module_path (module and qualname)
            if not isinstance(obj, types.FunctionType):
                continue  # builtins and other callables carry no module path of ours
            if obj.__module__ != want:
                out[api] = f"{obj.__module__} (Paddle: {want})"
    return out


def test_public_functions_report_paddles_module():
    found, known = _function_modules(), _known("function_module")
    unexpected = {k: v for k, v in found.items() if k not in known}
    assert unexpected == {}, f"functions whose __module__ differs from Paddle's (fix, or list): {unexpected}"
    stale = sorted(set(known) - set(found))
    assert stale == [], f"mappings/surface.toml [function_module] entries that now match Paddle (remove them): {stale}"

