"""Migration scanner: which Paddle APIs does a script use, and does paddle-compat support them?

    paddle-compat scan PATH... [--format json]

Parses each ``.py`` file with :mod:`ast` (never executes it), resolves ``import paddle``,
``import paddle.nn.functional as F``, ``from paddle.x import y [as z]`` (and ``*``) aliases, and lists every
Paddle API used (attribute chains, calls, imported names) with file:line and its status:

  verified    golden cases from real Paddle pass
  deviation   works, with a documented known deviation
  present     implemented, not yet verified by golden cases
  failing     implemented, but some golden cases fail
  missing     absent from paddle-compat (or a NotImplementedError stub)

Statuses come from the report data (reports/status.json in a source checkout, else the packaged
paddle_compat/_api_status.json); presence is always re-checked against the installed package.
Method calls on values are typed by a light inference (``x = paddle.f(...)``, ``y = x.mean()``, ``x * y``,
``x[i]`` are Tensors, so ``y.abs()`` is ``paddle.Tensor.abs``); other ``v.name()`` calls whose name is a
``paddle.Tensor`` method are listed separately as "possible Tensor methods" and only warn.
"""

import ast
import importlib
import json
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
STATUS_FILES = (os.path.join(os.path.dirname(_HERE), "reports", "status.json"), os.path.join(_HERE, "_api_status.json"))
SKIP_DIRS = {".git", ".venv", "venv", "__pycache__", "node_modules", ".oracle", "site-packages", ".tox"}
# method names too generic to suggest a Tensor (dict/list/str/file methods)
_GENERIC = {"append", "extend", "insert", "pop", "remove", "items", "keys", "values", "get", "update", "copy",
            "format", "join", "split", "strip", "replace", "startswith", "endswith", "lower", "upper", "read",
            "write", "close", "open", "add", "index", "count", "sort", "reverse", "clear", "setdefault", "encode",
            "decode", "seek", "tell", "flush", "readline", "readlines", "lstrip", "rstrip", "find", "rfind",
            "__init__", "super", "isdigit", "zfill", "to", "apply", "register", "discard", "difference"}


# namespaces whose lower-case functions return Tensors (for the light type inference), and exceptions
_TENSOR_NAMESPACES = {"paddle", "paddle.nn.functional", "paddle.linalg", "paddle.fft", "paddle.signal",
                      "paddle.tensor"}
_NOT_TENSOR = {"paddle.seed", "paddle.save", "paddle.load", "paddle.summary", "paddle.flops", "paddle.grad",
               "paddle.no_grad", "paddle.enable_static", "paddle.disable_static", "paddle.in_dynamic_mode",
               "paddle.shape_of", "paddle.broadcast_shape", "paddle.batch", "paddle.set_printoptions",
               "paddle.enable_grad", "paddle.set_grad_enabled", "paddle.split", "paddle.chunk", "paddle.unbind",
               "paddle.meshgrid", "paddle.broadcast_tensors", "paddle.tensor_split", "paddle.hsplit",
               "paddle.vsplit", "paddle.dsplit", "paddle.unstack", "paddle.create_parameter", "paddle.linalg.eig",
               "paddle.linalg.eigh", "paddle.linalg.svd", "paddle.linalg.qr", "paddle.linalg.slogdet",
               "paddle.linalg.lu", "paddle.linalg.lstsq", "paddle.topk", "paddle.sort", "paddle.mode",
               "paddle.kthvalue", "paddle.unique", "paddle.unique_consecutive", "paddle.histogramdd"}
_TENSOR_TO_PYTHON = {"numpy", "tolist", "item", "backward", "register_hook", "clear_grad", "clear_gradient",
                     "split", "chunk", "unbind", "topk", "sort", "unique", "dim", "ndimension", "element_size",
                     "is_floating_point", "is_complex", "is_integer", "is_tensor", "__len__"}


def load_status(paths=STATUS_FILES):
    for p in paths:
        if os.path.exists(p):
            try:
                with open(p) as f:
                    data = json.load(f)
                data["_source"] = p
                return data
            except (OSError, ValueError):
                continue
    return {"apis": {}, "_source": None}


# ---------------------------------------------------------------- live presence in our package
_LIVE = {}


def _live_status(api):
    """"present" | "stub" | "missing" | "module" for a dotted ``paddle.*`` name, in the installed package."""
    if api in _LIVE:
        return _LIVE[api]
    parts = api.split(".")
    try:
        obj = importlib.import_module("paddle_compat")
    except Exception:  # noqa: BLE001
        _LIVE[api] = "missing"
        return "missing"
    path = "paddle_compat"
    result = "present"
    for p in parts[1:]:
        path += "." + p
        try:
            obj = getattr(obj, p)
        except AttributeError:
            try:
                obj = importlib.import_module(path)
            except Exception:  # noqa: BLE001
                result = "missing"
                break
        except Exception:  # noqa: BLE001
            result = "missing"
            break
    if result == "present":
        if getattr(obj, "__paddle_compat_stub__", False):
            result = "stub"
        elif type(obj).__name__ == "module":
            result = "module"
    _LIVE[api] = result
    return result


# ---------------------------------------------------------------- AST walk
class _Visitor(ast.NodeVisitor):
    def __init__(self, known):
        self.aliases = {}  # local name -> dotted paddle name
        self.stars = []  # modules imported with *
        self.uses = []  # (line, col, api, kind)
        self.maybe_tensor = []  # (line, col, method name)
        self.tensor_vars = set()  # names assigned a Tensor (inferred, file-wide)
        self.known = known

    # ---- light Tensor inference: x = paddle.f(...); y = x.mean(); z = x * y; w = x[0]
    def _api_of_call(self, node):
        if isinstance(node, ast.Call):
            chain = self._chain(node.func)
            if chain and chain[0] in self.aliases:
                return ".".join([self.aliases[chain[0]]] + chain[1:])
        return None

    def _is_tensor(self, node):
        if isinstance(node, ast.Name):
            return node.id in self.tensor_vars
        if isinstance(node, ast.Subscript):
            return self._is_tensor(node.value)
        if isinstance(node, ast.BinOp):
            return self._is_tensor(node.left) or self._is_tensor(node.right)
        if isinstance(node, ast.UnaryOp):
            return self._is_tensor(node.operand)
        if isinstance(node, ast.Call):
            api = self._api_of_call(node)
            if api is not None:
                ns, _, last = api.rpartition(".")
                return (ns in _TENSOR_NAMESPACES and last[:1].islower() and api not in _NOT_TENSOR
                        and not last.startswith(("is_", "get_", "set_")))
            f = node.func
            if isinstance(f, ast.Attribute) and self._is_tensor(f.value):
                return f.attr in self.known.get("tensor_methods", ()) and f.attr not in _TENSOR_TO_PYTHON
        return False

    def infer_tensors(self, tree):
        assigns = [n for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign))]
        for _ in range(3):  # propagate through chains of assignments
            before = len(self.tensor_vars)
            for n in assigns:
                value = n.value
                if value is None or not self._is_tensor(value):
                    continue
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                for t in targets:
                    if isinstance(t, ast.Name):
                        self.tensor_vars.add(t.id)
            if len(self.tensor_vars) == before:
                break

    # imports
    def visit_Import(self, node):
        for a in node.names:
            if a.name == "paddle" or a.name.startswith("paddle."):
                if a.asname:
                    self.aliases[a.asname] = a.name
                else:
                    self.aliases["paddle"] = "paddle"
                if a.name != "paddle":
                    self.uses.append((node.lineno, node.col_offset, a.name, "import"))

    def visit_ImportFrom(self, node):
        mod = node.module or ""
        if node.level or not (mod == "paddle" or mod.startswith("paddle.")):
            return
        for a in node.names:
            if a.name == "*":
                self.stars.append(mod)
                continue
            full = f"{mod}.{a.name}"
            self.aliases[a.asname or a.name] = full
            self.uses.append((node.lineno, node.col_offset, full, "import"))

    # usages
    def _chain(self, node):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name):
            parts.append(node.id)
            return list(reversed(parts))
        return None

    def visit_Attribute(self, node):
        chain = self._chain(node)
        if chain and chain[0] in self.aliases:
            api = ".".join([self.aliases[chain[0]]] + chain[1:])
            self.uses.append((node.lineno, node.col_offset, api, "attr"))
            return  # the sub-chains are part of this use
        if chain is None or chain[0] not in self.aliases:
            tmethods = self.known.get("tensor_methods", ())
            if node.attr in tmethods and self._is_tensor(node.value):
                self.uses.append((node.lineno, node.col_offset, "paddle.Tensor." + node.attr, "Tensor method"))
            elif isinstance(node.ctx, ast.Load) and node.attr in tmethods and node.attr not in _GENERIC:
                self.maybe_tensor.append((node.lineno, node.col_offset, node.attr))
        self.generic_visit(node)

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            if node.id in self.aliases and self.aliases[node.id] != "paddle" and "." in self.aliases[node.id]:
                self.uses.append((node.lineno, node.col_offset, self.aliases[node.id], "name"))
            else:
                for mod in self.stars:
                    cand = f"{mod}.{node.id}"
                    if cand in self.known.get("apis", {}):
                        self.uses.append((node.lineno, node.col_offset, cand, "name"))
                        break

    def visit_Call(self, node):
        self.generic_visit(node)


def _resolve_api(api, apis):
    """Longest prefix of ``api`` that is a known spec API (else the name itself)."""
    parts = api.split(".")
    for n in range(len(parts), 1, -1):
        cand = ".".join(parts[:n])
        if cand in apis:
            return cand
    return api


def classify(api, status_data):
    apis = status_data.get("apis", {})
    known = api in apis
    live = _live_status(api)
    if live in ("missing", "stub"):
        return "missing", ("a NotImplementedError stub" if live == "stub" else "not in paddle-compat")
    if live == "module":
        return "module", ""
    if known:
        st = apis[api]["status"]
        if st == "missing":  # the report is older than the package: it is there now
            return "present", "implemented since the last report"
        return st, apis[api].get("deviation", "")
    return "present", "not in the Paddle 2.6.2 public API list" if status_data.get("apis") else ""


def scan_source(source, filename="<string>", status_data=None):
    status_data = status_data if status_data is not None else load_status()
    apis = status_data.get("apis", {})
    known = {"apis": apis,
             "tensor_methods": {k.rsplit(".", 1)[1] for k in apis if k.startswith("paddle.Tensor.")}}
    tree = ast.parse(source, filename=filename)
    v = _Visitor(known)
    # imports first (aliases are file-wide in practice), then usages
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            v.visit_Import(node)
        elif isinstance(node, ast.ImportFrom):
            v.visit_ImportFrom(node)
    imports = list(v.uses)
    v.uses = []
    v.infer_tensors(tree)
    for node in tree.body:
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            v.visit(node)
    uses = []
    for line, col, api, kind in imports + v.uses:
        api = _resolve_api(api, apis)
        st, note = classify(api, status_data)
        if st == "module":
            continue
        uses.append({"file": filename, "line": line, "col": col, "api": api, "status": st, "note": note,
                     "how": kind})
    tmethods = []
    for line, col, name in v.maybe_tensor:
        api = "paddle.Tensor." + name
        st, note = classify(api, status_data)
        tmethods.append({"file": filename, "line": line, "col": col, "api": api, "status": st, "note": note,
                         "how": "possible Tensor method"})
    uses.sort(key=lambda u: (u["line"], u["col"]))
    tmethods.sort(key=lambda u: (u["line"], u["col"]))
    return uses, tmethods


def iter_py_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
                for f in sorted(files):
                    if f.endswith(".py"):
                        yield os.path.join(root, f)
        else:
            yield p


def _apis_with_status(uses, status):
    return sorted({u["api"] for u in uses if u["status"] == status})


def verdict(uses, tmethods):
    missing, failing, devs, unverified = (_apis_with_status(uses, s) for s in ("missing", "failing", "deviation",
                                                                                "present"))
    t_missing = _apis_with_status(tmethods, "missing")
    if missing:
        return f"blocked: {len(missing)} missing API(s): {', '.join(missing[:12])}" + (
            " ..." if len(missing) > 12 else "")
    notes = []
    if failing:
        notes.append(f"{len(failing)} API(s) with failing conformance cases ({', '.join(failing[:8])})")
    if devs:
        notes.append(f"{len(devs)} known deviation(s) ({', '.join(devs[:8])})")
    if unverified:
        notes.append(f"{len(unverified)} unverified")
    if t_missing:
        notes.append(f"possible Tensor methods missing: {', '.join(t_missing[:8])}")
    return "runs as is" + (f" (check: {'; '.join(notes)})" if notes else "")


def scan_paths(paths, status_data=None):
    status_data = status_data if status_data is not None else load_status()
    files, errors = {}, {}
    all_uses, all_t = [], []
    for path in iter_py_files(paths):
        try:
            with open(path, encoding="utf-8") as f:
                src = f.read()
            uses, tm = scan_source(src, path, status_data)
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError) as e:
            errors[path] = f"{type(e).__name__}: {e}"
            continue
        files[path] = {"uses": uses, "possible_tensor_methods": tm, "verdict": verdict(uses, tm)}
        all_uses += uses
        all_t += tm
    apis = {}
    for u in all_uses:
        a = apis.setdefault(u["api"], {"status": u["status"], "note": u["note"], "count": 0, "locations": []})
        a["count"] += 1
        if len(a["locations"]) < 20:
            a["locations"].append(f"{u['file']}:{u['line']}")
    return {"status_source": status_data.get("_source"), "files": files, "errors": errors, "apis": apis,
            "verdict": verdict(all_uses, all_t)}


def format_text(result):
    out = []
    for path, d in result["files"].items():
        out.append(f"{path}: {d['verdict']}")
        for u in d["uses"]:
            note = f"  ({u['note']})" if u["note"] else ""
            out.append(f"  {path}:{u['line']}: {u['api']}  [{u['status']}]{note}")
        tm = [u for u in d["possible_tensor_methods"] if u["status"] == "missing"]
        for u in tm:
            out.append(f"  {path}:{u['line']}: .{u['api'].rsplit('.', 1)[1]}()  [possible Tensor method: "
                       f"{u['status']}]")
    for path, e in result["errors"].items():
        out.append(f"{path}: not scanned: {e}")
    counts = {}
    for a in result["apis"].values():
        counts[a["status"]] = counts.get(a["status"], 0) + 1
    out.append("")
    out.append(f"{len(result['apis'])} distinct Paddle APIs in {len(result['files'])} file(s): "
               + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    out.append(f"verdict: {result['verdict']}")
    if not result["status_source"]:
        out.append("(no report data found: statuses are presence checks only; run `paddle-compat report`)")
    return "\n".join(out)


def main(argv):
    import argparse

    ap = argparse.ArgumentParser(prog="paddle-compat scan", description="List the Paddle APIs a script uses.")
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--format", choices=("text", "json"), default="text")
    ap.add_argument("--status", help="status JSON to use (default: reports/status.json or the packaged copy)")
    a = ap.parse_args(argv)
    import warnings

    warnings.simplefilter("ignore")
    data = load_status((a.status,)) if a.status else load_status()
    result = scan_paths(a.paths, data)
    if a.format == "json":
        json.dump(result, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print(format_text(result))
    return 1 if result["verdict"].startswith("blocked") else 0
