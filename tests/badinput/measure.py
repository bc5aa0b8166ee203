"""Measure the bad-input suite on our package (no oracle needed: replays the committed goldens).

    .venv/bin/python -m tests.badinput.measure [--json out.json] [--list silent|mismatch|category|refusal|value]

Counts per outcome: silent results (Paddle raises, we return), false refusals (Paddle returns, we raise),
exception-type agreement where both raise (``category``: same type, but Paddle's message starts with a category
token such as ``(InvalidArgument)`` and ours does not start with the same one; the replay requires it), value
differences where both return. A difference whose xfail reason
in mappings/*.toml starts with "deliberate" (Paddle returns uninitialised memory, misreads the argument or
crashes, and we raise a clear error instead) counts as ``deliberate``, not as a refusal or mismatch; the
percentages leave those calls out.
"""

import argparse
import collections
import json
import warnings

from tools.api_diff import common, mappings, replay

GROUPS = ["badinput_tensor", "badinput_manip", "badinput_create", "badinput_nn", "badinput_layers"]


def classify():
    out = {}
    known = mappings.load()
    for group in GROUPS:
        g = replay.golden(group, common.GOLDENS_DIR)
        for c in common.load_cases(f"{common.CASES_DIR}/{group}.py"):
            entry = g.cases[c.id]
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    replay.check_case(group, c)
                kind = "agree_raise" if entry["status"] == "error" else "agree_value"
                msg = ""
            except replay.CaseFailure as e:
                msg = str(e)
                if entry["status"] == "error":
                    kind = ("silent" if "raised nothing" in msg else
                            "category" if "with message category" in msg.split("\n", 1)[0] else "mismatch")
                else:
                    kind = "refusal" if msg.startswith("our package raised") else "value"
            except BaseException as e:  # noqa: BLE001 - a crash of the harness is a finding too
                kind, msg = "harness", f"{type(e).__name__}: {e}"
            lines = msg.splitlines()
            ours = [ln for ln in lines if ln.startswith(("ours raised", "but our package"))]
            reason = known.xfail_reason(group, c.id) or ""
            if kind in ("refusal", "mismatch", "category", "value", "silent") and reason.startswith("deliberate"):
                kind = "deliberate"
            out[f"{group}::{c.id}"] = (kind, c.api, lines[:1] + ours[:1])
    return out


def summary(res):
    n = collections.Counter(k for k, _, _ in res.values())
    both_raise = n["agree_raise"] + n["category"] + n["mismatch"]
    paddle_ok = n["agree_value"] + n["refusal"] + n["value"]
    apis = {api for _, api, _ in res.values()}
    return {"calls": len(res), "apis": len(apis), **dict(n),
            "type_agreement_pct": round(100.0 * (n["agree_raise"] + n["category"]) / max(both_raise, 1), 2),
            "category_agreement_pct": round(100.0 * n["agree_raise"] / max(both_raise, 1), 2),
            "false_refusal_pct": round(100.0 * n["refusal"] / max(paddle_ok, 1), 2)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--list", action="append", default=[])
    a = ap.parse_args()
    res = classify()
    print(json.dumps(summary(res), indent=1))
    for key, (kind, _, msg) in res.items():
        if kind in a.list:
            print(kind, key, " | ".join(msg)[:300])
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=0)


if __name__ == "__main__":
    main()
