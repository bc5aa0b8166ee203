"""Record how real Paddle 2.6.2 answers each Tensor method call form of ``call_forms.FORMS``.

Run with the oracle: ``.oracle/bin/python -m tests.compat.record_call_forms`` (writes
tests/goldens/compat_call_forms.json, replayed by tests/compat/test_call_forms.py).
Some forms crash real Paddle's C argument parser (e.g. ``x._copy_to(place)`` without ``blocking`` is a
SIGSEGV), so the forms run in a child process that reports one JSON line per form; a form during which the
child dies is recorded as ``{"crash": <signal/status>}`` and the child restarts after it.
"""

import json
import os
import subprocess
import sys
import warnings

from tools.api_diff.common import oracle_stamp

from .call_forms import FORMS, form_id, run_form

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "goldens", "compat_call_forms.json")


def _child(start):
    import paddle

    warnings.simplefilter("ignore")
    for index in range(start, len(FORMS)):
        print(json.dumps({"start": index}), flush=True)
        print(json.dumps({"index": index, "outcome": run_form(paddle, *FORMS[index])}), flush=True)


def _c_methods():
    """Paddle's Tensor methods implemented in C (their argument parsing is invisible to ``inspect``)."""
    import paddle

    eager_tensor = paddle.base.core.eager.Tensor
    return sorted(name for name, value in vars(eager_tensor).items()
                  if not name.startswith("__") and type(value).__name__ == "method_descriptor")


def main():
    stamp = oracle_stamp()
    outcomes = {}
    start = 0
    while start < len(FORMS):
        proc = subprocess.run([sys.executable, "-m", "tests.compat.record_call_forms", "--child", str(start)],
                              capture_output=True, text=True, timeout=600)
        current = start
        for line in proc.stdout.splitlines():
            if not line.startswith("{"):
                continue
            msg = json.loads(line)
            if "start" in msg:
                current = msg["start"]
            else:
                outcomes[msg["index"]] = msg["outcome"]
        if proc.returncode == 0:
            break
        outcomes[current] = {"crash": proc.returncode}
        start = current + 1
    forms = {form_id(FORMS[i][0], FORMS[i][1]): outcomes[i] for i in range(len(FORMS))}
    with open(GOLDEN, "w") as f:
        json.dump({**stamp, "forms": forms, "c_methods": _c_methods()}, f, indent=0, sort_keys=True)
        f.write("\n")
    crashes = sum("crash" in v for v in forms.values())
    print(f"recorded {len(forms)} call forms ({crashes} crash real Paddle) -> {os.path.normpath(GOLDEN)}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        _child(int(sys.argv[2]))
    else:
        main()
