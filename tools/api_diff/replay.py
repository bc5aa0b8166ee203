"""Replay recorded goldens against OUR package (no oracle): used by tests/test_conformance.py and the report.

    check_case(group, case)  -> None, or raises CaseFailure(message)
    run_all()                -> [Result(group, id, api, status, message)]   (status: pass/fail/xfail/xpass)
"""

import json
import os
import re
import time
import traceback
from dataclasses import dataclass

import numpy as np

from tools.api_diff import common, mappings, tolerances
from tools.api_diff.common import FLOAT_DTYPES, GOLDENS_DIR


class CaseFailure(AssertionError):
    pass


_paddle = None


def _pd():
    global _paddle
    if _paddle is None:
        import paddle_compat

        _paddle = paddle_compat
    return _paddle


# ---------------------------------------------------------------- goldens
_GOLDEN_CACHE = {}


class Golden:
    def __init__(self, group, goldens_dir=GOLDENS_DIR):
        self.group = group
        jpath = os.path.join(goldens_dir, group + ".json")
        npath = os.path.join(goldens_dir, group + ".npz")
        self.exists = os.path.exists(jpath)
        self.cases, self.meta, self._npath, self._arrays = {}, {}, npath, None
        if self.exists:
            with open(jpath) as f:
                data = json.load(f)
            self.cases = data.get("cases", {})
            self.index = data.get("arrays")  # format 2: packed blobs
            self.meta = {k: v for k, v in data.items() if k not in ("cases", "arrays")}

    @property
    def arrays(self):
        if self._arrays is None:
            self._arrays = {}
            if os.path.exists(self._npath):
                with np.load(self._npath, allow_pickle=False) as z:
                    raw = {k: z[k] for k in z.files}
                self._arrays = common.unpack_arrays(raw, self.index) if self.index is not None else raw
        return self._arrays


def golden(group, goldens_dir=GOLDENS_DIR):
    key = (group, goldens_dir)
    if key not in _GOLDEN_CACHE:
        _GOLDEN_CACHE[key] = Golden(group, goldens_dir)
    return _GOLDEN_CACHE[key]


# ---------------------------------------------------------------- our values -> numpy
def _np(t):
    """numpy copy of one of our Tensors (bfloat16 -> float32), straight from the torch tensor."""
    import torch

    x = t._t.detach()
    if x.dtype == torch.bfloat16:
        x = x.float()
    return x.cpu().resolve_conj().resolve_neg().numpy().copy() if x.is_complex() else x.cpu().numpy().copy()


def _dtype_name(d):
    return str(d).replace("paddle.", "")


def _close(ours, gold, dtype, where, errs, grad=False, override=None):
    ours = np.asarray(ours)
    gold = np.asarray(gold)
    if ours.shape != gold.shape:
        errs.append(f"{where}: value shape {list(ours.shape)} != {list(gold.shape)}")
        return
    tol = tolerances.for_dtype(dtype, grad=grad, override=override)
    if tol is None:
        if not np.array_equal(ours, gold):
            bad = np.argwhere(ours != gold)
            i = tuple(int(v) for v in bad[0]) if len(bad) else ()
            errs.append(f"{where}: values differ at {len(bad)} positions, first {list(i)}: ours {ours[i].item()!r} "
                        f"paddle {gold[i].item()!r}")
        return
    rtol, atol = tol
    if ours.dtype.kind not in "fc" or gold.dtype.kind not in "fc":
        ours = ours.astype(np.float64)
        gold = gold.astype(np.float64)
    ok = np.isclose(ours, gold, rtol=rtol, atol=atol, equal_nan=True)
    if not ok.all():
        bad = np.argwhere(~ok)
        i = tuple(int(v) for v in bad[0])
        diff = np.abs(ours.astype(np.complex128) - gold.astype(np.complex128))
        errs.append(f"{where}: {len(bad)}/{ok.size} values outside rtol={rtol:g} atol={atol:g}; first {list(i)}: "
                    f"ours {ours[i].item()!r} paddle {gold[i].item()!r}; max abs diff {np.nanmax(diff):.3g}")


def _flat(v):
    if isinstance(v, (list, tuple)):
        out = []
        for x in v:
            out.extend(_flat(x))
        return out
    return [v]


# ---------------------------------------------------------------- compare
class _Cmp:
    def __init__(self, arrays, override):
        self.arrays = arrays
        self.override = override
        self.errs = []
        self.pairs = []  # (our tensor, backward weight) in recorder order
        self.weights = {}  # id(golden node) -> regenerated backward weight (format 2)

    def node(self, obj, g, where):
        from paddle_compat._core import Parameter, Tensor
        from paddle_compat._core import dtype as dtype_cls

        kind = g["kind"]
        errs = self.errs
        if kind == "tensor":
            if not isinstance(obj, Tensor):
                errs.append(f"{where}: expected a Tensor, got {type(obj).__name__}")
                return
            dt = _dtype_name(obj.dtype)
            if dt != g["dtype"]:
                errs.append(f"{where}: dtype {dt} != paddle {g['dtype']}")
            if list(obj.shape) != g["shape"]:
                errs.append(f"{where}: shape {list(obj.shape)} != paddle {g['shape']}")
                return
            if bool(obj.stop_gradient) != g["stop_gradient"]:
                errs.append(f"{where}: stop_gradient {obj.stop_gradient} != paddle {g['stop_gradient']}")
            if bool(isinstance(obj, Parameter)) != g.get("param", False):
                errs.append(f"{where}: is Parameter {isinstance(obj, Parameter)} != paddle {g.get('param')}")
            if "key" in g and dt == g["dtype"]:
                _close(_np(obj), self.arrays[g["key"]], dt, where, errs, override=self.override)
            if "mean" in g:
                self.stats(_np(obj), g, where)
            if "w_key" in g:
                self.pairs.append((obj, self.arrays[g["w_key"]]))
            elif "w" in g:
                self.pairs.append((obj, self.weights[id(g)]))
            return
        if kind == "none":
            if obj is not None:
                errs.append(f"{where}: expected None, got {type(obj).__name__}")
            return
        if kind in ("py", "scalar") or (kind in ("list", "tuple") and "sig" in g):
            sig = common.py_signature(obj)
            if sig != g["sig"]:
                errs.append(f"{where}: Python value of type {sig or type(obj).__name__} != paddle {g['sig']}"
                            f" ({_short(obj)} vs {_short(g['value'])})")
                return
            ours = _flat(common.py_jsonable(obj))
            gold = _flat(g["value"])
            if "f" in g["sig"] or "c" in g["sig"]:
                _close(np.array(ours, dtype=np.float64), np.array(gold, dtype=np.float64), "pyfloat", where, errs,
                       override=self.override)
            elif ours != gold:
                errs.append(f"{where}: {_short(obj)} != paddle {_short(g['value'])}")
            return
        if kind == "str":
            s = obj if isinstance(obj, str) else None
            if s != g["value"]:
                errs.append(f"{where}: string differs:\n--- ours\n{_short(obj, 3000)}\n--- paddle\n{g['value']}")
            return
        if kind == "dtype":
            if not isinstance(obj, dtype_cls) or _dtype_name(obj) != g["value"]:
                errs.append(f"{where}: expected dtype {g['value']}, got {_short(obj)}")
            return
        if kind == "ndarray":
            if not isinstance(obj, (np.ndarray, np.generic)):
                errs.append(f"{where}: expected numpy {'scalar' if g.get('scalar') else 'array'}, "
                            f"got {type(obj).__name__}")
                return
            arr = np.asarray(obj)
            if str(arr.dtype) != g["dtype"] or list(arr.shape) != g["shape"]:
                errs.append(f"{where}: numpy {arr.dtype}{list(arr.shape)} != paddle {g['dtype']}{g['shape']}")
                return
            if "key" in g:
                _close(arr, self.arrays[g["key"]], g["dtype"] if g["dtype"] != "bool" else "bool", where, errs,
                       override=self.override)
            return
        if kind in ("list", "tuple"):
            typ = list if kind == "list" else tuple
            if type(obj) is not typ and not (kind == "tuple" and isinstance(obj, tuple)):
                errs.append(f"{where}: expected {kind}, got {type(obj).__name__}")
                return
            if len(obj) != len(g["items"]):
                errs.append(f"{where}: {kind} of length {len(obj)} != paddle {len(g['items'])}")
                return
            for i, (o, gi) in enumerate(zip(obj, g["items"])):
                self.node(o, gi, f"{where}[{i}]")
            return
        if kind == "dict":
            if not isinstance(obj, dict):
                errs.append(f"{where}: expected dict, got {type(obj).__name__}")
                return
            keys = [str(k) for k in obj]
            if keys != g["keys"]:
                errs.append(f"{where}: dict keys {keys} != paddle {g['keys']}")
                return
            for (k, o), gi in zip(obj.items(), g["items"]):
                self.node(o, gi, f"{where}[{k!r}]")
            return
        if kind == "other":
            if str(obj)[:2000] != g["str"]:
                errs.append(f"{where}: {type(obj).__name__} {_short(obj)} != paddle {g['type']} {_short(g['str'])}")
            return
        errs.append(f"{where}: unknown golden kind {kind!r}")

    def stats(self, arr, g, where):
        a = arr.astype(np.float64) if arr.dtype.kind != "c" else arr.astype(np.complex128)
        n = max(int(a.size), 1)
        mean = float(np.abs(a.mean())) if a.dtype.kind == "c" else float(a.mean()) if a.size else 0.0
        std = float(a.std()) if a.size else 0.0
        tol_m = tolerances.STATS_MEAN_SIGMAS * g["std"] / np.sqrt(n) + tolerances.STATS_ATOL
        tol_s = tolerances.STATS_STD_RTOL * g["std"] + tolerances.STATS_ATOL
        if abs(mean - g["mean"]) > tol_m:
            self.errs.append(f"{where}: mean {mean:.5g} vs paddle {g['mean']:.5g} (tol {tol_m:.3g})")
        if abs(std - g["std"]) > tol_s:
            self.errs.append(f"{where}: std {std:.5g} vs paddle {g['std']:.5g} (tol {tol_s:.3g})")

    def grad(self, t, g, where):
        ours = None if t is None else t.grad
        if g is None:
            if ours is not None:
                self.errs.append(f"{where}: has a grad, paddle has None")
            return
        if ours is None:
            self.errs.append(f"{where}: grad is None, paddle has one ({g['dtype']}{g['shape']})")
            return
        dt = _dtype_name(ours.dtype)
        if dt != g["dtype"]:
            self.errs.append(f"{where}: grad dtype {dt} != paddle {g['dtype']}")
        if list(ours.shape) != g["shape"]:
            self.errs.append(f"{where}: grad shape {list(ours.shape)} != paddle {g['shape']}")
            return
        _close(_np(ours), self.arrays[g["key"]], g["dtype"], where, self.errs, grad=True, override=self.override)


def _regen_weights(node, rng, cid, group):
    """Backward weights of format-2 goldens: drawn after the inputs, in the recorder's output order."""
    out = {}

    def walk(g):
        if g["kind"] == "tensor" and "w" in g:
            w = common.backward_weight(rng, g["shape"], g["dtype"])
            if common.array_crc(w) != g["w"]:
                raise CaseFailure(f"backward weight of {cid!r} regenerated differently; re-record with: "
                                  f"{common.record_command(group)}")
            out[id(g)] = w
        for item in g.get("items", ()):
            walk(item)

    walk(node)
    return out


def _short(x, n=200):
    s = repr(x)
    return s if len(s) <= n else s[:n] + "..."


# ---------------------------------------------------------------- error messages
_CATEGORY = re.compile(r"^\s*\((\w+)\)")


def error_category(message):
    """The category token Paddle's C++ enforcement puts first in a message (``"(InvalidArgument) ..."`` ->
    ``"InvalidArgument"``), or None (Python-level errors of Paddle carry none). Paddle's wording after the token
    varies between kernels and versions; the category is the stable, comparable part."""
    m = _CATEGORY.match(message or "")
    return m.group(1) if m else None


# ---------------------------------------------------------------- run one case
def _make_input(spec, arr, grad):
    pd = _pd()
    from paddle_compat._core import Parameter

    if isinstance(spec, common.A):
        return arr.copy()
    dt = spec.dtype
    t = pd.to_tensor(arr, dtype=dt)
    if spec.kind == "param":
        return Parameter(list(arr.shape), dt, _data=t._t.detach().clone())
    sg = spec.stop_gradient
    if grad and dt in FLOAT_DTYPES:
        sg = False
    t.stop_gradient = sg
    return t


def _backward(pairs):
    import torch

    total = None
    for o, w in pairs:
        t = o._t
        s = (t * torch.from_numpy(np.asarray(w)).to(t.dtype)).sum().float()
        total = s if total is None else total + s
    if total is not None and total.requires_grad:
        total.backward()
        return True
    return False


def _own_pairs(obj):
    """Float outputs needing grad when Paddle recorded none (error goldens): unit weights."""
    from paddle_compat._core import Tensor

    out = []
    if isinstance(obj, Tensor):
        if _dtype_name(obj.dtype) in FLOAT_DTYPES and not obj.stop_gradient:
            out.append((obj, np.ones(tuple(obj.shape), np.float32)))
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            out.extend(_own_pairs(x))
    elif isinstance(obj, dict):
        for x in obj.values():
            out.extend(_own_pairs(x))
    return out


def check_case(group, c, goldens_dir=GOLDENS_DIR, maps=None):
    """Replay one case; raise CaseFailure(message) on any difference from the golden."""
    pd = _pd()
    default = pd.get_default_dtype()
    try:
        _check_case(group, c, goldens_dir, maps)
    finally:  # a case that changes global state must not leak into the next one
        if pd.get_default_dtype() != default:
            pd.set_default_dtype(default)


def _check_case(group, c, goldens_dir, maps):
    g = golden(group, goldens_dir)
    if not g.exists:
        raise CaseFailure(f"golden missing: tests/goldens/{group}.json does not exist; record with: "
                          f"{common.record_command(group)}")
    if g.meta.get("paddle_commit") != common.ORACLE_COMMIT:
        raise CaseFailure(f"golden missing real Paddle's commit stamp: tests/goldens/{group}.json was not written by "
                          f"the oracle's recorder; record with: {common.record_command(group)}")
    entry = g.cases.get(c.id)
    if entry is None:
        raise CaseFailure(f"golden missing for case {c.id!r}; record with: {common.record_command(group)}")
    if entry.get("fingerprint") != common.fingerprint(c):
        raise CaseFailure(f"stale golden for {c.id!r} (the case changed since recording); re-record with: "
                          f"{common.record_command(group)}")
    maps = maps if maps is not None else mappings.load()
    override = maps.tolerance_for(group, c.id)
    pd = _pd()
    arrays = g.arrays
    leaves = common.all_leaves(c)
    if len(entry["inputs"]) != len(leaves):
        raise CaseFailure(f"golden for {c.id!r} has {len(entry['inputs'])} inputs, the case {len(leaves)}; "
                          f"re-record with: {common.record_command(group)}")
    rng = np.random.RandomState(common.case_seed(c.id))
    data = []
    for k, (spec, info) in enumerate(zip(leaves, entry["inputs"])):
        if "key" in info:  # format 1: stored
            data.append(arrays[info["key"]])
            continue
        arr = common.gen_array(spec, rng)  # format 2: regenerated exactly as the recorder did
        if common.array_crc(arr) != info["crc"]:
            raise CaseFailure(f"input {k} of {c.id!r} regenerated differently from the recording "
                              f"(numpy RandomState stream?); re-record with: {common.record_command(group)}")
        data.append(arr)
    built = {}

    def make(spec, k):
        built[k] = _make_input(spec, data[k], c.grad)
        return built[k]

    # resolve first: a missing API is never "the expected error"
    try:
        common.resolve(pd, c.api)
    except common.MissingAPI as e:
        raise CaseFailure(str(e)) from None
    except AttributeError as e:
        raise CaseFailure(f"missing API {c.api}: {e}") from None

    seed = common.case_seed(c.id)
    cmp = _Cmp(arrays, override)
    if entry["status"] == "ok" and c.grad and entry.get("backward"):
        cmp.weights = _regen_weights(entry["outputs"], rng, c.id, group)
    errs = cmp.errs
    out, lay, error, phase = None, None, None, "build"
    try:
        args, kwargs, inputs = common.build_all(c, make)
    except Exception as e:  # noqa: BLE001
        raise CaseFailure(f"building the inputs with our package failed: {type(e).__name__}: {e}") from None
    try:
        pd.seed(seed)
        if c.is_layer:
            phase = "construct"
            _, cls = common.resolve(pd, c.api)
            with pd.utils.unique_name.guard():
                pd.seed(seed)
                lay = cls(*args, **kwargs)
            if entry["status"] == "ok" or entry.get("phase") == "call":
                _check_layer_meta(lay, entry, errs)
                if errs:
                    raise CaseFailure(f"{c.id}: " + "\n".join(errs))
                phase = "set_state_dict"
                sd = {s["key"]: pd.to_tensor(common.seeded_weight(c.id, s["key"], s["shape"], s["dtype"])
                                             if s.get("seeded") else arrays[s["npz"]], dtype=s["dtype"])
                      for s in entry["state_dict"]}
                lay.set_state_dict(sd)
            phase = "call"
            pd.seed(seed)
            out = getattr(lay, c.call)(*inputs)
        else:
            phase = "call"
            out = common.invoke(pd, c, args, kwargs)
        if c.check == "repr":
            out = str(out)
        if entry["status"] == "ok":
            cmp.node(out, entry["outputs"], "output")
            if c.grad and entry.get("backward"):
                phase = "backward"
                _backward(cmp.pairs)
        elif c.grad:
            phase = "backward"
            _backward(_own_pairs(out))
    except CaseFailure:
        raise
    except Exception as e:  # noqa: BLE001
        error = e

    if entry["status"] == "error":
        want = entry["error_type"]
        if error is None:
            raise CaseFailure(f"Paddle raises {want} ({entry.get('phase')}): {entry.get('error_message', '')[:300]}"
                              f"\nbut our package raised nothing")
        names = [k.__name__ for k in type(error).__mro__]
        if want not in names:
            raise CaseFailure(f"Paddle raises {want}: {entry.get('error_message', '')[:300]}\nours raised "
                              f"{type(error).__name__} ({phase}): {error}")
        want_cat = error_category(entry.get("error_message"))
        got_cat = error_category(str(error))
        if want_cat is not None and got_cat != want_cat:
            raise CaseFailure(f"Paddle raises {want} with message category ({want_cat}): "
                              f"{entry.get('error_message', '')[:300]}\nours raised {type(error).__name__} ({phase}) "
                              f"with {f'({got_cat})' if got_cat else 'no category token'}: {error}")
        return
    if error is not None:
        tb = "".join(traceback.format_exception(type(error), error, error.__traceback__)[-6:])
        msg = str(error).strip().splitlines()[0][:200] if str(error).strip() else ""
        raise CaseFailure(f"our package raised {type(error).__name__}({msg}) in {phase} where Paddle succeeded:\n{tb}")
    if c.grad and entry.get("backward"):
        grads = entry.get("grads", [])
        for k, gnode in enumerate(grads):
            if k in built and not isinstance(leaves[k], common.A):
                cmp.grad(built[k], gnode, f"grad of input {k}")
        if c.is_layer:
            params = lay.parameters()
            for i, gnode in enumerate(entry.get("param_grads", [])):
                if i < len(params):
                    cmp.grad(params[i], gnode, f"grad of parameter {entry['param_names'][i]}")
    if errs:
        raise CaseFailure("\n".join(errs[:20]) + (f"\n... {len(errs) - 20} more" if len(errs) > 20 else ""))


def _check_layer_meta(lay, entry, errs):
    names = [p.name for p in lay.parameters()]
    if names != entry["param_names"]:
        errs.append(f"parameter names {names} != paddle {entry['param_names']}")
    sd = lay.state_dict()
    ours = [(k, _dtype_name(v.dtype), list(v.shape)) for k, v in sd.items()]
    gold = [(s["key"], s["dtype"], s["shape"]) for s in entry["state_dict"]]
    if ours != gold:
        errs.append(f"state_dict (key, dtype, shape) {ours} != paddle {gold}")


# ---------------------------------------------------------------- everything
@dataclass
class Result:
    group: str
    id: str
    api: str
    status: str  # pass | fail | xfail | xpass | missing-golden
    message: str = ""
    seconds: float = 0.0


def all_cases(cases_dir=common.CASES_DIR):
    """[(group, case)] of every case file; a file that fails to import yields one ("<group>", None)."""
    out = []
    for path in common.case_files(cases_dir):
        group = common.group_of(path)
        try:
            cases = common.load_cases(path)
        except Exception as e:  # noqa: BLE001
            out.append((group, e))
            continue
        out.extend((group, c) for c in cases)
    return out


def run_all(cases_dir=common.CASES_DIR, goldens_dir=GOLDENS_DIR, groups=None, progress=None):
    import warnings

    maps = mappings.load()
    results = []
    for group, c in all_cases(cases_dir):
        if groups and group not in groups:
            continue
        if isinstance(c, Exception):
            results.append(Result(group, "<import>", "", "fail", f"case file failed to import: {c}"))
            continue
        t0 = time.perf_counter()
        xf = maps.xfail_reason(group, c.id)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                check_case(group, c, goldens_dir, maps)
            status, msg = ("xpass", f"listed as xfail ({xf}) but passes") if xf else ("pass", "")
        except CaseFailure as e:
            msg = str(e)
            if msg.startswith("golden missing") or msg.startswith("stale golden"):
                status = "missing-golden"
            else:
                status = "xfail" if xf else "fail"
            if xf:
                msg = f"known deviation: {xf}\n{msg}"
        except Exception as e:  # noqa: BLE001 - a bug in a case must not stop the report
            status, msg = ("xfail" if xf else "fail"), f"{type(e).__name__}: {e}"
        results.append(Result(group, c.id, c.api, status, msg, time.perf_counter() - t0))
        if progress:
            progress(results[-1])
    return results
