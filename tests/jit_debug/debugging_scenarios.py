"""Debugging inside ``paddle.jit.to_static`` as Paddle's guide (guides/jit/debugging) shows it: ``print`` in a
translated function, ``paddle.jit.not_to_static``, ``paddle.jit.enable_to_static(False)``, ``set_code_level`` /
``set_verbosity``. Each scenario is a script run in a fresh interpreter; its stdout is what is compared (recorded
from real Paddle 2.6.2 by ``record_goldens.py`` into tests/goldens/jit_errors_debugging.json)."""

import os
import subprocess

_HEAD = "import numpy as np\nimport paddle\n\n"

SCRIPTS = {
    # print() of a Tensor and of plain values inside a translated function, on every call
    "print_inside": _HEAD + '''
@paddle.jit.to_static
def func(x):
    x = paddle.to_tensor(x)
    print(x)
    print("Here call print function.")
    y = x * 2
    print(y.shape, y.dtype)
    return y


print("OUT", func(np.ones([2], "float32")).numpy())
print("OUT", func(np.ones([2], "float32")).numpy())
''',
    # a not_to_static helper runs eagerly (numpy on a Tensor) inside a translated function
    "not_to_static": _HEAD + '''
@paddle.jit.not_to_static
def helper(x):
    print("helper runs eagerly:", type(x.numpy()).__name__)
    return paddle.to_tensor(np.asarray(x.numpy()) + 1)


@paddle.jit.to_static
def outer(x):
    return helper(x) * 3


print("NOT", outer(paddle.ones([2])).numpy())
print("NOT", outer(paddle.ones([2])).numpy())
''',
    # enable_to_static(False): every decorated function runs as plain Python, errors are dygraph's
    "enable_to_static_false": _HEAD + '''
calls = []


@paddle.jit.to_static
def func(x):
    calls.append(len(calls))
    print("python side effect", calls)
    if x.shape[0] > 2:
        raise ValueError("x has %d rows" % x.shape[0])
    return x + 1


paddle.jit.enable_to_static(False)
print("DISABLED", func(paddle.ones([2])).numpy())
try:
    func(paddle.ones([3]))
except ValueError as e:
    print("ERROR", type(e).__name__, str(e))
paddle.jit.enable_to_static(True)
print("ENABLED", func(paddle.ones([2])).numpy())
''',
    # the translator's log and code levels with the default (SOT) translator: nothing printed
    "levels_sot": _HEAD + '''
paddle.jit.set_code_level(100, also_to_stdout=True)
paddle.jit.set_verbosity(3, also_to_stdout=True)


@paddle.jit.to_static
def func(x):
    if x.shape[0] > 1:
        x = x - 1
    return x * 2


print("OUT", func(paddle.ones([2])).numpy())
''',
    # set_verbosity(1) with full_graph=True: the function's source, once
    "verbosity_full_graph": _HEAD + '''
paddle.jit.set_verbosity(1, also_to_stdout=True)


@paddle.jit.to_static(full_graph=True)
def func(x):
    return x * 2


print("OUT", func(paddle.ones([2])).numpy())
print("OUT", func(paddle.ones([2])).numpy())
''',
    # to_static(Layer, input_spec=...) with the default full_graph=False: Paddle's warning, attributed to its own
    # jit/dy2static/program_translator.py (so shown once per process by the default filter)
    "input_spec_warning": _HEAD + '''
import linecache
import warnings


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)


spec = [paddle.static.InputSpec([None, 4], "float32")]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    paddle.jit.to_static(Net(), input_spec=spec)
for w in caught:
    if "input_spec" in str(w.message):
        where = w.filename.replace("paddle_compat", "paddle").split("/paddle/")[-1]
        print("WARN", w.category.__name__, where, linecache.getline(w.filename, w.lineno).strip())
        print(str(w.message))
''',
}


def run(python, name, directory, timeout=600):
    """stdout lines of the script run by ``python`` in ``directory`` (Paddle's C++ log and PIR banners dropped)."""
    path = os.path.join(directory, f"jstdbg_{name}.py")
    with open(path, "w") as f:
        f.write(SCRIPTS[name])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TRANSLATOR_", "TORCH_LOGS"))}
    env.update(GLOG_minloglevel="3", PADDLE_COMPAT_JIT_BACKEND="eager")
    proc = subprocess.run([python, path], cwd=directory, capture_output=True, text=True, env=env, timeout=timeout,
                          stdin=subprocess.DEVNULL)
    lines = [line for line in proc.stdout.splitlines() if "Running PIR pass" not in line]
    return {"returncode": proc.returncode, "stdout": lines, "stderr": proc.stderr}
