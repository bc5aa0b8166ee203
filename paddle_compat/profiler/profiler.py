"""``paddle.profiler.Profiler`` on ``torch.profiler``: Paddle's step/state machine (scheduler,
on_trace_ready, RecordEvent ranges, timer_only benchmark) drives a torch Kineto profiler; the recording
exports as a chrome trace and prints Paddle's summary tables."""

import datetime
import importlib
import json
import os
import socket
import time
from enum import Enum
from warnings import warn

from . import utils
from .profiler_statistic import SortedKeys, StatisticData, _build_table, gen_layer_flops
from .timer import benchmark
from .utils import RecordEvent, TracerEventType, wrap_optimizers

__all__ = []


class SummaryView(Enum):
    DeviceView = 0
    OverView = 1
    ModelView = 2
    DistributedView = 3
    KernelView = 4
    OperatorView = 5
    MemoryView = 6
    MemoryManipulationView = 7
    UDFView = 8


class ProfilerState(Enum):
    """CLOSED: not profiling; READY: profiler prepared, not recording; RECORD: recording;
    RECORD_AND_RETURN: the last recording step of a period (the result is handed to on_trace_ready)."""

    CLOSED = 0
    READY = 1
    RECORD = 2
    RECORD_AND_RETURN = 3


class ProfilerTarget(Enum):
    CPU = 0
    GPU = 1
    XPU = 2
    CUSTOM_DEVICE = 3


def make_scheduler(*, closed, ready, record, repeat=0, skip_first=0):
    """A step -> ProfilerState function: ``skip_first`` CLOSED steps, then periods of ``closed`` CLOSED,
    ``ready`` READY and ``record`` RECORD steps (the last one RECORD_AND_RETURN), ``repeat`` times
    (0: for ever), CLOSED afterwards."""
    assert closed >= 0 and ready >= 0 and record > 0 and repeat >= 0 and skip_first >= 0, \
        "Invalid profiler scheduler arguments"
    if ready == 0:
        warn("Profiler will record data after enabling profiler immediately, \
          some data collected at the beginning of profiling may be 'noisy' because of overhead.")
    period = closed + ready + record

    def getScheduleState(step):  # noqa: N802 - Paddle's name, visible in reprs
        assert step >= 0
        if step < skip_first:
            return ProfilerState.CLOSED
        step -= skip_first
        if repeat > 0 and step // period >= repeat:
            return ProfilerState.CLOSED
        position = step % period
        if position < closed:
            return ProfilerState.CLOSED
        if position < closed + ready:
            return ProfilerState.READY
        return ProfilerState.RECORD if position < period - 1 else ProfilerState.RECORD_AND_RETURN

    return getScheduleState


def _default_state_scheduler(step):
    return ProfilerState.RECORD


def _make_output_dir(dir_name):
    if not os.path.exists(dir_name):
        try:
            os.makedirs(dir_name, exist_ok=True)
        except Exception:
            raise RuntimeError(f"Can not create directory '{dir_name}' for saving profiling results.") from None


def _trace_writer(dir_name, worker_name, extension, fmt):
    _make_output_dir(dir_name)

    def handle_fn(prof):
        nonlocal worker_name
        if not worker_name:
            worker_name = f"host_{socket.gethostname()}pid_{os.getpid()}"
        stamp = datetime.datetime.now().strftime("%Y_%m_%d_%H_%M_%S_%f")
        prof.export(os.path.join(dir_name, f"{worker_name}_time_{stamp}.paddle_trace.{extension}"), fmt)

    return handle_fn


def export_chrome_tracing(dir_name, worker_name=None):
    """An on_trace_ready callback writing ``<worker_name>_time_<stamp>.paddle_trace.json`` (chrome trace)
    into ``dir_name`` (created now); worker_name defaults to ``host_<hostname>pid_<pid>``."""
    return _trace_writer(dir_name, worker_name, "json", "json")


def export_protobuf(dir_name, worker_name=None):
    """An on_trace_ready callback for Paddle's protobuf dump (``.paddle_trace.pb``): the directory is
    created as Paddle does, but writing the file raises NotImplementedError (see ``Profiler.export``)."""
    return _trace_writer(dir_name, worker_name, "pb", "pb")


def _cuda_available():
    import torch

    return torch.cuda.is_available()


def _get_supported_targets():
    if _cuda_available():
        return [ProfilerTarget.CPU, ProfilerTarget.GPU, ProfilerTarget.CUSTOM_DEVICE]
    return [ProfilerTarget.CPU, ProfilerTarget.CUSTOM_DEVICE]


def _system_cpu_times():
    try:
        with open("/proc/stat") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields) - idle, idle


class _ProfilerResult:
    """One recording: the torch trace, its events as Paddle's node trees, and CPU utilisation."""

    def __init__(self, kineto, extra_info):
        self._kineto = kineto
        self._extra_info = extra_info
        self._trees = None

    def get_extra_info(self):
        return self._extra_info

    def get_data(self):
        if self._trees is None:
            self._trees = _node_trees(self._kineto.events())
            if self._kineto.profile_memory:
                self._trees.memory_records = _memory_records(self._kineto)
        return self._trees

    def save(self, path, format="json"):  # noqa: A002 - Paddle's parameter name
        if format == "json":
            self._kineto.export_chrome_trace(path)
        elif format == "pb":
            raise NotImplementedError(
                "Profiler.export(format='pb'): Paddle's protobuf profiler format is not supported; "
                "use format='json' (chrome tracing) or paddle.profiler.export_chrome_tracing."
            )
        else:
            raise ValueError(f"format should be 'json' or 'pb', but got {format!r}")


def _classify(name, inside_operator):
    if name in utils._event_types:
        return utils._event_types[name], name
    if name.startswith("ProfileStep#"):
        return TracerEventType.ProfileStep, name
    if name.startswith("autograd::engine::evaluate_function: "):
        return TracerEventType.Operator, name[len("autograd::engine::evaluate_function: "):]
    if name.startswith("["):  # torch's bookkeeping pseudo-events ([memory], [OutOfMemory])
        return None, name
    return (TracerEventType.OperatorInner if inside_operator else TracerEventType.Operator), name


class _NodeTrees(dict):
    """{thread id: root HostNode}, plus the recording's allocations (``memory_records``)."""

    memory_records = ()


def _place_name(device):
    if device.type == "cuda":
        return f"Place(gpu:{device.index or 0})"
    return "Place(cpu)" if device.type == "cpu" else f"Place({device})"


def _memory_records(kineto):
    """Each allocation (bytes > 0) and free (< 0), credited as Paddle credits it: to the enclosing event, or
    to the operator when it happens inside that operator's inner calls."""
    try:
        tree = kineto.profiler.kineto_results.experimental_event_tree()
    except Exception:  # noqa: BLE001 - torch without the event tree: no memory table, as without profile_memory
        return []
    records = []

    def visit(node, owner, inside_operator):
        fields = node.extra_fields
        if type(fields).__name__ == "_ExtraFields_Allocation":
            if owner is not None:
                records.append((_place_name(fields.device), owner, fields.alloc_size, fields.total_allocated,
                                fields.total_reserved))
            return
        event_type, name = _classify(node.name, inside_operator)
        if event_type is not None and event_type != TracerEventType.OperatorInner:
            owner = name
        inner = inside_operator or event_type in (TracerEventType.Operator, TracerEventType.OperatorInner)
        for child in node.children:
            visit(child, owner, inner)

    for root in tree:
        visit(root, None, False)
    return records


def _node_trees(events):
    """torch FunctionEvents -> {thread id: root HostNode} (ranges typed as Paddle's tracer types them)."""
    from .profiler_statistic import HostNode

    roots = _NodeTrees()

    def build(event, parent, inside_operator):
        event_type, name = _classify(event.name, inside_operator)
        if event_type is None:
            return
        node = HostNode(name, event_type, int(event.time_range.start * 1000), int(event.time_range.end * 1000),
                        event.thread, flops=getattr(event, "flops", 0) or 0,
                        input_shapes=getattr(event, "input_shapes", None))
        parent.children_node.append(node)
        inner = inside_operator or event_type in (TracerEventType.Operator, TracerEventType.OperatorInner)
        for child in sorted(event.cpu_children, key=lambda e: e.time_range.start):
            build(child, node, inner)

    for event in sorted(events, key=lambda e: e.time_range.start):
        if event.cpu_parent is not None or getattr(event, "device_type", None) is not None and \
                str(event.device_type) != "DeviceType.CPU":
            continue
        if event.thread not in roots:
            roots[event.thread] = HostNode("root node", TracerEventType.UserDefined, 0, 0, event.thread)
        build(event, roots[event.thread], False)
    return roots


class _TorchProfiler:
    """Paddle's ``_Profiler`` protocol (prepare/start/stop) on a torch Kineto profiler."""

    def __init__(self, targets, record_shapes, profile_memory, with_flops):
        self._options = (targets, record_shapes, profile_memory, with_flops)
        self._kineto = None
        self._started = None

    def prepare(self):
        from torch.profiler import ProfilerActivity
        from torch.profiler.profiler import _KinetoProfile

        targets, record_shapes, profile_memory, with_flops = self._options
        activities = [ProfilerActivity.CPU]
        if ProfilerTarget.GPU in targets:
            activities.append(ProfilerActivity.CUDA)
        self._kineto = _KinetoProfile(activities=activities, record_shapes=record_shapes,
                                      profile_memory=profile_memory, with_flops=with_flops)
        self._kineto.prepare_trace()

    def start(self):
        if self._kineto is None:
            self.prepare()
        self._started = (time.perf_counter(), os.times(), _system_cpu_times())
        self._kineto.start_trace()

    def stop(self):
        kineto, self._kineto = self._kineto, None
        if kineto is None:
            return None
        kineto.stop_trace()
        wall0, times0, system0 = self._started
        elapsed = max(time.perf_counter() - wall0, 1e-12)
        times1, system1 = os.times(), _system_cpu_times()
        cpu_seconds = max(0.0, (times1.user - times0.user) + (times1.system - times0.system))
        process = cpu_seconds / elapsed / (os.cpu_count() or 1)
        system = 0.0
        if system0 and system1:
            busy, idle = system1[0] - system0[0], system1[1] - system0[1]
            system = busy / (busy + idle) if busy + idle else 0.0
        return _ProfilerResult(kineto, {"Process Cpu Utilization": str(process),
                                        "System Cpu Utilization": str(system)})


class _ModelPhaseRecorder:
    """While a Profiler records, Layer calls, ``Tensor.backward`` and DataLoader batches open Forward /
    Backward / Dataloader ranges (Paddle records these inside its Layer, Tensor and DataLoader code); the
    DataLoader hooks also feed the benchmark's reader cost. Installed at start(), removed at stop()."""

    def __init__(self):
        self._saved = []

    def install(self, record_events):
        from .._core.tensor import Tensor
        from ..io import reader as io_reader
        from ..nn.layer.layers import Layer

        def patch(owner, name, make):
            original = owner.__dict__[name]
            self._saved.append((owner, name, original))
            setattr(owner, name, make(original))

        def timed_next(original):
            def __next__(iterator):
                bench = benchmark()
                bench.check_if_need_record(getattr(iterator, "_loader", iterator))
                bench.before_reader()
                if utils._is_profiler_used:
                    with RecordEvent(type(iterator).__name__, TracerEventType.Dataloader):
                        batch = original(iterator)
                else:
                    batch = original(iterator)
                bench.after_reader()
                return batch

            return __next__

        for class_name in ("_SingleProcessIter", "_MultiProcessIter"):
            iterator_class = getattr(io_reader, class_name, None)
            if iterator_class is not None and "__next__" in iterator_class.__dict__:
                patch(iterator_class, "__next__", timed_next)
        if not record_events:
            return

        def forward_range(original):
            def __call__(layer, *inputs, **kwargs):
                if not utils._is_profiler_used:
                    return original(layer, *inputs, **kwargs)
                with RecordEvent(type(layer).__name__, TracerEventType.Forward):
                    return original(layer, *inputs, **kwargs)

            return __call__

        def backward_range(original):
            def backward(tensor, *args, **kwargs):
                if not utils._is_profiler_used:
                    return original(tensor, *args, **kwargs)
                with RecordEvent("Gradient Backward", TracerEventType.Backward):
                    return original(tensor, *args, **kwargs)

            return backward

        patch(Layer, "__call__", forward_range)
        patch(Tensor, "backward", backward_range)

    def remove(self):
        while self._saved:
            owner, name, original = self._saved.pop()
            setattr(owner, name, original)


class Profiler:
    """Profile the steps of a training loop: ``with Profiler(...) as p: ... p.step()``.

    ``scheduler``: a step -> ProfilerState callable (see make_scheduler), or ``(start, end)`` to record
    steps [start, end), or None to record from start() to stop(). ``on_trace_ready(prof)`` runs at the end
    of each recorded period (default: export_chrome_tracing('./profiler_log/')). ``timer_only``: only the
    step timing of ``step_info()`` and the Perf Summary. The recording is torch.profiler's (CPU, and CUDA
    when the GPU target is available); ``summary()`` prints Paddle's tables from it."""

    def __init__(self, *, targets=None, scheduler=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, timer_only=False, emit_nvtx=False, custom_device_types=[],  # noqa: B006
                 with_flops=False):
        supported = _get_supported_targets()
        if targets:
            self.targets = set(targets)
            for target in targets:
                if target not in supported:
                    self.targets.remove(target)
                    warn(f"Profiling {target} is not supported in current context.")
        else:
            self.targets = supported
        wrap_optimizers()
        self.profiler = _TorchProfiler(self.targets, record_shapes or with_flops, profile_memory, with_flops)
        if callable(scheduler):
            self.scheduler = scheduler
        elif isinstance(scheduler, (tuple, list)):
            assert len(scheduler) == 2 and scheduler[1] > scheduler[0]
            start_batch, end_batch = scheduler
            start_batch = max(start_batch, 0)
            if start_batch >= 1:
                self.scheduler = make_scheduler(closed=max(start_batch - 1, 0), ready=1,
                                                record=end_batch - start_batch, repeat=1)
            else:
                self.scheduler = make_scheduler(closed=0, ready=0, record=end_batch - start_batch, repeat=1)
        else:
            self.scheduler = _default_state_scheduler
        self.on_trace_ready = export_chrome_tracing("./profiler_log/") if on_trace_ready is None else on_trace_ready
        self.step_num = 0
        self.previous_state = ProfilerState.CLOSED
        self.current_state = self.scheduler(self.step_num)
        self.record_event = None
        self.profiler_result = None
        vars(self).update(timer_only=timer_only, record_shapes=record_shapes, profile_memory=profile_memory,
                          with_flops=with_flops, emit_nvtx=emit_nvtx, custom_device_types=custom_device_types)
        self._phases = _ModelPhaseRecorder()
        self._nvtx = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.stop()

    def start(self):
        """Enter step 0: start timing, and prepare/start recording as the scheduler's state says."""
        benchmark().begin()
        self._phases.install(record_events=not self.timer_only or self.emit_nvtx)
        if not self.timer_only or self.emit_nvtx:
            utils._is_profiler_used = True
        if self.emit_nvtx and _cuda_available():
            import torch

            self._nvtx = torch.autograd.profiler.emit_nvtx(record_shapes=self.record_shapes)
            self._nvtx.__enter__()
        if self.timer_only:
            return
        if self.current_state == ProfilerState.READY:
            self.profiler.prepare()
        elif self.current_state in (ProfilerState.RECORD, ProfilerState.RECORD_AND_RETURN):
            self.profiler.prepare()
            self.profiler.start()
        self.record_event = RecordEvent(name=f"ProfileStep#{self.step_num}", event_type=TracerEventType.ProfileStep)
        self.record_event.begin()

    def stop(self):
        """Leave profiling: print the Perf Summary (timer), stop recording and hand the result to on_trace_ready."""
        benchmark().end()
        try:
            if self.timer_only:
                return
            if self.record_event:
                self.record_event.end()
                self.record_event = None
            if self.current_state == ProfilerState.READY:
                warn("Inproper Profiler state transform: READY->CLOSED, profiler will start and stop without "
                     "saving data")
                self.profiler.start()
                self.profiler.stop()
            if self.current_state in (ProfilerState.RECORD, ProfilerState.RECORD_AND_RETURN):
                self.profiler_result = self.profiler.stop()
                if self.on_trace_ready:
                    self.on_trace_ready(self)
        finally:
            if not self.timer_only:
                utils._is_profiler_used = False
            self._phases.remove()
            if self._nvtx is not None:
                self._nvtx.__exit__(None, None, None)
                self._nvtx = None

    def step(self, num_samples=None):
        """Start the next step; ``num_samples`` (the batch size) makes ips samples/s instead of steps/s."""
        benchmark().step(num_samples)
        if self.timer_only:
            return
        if self.record_event:
            self.record_event.end()
            self.record_event = None
        self.previous_state = self.current_state
        self.step_num += 1
        self.current_state = self.scheduler(self.step_num)
        self._trigger_action()
        self.record_event = RecordEvent(name=f"ProfileStep#{self.step_num}", event_type=TracerEventType.ProfileStep)
        self.record_event.begin()

    def step_info(self, unit=None):
        """`` reader_cost: x s batch_cost: y s ips: z <unit>/s`` averaged over the steps since the last call."""
        return benchmark().step_info("samples" if unit is None else unit)

    def _trigger_action(self):
        prev, cur, prof = self.previous_state, self.current_state, self.profiler
        recording = (ProfilerState.RECORD, ProfilerState.RECORD_AND_RETURN)
        if prev == ProfilerState.CLOSED:
            if cur == ProfilerState.READY:
                prof.prepare()
            elif cur in recording:
                prof.prepare()
                prof.start()
        elif prev == ProfilerState.READY:
            if cur == ProfilerState.CLOSED:
                warn("Improper schedule: READY->CLOSED, profiler will start and stop without saving data")
                prof.start()
                prof.stop()
            elif cur in recording:
                prof.start()
        elif prev == ProfilerState.RECORD:
            if cur == ProfilerState.CLOSED:
                warn("Improper schedule: RECORD->CLOSED, profiler will not saving data")
                prof.stop()
            elif cur == ProfilerState.READY:
                warn("Improper schedule: RECORD->READY, profiler will stop and re-prepare")
                prof.stop()
                prof.prepare()
        else:
            self.profiler_result = prof.stop()
            if cur == ProfilerState.READY:
                prof.prepare()
            elif cur in recording:
                prof.prepare()
                prof.start()
            if self.on_trace_ready:
                self.on_trace_ready(self)

    def export(self, path="", format="json"):  # noqa: A002 - Paddle's parameter name
        """Write the last recording: 'json' (chrome tracing); 'pb' (Paddle's protobuf) is not supported."""
        if self.profiler_result:
            self.profiler_result.save(path, format)

    def summary(self, sorted_by=SortedKeys.CPUTotal, op_detail=True, thread_sep=False, time_unit="ms", views=None):
        """Print Paddle's summary tables (device, overview, model, operator, user-defined) of the last recording."""
        if isinstance(views, SummaryView):
            views = [views]
        if self.profiler_result:
            data = StatisticData(self.profiler_result.get_data(), self.profiler_result.get_extra_info())
            print(_build_table(data, sorted_by=sorted_by, op_detail=op_detail, thread_sep=thread_sep,
                               time_unit=time_unit, views=views))
        if self.with_flops:
            self._print_flops()

    def _print_flops(self, repeat=1):
        if not self.with_flops:
            print("ERROR: with_flops disabled.")
            return
        print(" Flops Profiler Begin ".center(100, "-"))
        print(gen_layer_flops(self.profiler_result.get_data(), repeat))
        print("- Flops Profiler End -".center(100, "-"))


def get_profiler(config_path):
    """A Profiler configured from a JSON file (targets, scheduler, on_trace_ready, timer_only), as Paddle's."""
    try:
        with open(config_path) as f:
            config = json.load(f)
    except Exception as e:
        print(f"Load config file for profiler error: {e}")
        print("Use default parameters instead.")
        return Profiler()
    kwargs = {}

    def resolve(spec):
        for key, value in spec.items():
            method = getattr(importlib.import_module(value["module"]), key)
            return method if value["use_direct"] else method(*value["args"], **value["kwargs"])

    if "targets" in config:
        try:
            names = {"cpu": ProfilerTarget.CPU, "gpu": ProfilerTarget.GPU}
            kwargs["targets"] = [names[t.lower()] for t in config["targets"] if t.lower() in names]
        except Exception:
            print("Set targets parameter error, use default parameter instead.")
            kwargs["targets"] = None
    if "scheduler" in config:
        try:
            spec = config["scheduler"]
            kwargs["scheduler"] = resolve(spec) if isinstance(spec, dict) else [spec[0], spec[1]]
        except Exception:
            print("Set scheduler parameter error, use default parameter instead.")
            kwargs["scheduler"] = None
    if "on_trace_ready" in config:
        try:
            if isinstance(config["on_trace_ready"], dict):
                kwargs["on_trace_ready"] = resolve(config["on_trace_ready"])
        except Exception:
            print("Set on_trace_ready parameter error, use default parameter instead.")
            kwargs["on_trace_ready"] = None
    if "timer_only" in config:
        if isinstance(config["timer_only"], bool):
            kwargs["timer_only"] = config["timer_only"]
        else:
            print("Set timer_only parameter error, use default parameter instead.")
    return Profiler(**kwargs)

