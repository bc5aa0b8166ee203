"""Record goldens from REAL Paddle (run with the oracle interpreter, from the repository root):

    .oracle/bin/python -m tools.api_diff.record tests/cases/<group>.py [tests/cases/<other>.py ...]
    .oracle/bin/python -m tools.api_diff.record --all

Writes tests/goldens/<group>.json (per case metadata) and tests/goldens/<group>.npz (inputs, outputs,
backward weights, grads, layer weights). One failing case never stops a file: it is recorded as an error
case (type name + message), which replay then expects our package to raise too.
"""

import argparse
import io
import json
import os
import sys
import time
import warnings

import numpy as np

from tools.api_diff import common
from tools.api_diff.common import COMPLEX_DTYPES, FLOAT_DTYPES

MAX_MSG = 400


def _dtype_name(paddle, d):
    return str(d).replace("paddle.", "")


class Recorder:
    def __init__(self, paddle, group):
        self.paddle = paddle
        self.group = group
        self.arrays = {}

    # ---- arrays
    def put(self, key, arr):
        self.arrays[key] = np.ascontiguousarray(arr).reshape(np.shape(arr))  # keep 0-D arrays 0-D
        return key

    def tensor_numpy(self, t):
        p = self.paddle
        name = _dtype_name(p, t.dtype)
        if name == "bfloat16":
            t = t.astype("float32")
        # Paddle 2.6's numpy() of a 0-D tensor has shape (1,): keep the tensor's own shape
        return np.array(t.numpy()).reshape(list(t.shape))

    # ---- inputs
    def make_input(self, spec, k, arr, grad):
        p = self.paddle
        if isinstance(spec, common.A):
            return arr.copy()
        dt = spec.dtype
        if spec.kind == "param":
            init = arr.astype("float32") if dt == "bfloat16" else arr
            with p.utils.unique_name.guard():
                t = p.create_parameter(list(arr.shape), dt,
                                       default_initializer=p.nn.initializer.Assign(init))
            return t
        t = p.to_tensor(arr, dtype=dt)
        sg = spec.stop_gradient
        if grad and dt in FLOAT_DTYPES:
            sg = False
        t.stop_gradient = sg
        return t

    # ---- outputs
    def encode(self, obj, prefix, check, floats):
        p = self.paddle
        if isinstance(obj, p.Tensor):
            name = _dtype_name(p, obj.dtype)
            node = {"kind": "tensor", "dtype": name, "shape": list(obj.shape),
                    "stop_gradient": bool(obj.stop_gradient),
                    "param": type(obj).__name__ == "EagerParamBase"}
            if check in ("value", "stats"):
                arr = self.tensor_numpy(obj)
                if check == "value":
                    node["key"] = self.put(prefix, arr)
                else:
                    a = arr.astype(np.complex128 if name in COMPLEX_DTYPES else np.float64)
                    node["mean"] = float(np.abs(a.mean())) if name in COMPLEX_DTYPES else float(a.mean())
                    node["std"] = float(a.std()) if a.size else 0.0
                    node["size"] = int(a.size)
            if name in FLOAT_DTYPES and not obj.stop_gradient:
                floats.append((obj, node, prefix))
            return node
        if obj is None:
            return {"kind": "none"}
        sig = common.py_signature(obj)
        if sig is not None:
            # Python scalars (kind "scalar") and lists/tuples of them (kind "list"/"tuple" with a "value"),
            # stored as JSON; "sig" keeps the exact Python types (b/i/f/c, [..] list, (..) tuple)
            kind = "scalar" if len(sig) == 1 else ("list" if isinstance(obj, list) else "tuple")
            return {"kind": kind, "sig": sig, "value": common.py_jsonable(obj)}
        if isinstance(obj, str):
            return {"kind": "str", "value": obj}
        if isinstance(obj, p.dtype):
            return {"kind": "dtype", "value": _dtype_name(p, obj)}
        if isinstance(obj, (np.ndarray, np.generic)):
            arr = np.asarray(obj)
            node = {"kind": "ndarray", "dtype": str(arr.dtype), "shape": list(arr.shape),
                    "scalar": isinstance(obj, np.generic)}
            if check in ("value", "stats"):
                node["key"] = self.put(prefix, arr)
            return node
        if isinstance(obj, (list, tuple)):
            return {"kind": "list" if isinstance(obj, list) else "tuple",
                    "items": [self.encode(v, f"{prefix}.{i}", check, floats) for i, v in enumerate(obj)]}
        if isinstance(obj, dict):
            keys = list(obj)
            return {"kind": "dict", "keys": [str(k) for k in keys],
                    "items": [self.encode(obj[k], f"{prefix}.{i}", check, floats) for i, k in enumerate(keys)]}
        return {"kind": "other", "type": type(obj).__name__, "str": str(obj)[:2000]}

    # ---- backward
    def backward(self, floats, rng, prefix):
        p = self.paddle
        total = None
        for t, node, _ in floats:
            w = common.backward_weight(rng, t.shape, node["dtype"])
            node["w"] = common.array_crc(w)  # regenerated by replay from the case seed (format 2)
            wt = p.to_tensor(w).astype(t.dtype)
            s = (t * wt).sum().astype("float32")
            total = s if total is None else total + s
        if total is not None:
            total.backward()
        return total is not None

    def grad_node(self, t, key):
        g = t.grad
        if g is None:
            return None
        name = _dtype_name(self.paddle, g.dtype)
        return {"dtype": name, "shape": list(g.shape), "key": self.put(key, self.tensor_numpy(g))}

    # ---- one case
    def run_case(self, n, c):
        default = self.paddle.get_default_dtype()
        try:
            return self._run_case(n, c)
        finally:  # a case that changes global state must not leak into the next one
            if self.paddle.get_default_dtype() != default:
                self.paddle.set_default_dtype(default)

    def _run_case(self, n, c):
        p = self.paddle
        seed = common.case_seed(c.id)
        rng = np.random.RandomState(seed)
        entry = {"id": c.id, "api": c.api, "fingerprint": common.fingerprint(c), "check": c.check,
                 "layer": c.is_layer, "grad": c.grad}
        leaves = common.all_leaves(c)
        data, in_keys = [], []
        for spec in leaves:
            arr = common.gen_array(spec, rng)
            data.append(arr)
            in_keys.append({"dtype": spec.dtype, "shape": list(arr.shape), "crc": common.array_crc(arr),
                            "array": isinstance(spec, common.A)})
        entry["inputs"] = in_keys
        built = {}

        def make(spec, k):
            built[k] = self.make_input(spec, k, data[k], c.grad)
            return built[k]

        phase = "build"
        try:
            p.seed(seed)
            args, kwargs, inputs = common.build_all(c, make)
            floats = []
            if c.is_layer:
                phase = "construct"
                kind, cls = common.resolve(p, c.api)
                with p.utils.unique_name.guard():
                    p.seed(seed)
                    lay = cls(*args, **kwargs)
                params = lay.parameters()
                entry["param_names"] = [q.name for q in params]
                sd = lay.state_dict()
                if c.weights == "seeded":
                    lay.set_state_dict({k: p.to_tensor(common.seeded_weight(c.id, k, list(v.shape),
                                                                            _dtype_name(p, v.dtype)))
                                        for k, v in sd.items()})
                    entry["state_dict"] = [{"key": k, "dtype": _dtype_name(p, v.dtype), "shape": list(v.shape),
                                            "seeded": True} for k, v in sd.items()]
                else:
                    entry["state_dict"] = [
                        {"key": k, "dtype": _dtype_name(p, v.dtype), "shape": list(v.shape),
                         "npz": self.put(f"{n}.sd{i}", self.tensor_numpy(v))}
                        for i, (k, v) in enumerate(sd.items())]
                phase = "call"
                p.seed(seed)
                out = getattr(lay, c.call)(*inputs)
            else:
                phase = "call"
                out = common.invoke(p, c, args, kwargs)
            if c.check == "repr":
                entry["outputs"] = {"kind": "str", "value": str(out)}
            else:
                entry["outputs"] = self.encode(out, f"{n}.out", c.check, floats)
            if c.grad:
                phase = "backward"
                did = self.backward(floats, rng, f"{n}.")
                entry["backward"] = did
                entry["grads"] = [
                    self.grad_node(built[k], f"{n}.g{k}")
                    if (k in built and not isinstance(leaves[k], common.A) and did) else None
                    for k in range(len(leaves))]
                if c.is_layer:
                    entry["param_grads"] = [self.grad_node(q, f"{n}.pg{i}") if did else None
                                            for i, q in enumerate(params)]
            entry["status"] = "ok"
        except Exception as e:  # noqa: BLE001 - every failure is data
            entry["status"] = "error"
            entry["phase"] = phase
            entry["error_type"] = type(e).__name__
            entry["error_mro"] = [k.__name__ for k in type(e).__mro__]
            entry["error_message"] = str(e)[:MAX_MSG]
            for k in ("outputs", "grads", "param_grads", "backward"):
                entry.pop(k, None)
        if c.raises is not None:
            entry["raises"] = c.raises
            if entry["status"] != "error" or c.raises not in entry.get("error_mro", []):
                entry["raises_mismatch"] = True
        return entry


def record_file(path, out_dir=common.GOLDENS_DIR, quiet=False):
    import paddle

    group = common.group_of(path)
    cases = common.load_cases(path)
    rec = Recorder(paddle, group)
    entries = {}
    t0 = time.time()
    for n, c in enumerate(cases):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            entries[c.id] = rec.run_case(n, c)
    blobs, index = common.pack_arrays(rec.arrays)
    golden = {"format": common.FORMAT_VERSION, "group": group, "paddle_version": paddle.__version__,
              "arrays": index}
    os.makedirs(out_dir, exist_ok=True)
    buf = io.BytesIO()
    np.savez_compressed(buf, **blobs)
    with open(os.path.join(out_dir, group + ".npz"), "wb") as f:
        f.write(buf.getvalue())
    with open(os.path.join(out_dir, group + ".json"), "w") as f:
        # one case per line: compact, and diffs of a re-recording stay readable
        head = json.dumps(golden, separators=(",", ":"))[:-1]
        f.write(head + ',"cases":{\n')
        f.write(",\n".join(json.dumps(k) + ":" + json.dumps(v, separators=(",", ":")) for k, v in entries.items()))
        f.write("\n}}\n")
    n_err = sum(e["status"] == "error" for e in entries.values())
    mism = [e["id"] for e in entries.values() if e.get("raises_mismatch")]
    if not quiet:
        print(f"{group}: {len(entries)} cases ({n_err} error cases), {len(rec.arrays)} arrays, "
              f"{len(buf.getvalue()) / 1024:.0f} KiB npz, {time.time() - t0:.1f}s")
        for cid in mism:
            e = entries[cid]
            got = e.get("error_type", "no exception")
            print(f"  WARNING {cid}: raises={e['raises']!r} but Paddle gave {got}: {e.get('error_message', '')}")
    return entries


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--all", action="store_true", help="record every tests/cases/*.py")
    ap.add_argument("--out", default=common.GOLDENS_DIR)
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv)
    files = common.case_files() if a.all else a.files
    if not files:
        ap.error("give case files or --all")
    rc = 0
    for f in files:
        try:
            record_file(f, a.out, a.quiet)
        except Exception as e:  # noqa: BLE001
            rc = 1
            print(f"{f}: FAILED to load/record: {type(e).__name__}: {e}", file=sys.stderr)
    return rc


if __name__ == "__main__":
    sys.exit(main())
