"""Running programs the AMP rewrite filled with float16/bfloat16 casts.

Real Paddle 2.6.2's CPU build cannot run these (no float16 matmul kernel; its bfloat16 matmul gradient crashes),
so the numbers here are checked against a torch composition of the same ops in the same dtypes (the op lists and
dtypes themselves are compared with the oracle's programs in test_static_amp.py).
"""

import numpy as np
import paddle
import pytest
import torch

from paddle_compat.static.amp import _rewrite


@pytest.fixture(autouse=True)
def _dynamic_after():
    yield
    paddle.disable_static()


def _mlp_program(decorate, lists_dtype="float16"):
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    scope = paddle.static.Scope()
    with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4, 8], "float32")
        y = paddle.static.data("y", [4, 2], "float32")
        h = paddle.nn.functional.relu(paddle.nn.Linear(8, 16)(x))
        out = paddle.nn.Linear(16, 2)(h)
        loss = paddle.nn.functional.mse_loss(out, y)
        lists = paddle.static.amp.AutoMixedPrecisionLists(dtype=lists_dtype)
        lists.unsupported_list = set()  # cast as a GPU build of Paddle does
        opt = decorate(paddle.optimizer.SGD(learning_rate=0.1), lists)
        opt.minimize(loss)
    return main, startup, scope, loss, opt


def _weights(main):
    rng = np.random.RandomState(3)
    return {p.name: rng.uniform(-0.5, 0.5, size=p.shape).astype("float32")
            for p in sorted(main.all_parameters(), key=lambda p: p.name)}


def _feed():
    rng = np.random.RandomState(5)
    return {"x": rng.uniform(-1, 1, (4, 8)).astype("float32"), "y": rng.uniform(-1, 1, (4, 2)).astype("float32")}


def _reference_o1_fp16(w, feed, scale):
    """The O1 program of the MLP (matmul/add/relu/sub in float16, square and mean in float32) in torch."""
    params = {k: torch.tensor(v, requires_grad=True) for k, v in w.items()}
    x, y = torch.tensor(feed["x"]), torch.tensor(feed["y"])
    h = torch.relu(x.half() @ params["linear_0.w_0"].half() + params["linear_0.b_0"].half())
    out = h @ params["linear_2.w_0"].half() + params["linear_2.b_0"].half()
    loss = ((out - y.half()).float() ** 2).mean()
    grads = torch.autograd.grad(loss * scale, list(params.values()))
    return float(loss), {k: g / scale for k, g in zip(params, grads)}


def test_o1_fp16_casts_compute_in_float16():
    main, startup, scope, loss, _ = _mlp_program(
        lambda opt, lists: paddle.static.amp.decorate(opt, lists, level="O1", init_loss_scaling=1024.0))
    w, feed = _weights(main), _feed()
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for name, value in w.items():
            scope.find_var(name).get_tensor().set(value, paddle.CPUPlace())
        (value,) = exe.run(main, feed=feed, fetch_list=[loss])
        after = {n: np.array(scope.find_var(n).get_tensor()) for n in w}
        scaling = np.array(scope.find_var("loss_scaling_0").get_tensor())
    paddle.disable_static()  # the reference runs on plain torch, outside the program recorder
    ref_loss, ref_grads = _reference_o1_fp16(w, feed, 1024.0)
    assert float(value) == pytest.approx(ref_loss, rel=1e-6)
    for n in w:  # parameters stay float32 at O1; SGD applies the unscaled float32 gradient
        assert after[n].dtype == np.float32
        np.testing.assert_allclose(after[n], w[n] - 0.1 * ref_grads[n].numpy(), rtol=1e-5, atol=1e-6)
    assert scaling.tolist() == [1024.0]


def test_o2_fp16_parameters_and_master_weights():
    main, startup, scope, loss, opt = _mlp_program(
        lambda opt, lists: paddle.static.amp.decorate(opt, lists, level="O2", init_loss_scaling=1.0,
                                                      use_dynamic_loss_scaling=False))
    assert {p.name: str(p.dtype) for p in main.all_parameters()} == {
        "linear_0.w_0": "paddle.float16", "linear_0.b_0": "paddle.float16", "linear_2.w_0": "paddle.float16",
        "linear_2.b_0": "paddle.float16"}
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        init = {p.name: np.array(scope.find_var(p.name).get_tensor()) for p in main.all_parameters()}
        masters = {n: np.array(scope.find_var(n + "_fp32_master_0").get_tensor()) for n in init}
        opt.amp_init(paddle.CPUPlace(), scope=scope)
        for n in init:  # startup: master = the float32 initial value; amp_init: the parameter becomes float16
            np.testing.assert_array_equal(masters[n], init[n])
            assert np.array(scope.find_var(n).get_tensor()).dtype == np.float16
        exe.run(main, feed=_feed(), fetch_list=[loss])
        for n in init:  # the update runs on the float32 master; the parameter is its float16 rounding
            master = np.array(scope.find_var(n + "_fp32_master_0").get_tensor())
            assert master.dtype == np.float32 and not np.array_equal(master, init[n])
            np.testing.assert_array_equal(np.array(scope.find_var(n).get_tensor()), master.astype(np.float16))


def test_bf16_cast_truncates_like_paddles_cpu_kernel():
    # Paddle's CPU cast keeps the upper 16 bits (measured with the oracle: 1 + 2**-8 + 2**-10 -> 1.0,
    # 1 + 3 * 2**-8 -> 1.0078125), torch rounds to nearest (1.0078125 and 1.015625)
    x = torch.tensor([1 + 2**-8 + 2**-10, 1 + 3 * 2**-8, -2.5e-3], requires_grad=True)
    y = _rewrite._truncate_to_bf16(x)
    assert y.dtype == torch.bfloat16
    assert y.float().tolist()[:2] == [1.0, 1.0078125]
    (g,) = torch.autograd.grad(y.float().sum(), x)
    assert g.tolist() == [1.0, 1.0, 1.0]


def test_decorate_bf16_o1_trains():
    main, startup, scope, loss, _ = _mlp_program(
        lambda opt, lists: paddle.static.amp.bf16.decorate_bf16(opt), lists_dtype="bfloat16")
    w, feed = _weights(main), _feed()
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for name, value in w.items():
            scope.find_var(name).get_tensor().set(value, paddle.CPUPlace())
        (first,) = exe.run(main, feed=feed, fetch_list=[loss])
        (second,) = exe.run(main, feed=feed, fetch_list=[loss])
    paddle.disable_static()
    # the same composition in torch: bf16 (truncating) casts of x, y and the parameters, bf16 matmul/add/relu/sub,
    # float32 square and mean
    def bf16(a):
        return _rewrite._truncate_to_bf16(torch.tensor(a))

    h = torch.relu(bf16(feed["x"]) @ bf16(w["linear_0.w_0"]) + bf16(w["linear_0.b_0"]))
    out = h @ bf16(w["linear_2.w_0"]) + bf16(w["linear_2.b_0"])
    ref = ((out - bf16(feed["y"])).float() ** 2).mean()
    assert float(first) == pytest.approx(float(ref), rel=1e-6)
    assert float(second) < float(first)


def test_bf16_test_program_and_inference_model(tmp_path):
    # the O1 bf16 rewrite of a test program (amp_init(test_program=..., use_bf16_test=True)) and its inference
    # model: the same outputs as the training program's forward (Paddle 2.6.2 segfaults running these on CPU)
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    scope = paddle.static.Scope()
    with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup), \
            paddle.static.scope_guard(scope):
        x = paddle.static.data("x", [None, 8], "float32")
        out = paddle.nn.Linear(16, 2)(paddle.nn.functional.relu(paddle.nn.Linear(8, 16)(x)))
        loss = paddle.mean(out)
        test_prog = main.clone(for_test=True)
        opt = paddle.static.amp.bf16.decorate_bf16(paddle.optimizer.SGD(learning_rate=0.1))
        opt.minimize(loss)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        opt.amp_init(paddle.CPUPlace(), test_program=test_prog, use_bf16_test=True)
        assert [op.type for op in test_prog.global_block().ops].count("cast") == 6
        feed = {"x": _feed()["x"]}
        (from_test,) = exe.run(test_prog, feed=feed, fetch_list=[out.name])
        (from_main,) = exe.run(main, feed=feed, fetch_list=[out.name])
        assert from_test.dtype == np.uint16  # bfloat16 fetched as bit patterns, as Paddle does
        np.testing.assert_array_equal(from_test, from_main)
        path = str(tmp_path / "bf16")
        paddle.static.save_inference_model(path, [x], [out], exe, program=test_prog)
        prog, feeds, fetches = paddle.static.load_inference_model(path, exe)
        (loaded,) = exe.run(prog, feed=feed, fetch_list=fetches)
        (from_test,) = exe.run(test_prog, feed=feed, fetch_list=[out.name])  # after the training step
    # the exported graph casts with torch's rounding (the saved cast op is Paddle's): within one bf16 ulp
    as_float = (loaded.astype(np.uint32) << 16).view(np.float32)
    expected = (from_test.astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_allclose(as_float, expected, rtol=2e-2, atol=1e-2)
