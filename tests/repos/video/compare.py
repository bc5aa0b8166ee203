"""Compare a video driver result (ours) with the oracle's: ``python compare.py GOLDEN.json OURS.json [--tb]``
prints the differences per case; ``compare_case`` is what the test uses. The rules are the ocr_det ones
(tests/repos/ocr_det/compare.py: eval 1e-4, train 1e-3 relative to the largest sample, or 3x Paddle's own spread
under a 1e-6 weight nudge), plus:
- an error message is compared up to Paddle's C++ "[Hint: ...]" suffix (the text and the exception class are
  Paddle's; the hint's source location is not);
- ``KNOWN_DEVIATIONS``: outputs where Paddle 2.6.2 is measured wrong and ours is right (skipped, listed in
  docs/paddlevideo.md)."""

import json
import sys

from tests.repos.ocr_det.compare import RTOL, _close
from tests.repos.ocr_det.compare import compare_case as _compare_ocrdet

# case -> {output path: why}
_GATHER = ("Paddle 2.6.2's CPU gather backward along axis != 0 gives every row the first row's gradient "
           "(mappings/tensor_a.toml); ASRF's GaussianSimilarityTMSE gathers along axis 1")
KNOWN_DEVIATIONS = {
    "asrf": {"train:grad.backbone.conv_in.weight": _GATHER, "train:grad.backbone.conv_in.bias": _GATHER,
             "train:grad.head.asb.0.conv_out.weight": _GATHER, "train:grad.head.asb.0.conv_out.bias": _GATHER},
}


def _error_head(message):
    return None if message is None else message.split("\n  [Hint:")[0].rstrip()


def _normalise_errors(result):
    result = dict(result)
    if "error" in result:
        result["error"] = _error_head(result["error"])
    for step in ("eval", "train"):
        if isinstance(result.get(step), dict) and "error" in result[step]:
            result[step] = dict(result[step], error=_error_head(result[step]["error"]))
    return result


def compare_case(name, golden, ours):
    """List of human-readable differences between one case's oracle summary and ours."""
    golden, ours = _normalise_errors(golden), _normalise_errors(ours)
    problems = _compare_ocrdet(golden, ours)
    if "export" in golden and "error" not in golden and "error" not in ours:  # tools/export_model.py's path
        g, o = golden["export"], ours.get("export", {})
        if "error" in g or "error" in o:
            if _error_head(g.get("error")) != _error_head(o.get("error")):
                problems.append(f"export: oracle {g.get('error')!r}, ours {o.get('error')!r}")
        else:
            if set(g) != set(o):
                problems.append(f"export: outputs {sorted(set(g) ^ set(o))} only on one side")
            for path in sorted(set(g) & set(o)):
                msg = _close(g[path], o[path], RTOL["eval"])
                if msg:
                    problems.append(f"export:{path}: {msg}")
    known = KNOWN_DEVIATIONS.get(name, {})
    return [p for p in problems if p.split(": ")[0] not in known]


def main(golden_path, ours_path):
    with open(golden_path) as f:
        golden = json.load(f)
    with open(ours_path) as f:
        ours = json.load(f)
    g_res, o_res = golden["results"], ours["results"]
    for name in g_res:
        if name not in o_res:
            continue
        problems = compare_case(name, g_res[name], o_res[name])
        status = "PASS" if not problems else "FAIL"
        seconds = g_res[name].get("total_seconds"), o_res[name].get("total_seconds")
        print(f"{status} {name}  (oracle {seconds[0]} s, ours {seconds[1]} s)")
        for p in problems:
            print("    ", p)
        if "--tb" in sys.argv:
            for step, tb in o_res[name].get("tracebacks", {}).items():
                print(f"  --- ours {step} traceback:\n{tb}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
