"""``paddle.profiler.utils``: RecordEvent, TracerEventType and the profiler-mode switches."""

import functools
import sys
from contextlib import ContextDecorator, contextmanager
from enum import Enum
from warnings import warn

__all__ = []

_is_profiler_used = False
_has_optimizer_wrapped = False


class TracerEventType(Enum):
    """The kinds of events Paddle's tracer records (``paddle.profiler.TracerEventType``)."""

    Operator = 0
    Dataloader = 1
    ProfileStep = 2
    CudaRuntime = 3
    Kernel = 4
    Memcpy = 5
    Memset = 6
    UserDefined = 7
    OperatorInner = 8
    Forward = 9
    Backward = 10
    Optimization = 11
    Communication = 12
    PythonOp = 13
    PythonUserDefined = 14


_AllowedEventTypeList = [
    TracerEventType.Dataloader,
    TracerEventType.ProfileStep,
    TracerEventType.Forward,
    TracerEventType.Backward,
    TracerEventType.Optimization,
    TracerEventType.PythonOp,
    TracerEventType.PythonUserDefined,
]

# name -> TracerEventType of the ranges RecordEvent opened: how the summary classifies torch's events.
_event_types = {}


class RecordEvent(ContextDecorator):
    """A named time range (``begin``/``end``, a context manager or a decorator), recorded as a
    ``torch.profiler.record_function`` range while a Profiler records."""

    def __init__(self, name, event_type=TracerEventType.PythonUserDefined):
        self.name = name
        self.event_type = event_type
        self.event = None

    def __enter__(self):
        self.begin()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.end()

    def begin(self):
        if not _is_profiler_used:
            return
        if self.event_type not in _AllowedEventTypeList:
            warn("Only TracerEvent Type in [{}, {}, {}, {}, {}, {},{}]                  can be recorded.".format(
                *_AllowedEventTypeList))
            self.event = None
            return
        import torch

        _event_types.setdefault(self.name, self.event_type)
        self.event = torch.autograd.profiler.record_function(self.name)
        self.event.__enter__()

    def end(self):
        if self.event:
            self.event.__exit__(None, None, None)
            self.event = None


def load_profiler_result(filename):
    """Paddle reads back its own protobuf dump (``export_protobuf``), which this package cannot write."""
    raise NotImplementedError(
        f"paddle.profiler.load_profiler_result({filename!r}): Paddle's protobuf profiler format (.pb) is not "
        "supported; export with paddle.profiler.export_chrome_tracing and open the JSON in chrome://tracing "
        "or Perfetto."
    )


def in_profiler_mode():
    return _is_profiler_used


def wrap_optimizers():
    """Record each ``paddle.optimizer.<X>.step`` as an "Optimization Step" event while profiling."""
    global _has_optimizer_wrapped
    if _has_optimizer_wrapped:
        return
    from .. import optimizer

    def record_step(step):
        @functools.wraps(step)
        def recorded_step(*args, **kwargs):
            if not _is_profiler_used:
                return step(*args, **kwargs)
            with RecordEvent("Optimization Step", event_type=TracerEventType.Optimization):
                return step(*args, **kwargs)

        return recorded_step

    for classname in optimizer.__all__:
        if classname != "Optimizer":
            cls = getattr(optimizer, classname)
            if getattr(cls, "step", None) is not None:
                cls.step = record_step(cls.step)
    _has_optimizer_wrapped = True


@contextmanager
def _nvprof_range(iter_id, start, end, exit_after_prof=True):
    """NVTX ranges for nsys/nvprof over iterations [start, end) (torch.cuda.nvtx); exits after ``end``."""
    if start >= end:
        yield
        return
    import torch

    try:
        if iter_id >= start:
            torch.cuda.nvtx.range_push(str(iter_id))
        yield
    finally:
        if iter_id < end:
            torch.cuda.nvtx.range_pop()
        if iter_id == end - 1 and exit_after_prof:
            sys.exit()


@contextmanager
def job_schedule_profiler_range(iter_id, start, end, exit_after_prof=True):
    if start >= end:
        yield False
        return
    try:
        yield start <= iter_id < end
    finally:
        if iter_id == end - 1 and exit_after_prof:
            sys.exit()
