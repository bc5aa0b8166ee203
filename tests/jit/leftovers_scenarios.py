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
        # basic_usage_cn block 26: the decorator itself (to_static(input_spec=...) with no function) saved
        "decorator_saved": (_NET + "from paddle.static import InputSpec\n"
                            "net = paddle.jit.to_static(input_spec=[InputSpec(shape=[None, 10], name='x')])\n"
                            "paddle.jit.save(net, path=path)\n"),
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
