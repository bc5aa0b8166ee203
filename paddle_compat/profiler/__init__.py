"""``paddle.profiler`` on ``torch.profiler`` (imported lazily: nothing of torch.profiler loads until a
Profiler prepares a recording)."""

from . import profiler, profiler_statistic, statistic_helper, timer, utils  # noqa: F401
from .profiler import (
    Profiler,
    ProfilerState,
    ProfilerTarget,
    SummaryView,
    export_chrome_tracing,
    export_protobuf,
    make_scheduler,
)
from .profiler_statistic import SortedKeys
from .utils import RecordEvent, TracerEventType, load_profiler_result  # noqa: F401

__all__ = [
    "ProfilerState",
    "ProfilerTarget",
    "make_scheduler",
    "export_chrome_tracing",
    "export_protobuf",
    "Profiler",
    "RecordEvent",
    "load_profiler_result",
    "SortedKeys",
    "SummaryView",
]

from .. import _present_classes_as_paddle  # noqa: E402

_present_classes_as_paddle(__name__)
