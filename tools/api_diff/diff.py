"""Surface diff of OUR package against the recorded Paddle spec (mappings/spec/paddle-2.6.2.json).

    python -m tools.api_diff diff [--json out.json] [--namespace paddle.nn] [--verbose]

Per namespace: missing names (absent, or a ``__paddle_compat_stub__`` stub), extra names (in our
``__all__`` but not Paddle's), and signature mismatches (parameter names, order, defaults).
"""

import importlib
import json
import os

from tools.api_diff import spec as specmod
from tools.api_diff.common import ROOT

SPEC_PATH = os.path.join(ROOT, "mappings", "spec", "paddle-2.6.2.json")
_VAR = ("VAR_POSITIONAL", "VAR_KEYWORD")


def load_spec(path=SPEC_PATH):
    with open(path) as f:
        return json.load(f)


def _norm_default(s):
    if s is None:
        return None
    s = s.strip()
    # dtype objects print differently between frameworks; compare by name
    for pre in ("paddle.", "<VarType."):
        if s.startswith(pre):
            s = s[len(pre):]
    return s.replace('"', "'")


def compare_params(want, have):
    """List of human-readable differences between Paddle's params ``want`` and ours ``have`` ([] = match)."""
    if want is None or have is None:
        return []
    diffs = []
    w_named = [p for p in want if p["kind"] not in _VAR]
    h_named = [p for p in have if p["kind"] not in _VAR]
    h_by = {p["name"]: p for p in h_named}
    w_by = {p["name"]: p for p in w_named}
    h_varkw = any(p["kind"] == "VAR_KEYWORD" for p in have)
    h_varpos = any(p["kind"] == "VAR_POSITIONAL" for p in have)
    w_varkw = any(p["kind"] == "VAR_KEYWORD" for p in want)
    w_varpos = any(p["kind"] == "VAR_POSITIONAL" for p in want)
    missing = [p["name"] for p in w_named if p["name"] not in h_by]
    if missing:
        diffs.append(f"missing parameter(s) {', '.join(missing)}" + (" (only via **kwargs)" if h_varkw else ""))
    extra_req = [p["name"] for p in h_named if p["name"] not in w_by and "default" not in p
                 and p["kind"] != "KEYWORD_ONLY"]
    if extra_req:
        diffs.append(f"extra required parameter(s) {', '.join(extra_req)}")
    extra_opt = [p["name"] for p in h_named if p["name"] not in w_by and p["name"] not in extra_req]
    if extra_opt and not w_varkw:
        diffs.append(f"extra optional parameter(s) {', '.join(extra_opt)}")
    # positional order of the shared parameters
    w_pos = [p["name"] for p in w_named if p["kind"] in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")]
    h_pos = [p["name"] for p in h_named if p["kind"] in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")]
    shared = [n for n in w_pos if n in h_pos]
    if shared != [n for n in h_pos if n in shared]:
        diffs.append(f"positional order differs: paddle ({', '.join(w_pos)}) vs ours ({', '.join(h_pos)})")
    else:
        for i, n in enumerate(w_pos):
            if n in h_pos and h_pos.index(n) != i and all(x in h_pos for x in w_pos[:i]):
                diffs.append(f"parameter {n} is at position {h_pos.index(n)}, paddle {i}")
                break
    for p in w_named:
        q = h_by.get(p["name"])
        if q is None:
            continue
        if p["kind"] == "KEYWORD_ONLY" and q["kind"] != "KEYWORD_ONLY":
            pass  # accepting it positionally too is harmless
        elif p["kind"] != "KEYWORD_ONLY" and q["kind"] == "KEYWORD_ONLY":
            diffs.append(f"{p['name']} is keyword-only in ours, positional in paddle")
        if ("default" in p) != ("default" in q):
            diffs.append(f"{p['name']}: " + ("paddle has default " + p["default"] if "default" in p
                                             else "ours has default " + q["default"] + ", paddle requires it"))
        elif "default" in p and _norm_default(p["default"]) != _norm_default(q["default"]):
            diffs.append(f"{p['name']}: default {q['default']} != paddle {p['default']}")
    if w_varpos and not h_varpos:
        diffs.append("paddle takes *args, ours does not")
    if w_varkw and not h_varkw:
        diffs.append("paddle takes **kwargs, ours does not")
    return diffs


def _import(modname):
    try:
        return importlib.import_module(modname), None
    except Exception as e:  # noqa: BLE001
        return None, f"{type(e).__name__}: {e}"


def our_object(qualname):
    """Resolve a dotted Paddle name in OUR package (attribute chain, then submodule import)."""
    parts = qualname.split(".")
    obj = importlib.import_module(parts[0])
    path = parts[0]
    for p in parts[1:]:
        path += "." + p
        try:
            obj = getattr(obj, p)
        except AttributeError:
            obj = importlib.import_module(path)
    return obj


def _entry_status(ours_desc, want):
    if ours_desc is None:
        return "missing"
    if ours_desc.get("stub"):
        return "stub"
    return "present"


def diff_namespace(ns, want_ns):
    """{name: {"status": present|missing|stub, "kind_ok": bool, "sig": match|mismatch|unknown, "diffs": [...]}}"""
    mod, err = _import(ns)
    rows = {}
    for name, want in want_ns.get("names", {}).items():
        ours = None
        if mod is not None:
            try:
                obj = getattr(mod, name)
            except AttributeError:
                try:
                    obj = importlib.import_module(f"{ns}.{name}") if want["kind"] == "module" else None
                except Exception:  # noqa: BLE001
                    obj = None
                if obj is None:
                    ours = None
                else:
                    ours = specmod.describe(obj)
            except Exception:  # noqa: BLE001
                ours = None
            else:
                ours = specmod.describe(obj)
        rows[name] = _row(want, ours, name)
    extra = []
    if mod is not None and getattr(mod, "__all__", None) is not None:
        extra = sorted(set(mod.__all__) - set(want_ns.get("names", {})))
    return rows, extra, err


def _required_positional(params):
    return sum(1 for p in params if p["kind"] in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD") and "default" not in p)


def _row(want, ours, name=""):
    st = _entry_status(ours, want)
    row = {"status": st, "kind": want.get("kind")}
    if st != "present":
        return row
    wk, hk = want.get("kind"), ours.get("kind")
    same_kind = wk == hk or {wk, hk} <= {"function", "class", "method", "staticmethod", "classmethod"} or (
        wk == "constant" and hk != "module")
    row["kind_ok"] = same_kind
    diffs = [] if same_kind else [f"kind {hk} != paddle {wk}"]
    if "params" in want and "params" in ours and name.startswith("__") and name.endswith("__"):
        # Python calls dunders positionally: only the number of required operands matters
        nw, nh = _required_positional(want["params"]), _required_positional(ours["params"])
        if nw != nh and not any(p["kind"] == "VAR_POSITIONAL" for p in ours["params"]):
            diffs.append(f"takes {nh} required operand(s), paddle {nw}")
        row["sig"] = "mismatch" if diffs else "match"
    elif "params" in want and "params" in ours:
        diffs += compare_params(want["params"], ours["params"])
        row["sig"] = "mismatch" if diffs else "match"
    elif diffs:
        row["sig"] = "mismatch"
    else:
        row["sig"] = "unknown" if wk in ("function", "class", "method", "staticmethod", "classmethod") else "n/a"
    if diffs:
        row["diffs"] = diffs
    return row


def diff_class(label, want_members):
    try:
        cls = our_object(label)
    except Exception:  # noqa: BLE001
        cls = None
    ours_members = specmod.describe_class_members(cls) if cls is not None and isinstance(cls, type) else {}
    rows = {}
    for name, want in want_members.items():
        rows[name] = _row(want, ours_members.get(name), name)
    return rows


def run(spec=None):
    """Full diff: {"namespaces": {ns: {"rows": {...}, "extra": [...], "error": ...}}, "classes": {...}}."""
    spec = spec if spec is not None else load_spec()
    import paddle  # noqa: F401 - ours (the finder maps paddle -> paddle_compat)

    out = {"namespaces": {}, "classes": {}}
    for ns, want_ns in spec["namespaces"].items():
        rows, extra, err = diff_namespace(ns, want_ns)
        out["namespaces"][ns] = {"rows": rows, "extra": extra, "error": err}
    for label, members in spec["classes"].items():
        out["classes"][label] = {"rows": diff_class(label, members), "extra": [], "error": None}
    return out


def summarize(result):
    lines = []
    tot = {"names": 0, "present": 0, "missing": 0, "stub": 0, "sig_mismatch": 0}
    for section in ("namespaces", "classes"):
        for ns, d in result[section].items():
            rows = d["rows"]
            n = len(rows)
            pres = sum(r["status"] == "present" for r in rows.values())
            miss = sum(r["status"] == "missing" for r in rows.values())
            stub = sum(r["status"] == "stub" for r in rows.values())
            mism = sum(r.get("sig") == "mismatch" for r in rows.values())
            tot["names"] += n
            tot["present"] += pres
            tot["missing"] += miss
            tot["stub"] += stub
            tot["sig_mismatch"] += mism
            label = ns + (" members" if section == "classes" else "")
            lines.append(f"{label:36s} {n:5d} present {pres:5d}  missing {miss:4d}  stub {stub:4d}  "
                         f"sig-mismatch {mism:4d}  extra {len(d['extra']):3d}")
    lines.append(f"{'TOTAL':36s} {tot['names']:5d} present {tot['present']:5d}  missing {tot['missing']:4d}  "
                 f"stub {tot['stub']:4d}  sig-mismatch {tot['sig_mismatch']:4d}")
    return "\n".join(lines), tot


def main(argv):
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.api_diff diff")
    ap.add_argument("--json", help="write the full diff as JSON here")
    ap.add_argument("--namespace", action="append", help="only these namespaces / classes (repeatable)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list missing names and signature mismatches")
    a = ap.parse_args(argv)
    spec = load_spec()
    if a.namespace:
        spec = {"namespaces": {k: v for k, v in spec["namespaces"].items() if k in a.namespace},
                "classes": {k: v for k, v in spec["classes"].items() if k in a.namespace}}
    import warnings

    warnings.simplefilter("ignore")
    result = run(spec)
    text, _ = summarize(result)
    print(text)
    if a.verbose:
        for section in ("namespaces", "classes"):
            for ns, d in result[section].items():
                for name, r in d["rows"].items():
                    if r["status"] != "present":
                        print(f"  {r['status']:8s} {ns}.{name}")
                    elif r.get("diffs"):
                        print(f"  sig      {ns}.{name}: {'; '.join(r['diffs'])}")
                for name in d["extra"]:
                    print(f"  extra    {ns}.{name}")
    if a.json:
        os.makedirs(os.path.dirname(os.path.abspath(a.json)), exist_ok=True)
        with open(a.json, "w") as f:
            json.dump(result, f, indent=1, sort_keys=True)
        print(f"wrote {a.json}")
    return 0
