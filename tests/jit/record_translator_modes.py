"""Record, with REAL Paddle 2.6.2, how a @to_static function behaves around static mode and re-decoration:

    .oracle/bin/python -m tests.jit.record_translator_modes   -> tests/goldens/jit_translator_modes.json

Each scenario runs in a fresh interpreter (the translator's log level and the static mode are process state)."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "goldens", "jit_translator_modes.json")

NET = """
import paddle
class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.linear = paddle.nn.Linear(4, 2)
    @paddle.jit.to_static
    def forward(self, x):
        return self.linear(x)
"""
SCENARIOS = {
    # a to_static'd Layer called while static mode is on
    "call_in_static_mode": NET + """
net = Net()
paddle.enable_static()
try:
    net(paddle.static.data(name="x", shape=[None, 4], dtype="float32"))
    print("RESULT no error")
except Exception as e:
    print("RESULT", type(e).__name__, str(e).replace(repr(net.forward.dygraph_function), "<FUNCTION>"))
""",
    # to_static on a Layer whose forward is already decorated: logged only when verbosity is not -1
    "redecorate_default": NET + "net = paddle.jit.to_static(Net())\nprint('RESULT done')\n",
    "redecorate_stdout": NET + "paddle.jit.set_verbosity(1, also_to_stdout=True)\n"
                               "net = paddle.jit.to_static(Net())\nprint('RESULT done')\n",
}


def run(python, code):
    env = dict(os.environ, GLOG_minloglevel="3")
    env.pop("TRANSLATOR_VERBOSITY", None)
    proc = subprocess.run([python, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    stdout = [line for line in proc.stdout.splitlines() if line.strip()]
    stderr_has_warning = "has already been decorated" in proc.stderr
    return {"stdout": stdout, "stderr_has_warning": stderr_has_warning}


def main():
    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    golden["scenarios"] = {name: run(sys.executable, code) for name, code in SCENARIOS.items()}
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1)


if __name__ == "__main__":
    main()
