"""Replays tests/goldens/staticnn_base.json (real Paddle 2.6.2, record_goldens.py --base): paddle.base's public
names, dygraph.guard from static mode, LayerHelper in both modes, DataFeeder, core.Scope/LoDTensor; and
paddle.fluid's aliases are the very 2.6.2 objects."""

import json
import os

import numpy as np
import paddle
import pytest

from tools.api_diff.common import check_stamp

from .base_scenarios import SCENARIOS

GOLDEN_PATH = os.path.join(os.path.dirname(__file__), "..", "goldens", "staticnn_base.json")
with open(GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)
check_stamp(GOLDEN, GOLDEN_PATH)
# modules Paddle's package namespace leaks (os, sys, atexit...) or that name its build
_NOT_API = {"atexit", "os", "sys", "core_suffix", "platform"}


def test_base_public_names_present():
    import paddle.base as base

    missing = [n for n in GOLDEN["base_names"] if n not in _NOT_API and not hasattr(base, n)]
    assert missing == []


@pytest.mark.verifies("paddle.base.dygraph", "paddle.base.layer_helper", "paddle.base.DataFeeder", "paddle.base.core")
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_base_scenario(name):
    want = GOLDEN["scenarios"][name]
    got = json.loads(json.dumps(SCENARIOS[name](paddle)))
    assert got == want


def test_fluid_aliases_are_the_same_objects():
    import paddle.fluid as fluid

    assert fluid.Executor is paddle.static.Executor
    assert fluid.Program is paddle.static.Program
    assert fluid.data is paddle.static.data
    assert fluid.ParamAttr is paddle.ParamAttr
    assert fluid.layers.conv2d is paddle.static.nn.conv2d
    assert fluid.layers.cond is paddle.static.nn.cond
    assert fluid.dygraph.guard is paddle.base.dygraph.guard
    assert fluid.dygraph.Layer is paddle.nn.Layer
    assert fluid.initializer.Xavier is paddle.nn.initializer.XavierInitializer
    assert fluid.io.DataLoader is paddle.io.DataLoader
    assert fluid.core is paddle.base.core
    with pytest.raises(AttributeError, match="paddle.add"):
        fluid.layers.elementwise_add  # noqa: B018
    with pytest.raises(AttributeError, match="paddle.nn.Linear"):
        fluid.dygraph.Linear  # noqa: B018


def test_fluid_static_script_trains():
    """A Paddle 2.4-style static script (fluid.layers.data/fc, fluid.optimizer.SGD) runs and its loss falls."""
    import paddle.fluid as fluid

    paddle.enable_static()
    try:
        main, startup = fluid.Program(), fluid.Program()
        with fluid.program_guard(main, startup), fluid.unique_name.guard():
            x = fluid.layers.data("x", [3])
            y = fluid.data("y", [-1, 1])
            constant = fluid.initializer.Constant(0.1)
            hidden = fluid.layers.fc(input=x, size=4, act="relu",
                                     param_attr=fluid.ParamAttr(name="h.w", initializer=constant))
            pred = fluid.layers.fc(hidden, 1, param_attr=fluid.ParamAttr(initializer=fluid.initializer.Constant(0.1)))
            loss = paddle.mean((pred - y) ** 2)
            fluid.optimizer.SGD(learning_rate=0.1).minimize(loss)
        assert list(x.shape) == [-1, 3]
        assert list(main.global_block().var("h.w").shape) == [3, 4]
        exe = fluid.Executor(fluid.CPUPlace())
        with fluid.scope_guard(fluid.core.Scope()):
            exe.run(startup)
            feed = {"x": np.ones([2, 3], "float32"), "y": np.ones([2, 1], "float32")}
            losses = [float(exe.run(main, feed=feed, fetch_list=[loss])[0]) for _ in range(5)]
        assert losses == sorted(losses, reverse=True) and losses[-1] < losses[0]
    finally:
        paddle.disable_static()
