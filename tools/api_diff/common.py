"""Shared by the recorder (oracle interpreter, real Paddle) and the replay (our package).

Pure Python + numpy: loads case files, walks their T/A leaves, resolves dotted API names against a given
``paddle`` module, encodes/compares plain Python values. Never imports paddle or torch itself.
"""

import builtins
import importlib
import importlib.util
import operator
import os
import re
import sys
import zlib

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES_DIR = os.path.join(ROOT, "tests", "cases")
GOLDENS_DIR = os.path.join(ROOT, "tests", "goldens")
# 1: every array stored under its own npz key; 2: inputs and backward weights regenerated from the case
# seed (checked by crc32), the other arrays packed into one flat blob per dtype ("arrays" index in the JSON)
FORMAT_VERSION = 2

if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.api_diff.casefmt import A, Case, T, assign_ids  # noqa: E402, F401 - re-exported

FLOAT_DTYPES = ("float16", "bfloat16", "float32", "float64")
COMPLEX_DTYPES = ("complex64", "complex128")
# numpy dtype used to store arrays of each Paddle dtype (numpy has no bfloat16)
STORE_DTYPE = {"bfloat16": "float32"}


# Real PaddlePaddle 2.6.2's git commit (``paddle.version.commit``): every golden file carries it, and
# replay refuses a golden without it, so nothing recorded under paddle-compat can pass as the oracle's.
ORACLE_VERSION = "2.6.2"
ORACLE_COMMIT = "8ce0de584c570589117e403322f3d1a0de6554e5"


def oracle_stamp():
    """``{"paddle_version", "paddle_commit"}`` of the imported ``paddle`` if it is real Paddle 2.6.2; otherwise
    exits (status 2) before any golden is written. Every recorder calls this first."""
    import paddle

    problems = []
    if "paddle_compat" in sys.modules or getattr(paddle, "__file__", "").replace("\\", "/").find("paddle_compat") >= 0:
        problems.append("`paddle` is paddle-compat, not real PaddlePaddle")
    version = getattr(paddle, "__version__", None)
    try:
        commit = paddle.version.commit
    except Exception:  # noqa: BLE001 - paddle-compat without paddle.version, or something else entirely
        commit = None
    if version != ORACLE_VERSION or commit != ORACLE_COMMIT:
        problems.append(f"paddle {version} at commit {commit}; the oracle is {ORACLE_VERSION} at {ORACLE_COMMIT}")
    if problems:
        sys.stderr.write("refusing to record goldens: " + "; ".join(problems)
                         + ". Run recorders with the oracle interpreter: .oracle/bin/python -m ...\n")
        raise SystemExit(2)
    stamp = {"paddle_version": version, "paddle_commit": commit}
    if sys.modules.get("cv2") is not None:
        # Paddle ran numpy-image transforms through OpenCV (not part of the canonical oracle venv); say so.
        stamp["oracle_with_cv2"] = True
    return stamp


def check_stamp(golden, where):
    """Raise ValueError unless a loaded golden dict carries real Paddle's commit stamp."""
    if golden.get("paddle_commit") != ORACLE_COMMIT:
        raise ValueError(f"{where}: golden lacks real Paddle {ORACLE_VERSION}'s commit stamp "
                         f"(paddle_commit={golden.get('paddle_commit')!r}); re-record it with the oracle")


def load_golden_json(path):
    """A golden JSON file, after checking it carries real Paddle's commit stamp (ValueError otherwise)."""
    import json

    with open(path) as f:
        golden = json.load(f)
    check_stamp(golden, os.path.relpath(path, ROOT))
    return golden


# ---------------------------------------------------------------- freshness of generated files
FRESHNESS_FILE = os.path.join(ROOT, "reports", "freshness.json")
# what each generated artefact is computed from (its inputs); outputs themselves are excluded
_GENERATED = {os.path.join("paddle_compat", "_api_status.json"),
              os.path.join("tests", "goldens", "doc_examples_results.json"),
              os.path.join("tests", "goldens", "doc_examples_xfail.json")}
FRESHNESS_INPUTS = {
    "report": ("paddle_compat", "mappings", "tests", os.path.join("tools", "api_diff")),
    "doc_examples": ("paddle_compat", os.path.join("tests", "goldens", "doc_examples.json"),
                     os.path.join("tools", "api_diff", "doc_examples.py"),
                     os.path.join("tools", "api_diff", "doc_examples_exec.py")),
}


def inputs_digest(kind):
    """sha256 over the source, data and tooling files a generated artefact depends on (paths and bytes)."""
    import hashlib

    digest = hashlib.sha256()
    files = []
    for entry in FRESHNESS_INPUTS[kind]:
        full = os.path.join(ROOT, entry)
        if os.path.isfile(full):
            files.append(entry)
            continue
        for dirpath, dirnames, filenames in os.walk(full):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
            for name in filenames:
                if name.endswith((".py", ".json", ".npz", ".toml", ".pdparams", ".pdopt", ".txt", ".csv")):
                    files.append(os.path.relpath(os.path.join(dirpath, name), ROOT))
    for rel in sorted(set(files) - _GENERATED):
        digest.update(rel.replace(os.sep, "/").encode() + b"\0")
        with open(os.path.join(ROOT, rel), "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()


def stamp_freshness(kind):
    """Record that the artefact ``kind`` was just regenerated from the current inputs."""
    import json

    data = {}
    if os.path.exists(FRESHNESS_FILE):
        with open(FRESHNESS_FILE) as f:
            data = json.load(f)
    data[kind] = inputs_digest(kind)
    os.makedirs(os.path.dirname(FRESHNESS_FILE), exist_ok=True)
    with open(FRESHNESS_FILE, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


def record_command(group):
    return f".oracle/bin/python -m tools.api_diff.record tests/cases/{group}.py"


# ---------------------------------------------------------------- case files
_CASE_CACHE = {}


def group_of(path):
    return os.path.splitext(os.path.basename(path))[0]


def case_files(cases_dir=CASES_DIR):
    if not os.path.isdir(cases_dir):
        return []
    return sorted(os.path.join(cases_dir, f) for f in os.listdir(cases_dir)
                  if f.endswith(".py") and not f.startswith("_"))


def load_cases(path):
    """Import a case file once (cached) and return its CASES with ids assigned."""
    path = os.path.abspath(path)
    if path in _CASE_CACHE:
        return _CASE_CACHE[path]
    group = group_of(path)
    spec = importlib.util.spec_from_file_location(f"_paddle_cases_{group}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    cases = assign_ids(list(getattr(mod, "CASES", [])))
    _CASE_CACHE[path] = cases
    return cases


def case_seed(case_id):
    return zlib.crc32(case_id.encode()) & 0x7FFFFFFF


# ---------------------------------------------------------------- T / A leaves
def _is_leaf(x):
    return isinstance(x, T)


def iter_leaves(obj):
    """Yield the T/A specs inside a (nested) argument structure in a fixed order."""
    if _is_leaf(obj):
        yield obj
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            yield from iter_leaves(x)
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from iter_leaves(v)


def rebuild(obj, make, counter):
    """Copy the argument structure, replacing leaf k (in iter_leaves order) by ``make(spec, k)``."""
    if _is_leaf(obj):
        k = counter[0]
        counter[0] += 1
        return make(obj, k)
    if isinstance(obj, list):
        return [rebuild(x, make, counter) for x in obj]
    if isinstance(obj, tuple):
        return tuple(rebuild(x, make, counter) for x in obj)
    if isinstance(obj, dict):
        return {k: rebuild(v, make, counter) for k, v in obj.items()}
    return obj


def case_structure(c):
    """(args, kwargs, inputs) of a case: the three places leaves can live (inputs only for layers)."""
    return (tuple(c.args), dict(c.kwargs), tuple(c.inputs))


def build_all(c, make):
    counter = [0]
    args = rebuild(tuple(c.args), make, counter)
    kwargs = rebuild(dict(c.kwargs), make, counter)
    inputs = rebuild(tuple(c.inputs), make, counter)
    return args, kwargs, inputs


def all_leaves(c):
    return list(iter_leaves((tuple(c.args), dict(c.kwargs), tuple(c.inputs))))


_ADDR = re.compile(r" at 0x[0-9a-fA-F]+")


def _stable_repr(x):
    if isinstance(x, T):
        return (f"{type(x).__name__}({x.dtype!r},{tuple(x.shape)!r},{x.low!r},{x.high!r},{_stable_repr(x.values)},"
                f"{x.stop_gradient!r},{x.kind!r})")
    if isinstance(x, (list, tuple)):
        o, e = ("[", "]") if isinstance(x, list) else ("(", ")")
        return o + ",".join(_stable_repr(v) for v in x) + e
    if isinstance(x, dict):
        return "{" + ",".join(f"{k!r}:{_stable_repr(v)}" for k, v in x.items()) + "}"
    if isinstance(x, float) and x != x:
        return "nan"
    return _ADDR.sub("", repr(x))  # "<function f at 0x7f..>" must not change between runs


def fingerprint(c):
    """A checksum of everything that defines a case; a golden recorded for other data is stale."""
    fields = (c.api, tuple(c.args), dict(c.kwargs), c.grad, c.check, c.is_layer, tuple(c.inputs), c.call)
    if c.weights != "recorded":
        fields += (c.weights,)
    s = _stable_repr(fields)
    return "%08x" % zlib.crc32(s.encode("utf-8"))


def seeded_weight(case_id, key, shape, dtype):
    """Layer weights for ``weights="seeded"`` cases: regenerated identically by recorder and replay (the
    legacy RandomState stream never changes across numpy versions), so the golden stores none of them."""
    rng = np.random.RandomState(zlib.crc32(f"{case_id}/{key}".encode()))
    if dtype in ("int32", "int64", "bool"):
        return np.zeros(shape, dtype=dtype)
    low, high = (0.5, 1.5) if key.endswith("variance") else (-0.5, 0.5)
    return rng.uniform(low, high, size=shape).astype(dtype)


# ---------------------------------------------------------------- input data
def _round_bf16(a):
    a = np.array(a, dtype=np.float32)
    shape = a.shape
    u = a.reshape(-1).view(np.uint32).astype(np.uint64)
    u = ((u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    return u.view(np.float32).reshape(shape)


def gen_array(spec, rng):
    """The numpy data of one T/A spec (stored dtype: bfloat16 -> float32 holding bf16-exact values)."""
    dt = spec.dtype
    shape = tuple(spec.shape)
    if spec.values is not None:
        if dt in COMPLEX_DTYPES:
            arr = np.array(spec.values, dtype=dt)
        else:
            arr = np.array(spec.values, dtype=STORE_DTYPE.get(dt, dt))
        if shape and arr.shape != shape and arr.size == int(np.prod(shape)):
            arr = arr.reshape(shape)
    elif dt == "bool":
        arr = rng.randint(0, 2, size=shape).astype(bool)
    elif dt in FLOAT_DTYPES or dt in COMPLEX_DTYPES:
        low = -1.0 if spec.low is None else spec.low
        high = 1.0 if spec.high is None else spec.high
        arr = rng.uniform(low, high, size=shape)
        if dt in COMPLEX_DTYPES:
            arr = arr + 1j * rng.uniform(low, high, size=shape)
        arr = arr.astype(STORE_DTYPE.get(dt, dt))
    else:  # integers
        if dt == "uint8":
            low, high = (0, 2) if spec.low is None else (spec.low, spec.high)
        else:
            low, high = (-5, 5) if spec.low is None else (spec.low, spec.high)
        arr = rng.randint(int(low), int(high), size=shape).astype(dt)
    if dt == "bfloat16":
        arr = _round_bf16(arr)
    arr = np.asarray(arr)
    return arr if arr.flags.c_contiguous else arr.copy()


def array_crc(arr):
    """crc32 of an array's dtype, shape and bytes (detects a regenerated input that differs)."""
    arr = np.ascontiguousarray(arr)
    return "%08x" % zlib.crc32(f"{arr.dtype.str}{arr.shape}".encode() + arr.tobytes())


def backward_weight(rng, shape, dtype):
    """The fixed random weight w of one floating output in sum(out_i * w_i) (drawn after the inputs)."""
    w = rng.uniform(-1, 1, size=tuple(shape)).astype(np.float32)
    if dtype == "bfloat16":
        w = _round_bf16(w)
    elif dtype == "float16":
        w = w.astype(np.float16).astype(np.float32)
    return w


def pack_arrays(arrays):
    """{key: array} -> ({"<dtype>": flat blob}, {key: [dtype, offset, shape]}): one npz entry per dtype."""
    by_dtype, index = {}, {}
    for key, a in arrays.items():
        a = np.asarray(a)
        dt = a.dtype.str.lstrip("<>|=")
        parts = by_dtype.setdefault(dt, [])
        off = sum(p.size for p in parts)
        parts.append(a.reshape(-1))
        index[key] = [dt, int(off), list(a.shape)]
    blobs = {dt: np.concatenate(parts) if parts else np.zeros(0) for dt, parts in by_dtype.items()}
    return blobs, index


def unpack_arrays(blobs, index):
    out = {}
    for key, (dt, off, shape) in index.items():
        n = int(np.prod(shape)) if shape else 1
        out[key] = blobs[dt][off:off + n].reshape(shape)
    return out


# ---------------------------------------------------------------- API resolution
class MissingAPI(Exception):
    pass


def _is_submodule(path):
    try:
        return importlib.util.find_spec(path) is not None
    except (ImportError, ValueError, AttributeError):
        return False


def resolve(paddle, api):
    """Return ``(kind, target)``: ("method", name) | ("call", callable)."""
    head, _, rest = api.partition(".")
    if head == "Tensor":
        return "method", rest
    if head == "operator":
        return "call", getattr(operator, rest)
    if head == "builtins":
        return "call", getattr(builtins, rest)
    if head != "paddle":
        mod = importlib.import_module(head)
        obj = mod
        for part in rest.split("."):
            obj = getattr(obj, part)
        return "call", obj
    obj = paddle
    parts = rest.split(".") if rest else []
    path = "paddle"
    for i, part in enumerate(parts):
        path += "." + part
        if i + 1 < len(parts) and isinstance(obj, type(importlib)) and _is_submodule(path):
            # a package attribute may shadow its submodule (paddle.vision.models.alexnet is a function)
            obj = importlib.import_module(path)
            continue
        try:
            obj = getattr(obj, part)
        except AttributeError:
            try:
                obj = importlib.import_module(path)
            except ImportError:
                raise MissingAPI(f"missing API {api} (no attribute {part!r} at {path})") from None
    if getattr(obj, "__paddle_compat_stub__", False):
        raise MissingAPI(f"missing API {api} (a NotImplementedError stub)")
    return "call", obj


def invoke(paddle, c, args, kwargs):
    """Call a (non-layer) case; for operator.setitem the result is the target after assignment."""
    kind, target = resolve(paddle, c.api)
    if kind == "method":
        if not args:
            raise TypeError(f"{c.api}: Tensor methods need the tensor as first argument")
        attr = getattr(args[0], target)
        if callable(attr):
            return attr(*args[1:], **kwargs)
        if len(args) > 1 or kwargs:
            raise TypeError(f"{c.api} is not callable")
        return attr
    result = target(*args, **kwargs)
    if c.api == "operator.setitem":
        return args[0]
    return result


# ---------------------------------------------------------------- python values
def py_signature(x):
    """Type signature of a nested list/tuple of Python scalars, or None if x is not one."""
    if isinstance(x, bool):
        return "b"
    if isinstance(x, int):
        return "i"
    if isinstance(x, float):
        return "f"
    if isinstance(x, complex):
        return "c"
    if isinstance(x, (list, tuple)) and type(x) in (list, tuple):
        parts = []
        for v in x:
            s = py_signature(v)
            if s is None:
                return None
            parts.append(s)
        o, e = ("[", "]") if isinstance(x, list) else ("(", ")")
        return o + ",".join(parts) + e
    return None


def py_jsonable(x):
    if isinstance(x, complex):
        return [x.real, x.imag]
    if isinstance(x, (list, tuple)):
        return [py_jsonable(v) for v in x]
    return x
