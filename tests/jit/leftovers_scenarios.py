"""Leftovers from running Paddle's tutorials under both Paddle and ours (guides/jit/basic_usage_cn and others):
jit.save without input_spec, unknown-attribute errors, the logging handlers after import.

Record (oracle only): ``.oracle/bin/python -m tests.jit.leftovers_scenarios`` writes
tests/goldens/jitleft_scenarios.json (code + real Paddle 2.6.2's outcome, via tests.docs_programs.outcome);
tests/jit/test_leftovers_*.py and tests/nn/test_layer_errors.py replay it with ours.
"""
import json
import os

GOLDEN_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "goldens",
                           "jitleft_scenarios.json")

_NET = ("import os, tempfile\n"
        "class Net(paddle.nn.Layer):\n    def __init__(self):\n        super().__init__()\n"
        "        self._linear = paddle.nn.Linear(8, 3)\n\n    def forward(self, x):\n        return self._linear(x)\n\n"
        "path = os.path.join(tempfile.mkdtemp(), 'example.model', 'linear')\n")
# what was saved: Paddle's three files, the feeds' names and shapes, and the loaded model's answer
_SAVED = ("paddle.jit.save(layer, path)\nloaded = paddle.jit.load(path)\nx = paddle.ones([2, 8])\n"
          "files = sorted(f for f in os.listdir(os.path.dirname(path)) if not f.endswith('.pt2'))\n"
          "specs = [[s.name, list(s.shape), str(s.dtype)] for s in loaded._input_spec()]\n"
          "result = [files, specs, loaded(x).shape, bool(paddle.allclose(loaded(x), layer(x)))]\n")

_FRESH_INTERPRETER = (
    "import re, subprocess, sys\n"
    "def run(code):\n"
    "    done = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, timeout=600)\n"
    "    err = [re.sub(r'^\\[[0-9-]+ [0-9:,]+\\]', '[TIME]', line) for line in done.stderr.splitlines()\n"
    "           if 'user' in line]\n"
    "    return [done.returncode, done.stdout.splitlines(), err]\n")

SCENARIOS = {
    # guides/jit/basic_usage_cn block 4: jit.save(layer, path) after training through to_static, no input_spec
    "jit_save_traced": {
        "functional_to_static_called": (_NET + "layer = paddle.jit.to_static(Net())\nlayer(paddle.randn([16, 8]))\n"
                                        "layer(paddle.randn([16, 8]))\n" + _SAVED),
        "last_call_shape_wins": (_NET + "layer = paddle.jit.to_static(Net())\nlayer(paddle.randn([16, 8]))\n"
                                 "layer(paddle.randn([5, 8]))\n" + _SAVED),
        "decorated_forward_called": (
            _NET + "class Deco(Net):\n    @paddle.jit.to_static\n    def forward(self, x):\n"
            "        return self._linear(x)\n\nlayer = Deco()\nlayer(paddle.randn([4, 8]))\n" + _SAVED),
        "two_tensor_args_kwarg": (
            _NET + "class Two(Net):\n    @paddle.jit.to_static\n    def forward(self, img, lab=None):\n"
            "        return self._linear(img) + lab\n\nlayer = Two()\n"
            "layer(paddle.randn([4, 8]), lab=paddle.ones([4, 3]))\n"
            "paddle.jit.save(layer, path)\nloaded = paddle.jit.load(path)\n"
            "specs = [[s.name, list(s.shape), str(s.dtype)] for s in loaded._input_spec()]\n"
            "x, y = paddle.ones([4, 8]), paddle.ones([4, 3])\n"
            "result = [specs, bool(paddle.allclose(loaded(x, y), layer(x, y)))]\n"),
        "never_called": _NET + "layer = paddle.jit.to_static(Net())\npaddle.jit.save(layer, path)\n",
        "plain_layer_called": _NET + "layer = Net()\nlayer(paddle.ones([2, 8]))\npaddle.jit.save(layer, path)\n",
        "function_called": (_NET + "@paddle.jit.to_static\ndef double(a):\n    return a * 2\n\n"
                            "double(paddle.ones([3]))\nimport warnings\nwith warnings.catch_warnings():\n"
                            "    warnings.simplefilter('ignore')\n    paddle.jit.save(double, path)\n"
                            "loaded = paddle.jit.load(path)\n"
                            "result = [[[s.name, list(s.shape)] for s in loaded._input_spec()], "
                            "loaded(paddle.ones([3]))]\n"),
        # practices/image_search_with_jit block 10: forward decorated with the call form to_static(), ending in
        # x / paddle.norm(x, axis=1, keepdim=True) (p_norm and a tensor true-divide in the saved program)
        "normalized_embedding": (
            _NET + "class MyNet2(paddle.nn.Layer):\n"
            "    def __init__(self):\n        super().__init__()\n"
            "        self.conv1 = paddle.nn.Conv2D(3, 8, (3, 3), stride=2)\n        self.relu = paddle.nn.ReLU()\n"
            "        self.pool = paddle.nn.AdaptiveAvgPool2D((1, 1))\n        self.fc1 = paddle.nn.Linear(8, 4)\n\n"
            "    @paddle.jit.to_static()\n    def forward(self, x):\n"  # no globals: the scenario's module is no file
            "        x = self.pool(self.relu(self.conv1(x))).squeeze(axis=[2, 3])\n        x = self.fc1(x)\n"
            "        return x / x.norm(axis=1, keepdim=True)\n\n"
            "layer = MyNet2()\nlayer(paddle.randn([6, 3, 16, 16]))\npaddle.jit.save(layer, path)\n"
            "loaded = paddle.jit.load(path)\nx = paddle.randn([6, 3, 16, 16])\n"
            "result = [[[s.name, list(s.shape)] for s in loaded._input_spec()], loaded(x).shape, "
            "bool(paddle.allclose(loaded(x), layer(x), atol=1e-6))]\n"),
        # basic_usage_cn block 9: paddle.load of a jit.save prefix gives the parameters by structured name
        "paddle_load_of_prefix": (
            _NET + "layer = Net()\npaddle.jit.save(layer, path, input_spec=[paddle.static.InputSpec([None, 8])])\n"
            "state = paddle.load(path)\nnamed = paddle.load(path, keep_name_table=True, return_numpy=False)\n"
            "fresh = Net()\nfresh.set_state_dict(state)\nx = paddle.ones([2, 8])\n"
            "result = [type(state).__name__, [[k, type(v).__name__, list(v.shape), str(v.dtype)] "
            "for k, v in state.items()], list(named), bool(paddle.allclose(fresh(x), layer(x)))]\n"),
        # basic_usage_cn block 26: the decorator itself (to_static(input_spec=...) with no function) saved
        "decorator_saved": (_NET + "from paddle.static import InputSpec\n"
                            "net = paddle.jit.to_static(input_spec=[InputSpec(shape=[None, 10], name='x')])\n"
                            "paddle.jit.save(net, path=path)\n"),
    },
    # unknown attributes of Layers, Tensors, Parameters and of modules reached as paddle.x (ours are
    # paddle_compat.x objects; Python's own message would name that module)
    "missing_attribute": {
        "linear": "paddle.nn.Linear(2, 3).nonexistent",
        "layer_subclass": "class My(paddle.nn.Layer):\n    pass\n\nMy().nonexistent",
        "sequential": "paddle.nn.Sequential(paddle.nn.Linear(2, 3)).nonexistent",
        "layer_list": "paddle.nn.LayerList([paddle.nn.Linear(2, 3)]).nonexistent",
        "tensor": "paddle.ones([2]).nonexistent",
        "parameter": "paddle.nn.Linear(2, 3).weight.nonexistent",
        "model_class": "paddle.Model.nonexistent",
        "hasattr_getattr_default": ("result = [hasattr(paddle.nn, 'Linear'), hasattr(paddle.nn, 'zzz'), "
                                    "getattr(paddle.optimizer, 'zzz', 5)]"),
        **{f"module_{name.replace('.', '_')}": f"paddle.{name}.nonexistent" for name in (
            "nn", "nn.functional", "nn.initializer", "vision", "vision.models", "vision.transforms", "static",
            "static.nn", "jit", "optimizer", "optimizer.lr", "io", "distributed", "linalg", "metric", "utils",
            "incubate", "fft", "amp", "hapi", "callbacks", "regularizer", "autograd", "device", "signal",
            "sparse", "text", "distribution", "framework", "tensor")},
        "module_paddle": "paddle.nonexistent",
    },
    # Paddle's import configures the root logger (distributed log_utils.get_logger on "root"); what a user's
    # logging.basicConfig + logging.info/warning then print (stderr of a fresh interpreter, times masked)
    "root_logger": {
        name: _FRESH_INTERPRETER + f"result = run({code!r})\n" for name, code in {
            "basic_config_after_import": (
                "import logging, paddle\n"
                "logging.basicConfig(level=logging.INFO, format='%(levelname)s:%(name)s:%(message)s')\n"
                "logging.info('user info')\nlogging.warning('user warning')\n"
                "logging.getLogger('mine').warning('user named warning')\n"
                "logging.getLogger('mine').info('user named info')\n"
                "r = logging.getLogger()\nh = r.handlers[0]\n"
                "print(r.level, r.propagate, len(r.handlers), type(h).__name__, h.level, h.formatter._fmt)"),
            "basic_config_before_import": (
                "import logging\n"
                "logging.basicConfig(level=logging.INFO, format='%(levelname)s:%(name)s:%(message)s')\n"
                "logging.info('user info before')\nimport paddle\nlogging.info('user info')\n"
                "logging.warning('user warning')\nr = logging.getLogger()\n"
                "print(r.level, r.propagate, len(r.handlers), r.handlers[0].formatter._fmt)"),
            "after_jit_and_hapi": (
                "import logging, paddle\nf = paddle.jit.to_static(lambda x: x + 1)\n"
                "m = paddle.Model(paddle.nn.Linear(2, 1))\n"
                "logging.basicConfig(level=logging.DEBUG)\nlogging.info('user info')\n"
                "logging.error('user error')\nr = logging.getLogger()\nprint(r.level, r.propagate, len(r.handlers))"),
        }.items()
    },
}

def golden_cases(topic):
    """(case, code, real Paddle's outcome) for every recorded case of ``topic``, after the stamp check."""
    from tools.api_diff.common import check_stamp

    with open(GOLDEN_PATH) as f:
        golden = json.load(f)
    check_stamp(golden, GOLDEN_PATH)
    return [(case, rec["code"], rec["outcome"]) for case, rec in golden["topics"][topic].items()]


def main():
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    import numpy as np
    import paddle

    from tests.docs_programs import outcome

    topics = {}
    for topic, cases in SCENARIOS.items():
        topics[topic] = {}
        for case, code in cases.items():
            paddle.seed(0)
            np.random.seed(0)
            topics[topic][case] = {"code": code, "outcome": outcome(code)}
    with open(GOLDEN_PATH, "w") as f:
        json.dump({**stamp, "topics": topics}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {GOLDEN_PATH}: " + ", ".join(f"{t} {len(c)}" for t, c in topics.items()))


if __name__ == "__main__":
    main()
