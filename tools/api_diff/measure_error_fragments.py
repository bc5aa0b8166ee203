"""Measure how many replayed error cases agree with Paddle on a normalised message fragment (issue #14 item 2).

    .venv/bin/python -m tools.api_diff.measure_error_fragments [--groups a,b] [--list]

The fragment is the category token Paddle's C++ enforcement puts first in its message: ``(InvalidArgument)``,
``(NotFound)``, ``(PreconditionNotMet)``, ``(OutOfRange)``, ``(Unimplemented)``, ``(Unavailable)``... (Python-level
errors of Paddle carry none and are not counted). For every golden error case whose Paddle message starts with
such a token and where our exception type already matches (the replay's rule), the case is re-run and our
message is checked for the same token at its start (the replay requires it: tools/api_diff/replay.py
``error_category``). Replays only committed goldens; no oracle needed.
"""

import argparse
import collections
import glob
import json
import os
import warnings

import numpy as np

from tools.api_diff import common, replay

token = replay.error_category  # the replay's own rule (tools/api_diff/replay.py), so both count the same


def our_error(case, entry, arrays):
    """Run one case with our package as the replay does (same regenerated inputs); the exception it raises,
    None when it raises nothing, or "build" when its inputs cannot be built."""
    import paddle as pd

    rng = np.random.RandomState(common.case_seed(case.id))
    data = []
    for spec, info in zip(common.all_leaves(case), entry["inputs"]):
        data.append(arrays[info["key"]] if "key" in info else common.gen_array(spec, rng))

    def make(spec, k):
        return replay._make_input(spec, data[k], case.grad)

    try:
        args, kwargs, inputs = common.build_all(case, make)
    except Exception:  # noqa: BLE001 - a case we cannot even build is left out
        return "build"
    try:
        pd.seed(common.case_seed(case.id))
        if case.is_layer:
            _, cls = common.resolve(pd, case.api)
            with pd.utils.unique_name.guard():
                lay = cls(*args, **kwargs)
            getattr(lay, case.call)(*inputs)
        else:
            common.invoke(pd, case, args, kwargs)
    except Exception as e:  # noqa: BLE001 - this is what we measure
        return e
    return None


def measure(groups=None):
    counts = collections.Counter()
    by_token = collections.defaultdict(collections.Counter)
    disagree = []
    for path in sorted(glob.glob(os.path.join(common.GOLDENS_DIR, "*.json"))):
        group = os.path.basename(path)[:-5]
        if groups and group not in groups:
            continue
        case_file = os.path.join(common.CASES_DIR, f"{group}.py")
        if not os.path.exists(case_file):
            continue
        try:
            golden = replay.golden(group, common.GOLDENS_DIR)
        except Exception:  # noqa: BLE001 - not a case-format golden
            continue
        entries = golden.cases or {}
        errors = {k: v for k, v in entries.items() if v.get("status") == "error" and token(v.get("error_message"))}
        if not errors:
            continue
        for c in common.load_cases(case_file):
            entry = errors.get(c.id)
            if entry is None:
                continue
            want_tok = token(entry["error_message"])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                err = our_error(c, entry, golden.arrays)
            if not isinstance(err, BaseException):
                counts["not_raised_or_unbuilt"] += 1
                continue
            if entry["error_type"] not in [k.__name__ for k in type(err).__mro__]:
                counts["type_differs"] += 1
                continue
            got_tok = token(str(err))
            counts["type_agrees"] += 1
            by_token[want_tok]["cases"] += 1
            if got_tok == want_tok:
                counts["fragment_agrees"] += 1
                by_token[want_tok]["agree"] += 1
            else:
                disagree.append((f"{group}::{c.id}", want_tok, got_tok, str(err)[:120]))
    return counts, by_token, disagree


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--groups")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    counts, by_token, disagree = measure(set(a.groups.split(",")) if a.groups else None)
    print(json.dumps({"counts": dict(counts), "by_token": {k: dict(v) for k, v in by_token.items()}}, indent=1))
    if a.list:
        for key, want, got, msg in disagree:
            print(f"{key}: Paddle ({want}) ours ({got}): {msg}")


if __name__ == "__main__":
    main()
