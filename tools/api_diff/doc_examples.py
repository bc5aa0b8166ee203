"""Paddle 2.6.2's own docstring examples as a conformance suite.

    .oracle/bin/python -m tools.api_diff.doc_examples harvest [--limit N]   # extract + run in real Paddle
    .venv/bin/python   -m tools.api_diff.doc_examples run                   # replay under ours + report

harvest writes tests/goldens/doc_examples.json (expected stdout from the ORACLE run, never the docstring
text). run writes reports/doc_examples.md, tests/goldens/doc_examples_results.json (per-example outcome
under ours) and tests/goldens/doc_examples_xfail.json (the strict-xfail list used by
tests/test_doc_examples.py).

Examples run in batch worker processes (``worker`` sub-command): one ``import paddle`` per batch, fresh
globals + reseeding + fresh temp cwd per example, 20 s alarm per example; a worker that dies (segfault,
hang) is restarted after the example it was running, which is recorded as ``Crash``/``Timeout``.
"""

import argparse
import collections
import inspect
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.api_diff import doc_examples_exec as dx  # noqa: E402
from tools.api_diff.common import oracle_stamp  # noqa: E402

GOLDEN = os.path.join(ROOT, "tests", "goldens", "doc_examples.json")
RESULTS = os.path.join(ROOT, "tests", "goldens", "doc_examples_results.json")
XFAIL = os.path.join(ROOT, "tests", "goldens", "doc_examples_xfail.json")
REPORT = os.path.join(ROOT, "reports", "doc_examples.md")
OTHER_SEED = 7
BATCH_TIMEOUT_S = 60  # per example in harvest/run workers (the machine is shared; vision models are slow)

NAMESPACES = [
    "paddle", "paddle.nn", "paddle.nn.functional", "paddle.nn.initializer", "paddle.nn.utils",
    "paddle.optimizer", "paddle.optimizer.lr", "paddle.regularizer", "paddle.io", "paddle.vision",
    "paddle.vision.datasets", "paddle.vision.models", "paddle.vision.ops", "paddle.vision.transforms",
    "paddle.metric", "paddle.callbacks", "paddle.linalg", "paddle.fft", "paddle.signal",
    "paddle.distribution", "paddle.autograd", "paddle.device",
    # wave 2: static graph mode (issue 17), sparse / incubate / geometric (issue 21)
    "paddle.static", "paddle.static.nn", "paddle.sparse", "paddle.sparse.nn", "paddle.sparse.nn.functional",
    "paddle.incubate", "paddle.geometric",
]  # fmt: skip
CLASSES = ["paddle.Tensor", "paddle.nn.Layer", "paddle.Model", "paddle.optimizer.Optimizer"]

# (reason, regex on the example code) - first match wins
DROP_RULES = [
    ("paddle.fluid (absent in 2.6.2)", r"\bfluid\b"),
    ("paddle.base (internal API)", r"paddle\.base\b"),
    ("paddle.jit", r"paddle\.jit|to_static|\bjit\."),
    ("distributed", r"paddle\.distributed|\bfleet\b|DataParallel"),
    ("amp", r"paddle\.amp|auto_cast|GradScaler|decorate\("),
    ("inference", r"paddle\.inference"),
    ("CUDA/GPU/XPU", r"(?i)(?<![a-z])(cuda|gpu|xpu|ipu|npu|mlu|custom_device|customplace)(?![a-z])"),
    ("download", r"pretrained\s*=\s*True|download|get_weights_path|hub\.|"
     r"\b(MNIST|FashionMNIST|Cifar10|Cifar100|Flowers|VOC2012|Imdb|Imikolov|Movielens|UCIHousing|"
     r"WMT14|WMT16|Conll05st)\("),
    ("paddle.text (not in scope)", r"paddle\.text"),
    ("onnx/export", r"paddle\.onnx|\.export\("),
]  # fmt: skip

_DIRECTIVE = re.compile(r"#\s*doctest:\s*(.*)$")
_CODE_BLOCK = re.compile(r"^\s*\.\.\s+code-block::.*$", re.M)


# ------------------------------------------------------------------ harvest: extraction (oracle)
def _chunks(text):
    """Contiguous doctest source lines (``>>>`` or ``...``, prefix stripped, relative indentation kept),
    split where expected output or a blank line intervenes -> list of chunks (lists of lines)."""
    chunks, cur, base = [], None, 0
    for raw in text.splitlines():
        s = raw.lstrip()
        ind = len(raw) - len(s)
        if s.startswith(">>>") and (len(s) == 3 or s[3] == " "):
            if cur is None:
                cur, base = [], ind
            cur.append(s[4:])
        elif cur is not None and (s == "..." or s.startswith("... ")) and ind == base:
            cur.append(s[4:])
        else:
            if cur is not None:
                chunks.append(cur)
            cur = None
    if cur is not None:
        chunks.append(cur)
    return chunks


def block_statements(text):
    """One code block -> (statements, drop_reason or None, partial_skip).

    Like xdoctest (Paddle's doctest runner), each chunk of source lines is parsed as a whole and split into
    top-level statements (so a malformed ``>>> ])`` closing a ``...`` continuation still works).
    Directives: ``# doctest: +SKIP`` on its own line skips what follows (until ``-SKIP``); inline it skips
    its statement; ``+REQUIRES(env:X)`` with X other than CPU drops the block.
    """
    import ast

    stmts, skipping, partial = [], False, False
    for lines in _chunks(text):
        flags = []
        for ln in lines:
            m = _DIRECTIVE.search(ln)
            skip_this = skipping
            if m:
                d = m.group(1)
                for r in re.findall(r"REQUIRES\(([^)]*)\)", d):
                    bad = [e.strip() for e in r.split(",") if e.strip() and e.strip().upper() != "ENV:CPU"]
                    if bad:
                        return [], f"REQUIRES({', '.join(bad)})", False
                if ln.lstrip().startswith("#"):
                    if "-SKIP" in d:
                        skipping = False
                    elif "+SKIP" in d:
                        skipping = True
                elif "+SKIP" in d:
                    skip_this = True
            flags.append(skip_this)
        src = "\n".join(lines) + "\n"
        try:
            tree = ast.parse(src)
            spans = [
                (min([n.lineno] + [d.lineno for d in getattr(n, "decorator_list", [])]) - 1, n.end_lineno)
                for n in tree.body
            ]
        except SyntaxError:
            spans = None
        if spans is None:
            stmts.append(("\n".join(lines) + "\n", any(flags)))
            continue
        for lo, hi in spans:
            stmts.append(("\n".join(lines[lo:hi]) + "\n", any(flags[lo:hi])))
    kept = [st for st, sk in stmts if not sk]
    partial = any(sk for _, sk in stmts)
    if not kept:
        return [], "doctest +SKIP", False
    return kept, None, partial


def extract_blocks(doc):
    """Split a docstring into code blocks (by ``.. code-block::``) that contain doctest statements."""
    if not doc or ">>>" not in doc:
        return []
    parts = _CODE_BLOCK.split(doc)
    return [p for p in parts if ">>>" in p]


def _members(cls):
    for name, obj in sorted(vars(cls).items()):
        if name.startswith("_") and name not in ("__call__", "__init__", "__getitem__", "__setitem__"):
            continue
        fn = obj.fget if isinstance(obj, property) else getattr(obj, "__func__", obj)
        yield name, fn


def collect(paddle):
    """[(api, docstring)] over the public namespaces, their classes' own members, and CLASSES."""
    import importlib

    seen_doc, out = set(), []

    def add(api, doc):
        if doc and ">>>" in doc:
            out.append((api, doc))

    for ns in NAMESPACES:
        try:
            mod = importlib.import_module(ns)
        except Exception:  # noqa: BLE001
            continue
        for name in sorted(getattr(mod, "__all__", [])):
            obj = getattr(mod, name, None)
            if obj is None or inspect.ismodule(obj):
                continue
            api = f"{ns}.{name}"
            add(api, getattr(obj, "__doc__", None))
            if inspect.isclass(obj):
                for mname, m in _members(obj):
                    add(f"{api}.{mname}", getattr(m, "__doc__", None))
    for cname in CLASSES:
        cls = eval(cname, {"paddle": paddle})  # noqa: S307 - fixed dotted names
        add(cname, cls.__doc__)
        for mname in sorted(dir(cls)):
            if mname.startswith("_") and mname not in ("__call__", "__getitem__", "__setitem__"):
                continue
            try:
                m = getattr(cls, mname)
            except Exception:  # noqa: BLE001
                continue
            add(f"{cname}.{mname}", getattr(m, "__doc__", None))
    del seen_doc
    return out


def extract(paddle):
    """-> (examples, dropped); identical code under several APIs is kept once (aliases recorded)."""
    by_code, examples, dropped = {}, [], []
    for api, doc in collect(paddle):
        for i, block in enumerate(extract_blocks(doc)):
            eid = f"{api}#{i}"
            kept, reason, partial = block_statements(block)
            if not kept and not reason:
                continue
            key = "".join(kept) or block
            if key in by_code:
                by_code[key].setdefault("aliases", []).append(api)
                continue
            code = re.sub(r"#[^\n]*", "", "".join(kept))
            if reason is None:
                for why, rx in DROP_RULES:
                    if re.search(rx, code):
                        reason = why
                        break
            rec = {"id": eid, "api": api, "code": kept}
            by_code[key] = rec
            if reason:
                rec["dropped"] = reason
                dropped.append(rec)
                continue
            if partial:
                rec["partial_skip"] = True
            examples.append(rec)
    return examples, dropped


# ------------------------------------------------------------------ batch worker (either interpreter)
def worker_main(argv):
    inp, outp, seed = argv[0], argv[1], int(argv[2])
    import zlib  # noqa: F401 - oracle quirk: before paddle, else gzip reading segfaults

    import paddle

    with open(inp) as f:
        todo = json.load(f)
    with open(outp, "a") as out:
        for ex in todo:
            out.write(json.dumps({"start": ex["id"]}) + "\n")
            out.flush()
            t0 = time.time()
            r = dx.run_example(paddle, ex["code"], seed=seed, timeout=BATCH_TIMEOUT_S)
            r["id"] = ex["id"]
            r["t"] = round(time.time() - t0, 3)
            out.write(json.dumps(r) + "\n")
            out.flush()
    return 0


def run_batch(python, examples, seed, tag, jobs=2, env=None, per_example_cap=90, keep=False):
    """Run examples in `jobs` worker processes; -> {id: result}. Restarts a worker after a crash."""
    import tempfile

    tmpdir = tempfile.mkdtemp(prefix=f"docex_{tag}_")
    chunks = [examples[i::jobs] for i in range(jobs)]
    results = {}
    procs = []

    def launch(k, todo):
        inp = os.path.join(tmpdir, f"in{k}_{len(results)}_{time.time_ns()}.json")
        outp = os.path.join(tmpdir, f"out{k}.jsonl")
        with open(inp, "w") as f:
            json.dump(todo, f)
        p = subprocess.Popen(
            [python, "-m", "tools.api_diff.doc_examples", "worker", inp, outp, str(seed)],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        )  # fmt: skip
        return {"k": k, "p": p, "todo": todo, "outp": outp, "pos": 0, "last": time.time(), "cur": None}

    for k, ch in enumerate(chunks):
        if ch:
            procs.append(launch(k, ch))
    while procs:
        time.sleep(0.5)
        for w in list(procs):
            # read new lines
            if os.path.exists(w["outp"]):
                with open(w["outp"]) as f:
                    f.seek(w["pos"])
                    data = f.read()
                lines = data.split("\n")
                complete, rest = lines[:-1], lines[-1]
                w["pos"] += len(data) - len(rest)
                for line in complete:
                    if not line:
                        continue
                    r = json.loads(line)
                    w["last"] = time.time()
                    if "start" in r:
                        w["cur"] = r["start"]
                    else:
                        results[r["id"]] = r
                        w["cur"] = None
            rc = w["p"].poll()
            hung = w["cur"] is not None and time.time() - w["last"] > per_example_cap
            if rc is None and not hung:
                continue
            if hung:
                w["p"].kill()
                w["p"].wait()
            if rc is not None and w["cur"] is None and all(e["id"] in results for e in w["todo"]):
                procs.remove(w)
                continue
            # died or hung mid-example: record and restart after it
            cur = w["cur"]
            if cur is not None:
                results[cur] = {
                    "id": cur, "stdout": "", "exc": "Timeout" if hung else "Crash",
                    "exc_msg": f"worker {'hung' if hung else f'died rc={rc}'}",
                    "tb_last": f"worker process {'hung' if hung else f'died (rc={rc})'} in this example",
                }  # fmt: skip
            remaining = [e for e in w["todo"] if e["id"] not in results]
            procs.remove(w)
            if remaining:
                procs.append(launch(w["k"], remaining))
    if keep:
        print(f"worker output kept in {tmpdir}", flush=True)
    else:
        import shutil

        shutil.rmtree(tmpdir, ignore_errors=True)
    return results


# ------------------------------------------------------------------ harvest
def harvest(args):
    import zlib  # noqa: F401

    import paddle

    t0 = time.time()
    examples, dropped = extract(paddle)
    if args.limit:
        examples = examples[: args.limit]
    print(f"extracted {len(examples)} examples, dropped {len(dropped)}", flush=True)
    py = sys.executable
    ra = run_batch(py, examples, dx.DEFAULT_SEED, "a", jobs=args.jobs)
    print(f"run A done {time.time() - t0:.0f}s", flush=True)
    rb = run_batch(py, examples, OTHER_SEED, "b", jobs=args.jobs)
    print(f"run B (seed {OTHER_SEED}) done {time.time() - t0:.0f}s", flush=True)
    diff = [e for e in examples if _key(ra[e["id"]]) != _key(rb[e["id"]])]
    rc = run_batch(py, diff, dx.DEFAULT_SEED, "c", jobs=args.jobs) if diff else {}
    print(f"run C ({len(diff)} re-runs) done {time.time() - t0:.0f}s", flush=True)
    # reversed order, other workers' neighbours: an output that changes with what ran before it in the
    # process depends on state reset_state does not restore (a golden must be a fresh process's answer)
    rr = run_batch(py, examples[::-1], dx.DEFAULT_SEED, "r", jobs=args.jobs)
    order_dependent = [e["id"] for e in examples if e["id"] not in rc and _key(ra[e["id"]]) != _key(rr[e["id"]])]
    print(f"run R (reversed order) done {time.time() - t0:.0f}s; order-dependent: {order_dependent}", flush=True)
    kept = []
    for e in examples:
        a = ra[e["id"]]
        if a["exc"] in ("Crash", "Timeout"):
            e["dropped"] = f"oracle {a['exc'].lower()}"
            dropped.append(e)
            continue
        if a["exc"] and re.search(r"URLError|ConnectionError|download|HTTP|socket", f"{a['exc']} {a['exc_msg']}"):
            e["dropped"] = "download (network error in oracle)"
            dropped.append(e)
            continue
        if a["exc"] and e.get("partial_skip"):
            e["dropped"] = f"partial +SKIP breaks example in oracle ({a['exc']})"
            dropped.append(e)
            continue
        if a["exc"] in ("FileNotFoundError", "ModuleNotFoundError") or (
            a["exc"] == "ImportError" and "cv2" in (a["exc_msg"] or "")
        ):
            e["dropped"] = f"oracle {a['exc']}: {a['exc_msg'][:80]}"
            dropped.append(e)
            continue
        e["stdout"] = a["stdout"]
        e["raises"] = a["exc"]
        if a["exc"]:
            e["raises_msg"] = (a["exc_msg"] or "")[:200]
        if e["id"] in rc:
            e["deterministic"] = _key(rc[e["id"]]) == _key(a)
            e["seed_dependent"] = e["deterministic"]
        else:
            e["deterministic"] = e["id"] not in order_dependent
            e["seed_dependent"] = False
        if e["id"] in order_dependent:
            e["order_dependent"] = True
        if re.search(r"paddle\.seed\(|\brand|randn|normal\(|uniform\(|dropout|Dropout|bernoulli|multinomial|"
                     r"poisson|shuffle|\.sample\(|rsample", "".join(e["code"])):  # fmt: skip
            e["uses_rng"] = True
        e["oracle_t"] = a.get("t")
        kept.append(e)
    golden = {
        **oracle_stamp(),
        "note": "expected stdout recorded from real Paddle (oracle), seed "
        f"{dx.DEFAULT_SEED}; seed_dependent: output changed under seed {OTHER_SEED}",
        "examples": kept,
        "dropped": [{"id": d["id"], "api": d["api"], "reason": d["dropped"]} for d in dropped],
    }
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=0, separators=(",", ":"))
    print(f"wrote {GOLDEN}: {len(kept)} examples, {len(dropped)} dropped, {time.time() - t0:.0f}s")
    return 0


def _key(r):
    return (dx.normalise(r["stdout"]), r["exc"])


# ------------------------------------------------------------------ run (ours) + report
def namespace_of(api):
    best = "paddle"
    for ns in NAMESPACES + CLASSES:
        if api.startswith(ns + ".") and len(ns) > len(best):
            best = ns
    return best


def load_golden():
    from tools.api_diff.common import load_golden_json

    return load_golden_json(GOLDEN)


def run(args):
    g = load_golden()
    exs = g["examples"]
    if args.only:
        exs = [e for e in exs if re.search(args.only, e["id"])]
    if args.exclude:
        exs = [e for e in exs if not re.search(args.exclude, e["id"])]
    if args.missing:  # only examples without a result in RESULTS yet
        with open(RESULTS) as f:
            have = json.load(f)
        exs = [e for e in exs if e["id"] not in have]
    t0 = time.time()
    py = os.path.join(ROOT, ".venv", "bin", "python")
    if args.from_dir:  # re-score a previous run's worker output (debugging the report)
        res = {}
        for fn in sorted(os.listdir(args.from_dir)):
            if fn.startswith("out") and fn.endswith(".jsonl"):
                with open(os.path.join(args.from_dir, fn)) as f:
                    for line in f:
                        r = json.loads(line)
                        if "stdout" in r:
                            res[r["id"]] = r
        exs = [e for e in exs if e["id"] in res]
    else:
        res = run_batch(py, exs, dx.DEFAULT_SEED, "ours", jobs=args.jobs, keep=True)
    wall = time.time() - t0
    out = {}
    for e in exs:
        r = res[e["id"]]
        ok, why = dx.compare(e, r)
        status = "pass" if ok else ("error" if r["exc"] and not e.get("raises") else "fail")
        out[e["id"]] = {"status": status, "why": why, "t": r.get("t"), "exc": r["exc"], "tb": r["tb_last"]}
        if not ok and r["exc"] is None:
            out[e["id"]]["got"] = r["stdout"][:2000]
            if "object at 0x?" in why:
                out[e["id"]]["masked"] = dx.diff_without_object_reprs(e["stdout"], r["stdout"])
    if (args.only or args.exclude or args.missing or args.from_dir) and os.path.exists(RESULTS):
        with open(RESULTS) as f:
            prev = json.load(f)
        prev.update(out)
        out = prev
    with open(RESULTS, "w") as f:
        json.dump(out, f, indent=0, sort_keys=True)
    write_xfail(g, out)
    write_report(g, out, wall)
    if not (args.only or args.exclude):
        from tools.api_diff.common import stamp_freshness

        stamp_freshness("doc_examples")
    c = collections.Counter(v["status"] for v in out.values())
    print(f"ran {len(exs)} in {wall:.0f}s: {dict(c)}; wrote {REPORT}")
    return 0


def write_xfail(g, out):
    x = {}
    for e in g["examples"]:
        r = out.get(e["id"])
        if r and r["status"] != "pass":
            x[e["id"]] = {"reason": r["why"][:300], "timeout": r["exc"] in ("Timeout", "Crash")}
    with open(XFAIL, "w") as f:
        json.dump(x, f, indent=0, sort_keys=True)


_ATTR_ERRS = [
    r"AttributeError: module '([\w.]+)' has no attribute '(\w+)'",
    r"AttributeError: type object '([\w.]+)' has no attribute '(\w+)'",
    r"AttributeError: '([\w.]+)' object has no attribute '(\w+)'",
]
_FLOAT = re.compile(r"-?\d+\.\d*(?:e[-+]?\d+)?|-?\d+(?:e[-+]?\d+)?|nan|inf")


def _close_numbers(exp_line, got_line):
    """True when both lines hold the same count of numbers, equal to ~1e-5 relative (last-digit noise)."""
    a, b = _FLOAT.findall(exp_line), _FLOAT.findall(got_line)
    if not a or len(a) != len(b) or _FLOAT.sub("", exp_line) != _FLOAT.sub("", got_line):
        return False
    try:
        return all(abs(float(x) - float(y)) <= 1e-5 * max(1.0, abs(float(x))) for x, y in zip(a, b))
    except ValueError:
        return False


def _diff_lines(why):
    m = re.match(r"line \d+: expected (['\"])(.*)\1 got (['\"])(.*)\3$", why)
    return (m.group(2), m.group(4)) if m else (None, None)


def _structure(text):
    """Output with every number replaced and blanks removed (alignment depends on number widths)."""
    text = "\n".join(ln for ln in text.splitlines() if not dx._OBJ_LINE.match(ln))
    return re.sub(r"\s+", "", _FLOAT.sub("#", text))


def _num_lines(a, b):
    al = [ln for ln in dx.normalise(a).splitlines() if not dx._OBJ_LINE.match(ln)]
    bl = [ln for ln in dx.normalise(b).splitlines() if not dx._OBJ_LINE.match(ln)]
    n = min(len(al), len(bl))
    return al[:n], bl[:n]


# root-cause classifiers: first match wins
def classify(e, r):
    why = r["why"]
    tb = r.get("tb") or ""
    if r["status"] == "error":
        for rx in _ATTR_ERRS:
            m = re.search(rx, tb)
            if m:
                return f"missing API: {m.group(1)}.{m.group(2)}"
        m = re.search(r"ModuleNotFoundError: No module named '([\w.]+)'", tb)
        if m:
            return f"missing module: {m.group(1)}"
        m = re.search(r"ImportError: cannot import name '(\w+)' from '([\w.]+)'", tb)
        if m:
            return f"missing API: {m.group(2)}.{m.group(1)}"
        if "NotImplementedError" in tb:
            return "NotImplementedError: " + tb.split("NotImplementedError:", 1)[-1].strip()[:100]
        if r["exc"] in ("Timeout", "Crash"):
            return f"{r['exc']} under ours (limit {BATCH_TIMEOUT_S}s per example on the shared, loaded machine)"
        m = re.search(r"TypeError: (.*?) got an unexpected keyword argument '(\w+)'", tb)
        if m:
            return f"unexpected kwarg '{m.group(2)}' in {m.group(1)}"
        if "paddle_compat/" in tb:
            return f"{r['exc']} raised at {tb.split(': ', 1)[0]}"
        return f"{r['exc']}: {tb.split(': ', 2)[-1][:100]}"
    if "Paddle raises" in why:
        return f"Paddle raises {e.get('raises')}, ours does not"
    if r.get("masked") == "":
        m = re.search(r"<([\w.]+) object at 0x\?>", why)
        return (
            f"repr of {m.group(1) if m else 'an object'} differs (only difference; e.g. `>>> paddle.seed(2023)` echo)"
        )
    got_all = r.get("got") or ""
    if got_all.count("Parameter containing:") > e["stdout"].count("Parameter containing:") and "set_value" in "".join(
        e["code"]
    ):
        return (
            "`>>> w.set_value(v)` echoes 'Parameter containing: ...': "
            "ours' Tensor.set_value returns self (Paddle: None)"
        )
    if re.search(r"np\.(float|int|bool)\w*\(", got_all) and not re.search(r"np\.(float|int)\w*\(", e["stdout"]):
        return "numpy-2 scalar repr leaks (np.float64(..)/np.int64(..)) where Paddle prints a plain number"
    code = "".join(e["code"])
    rng = e.get("seed_dependent") or e.get("uses_rng") or "paddle.seed(" in code
    if "got" in r and r["why"] and not r.get("masked_only"):
        es = _structure(dx.normalise(e["stdout"]))
        gs = _structure(dx.normalise(r["got"]))
        if es == gs and es:
            if rng:
                return "RNG stream: only values differ, structure identical (example draws random numbers)"
            if all(_close_numbers(a, b) or a == b for a, b in zip(*_num_lines(e["stdout"], r["got"]))):
                return "last-digit float differences (<=1e-5 rel; float32 rounding)"
            return "numeric values differ (structure identical)"
    exp, got = _diff_lines(why)
    if exp is not None:
        m = re.search(r"<([\w.]+) object at 0x\?>", exp)
        if m and "masked" in r:
            if not r["masked"]:
                return f"repr of {m.group(1)} differs (only difference; e.g. `>>> paddle.seed(2023)` echo)"
            r2 = dict(r, why=r["masked"])
            r2.pop("masked")
            return classify(e, r2) + " [+ object repr line]"
        if m:
            return f"repr of {m.group(1)} differs"
    if e.get("seed_dependent"):
        return "RNG stream differs (output depends on the seed) and structure differs too"
    if exp is not None:
        md = re.findall(r"dtype=(\w+)", exp), re.findall(r"dtype=(\w+)", got)
        if md[0] and md[1] and md[0] != md[1]:
            return f"wrong dtype: {md[0][0]} expected, got {md[1][0]}"
        ms = re.findall(r"shape=\[([^\]]*)\]", exp), re.findall(r"shape=\[([^\]]*)\]", got)
        if ms[0] and ms[1] and ms[0] != ms[1]:
            return "wrong shape"
        sg = re.findall(r"stop_gradient=(\w+)", exp), re.findall(r"stop_gradient=(\w+)", got)
        if sg[0] and sg[1] and sg[0] != sg[1]:
            if ".grad" in code and sg[0][0] == "False":
                return "gradient tensor (x.grad) prints stop_gradient=True; Paddle prints stop_gradient=False"
            return f"stop_gradient differs (Paddle {sg[0][0]}, ours {sg[1][0]})"
        if "<end of output>" in (exp, got):
            return "output length differs (missing/extra printed lines)"
        if _close_numbers(exp, got):
            return "last-digit float differences (<=1e-5 rel; float32 rounding)"
        if _FLOAT.sub("", exp) == _FLOAT.sub("", got):
            return "numeric values differ"
        if exp.strip() == got.strip():
            return "whitespace/alignment differs"
        if _FLOAT.findall(exp) == _FLOAT.findall(got):
            return "number formatting/layout differs (same numbers)"
    return "output differs (other)"


def write_report(g, out, wall):
    exs = {e["id"]: e for e in g["examples"]}
    dropped = g["dropped"]
    c = collections.Counter(v["status"] for v in out.values())
    det = sum(1 for e in exs.values() if e.get("deterministic"))
    seeddep = sum(1 for e in exs.values() if e.get("seed_dependent"))
    L = ["# Paddle docstring examples under paddle-compat", ""]
    L.append(
        "Generated by `.venv/bin/python -m tools.api_diff.doc_examples run` from "
        "`tests/goldens/doc_examples.json` (harvested from real Paddle 2.6.2 docstrings by "
        "`.oracle/bin/python -m tools.api_diff.doc_examples harvest`; expected output = the oracle's "
        "stdout, not the docstring text). Pytest replay: `tests/test_doc_examples.py` (strict xfails from "
        "`tests/goldens/doc_examples_xfail.json`)."
    )
    L += [
        "",
        "Re-check one example: `.venv/bin/python -m tools.api_diff.doc_examples run --only 'paddle\\.nn\\.Conv1D#0'` "
        "(merges into the results, rewrites this report and the xfail list) or "
        "`.venv/bin/python -m pytest 'tests/test_doc_examples.py::test_doc_example[paddle.nn.Conv1D#0]'`. "
        "The example code is in the golden JSON (`code`: doctest statements, run in `'single'` mode so bare "
        "expressions echo their repr, as doctest does); each example starts from `paddle.seed(2023)`, "
        "numpy/random seed 2023, default dtype float32, a fresh `paddle.utils.unique_name` scope and a fresh "
        "temporary cwd. Only memory addresses `0x...` and `generated_tensor_<n>` counters are normalised.",
    ]
    if wall is None:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(os.path.getmtime(RESULTS)))
        L += ["", f"Re-rendered from the results of the run at {when}.", "", "## Totals", ""]
    else:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        L += ["", f"Run at {when}, wall {wall:.0f}s (2 worker processes).", "", "## Totals", ""]
    harvested = len(exs) + len(dropped)
    L.append("| | count |\n|---|---:|")
    L.append(f"| harvested code blocks (deduplicated) | {harvested} |")
    L.append(f"| dropped | {len(dropped)} |")
    L.append(f"| recorded | {len(exs)} |")
    L.append(f"| deterministic (same output in 2 oracle runs) | {det} |")
    L.append(f"| ... of which seed-dependent (output changes with paddle.seed) | {seeddep} |")
    L.append(f"| nondeterministic (only checked to run) | {len(exs) - det} |")
    nraise = sum(1 for e in exs.values() if e.get("raises"))
    L.append(f"| raise in real Paddle too (exception type compared) | {nraise} |")
    L.append(f"| **pass** | **{c['pass']}** |")
    L.append(f"| **fail** (wrong output) | **{c['fail']}** |")
    L.append(f"| **error** (ours raised; Paddle did not) | **{c['error']}** |")
    L += ["", "### Dropped, by reason", "", "| reason | count |", "|---|---:|"]
    for why, n in collections.Counter(d["reason"] for d in dropped).most_common():
        L.append(f"| {why} | {n} |")
    L += ["", "## Per namespace", "", "| namespace | recorded | pass | fail | error |", "|---|---:|---:|---:|---:|"]
    per = collections.defaultdict(collections.Counter)
    for eid, r in out.items():
        if eid in exs:
            per[namespace_of(exs[eid]["api"])][r["status"]] += 1
    for ns in sorted(per):
        p = per[ns]
        L.append(f"| {ns} | {sum(p.values())} | {p['pass']} | {p['fail']} | {p['error']} |")
    groups = collections.defaultdict(list)
    for eid, r in out.items():
        if eid in exs and r["status"] != "pass":
            groups[classify(exs[eid], r)].append(eid)
    L += ["", "## Failures by root cause", "",
          "Grouping is automatic (error message / first differing line); counts are examples.", "",
          "| root cause | examples | APIs |", "|---|---:|---|"]  # fmt: skip
    order = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    for lab, ids in order:
        apis = sorted({exs[i]["api"] for i in ids})
        s = ", ".join(f"`{a}`" for a in apis[:12]) + (f" (+{len(apis) - 12})" if len(apis) > 12 else "")
        L.append(f"| {lab.replace('|', '/')} | {len(ids)} | {s} |")
    gen = [i for i, r in out.items() if r["status"] != "pass" and "Generator object at 0x?" in r["why"]]
    gen_only = [i for i in gen if out[i].get("masked") == ""]
    L += [
        "",
        "### Cross-cutting: `paddle.seed()` return value",
        "",
        f"{len(gen)} failing examples echo `>>> paddle.seed(2023)`: Paddle prints "
        "`<paddle.base.libpaddle.Generator object at 0x...>` (address normalised), ours "
        f"`<paddle.Generator seed=2023>`. For {len(gen_only)} of them this is the only difference; the others "
        "are classified above by their first difference after that line.",
    ]
    L += ["", "## Every failure", ""]
    for lab, ids in order:
        L += [f"### {lab} ({len(ids)})", ""]
        for i in sorted(ids):
            r = out[i]
            e = exs[i]
            desc = r["why"].replace("\n", " ")
            if r.get("masked"):
                desc += f"; ignoring that line: {r['masked']}"
            elif "masked" in r:
                desc += "; otherwise identical"
            aka = sorted(set(e.get("aliases", [])) - {e["api"]})
            aka = f" (same example: {', '.join(f'`{a}`' for a in aka[:4])})" if aka else ""
            nd = " (nondeterministic)" if not e.get("deterministic") else ""
            L.append(f"- `{i}`{aka}{nd}: {desc}")
        L.append("")
    os.makedirs(os.path.dirname(REPORT), exist_ok=True)
    with open(REPORT, "w") as f:
        f.write("\n".join(L) + "\n")


def report(args):
    g = load_golden()
    with open(RESULTS) as f:
        out = json.load(f)
    write_xfail(g, out)
    write_report(g, out, None)
    return 0


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "worker":
        return worker_main(argv[1:])
    ap = argparse.ArgumentParser(prog="doc_examples")
    sub = ap.add_subparsers(dest="cmd", required=True)
    h = sub.add_parser("harvest")
    h.add_argument("--limit", type=int, default=0)
    h.add_argument("--jobs", type=int, default=2)
    r = sub.add_parser("run")
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--only", default="")
    r.add_argument("--exclude", default="")
    r.add_argument("--missing", action="store_true", help="only examples not yet in the results file")
    r.add_argument("--from-dir", default="", help="re-score worker output left by a previous run")
    sub.add_parser("report")
    sub.add_parser("list")
    a = ap.parse_args(argv)
    if a.cmd == "list":
        import zlib  # noqa: F401

        import paddle

        exs, dropped = extract(paddle)
        print(len(exs), len(dropped))
        print(collections.Counter(d["dropped"] for d in dropped).most_common())
        return 0
    return {"harvest": harvest, "run": run, "report": report}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
