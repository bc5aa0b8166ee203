"""Dump the public API surface of REAL Paddle (run with the oracle interpreter, from the repository root):

    .oracle/bin/python -m tools.api_diff.spec [--out mappings/spec/paddle-2.6.2.json]

For each public namespace: every name of its ``__all__`` with kind (function/class/module/constant),
signature (parameter name, kind, default repr) and the first docstring line; plus the members of
paddle.Tensor, paddle.nn.Layer, paddle.optimizer.Optimizer and paddle.Model (kind method/property/...).
The same introspection (``describe``) is used on our package by ``python -m tools.api_diff diff``.
"""

import argparse
import importlib
import inspect
import json
import os
import re
import sys

NAMESPACES = [
    "paddle", "paddle.nn", "paddle.nn.functional", "paddle.nn.initializer", "paddle.nn.utils", "paddle.optimizer",
    "paddle.optimizer.lr", "paddle.regularizer", "paddle.io", "paddle.vision", "paddle.vision.datasets",
    "paddle.vision.transforms", "paddle.vision.models", "paddle.vision.ops", "paddle.text", "paddle.metric",
    "paddle.callbacks", "paddle.hapi", "paddle.jit", "paddle.static", "paddle.static.nn", "paddle.amp",
    "paddle.autograd", "paddle.device", "paddle.distributed", "paddle.distributed.fleet", "paddle.distribution",
    "paddle.fft", "paddle.linalg", "paddle.signal", "paddle.sparse", "paddle.incubate", "paddle.quantization",
    "paddle.utils",
]
# Public namespaces the first spec missed (issue 22 and the wave-2 issues). Their public names are ``__all__``
# plus every non-underscore name of ``dir()`` that Paddle itself defines (a function/class whose __module__ is
# paddle.*, or a submodule of the namespace): user code reaches those names too, whether or not __all__ lists them.
DIR_RULE_NAMESPACES = [
    "paddle.audio", "paddle.audio.functional", "paddle.audio.features", "paddle.audio.backends",
    "paddle.audio.datasets", "paddle.profiler", "paddle.onnx", "paddle.hub", "paddle.utils.dlpack",
    "paddle.utils.download", "paddle.utils.cpp_extension", "paddle.version", "paddle.sysconfig", "paddle.reader",
    "paddle.nn.functional.flash_attention", "paddle.device.xpu", "paddle.device.cuda", "paddle.tensor",
    "paddle.framework", "paddle.inference", "paddle.base", "paddle.amp.debugging", "paddle.static.amp",
    "paddle.quantization.quanters", "paddle.quantization.observers", "paddle.nn.quant",
    "paddle.distributed.communication.stream", "paddle.distributed.rpc", "paddle.geometric",
    "paddle.incubate.nn", "paddle.incubate.nn.functional", "paddle.incubate.autograd", "paddle.incubate.optimizer",
    "paddle.sparse.nn", "paddle.sparse.nn.functional", "paddle.distributed", "paddle.distributed.fleet",
    "paddle.incubate.asp", "paddle.incubate.autotune",
]
NAMESPACES = NAMESPACES + [ns for ns in DIR_RULE_NAMESPACES if ns not in NAMESPACES]
CLASSES = {"paddle.Tensor": "paddle.Tensor", "paddle.nn.Layer": "paddle.nn.Layer",
           "paddle.optimizer.Optimizer": "paddle.optimizer.Optimizer", "paddle.Model": "paddle.Model",
           "paddle.jit.TranslatedLayer": "paddle.jit.TranslatedLayer", "paddle.amp.GradScaler": "paddle.amp.GradScaler",
           "paddle.profiler.Profiler": "paddle.profiler.Profiler", "paddle.inference.Config": "paddle.inference.Config",
           "paddle.inference.Predictor": "paddle.inference.Predictor",
           # the static-graph objects user code drives (issue 17)
           "paddle.static.Program": "paddle.static.Program", "paddle.static.Executor": "paddle.static.Executor",
           "paddle.static.Variable": "paddle.static.Variable"}
# dunder members of the classes that are part of the API (operators, protocols)
DUNDERS = {
    "__abs__", "__add__", "__and__", "__array__", "__bool__", "__call__", "__deepcopy__", "__div__", "__eq__",
    "__float__", "__floordiv__", "__ge__", "__getitem__", "__gt__", "__hash__", "__index__", "__int__",
    "__invert__", "__le__", "__len__", "__lshift__", "__lt__", "__matmul__", "__mod__", "__mul__", "__ne__",
    "__neg__", "__nonzero__", "__or__", "__pow__", "__radd__", "__rdiv__", "__repr__", "__rfloordiv__",
    "__rmatmul__", "__rmod__", "__rmul__", "__rpow__", "__rshift__", "__rsub__", "__rtruediv__", "__setitem__",
    "__str__", "__sub__", "__truediv__", "__xor__", "__iter__", "__contains__", "__complex__", "__setattr__",
    "__getattr__", "__dir__", "__init__", "__format__",
}

_PYBIND_SIG = re.compile(r"^\s*(?:\d+\.\s*)?([A-Za-z_][\w.]*)\((.*)\)\s*(?:->.*)?$")


def first_doc_line(obj):
    try:
        doc = inspect.getdoc(obj)
    except Exception:  # noqa: BLE001
        doc = None
    if not doc:
        return ""
    for line in doc.splitlines():
        line = line.strip()
        if line and not _PYBIND_SIG.match(line):
            return line[:200]
    return ""


def _param(p):
    d = {"name": p.name, "kind": p.kind.name}
    if p.default is not inspect.Parameter.empty:
        try:
            d["default"] = repr(p.default)[:120]
        except Exception:  # noqa: BLE001
            d["default"] = "<unrepresentable>"
    return d


def _split_args(s):
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _parse_doc_signature(obj):
    """Parameters from a pybind ``name(arg: type = default, ...) -> ret`` first doc line, else None."""
    doc = getattr(obj, "__doc__", None) or ""
    line = doc.strip().splitlines()[0] if doc.strip() else ""
    m = _PYBIND_SIG.match(line)
    if not m:
        return None
    params, kind = [], "POSITIONAL_OR_KEYWORD"
    for raw in _split_args(m.group(2)):
        raw = raw.strip()
        if raw in ("/",):
            continue
        if raw == "*":
            kind = "KEYWORD_ONLY"
            continue
        if raw.startswith("**"):
            params.append({"name": raw[2:].split(":")[0].strip(), "kind": "VAR_KEYWORD"})
            continue
        if raw.startswith("*"):
            params.append({"name": raw[1:].split(":")[0].strip(), "kind": "VAR_POSITIONAL"})
            kind = "KEYWORD_ONLY"
            continue
        name, _, rest = raw.partition(":")
        default = None
        if "=" in name:
            name, _, default = name.partition("=")
        elif "=" in rest:
            default = rest.partition("=")[2]
        p = {"name": name.strip(), "kind": kind}
        if default is not None:
            p["default"] = default.strip()
        params.append(p)
    return params


def signature_of(obj, drop_self=False):
    """(params, source) with source "inspect" | "text_signature" | "doc" | None."""
    try:
        sig = inspect.signature(obj)
        params = [_param(p) for p in sig.parameters.values()]
        src = "inspect"
    except (TypeError, ValueError):
        params = _parse_doc_signature(obj)
        src = "doc" if params is not None else None
        if params is None:
            return None, None
    if drop_self and params and params[0]["kind"] in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD"):
        params = params[1:]  # the instance (Paddle's Tensor methods name it ``x``)
    return params, src


def kind_of(obj):
    if inspect.ismodule(obj):
        return "module"
    if inspect.isclass(obj):
        return "class"
    if callable(obj):
        return "function"
    return "constant"


def describe(obj, name=None):
    k = kind_of(obj)
    d = {"kind": k}
    if getattr(obj, "__paddle_compat_stub__", False):
        d["stub"] = True
    if k in ("function", "class"):
        mod, qn = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        if isinstance(mod, str) and isinstance(qn, str):
            d["origin"] = f"{mod}.{qn}"
        params, src = signature_of(obj)
        if params is not None and k == "class" and params and params[0]["name"] == "self":
            params = params[1:]  # parsed from a pybind __init__ docstring
        if params is not None:
            d["params"] = params
            d["sig_source"] = src
        d["doc"] = first_doc_line(obj)
    elif k == "constant":
        d["type"] = type(obj).__name__
        try:
            r = repr(obj)
            if len(r) <= 80:
                d["value"] = r
        except Exception:  # noqa: BLE001
            pass
    return d


def _defined_by_paddle(mod, obj):
    if inspect.ismodule(obj):
        return obj.__name__.startswith(mod.__name__ + ".")
    origin = getattr(obj, "__module__", None)
    return (inspect.isclass(obj) or callable(obj)) and isinstance(origin, str) and (
        origin == "paddle" or origin.startswith("paddle."))


def public_names(mod, dir_rule=False):
    names = getattr(mod, "__all__", None)
    if names is not None:
        names = list(dict.fromkeys(str(n) for n in names))
        if dir_rule:
            names += sorted(n for n in dir(mod) if not n.startswith("_") and n not in names
                            and _defined_by_paddle(mod, getattr(mod, n, None)))
        return names, True
    return sorted(n for n in dir(mod) if not n.startswith("_")
                  and (not dir_rule or _defined_by_paddle(mod, getattr(mod, n, None)))), False


def describe_module(modname, resolve_missing=True):
    mod = importlib.import_module(modname)
    names, has_all = public_names(mod, dir_rule=modname in DIR_RULE_NAMESPACES)
    out = {}
    for n in names:
        try:
            obj = getattr(mod, n)
        except Exception as e:  # noqa: BLE001
            out[n] = {"kind": "unresolvable", "error": f"{type(e).__name__}: {e}"[:200]}
            continue
        out[n] = describe(obj, n)
    return {"has_all": has_all, "names": out}


def member_kind(cls, name):
    raw = None
    for klass in inspect.getmro(cls):
        if name in vars(klass):
            raw = vars(klass)[name]
            break
    if isinstance(raw, property) or type(raw).__name__ in ("getset_descriptor", "member_descriptor"):
        return "property", raw
    if isinstance(raw, staticmethod):
        return "staticmethod", raw.__func__
    if isinstance(raw, classmethod):
        return "classmethod", raw.__func__
    obj = getattr(cls, name, raw)
    if callable(obj):
        return "method", obj
    return "constant", obj


def describe_class_members(cls):
    out = {}
    for n in sorted(set(dir(cls))):
        if n.startswith("_") and n not in DUNDERS:
            continue
        if n in DUNDERS and getattr(cls, n, None) is getattr(object, n, None):
            continue  # plain object's, not Paddle's
        try:
            k, obj = member_kind(cls, n)
        except Exception:  # noqa: BLE001
            continue
        d = {"kind": k}
        if getattr(obj, "__paddle_compat_stub__", False):
            d["stub"] = True
        if k in ("method", "staticmethod", "classmethod"):
            params, src = signature_of(obj, drop_self=(k == "method"))
            if params is not None:
                d["params"] = params
                d["sig_source"] = src
            d["doc"] = first_doc_line(obj)
        elif k == "property":
            d["doc"] = first_doc_line(obj)
        out[n] = d
    return out


def resolve_dotted(path):
    parts = path.split(".")
    obj = importlib.import_module(parts[0])
    for p in parts[1:]:
        obj = getattr(obj, p)
    return obj


def dump(namespaces=NAMESPACES, classes=CLASSES):
    spec = {"namespaces": {}, "classes": {}}
    for ns in namespaces:
        try:
            spec["namespaces"][ns] = describe_module(ns)
        except Exception as e:  # noqa: BLE001
            spec["namespaces"][ns] = {"error": f"{type(e).__name__}: {e}", "names": {}}
    for label, path in classes.items():
        try:
            spec["classes"][label] = describe_class_members(resolve_dotted(path))
        except Exception as e:  # noqa: BLE001
            spec["classes"][label] = {}
            print(f"{label}: {e}", file=sys.stderr)
    return spec


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join("mappings", "spec", "paddle-2.6.2.json"))
    a = ap.parse_args(argv)
    import warnings

    warnings.simplefilter("ignore")

    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    spec = dump()
    spec = {**stamp, **spec}
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    with open(a.out, "w") as f:
        json.dump(spec, f, indent=1, sort_keys=True)
        f.write("\n")
    total = 0
    for ns, d in spec["namespaces"].items():
        n = len(d["names"])
        total += n
        print(f"{ns:28s} {n:5d}{'' if d.get('has_all', True) else '  (no __all__: dir())'}"
              f"{'  ERROR ' + d['error'] if 'error' in d else ''}")
    print(f"{'module-level names':28s} {total:5d}")
    for c, d in spec["classes"].items():
        print(f"{c + ' members':28s} {len(d):5d}")
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
