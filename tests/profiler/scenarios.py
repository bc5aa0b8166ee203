"""paddle.profiler scenarios written against Paddle's public API only; each returns JSON-able facts.

Record the expected facts from real Paddle 2.6.2 (oracle interpreter):

    .oracle/bin/python tests/profiler/scenarios.py --record

tests/profiler/test_profiler_scenarios.py runs the same functions on our package and compares. Step timing
is made deterministic by replacing ``timeit.default_timer`` (which Paddle's profiler timer reads at each
call) with a clock that only moves when a scenario advances it.
"""

import contextlib
import io
import json
import os
import re
import socket
import sys
import tempfile
import timeit
import warnings

FIXTURE = os.path.join(os.path.dirname(__file__), "fixtures", "profiler_scenarios.json")
SCENARIOS = {}


def scenario(fn):
    SCENARIOS[fn.__name__] = fn
    return fn


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@contextlib.contextmanager
def fake_clock():
    clock = FakeClock()
    saved = timeit.default_timer
    timeit.default_timer = clock
    try:
        yield clock
    finally:
        timeit.default_timer = saved


def _captured(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn()
    return result, buf.getvalue(), [str(w.message) for w in caught]


def _outcome(fn):
    try:
        return {"ok": repr(fn())}
    except BaseException as e:  # noqa: BLE001
        return {"error": type(e).__name__, "message": str(e)}


@scenario
def enums(paddle):
    prof = paddle.profiler
    out = {}
    for cls in (prof.ProfilerState, prof.ProfilerTarget, prof.SummaryView, prof.SortedKeys, prof.TracerEventType):
        out[cls.__name__] = [[m.name, int(m.value), repr(m), str(m)] for m in cls.__members__.values()]
    return out


@scenario
def public_modules(paddle):
    prof = paddle.profiler
    return {name: getattr(prof, name).__module__ for name in prof.__all__ if isinstance(getattr(prof, name), type)}


def _sequence(scheduler, steps=14):
    return [scheduler(i).name for i in range(steps)]


@scenario
def make_scheduler_sequences(paddle):
    prof = paddle.profiler
    configs = [
        dict(closed=1, ready=1, record=4, repeat=1),
        dict(closed=1, ready=1, record=4, skip_first=1),
        dict(closed=1, ready=1, record=3, repeat=3),
        dict(closed=0, ready=0, record=2),
        dict(closed=2, ready=1, record=1, repeat=2, skip_first=3),
        dict(closed=0, ready=2, record=3),
    ]
    out = []
    for kw in configs:
        sched, _, warns = _captured(lambda kw=kw: prof.make_scheduler(**kw))
        out.append({"kwargs": kw, "states": _sequence(sched), "warnings": warns})
    for bad in (dict(closed=1, ready=1, record=0), dict(closed=-1, ready=1, record=2),
                dict(closed=1, ready=1, record=2, repeat=-1)):
        out.append({"kwargs": bad, "outcome": _outcome(lambda bad=bad: prof.make_scheduler(**bad))})
    out.append({"positional": _outcome(lambda: prof.make_scheduler(1, 1, 2))})
    return out


def _train_step(paddle, model, opt):
    x = paddle.ones([4, 8])
    with paddle.profiler.RecordEvent("my_block"):
        y = model(x).mean()
    y.backward()
    opt.step()
    opt.clear_grad()


def _model(paddle):
    paddle.seed(0)
    model = paddle.nn.Linear(8, 4)
    return model, paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())


def _run_schedule(paddle, scheduler, steps):
    prof = paddle.profiler
    model, opt = _model(paddle)
    calls = []

    def ready(p):
        calls.append({"step_num": p.step_num, "state": p.current_state.name,
                      "has_result": p.profiler_result is not None})

    def body():
        trace = []
        p = prof.Profiler(targets=[prof.ProfilerTarget.CPU], scheduler=scheduler, on_trace_ready=ready)
        trace.append(["init", p.step_num, p.current_state.name])
        p.start()
        for _ in range(steps):
            _train_step(paddle, model, opt)
            p.step()
            trace.append(["step", p.step_num, p.previous_state.name, p.current_state.name])
        p.stop()
        trace.append(["stop", p.step_num, p.current_state.name])
        return trace

    trace, _, warns = _captured(body)
    return {"trace": trace, "on_trace_ready": calls, "warnings": warns}


@scenario
def profiler_schedules(paddle):
    prof = paddle.profiler
    return {
        "tuple_2_5": _run_schedule(paddle, (2, 5), 7),
        "tuple_0_3": _run_schedule(paddle, (0, 3), 5),
        "tuple_1_2": _run_schedule(paddle, (1, 2), 4),
        "list_3_4": _run_schedule(paddle, [3, 4], 6),
        "make_scheduler_repeat": _run_schedule(paddle, prof.make_scheduler(closed=1, ready=1, record=2, repeat=2), 10),
        "default": _run_schedule(paddle, None, 3),
        "stop_in_ready": _run_schedule(paddle, prof.make_scheduler(closed=1, ready=2, record=1), 2),
        "record_to_closed": _run_schedule(paddle, lambda s: [prof.ProfilerState.RECORD, prof.ProfilerState.CLOSED,
                                                             prof.ProfilerState.READY, prof.ProfilerState.RECORD,
                                                             prof.ProfilerState.READY][s % 5], 5),
        "bad_tuple": _outcome(lambda: prof.Profiler(scheduler=(3, 2), on_trace_ready=lambda p: None)),
    }


def _timer_loop(paddle, clock, steps, num_samples, info_every, unit=None, step_cost=0.25, timer_only=True):
    prof = paddle.profiler
    infos = []

    def body():
        p = prof.Profiler(timer_only=timer_only, on_trace_ready=lambda p: None,
                          targets=[prof.ProfilerTarget.CPU])
        p.start()
        for i in range(steps):
            clock.advance(step_cost + 0.01 * (i % 3))
            p.step(num_samples=num_samples)
            if (i + 1) % info_every == 0:
                infos.append(p.step_info() if unit is None else p.step_info(unit=unit))
        p.stop()

    _, printed, _ = _captured(body)
    return {"step_info": infos, "printed": printed}


@scenario
def timer_only_samples(paddle):
    with fake_clock() as clock:
        return _timer_loop(paddle, clock, steps=15, num_samples=32, info_every=5)


@scenario
def timer_only_unit_images(paddle):
    with fake_clock() as clock:
        return _timer_loop(paddle, clock, steps=13, num_samples=8, info_every=4, unit="images")


@scenario
def timer_only_steps(paddle):
    with fake_clock() as clock:
        return _timer_loop(paddle, clock, steps=12, num_samples=None, info_every=6)


@scenario
def timer_only_short_run(paddle):
    with fake_clock() as clock:
        return _timer_loop(paddle, clock, steps=10, num_samples=16, info_every=5)


@scenario
def timer_with_profiling(paddle):
    with fake_clock() as clock:
        return _timer_loop(paddle, clock, steps=3, num_samples=4, info_every=3, timer_only=False)


@scenario
def timer_with_dataloader(paddle):
    prof = paddle.profiler
    with fake_clock() as clock:
        class Data(paddle.io.Dataset):
            def __getitem__(self, i):
                clock.advance(0.02)
                return paddle.to_tensor([float(i)]).numpy()

            def __len__(self):
                return 48

        loader = paddle.io.DataLoader(Data(), batch_size=4, shuffle=False, num_workers=0)
        infos = []

        def body():
            p = prof.Profiler(timer_only=True)
            p.start()
            for i, _ in enumerate(loader):
                clock.advance(0.3)
                p.step(num_samples=4)
                if (i + 1) % 4 == 0:
                    infos.append(p.step_info(unit="images"))
            p.stop()

        _, printed, _ = _captured(body)
    return {"step_info": infos, "printed": printed}


@scenario
def step_info_before_steps(paddle):
    prof = paddle.profiler
    p = prof.Profiler(timer_only=True)
    p.start()
    info = p.step_info()
    _, printed, _ = _captured(p.stop)
    return {"info": info, "printed": printed}


def _numbers_out(text):
    return re.sub(r"\d", "#", text)


def _summary_run(paddle, profiler_kwargs=None, **summary_kwargs):
    prof = paddle.profiler
    model, opt = _model(paddle)
    with tempfile.TemporaryDirectory() as d:
        p = prof.Profiler(targets=[prof.ProfilerTarget.CPU], scheduler=(1, 3),
                          on_trace_ready=prof.export_chrome_tracing(d, worker_name="worker"),
                          **(profiler_kwargs or {}))
        _, _, _ = _captured(lambda: (p.start(), [(_train_step(paddle, model, opt), p.step()) for _ in range(4)],
                                     p.stop()))
        files = sorted(os.listdir(d))
    _, printed, _ = _captured(lambda: p.summary(**summary_kwargs))
    return printed, files


def skeleton(text):
    """The lines of a summary that hold no measured value (titles, rules, headers, notes)."""
    return [line for line in text.split("\n") if not re.search(r"\d", line)]


@scenario
def summary_layout(paddle):
    prof = paddle.profiler
    out = {}
    for key, kwargs in {"all": {}, "overview": {"views": prof.SummaryView.OverView},
                        "model_udf": {"views": [prof.SummaryView.ModelView, prof.SummaryView.UDFView]},
                        "us_no_detail": {"time_unit": "us", "op_detail": False, "views": prof.SummaryView.OperatorView},
                        "device": {"views": [prof.SummaryView.DeviceView]}}.items():
        printed, files = _summary_run(paddle, **kwargs)
        out[key] = skeleton(printed)
    out["files"] = [re.sub(r"\d{4}(_\d{2}){5}_\d{6}", "<stamp>", f) for f in files]
    return out


@scenario
def memory_summary_layout(paddle):
    prof = paddle.profiler
    printed, _ = _summary_run(paddle, {"profile_memory": True}, views=prof.SummaryView.MemoryView)
    lines = printed.split("\n")
    return {"skeleton": skeleton(printed), "peak_lines": [re.sub(r"\d+", "N", line) for line in lines
                                                          if line.startswith("Peak")]}


@scenario
def default_trace_names(paddle):
    prof = paddle.profiler
    with tempfile.TemporaryDirectory() as d:
        handler = prof.export_chrome_tracing(os.path.join(d, "nested", "dir"))
        made = os.path.isdir(os.path.join(d, "nested", "dir"))
        p = prof.Profiler(targets=[prof.ProfilerTarget.CPU], on_trace_ready=handler)
        _captured(lambda: (p.start(), p.step(), p.stop()))
        names = os.listdir(os.path.join(d, "nested", "dir"))
    host, pid = socket.gethostname(), str(os.getpid())
    return {"dir_created_at_call": made,
            "names": [re.sub(r"\d{4}(_\d{2}){5}_\d{6}", "<stamp>", n).replace(host, "<host>").replace(pid, "<pid>")
                      for n in names]}


@scenario
def record_event_behaviour(paddle):
    prof = paddle.profiler
    facts = {}
    ev = prof.RecordEvent("outside")
    ev.begin()
    ev.end()
    facts["outside_event_attr"] = repr(ev.event)
    with prof.RecordEvent("ctx") as inner:
        facts["ctx_returns_self"] = isinstance(inner, prof.RecordEvent)

    @prof.RecordEvent("decorated")
    def f(a):
        return a + 1

    facts["decorator"] = f(1)
    p = prof.Profiler(targets=[prof.ProfilerTarget.CPU], on_trace_ready=lambda p: None)

    def body():
        p.start()
        bad = prof.RecordEvent("bad", event_type=prof.TracerEventType.Operator)
        bad.begin()
        facts["bad_event_attr"] = repr(bad.event)
        bad.end()
        p.stop()

    _, _, warns = _captured(body)
    facts["warnings"] = warns
    return facts


@scenario
def unsupported_target(paddle):
    prof = paddle.profiler
    p, _, warns = _captured(lambda: prof.Profiler(targets=[prof.ProfilerTarget.CPU, prof.ProfilerTarget.XPU],
                                                  on_trace_ready=lambda p: None))
    return {"targets": sorted(t.name for t in p.targets), "warnings": warns}


@scenario
def flops_banner(paddle):
    prof = paddle.profiler
    model, opt = _model(paddle)
    p = prof.Profiler(targets=[prof.ProfilerTarget.CPU], with_flops=True, on_trace_ready=lambda p: None)
    _captured(lambda: (p.start(), _train_step(paddle, model, opt), p.step(), p.stop()))
    _, printed, _ = _captured(lambda: p._print_flops())
    lines = printed.split("\n")
    return {"first": lines[0], "last_nonempty": [line for line in lines if line][-1]}


@scenario
def get_profiler_from_config(paddle):
    from paddle.profiler.profiler import get_profiler

    out = {}
    with tempfile.TemporaryDirectory() as d:
        configs = {
            "full": {"targets": ["CPU", "gpu"], "scheduler": [2, 4], "timer_only": False,
                     "on_trace_ready": {"export_chrome_tracing": {"module": "paddle.profiler", "use_direct": False,
                                                                  "args": [d], "kwargs": {}}}},
            "make_scheduler": {"scheduler": {"make_scheduler": {"module": "paddle.profiler", "use_direct": False,
                                                                "args": [], "kwargs": {"closed": 1, "ready": 1,
                                                                                       "record": 2}}}},
            "bad_timer": {"timer_only": "yes"},
            "bad_scheduler": {"scheduler": 5},
        }
        for key, config in configs.items():
            path = os.path.join(d, key + ".json")
            with open(path, "w") as f:
                json.dump(config, f)
            p, printed, warns = _captured(lambda path=path: get_profiler(path))
            out[key] = {"targets": sorted(t.name for t in p.targets), "timer_only": p.timer_only,
                        "states": _sequence(p.scheduler, 8), "printed": printed}
        p, printed, _ = _captured(lambda: get_profiler(os.path.join(d, "missing.json")))
        out["missing"] = {"printed": re.sub(r"'[^']*missing.json'", "<path>", printed),
                          "states": _sequence(p.scheduler, 3)}
    return out


def run_all(paddle):
    results = {}
    for name, fn in SCENARIOS.items():
        try:
            results[name] = fn(paddle)
        except Exception as e:  # noqa: BLE001
            results[name] = {"scenario_error": f"{type(e).__name__}: {e}"}
    return results


if __name__ == "__main__" and "--record" in sys.argv:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    import paddle

    with tempfile.TemporaryDirectory() as scratch:  # Profiler() makes ./profiler_log/ there, as Paddle's does
        os.chdir(scratch)
        facts = run_all(paddle)
    os.makedirs(os.path.dirname(FIXTURE), exist_ok=True)
    with open(FIXTURE, "w") as f:
        json.dump({**stamp, "scenarios": facts}, f, indent=1, sort_keys=True)
    print(f"wrote {FIXTURE}")
