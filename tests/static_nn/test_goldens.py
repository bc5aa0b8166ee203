"""Replays tests/goldens/staticnn_layers.json (recorded from real Paddle 2.6.2 by record_goldens.py): every
``paddle.static.nn`` case of cases.py built in static mode here must create the same parameters (names, shapes,
dtypes), the same main/startup op types (with the same initializer attributes) and output variables, and --
with the recorded weights set through the scope -- fetch the recorded values; bad arguments raise Paddle's
exception types and messages; dygraph-mode calls behave as in Paddle."""

import json
import os

import numpy as np
import paddle
import pytest

from tools.api_diff.common import check_stamp

from .cases import BAD_CASES, CASES, DYGRAPH_CASES, TRAIN_CASES, TRAIN_STEPS

GOLDEN_PATH = os.path.join(os.path.dirname(__file__), "..", "goldens", "staticnn_layers.json")
with open(GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)
check_stamp(GOLDEN, GOLDEN_PATH)

SPECS = ["paddle.static.nn." + n for n in paddle.static.nn.__all__ if not n.startswith("sequence_")]


def dtype_name(dtype):
    return str(dtype).replace("paddle.", "")


@pytest.fixture
def static_mode():
    paddle.enable_static()
    try:
        yield
    finally:
        paddle.disable_static()


def build(inputs, builder):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
        data = [paddle.static.data(n, s, d) for n, s, d in inputs]
        out = builder(paddle, *data)
    return main, startup, out


@pytest.mark.verifies(*SPECS)
@pytest.mark.parametrize("name,inputs,builder,values", CASES, ids=[c[0] for c in CASES])
def test_static_case(static_mode, name, inputs, builder, values, capsys):
    golden = GOLDEN["cases"][name]
    main, startup, out = build(inputs, builder)
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    block = main.global_block()
    assert [[p.name, list(p.shape), dtype_name(p.dtype)] for p in block.all_parameters()] == golden["params"]
    startup_ops = [[op.type, op.output_arg_names] for op in startup.global_block().ops]
    assert startup_ops == [[t, o] for t, o, _ in golden["startup_ops"]]
    assert [[o.name, list(o.shape), dtype_name(o.dtype)] for o in outs] == golden["outputs"]
    if "run_error" in golden:  # Paddle could not run it outside a parameter-server job (sparse_embedding)
        assert [op.type for op in block.ops] == golden["main_ops"]
        return
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        for vname, (shape, dtype, flat) in golden["weights"].items():
            scope.var(vname).get_tensor().set(np.array(flat, dtype=dtype).reshape(shape), paddle.CPUPlace())
        feed = {k: np.array(golden["feed"][k], dtype=d) for k, _, d in golden["inputs"]}
        persistables = sorted(golden["weights"])
        fetched = exe.run(main, feed=feed, fetch_list=outs + persistables)
    if values:
        for got, want in zip(fetched, golden["fetched"]):
            np.testing.assert_allclose(got, np.array(want, dtype=got.dtype), rtol=1e-5, atol=1e-6)
        for pname, got in zip(persistables, fetched[len(outs):]):
            np.testing.assert_allclose(np.asarray(got).ravel(), golden["persistables_after"][pname], rtol=1e-5,
                                       atol=1e-6, err_msg=pname)
    # last, so that a difference in the recorded op list does not hide the values' check
    assert [op.type for op in block.ops] == golden["main_ops"]


@pytest.mark.parametrize("name,inputs,builder,values", CASES, ids=[c[0] for c in CASES])
def test_startup_initializer_attrs(static_mode, name, inputs, builder, values):
    """The default initializers' attributes on the startup ops (Xavier bounds, Normal std, constants)."""
    golden = GOLDEN["cases"][name]
    _, startup, _ = build(inputs, builder)
    for op, (_, _, attrs) in zip(startup.global_block().ops, golden["startup_ops"]):
        for key, value in attrs.items():
            assert op.attr(key) == pytest.approx(value), (op.type, op.output_arg_names, key)


@pytest.mark.parametrize("name,inputs,builder", BAD_CASES, ids=[c[0] for c in BAD_CASES])
def test_bad_arguments(static_mode, name, inputs, builder):
    golden = GOLDEN["bad"][name]
    if golden["error"] is None:
        build(inputs, builder)
        return
    with pytest.raises(Exception) as info:
        build(inputs, builder)
    assert type(info.value).__name__ == golden["error"]
    assert str(info.value)[:300] == golden["message"]


@pytest.mark.parametrize("name,builder,values", DYGRAPH_CASES, ids=[c[0] for c in DYGRAPH_CASES])
def test_dygraph_mode(name, builder, values):
    golden = GOLDEN["dygraph"][name]
    if golden["error"] is not None:
        with pytest.raises(Exception) as info:
            builder(paddle)
        assert type(info.value).__name__ == golden["error"]
        assert str(info.value)[:300] == golden["message"]
        return
    out = builder(paddle)
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    assert type(out).__name__ == golden["container"]
    assert [list(o.shape) for o in outs] == golden["shapes"]
    assert [dtype_name(o.dtype) for o in outs] == golden["dtypes"]
    if values:
        for got, want in zip(outs, golden["values"]):
            np.testing.assert_allclose(got.numpy(), np.array(want), rtol=1e-5, atol=1e-6)


@pytest.mark.verifies("paddle.static.nn.conv2d", "paddle.static.nn.batch_norm", "paddle.static.nn.group_norm",
                      "paddle.static.nn.py_func", "paddle.static.nn.row_conv", "paddle.static.nn.instance_norm",
                      "paddle.static.nn.conv2d_transpose", "paddle.static.nn.while_loop",
                      "paddle.static.nn.switch_case",
                      "paddle.static.nn.prelu", "paddle.static.nn.fc", "paddle.static.nn.cond",
                      "paddle.static.nn.layer_norm", "paddle.static.nn.embedding",
                      "paddle.static.nn.bilinear_tensor_product", "paddle.static.nn.spectral_norm")
@pytest.mark.parametrize("name,inputs,builder", TRAIN_CASES, ids=[c[0] for c in TRAIN_CASES])
def test_static_training(static_mode, name, inputs, builder):
    """SGD steps through the layers (gradients through every kernel and the taken cond branch): losses and final
    parameters equal Paddle's from the same weights."""
    golden = GOLDEN["train"][name]
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
        data = [paddle.static.data(n, s, d) for n, s, d in inputs]
        loss = builder(paddle, *data)
        paddle.optimizer.SGD(learning_rate=0.1).minimize(loss)
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        for vname, (shape, dtype, flat) in golden["weights"].items():
            scope.var(vname).get_tensor().set(np.array(flat, dtype=dtype).reshape(shape), paddle.CPUPlace())
        feed = {k: np.array(golden["feed"][k], dtype=d) for k, _, d in golden["inputs"]}
        losses = [float(exe.run(main, feed=feed, fetch_list=[loss])[0]) for _ in range(TRAIN_STEPS)]
        final = {n: np.array(scope.find_var(n).get_tensor()).ravel() for n in golden["final"]}
    np.testing.assert_allclose(losses, golden["losses"], rtol=1e-4)
    for pname, values in golden["final"].items():
        np.testing.assert_allclose(final[pname], values, rtol=1e-4, atol=1e-5, err_msg=pname)
