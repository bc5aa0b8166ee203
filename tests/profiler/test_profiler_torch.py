"""Our profiler's own behaviour on torch.profiler (no Paddle data here: what Paddle's C++ profiler records
differs by nature, e.g. op names; layout and state machine are checked against the oracle in
test_profiler_scenarios.py)."""

import contextlib
import io
import json
import os

import pytest


def _model(paddle):
    paddle.seed(0)
    model = paddle.nn.Linear(8, 4)
    return model, paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())


def _train(paddle, steps, prof, model_and_optimizer=None):
    model, opt = model_and_optimizer or _model(paddle)
    for _ in range(steps):
        with paddle.profiler.RecordEvent("my_block"):
            loss = model(paddle.ones([4, 8])).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        prof.step()


def test_chrome_trace_holds_profile_steps_and_user_ranges(tmp_path):
    import paddle

    prof = paddle.profiler
    with prof.Profiler(targets=[prof.ProfilerTarget.CPU], scheduler=(1, 3),
                       on_trace_ready=prof.export_chrome_tracing(str(tmp_path), "w")) as p:
        _train(paddle, 4, p)
    (name,) = os.listdir(tmp_path)
    assert name.startswith("w_time_") and name.endswith(".paddle_trace.json")
    with open(tmp_path / name) as f:
        names = {e.get("name") for e in json.load(f)["traceEvents"]}
    assert {"ProfileStep#1", "ProfileStep#2", "my_block", "Linear", "Gradient Backward",
            "Optimization Step"} <= names
    assert "ProfileStep#0" not in names and "ProfileStep#3" not in names


def test_summary_rows_come_from_the_recording():
    import paddle

    prof = paddle.profiler
    p = prof.Profiler(targets=[prof.ProfilerTarget.CPU], on_trace_ready=lambda p: None, with_flops=True)
    model_and_optimizer = _model(paddle)  # built before recording: the FLOPs listing starts at the layer
    p.start()
    _train(paddle, 2, p, model_and_optimizer)
    p.stop()
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        p.summary()
    text = buf.getvalue()
    rows = {line.split()[0]: line.split()[1] for line in text.splitlines()
            if line and line[0].isalpha() and len(line.split()) > 1}
    assert rows["my_block"] == "2"
    assert any(r.startswith("aten::") for r in rows)
    model_rows = [line for line in text.splitlines() if line.startswith("  Forward") or line.startswith("  Backward")
                  or line.startswith("  Optimization")]
    assert len(model_rows) == 6 and all(line.split()[1] == "2" for line in model_rows)
    assert "Flops Profiler Begin" in text and "Linear latency:" in text


def test_protobuf_is_refused_with_a_clear_error(tmp_path):
    import paddle

    prof = paddle.profiler
    p = prof.Profiler(targets=[prof.ProfilerTarget.CPU], on_trace_ready=prof.export_protobuf(str(tmp_path)))
    p.start()
    p.step()
    with pytest.raises(NotImplementedError, match="protobuf"):
        p.stop()
    with pytest.raises(NotImplementedError, match="protobuf"):
        p.export(str(tmp_path / "x.pb"), "pb")
    with pytest.raises(NotImplementedError, match="protobuf"):
        prof.load_profiler_result(str(tmp_path / "x.pb"))


def test_model_phase_hooks_are_removed_after_stop():
    import paddle

    from paddle_compat._core.tensor import Tensor
    from paddle_compat.io import reader
    from paddle_compat.nn.layer.layers import Layer

    before = (Layer.__dict__["__call__"], Tensor.__dict__["backward"], reader._SingleProcessIter.__dict__["__next__"])
    prof = paddle.profiler
    with pytest.raises(RuntimeError, match="boom"), prof.Profiler(on_trace_ready=lambda p: None):
        assert Layer.__dict__["__call__"] is not before[0]
        raise RuntimeError("boom")
    after = (Layer.__dict__["__call__"], Tensor.__dict__["backward"], reader._SingleProcessIter.__dict__["__next__"])
    assert after == before
    assert not prof.utils.in_profiler_mode()


def test_timer_only_records_nothing_and_times_steps():
    import paddle

    prof = paddle.profiler
    p = prof.Profiler(timer_only=True)
    p.start()
    for _ in range(3):
        p.step(num_samples=2)
    info = p.step_info(unit="images")
    p.stop()
    assert p.profiler_result is None
    assert info.startswith(" batch_cost: ") and info.endswith(" images/s")
