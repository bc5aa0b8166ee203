"""Executor bad input, printed forms, scope API, misc static helpers vs real Paddle 2.6.2 (golden
tests/goldens/static_engine.json, recorded by tests/static/record_static.py with the oracle)."""


import numpy as np

from . import static_programs as sp


def _core(message):
    """The first line of our message without Paddle's error-class prefix."""
    line = message.splitlines()[0]
    return line.split(") ", 1)[1] if line.startswith("(") else line


def test_bad_inputs_as_paddle(golden, paddle):
    ours = sp.bad_inputs(paddle)
    for case, (kind, message) in golden["bad_inputs"].items():
        assert ours[case][0] == kind, case
        assert _core(ours[case][1]) in message, (case, ours[case][1])


def test_printed_forms(golden, paddle):
    assert sp.reprs(paddle) == golden["reprs"]


def test_scope_and_places(paddle):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 3], "float32")
        g = paddle.static.create_global_var([2], 1.5, "float32", persistable=True, name="gv")
        y = paddle.static.Print(x, message="m")
    scope = paddle.static.Scope()
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        assert paddle.static.global_scope() is scope
        np.testing.assert_array_equal(np.array(scope.find_var("gv").get_tensor()), [1.5, 1.5])
        assert scope.find_var("nope") is None
        out = exe.run(paddle.static.CompiledProgram(main), feed={"x": np.ones((2, 3), "float32")},
                      fetch_list=[y, g], return_numpy=False)
        np.testing.assert_array_equal(np.array(out[0]), np.ones((2, 3)))
        assert out[0].shape() == [2, 3]
    assert len(paddle.static.cpu_places(2)) == 2
    with paddle.static.program_guard(main, startup), paddle.static.device_guard("cpu"):
        z = x * 2.0
    assert main.global_block().ops[-1].attr("op_device") == "cpu" and z.shape == (-1, 3)


def test_clone_for_test_switches_dropout_off(paddle):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 8], "float32")
        y = paddle.nn.functional.dropout(x, 0.5)
    test = main.clone(for_test=True)
    exe = paddle.static.Executor()
    feed = {"x": np.ones((4, 8), "float32")}
    (train_out,) = exe.run(main, feed=feed, fetch_list=[y])
    (test_out,) = exe.run(test, feed=feed, fetch_list=[y])
    assert (train_out == 0).any()  # dropped, and re-sampled each run
    np.testing.assert_array_equal(test_out, np.ones((4, 8)))


def test_py_func(paddle):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2], "float32")
        out = main.global_block().create_var(name="pyout", shape=[2], dtype="float32")
        paddle.static.py_func(lambda t: np.array(t) * 3, x, out)
    (r,) = paddle.static.Executor().run(main, feed={"x": np.array([1.0, 2.0], "float32")}, fetch_list=[out])
    np.testing.assert_array_equal(r, [3.0, 6.0])


def test_creation_compare_and_shape_ops_as_paddle(golden, paddle):
    ours = sp.creation_and_compare(paddle)
    assert ours == golden["creation"]


def test_recorded_op_attrs_as_paddle(golden, paddle):
    assert sp.op_attrs(paddle) == golden["op_attrs"]


def test_lstm_in_static_mode_equals_dygraph(paddle):
    """paddle.nn.LSTM (torch's C++ kernel needs concrete sizes) builds with a symbolic batch and computes what
    the same layer computes in dygraph (consistency of the two modes; the kernel is covered by tests/nn)."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 5, 6], "float32")
        lstm = paddle.nn.LSTM(6, 4)
        y, (h, _c) = lstm(x)
    assert y.shape == (-1, 5, 4) and h.shape == (1, -1, 4)
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    data = np.random.RandomState(0).rand(3, 5, 6).astype("float32")
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        weights = {p.name: np.array(scope.find_var(p.name).get_tensor()) for p in main.all_parameters()}
        (static_y,) = exe.run(main, feed={"x": data}, fetch_list=[y])
    paddle.disable_static()
    try:
        eager = paddle.nn.LSTM(6, 4)
        static_params = dict(lstm.named_parameters())
        for name, p in eager.named_parameters():
            p.set_value(weights[static_params[name].name])
        eager_y, _ = eager(paddle.to_tensor(data))
        np.testing.assert_allclose(static_y, eager_y.numpy(), rtol=1e-6, atol=1e-6)
    finally:
        paddle.enable_static()


def test_auc_matches_paddle(golden, paddle):
    ours = sp.auc_record(paddle)
    np.testing.assert_allclose(ours["values"], golden["auc"]["values"], rtol=0, atol=1e-12)
    assert ours["ops"] == golden["auc"]["ops"]


def test_program_random_seed_makes_initialisation_reproducible(paddle):
    values = []
    for _ in range(2):
        main, startup = paddle.static.Program(), paddle.static.Program()
        startup.random_seed = 5
        with paddle.static.program_guard(main, startup):
            paddle.nn.Linear(4, 3)(paddle.static.data("x", [None, 4]))
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            paddle.static.Executor().run(startup)
            values.append(np.array(scope.find_var(main.all_parameters()[0].name).get_tensor()))
    np.testing.assert_array_equal(values[0], values[1])


def test_dataloader_feeds_in_static_mode(paddle):
    """DataLoader(feed_list=..., return_list=False) yields [{feed name: batch}] as Paddle's, which Executor.run
    takes as feed."""

    class Data(paddle.io.Dataset):
        def __len__(self):
            return 8

        def __getitem__(self, i):
            return np.full([4], i, "float32"), np.array([i % 2], "int64")

    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 4], "float32")
        y = paddle.static.data("y", [None, 1], "int64")
        loss = paddle.nn.functional.cross_entropy(paddle.nn.Linear(4, 2)(x), y)
        paddle.optimizer.SGD(0.1).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    loader = paddle.io.DataLoader(Data(), feed_list=[x, y], batch_size=4, return_list=False)
    steps = 0
    for data in loader:
        assert isinstance(data, list) and len(data) == 1 and sorted(data[0]) == ["x", "y"]
        (value,) = exe.run(main, feed=data, fetch_list=[loss])
        assert np.isfinite(value)
        steps += 1
    assert steps == 2


def test_prune_keeps_what_targets_need(paddle):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 3], "float32")
        a = paddle.nn.functional.relu(x)
        b = paddle.exp(x)
        c = a * 2.0
    pruned = main._prune([c])
    assert [op.type for op in pruned.global_block().ops] == ["relu", "scale"]
    assert b.name not in pruned.global_block().vars
    with_input = main._prune_with_input([a.name], [c])
    assert [op.type for op in with_input.global_block().ops] == ["scale"]
    (value,) = paddle.static.Executor().run(pruned, feed={"x": -np.ones((2, 3), "float32")}, fetch_list=[c])
    np.testing.assert_array_equal(value, np.zeros((2, 3)))
