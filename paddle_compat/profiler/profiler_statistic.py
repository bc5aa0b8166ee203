"""The tables of ``Profiler.summary()`` (Paddle 2.6's layout: titles, columns, widths, notes), computed
from the event tree of a recording (``_ProfilerResult.get_data()``: per thread, a root ``HostNode`` whose
children are the recorded ranges, typed by ``TracerEventType``)."""

import collections
from enum import Enum

from .._attrs import read_only
from .statistic_helper import merge_ranges, merge_self_ranges, sum_ranges
from .utils import TracerEventType

__all__ = []

_CommunicationOpName = ["allreduce", "broadcast", "rpc"]


class SortedKeys(Enum):
    """How ``Profiler.summary`` orders the rows of its operator and user-defined tables."""

    CPUTotal = 0
    CPUAvg = 1
    CPUMax = 2
    CPUMin = 3
    GPUTotal = 4
    GPUAvg = 5
    GPUMax = 6
    GPUMin = 7


class HostNode:
    """One recorded host range (times in ns); ``device_node``/``runtime_node`` stay empty on CPU."""

    def __init__(self, name, event_type, start_ns, end_ns, thread_id, flops=0, input_shapes=None):
        self.name, self.type, self.thread_id = name, event_type, thread_id
        self.start_ns, self.end_ns = start_ns, end_ns
        self.children_node, self.runtime_node, self.device_node = [], [], []
        self.input_shapes, self.flops = input_shapes, flops


def _nodename2opname(name):
    for suffix in (" compute", " dygraph", " pybind_imperative_func"):
        name = name.replace(suffix, "")
    return name


def traverse_tree(nodetrees):
    """thread id -> its nodes, root first (depth-first)."""
    results = collections.defaultdict(list)
    for thread_id, root in nodetrees.items():
        stack = [root]
        while stack:
            node = stack.pop()
            results[thread_id].append(node)
            stack.extend(node.children_node)
    return results


def get_device_nodes(hostnode):
    nodes, stack = [], [hostnode]
    while stack:
        node = stack.pop()
        stack.extend(node.children_node)
        for runtime in node.runtime_node:
            nodes.extend(runtime.device_node)
    return nodes


class HostStatisticNode:
    """A HostNode with its inclusive/self CPU and device times and FLOPs."""

    def __init__(self, hostnode):
        self.hostnode = hostnode
        self.children_node = []
        self.runtime_node = []
        self.cpu_time = self.self_cpu_time = 0
        self.gpu_time = self.self_gpu_time = 0
        self.general_gpu_time = self.self_general_gpu_time = 0
        self.flops = 0

    def cal_statistic(self):
        self.cpu_time = self.self_cpu_time = self.hostnode.end_ns - self.hostnode.start_ns
        self.flops = (self.hostnode.flops or 0) if self.hostnode.type == TracerEventType.Operator else 0
        for child in self.children_node:
            child.cal_statistic()
            self.gpu_time += child.gpu_time
            self.general_gpu_time += child.general_gpu_time
            self.self_cpu_time -= child.end_ns - child.start_ns
        for device in self.hostnode.device_node:
            duration = device.end_ns - device.start_ns
            if device.type == TracerEventType.Kernel:
                self.gpu_time += duration
                self.self_gpu_time += duration
            self.general_gpu_time += duration
            self.self_general_gpu_time += duration

    # the host node's times, without the __getattr__ detour (read in every statistic)
    end_ns, start_ns = read_only("hostnode.end_ns"), read_only("hostnode.start_ns")

    def __getattr__(self, name):
        return getattr(self.hostnode, name)


def wrap_tree(nodetrees):
    """(thread id -> statistic root, thread id -> statistic nodes root first)."""
    roots, per_thread = {}, collections.defaultdict(list)
    for thread_id, root in nodetrees.items():
        stat_root = HostStatisticNode(root)
        roots[thread_id] = stat_root
        stack = [(root, stat_root)]
        while stack:
            node, stat = stack.pop()
            per_thread[thread_id].append(stat)
            for child in node.children_node:
                stat_child = HostStatisticNode(child)
                stat.children_node.append(stat_child)
                stack.append((child, stat_child))
        stat_root.cal_statistic()
    return roots, per_thread


class TimeRangeSummary:
    """Per event type: the merged (overlap counted once) CPU time and the number of calls."""

    def __init__(self):
        self.CPUTimeRange = collections.defaultdict(list)
        self.GPUTimeRange = collections.defaultdict(lambda: collections.defaultdict(list))
        self.CPUTimeRangeSum = collections.defaultdict(int)
        self.GPUTimeRangeSum = collections.defaultdict(lambda: collections.defaultdict(int))
        self.call_times = collections.defaultdict(int)

    def parse(self, nodetrees):
        for hostnodes in traverse_tree(nodetrees).values():
            ranges = collections.defaultdict(list)
            for node in hostnodes[1:]:
                ranges[node.type].append((node.start_ns, node.end_ns))
                self.call_times[node.type] += 1
            for event_type, time_ranges in ranges.items():
                self.CPUTimeRange[event_type] = merge_ranges(
                    self.CPUTimeRange[event_type], merge_self_ranges(time_ranges), is_sorted=True)
        for event_type, time_ranges in self.CPUTimeRange.items():
            self.CPUTimeRangeSum[event_type] = sum_ranges(time_ranges)

    def get_gpu_devices(self):
        return self.GPUTimeRange.keys()

    def get_gpu_range_sum(self, device_id, event_type):
        return self.GPUTimeRangeSum[device_id][event_type]

    def get_cpu_range_sum(self, event_type):
        return self.CPUTimeRangeSum[event_type]


class DistributedSummary:
    """Communication/computation overlap (no communication events are recorded on one CPU process)."""

    def __init__(self):
        self.cpu_communication_range = []
        self.gpu_communication_range = []
        self.communication_range = []
        self.computation_range = []
        self.overlap_range = []
        self.cpu_calls = 0
        self.gpu_calls = 0

    def parse(self, nodetrees):
        for hostnodes in traverse_tree(nodetrees).values():
            for node in hostnodes[1:]:
                if node.type == TracerEventType.Communication or any(
                        name in node.name.lower() for name in _CommunicationOpName):
                    self.cpu_communication_range.append((node.start_ns, node.end_ns))
                    self.cpu_calls += 1
        self.cpu_communication_range = merge_self_ranges(self.cpu_communication_range)
        self.communication_range = list(self.cpu_communication_range)


class _Item:
    """Calls and total/max/min times of the events sharing one name."""

    def __init__(self, name):
        self.name = name
        self.call = 0
        self.cpu_time = self.gpu_time = self.general_gpu_time = 0
        self.max_cpu_time = self.max_gpu_time = self.max_general_gpu_time = 0
        self.min_cpu_time = self.min_gpu_time = self.min_general_gpu_time = float("inf")
        self.devices = {}
        self.operator_inners = {}
        self.flops = 0

    avg_cpu_time = property(lambda self: self.cpu_time / self.call)
    avg_gpu_time = property(lambda self: self.gpu_time / self.call)
    avg_general_gpu_time = property(lambda self: self.general_gpu_time / self.call)

    def _add(self, node):
        self.call += 1
        for kind, value in (("cpu_time", node.cpu_time), ("gpu_time", node.gpu_time),
                            ("general_gpu_time", node.general_gpu_time)):
            setattr(self, kind, getattr(self, kind) + value)
            if value > getattr(self, "max_" + kind):
                setattr(self, "max_" + kind, value)
            if value < getattr(self, "min_" + kind):
                setattr(self, "min_" + kind, value)

    def add_item(self, node):
        self._add(node)


class _OperatorItem(_Item):
    def add_item(self, node):
        self._add(node)
        self.flops += node.flops
        for child in node.children_node:
            if child.type != TracerEventType.Operator:
                self.operator_inners.setdefault(child.name, _OperatorItem(child.name)).add_item(child)


class EventSummary:
    """Operator, user-defined and model-perspective (ProfileStep/Dataloader/Forward/Backward/Optimization)
    items."""

    def __init__(self):
        self.items = {}
        self.thread_items = collections.defaultdict(dict)
        self.userdefined_items = {}
        self.userdefined_thread_items = collections.defaultdict(dict)
        self.model_perspective_items = {}
        self.memory_manipulation_items = {}
        self.kernel_items = {}

    def parse(self, nodetrees):
        roots, per_thread = wrap_tree(nodetrees)
        for nodes in per_thread.values():
            for node in nodes[1:]:
                if node.type == TracerEventType.Operator:
                    self.items.setdefault(node.name, _OperatorItem(node.name)).add_item(node)
                    self.thread_items[node.thread_id].setdefault(node.name, _OperatorItem(node.name)).add_item(node)
                elif node.type in (TracerEventType.UserDefined, TracerEventType.PythonUserDefined):
                    lower = node.name.lower()
                    if "memcpy" in lower or "memorycopy" in lower or "memset" in lower:
                        self.memory_manipulation_items.setdefault(node.name, _Item(node.name)).add_item(node)
                    elif node.type == TracerEventType.PythonUserDefined:
                        self.userdefined_items.setdefault(node.name, _Item(node.name)).add_item(node)
                        self.userdefined_thread_items[node.thread_id].setdefault(
                            node.name, _Item(node.name)).add_item(node)
        # the outermost Forward/Backward/Optimization/Dataloader ranges and every ProfileStep
        phases = {TracerEventType.Forward: "Forward", TracerEventType.Backward: "Backward",
                  TracerEventType.Optimization: "Optimization", TracerEventType.Dataloader: "Dataloader"}
        for root in roots.values():
            queue = collections.deque([root])
            while queue:
                for child in queue.popleft().children_node:
                    if child.type in phases:
                        self._add_phase(phases[child.type], child)
                        continue
                    if child.type == TracerEventType.ProfileStep:
                        self._add_phase("ProfileStep", child)
                    queue.append(child)

    def _add_phase(self, name, node):
        self.model_perspective_items.setdefault(name, _Item(name)).add_item(node)


class MemorySummary:
    """Allocations and frees per event (an operator's include those of its inner calls) and peak memory, per
    place. Fed by ``node_trees.memory_records``: ``(place, event name, signed bytes, total allocated,
    total reserved)`` tuples of a recording made with ``profile_memory=True``."""

    class MemoryItem:
        def __init__(self, event_name, place, memory_type="Allocated"):
            self.event_name = event_name
            self.place = place
            self.allocation_count = 0
            self.free_count = 0
            self.allocation_size = 0
            self.free_size = 0
            self.increase_size = 0
            self.memory_type = memory_type

        def add_memory_record(self, size):
            if size >= 0:
                self.allocation_count += 1
                self.allocation_size += size
            else:
                self.free_count += 1
                self.free_size -= size
            self.increase_size = self.allocation_size - self.free_size

    def __init__(self):
        self.allocated_items = collections.defaultdict(dict)
        self.reserved_items = collections.defaultdict(dict)
        self.peak_allocation_values = collections.defaultdict(int)
        self.peak_reserved_values = collections.defaultdict(int)

    def parse(self, nodetrees):
        for place, name, size, total_allocated, total_reserved in getattr(nodetrees, "memory_records", ()):
            items = self.allocated_items[place]
            if name not in items:
                items[name] = MemorySummary.MemoryItem(name, place, "Allocated")
            items[name].add_memory_record(size)
            self.peak_allocation_values[place] = max(self.peak_allocation_values[place], total_allocated)
            self.peak_reserved_values[place] = max(self.peak_reserved_values[place], total_reserved)


class StatisticData:
    def __init__(self, node_trees, extra_info):
        self.node_trees = node_trees
        self.extra_info = extra_info
        self.time_range_summary = TimeRangeSummary()
        self.event_summary = EventSummary()
        self.distributed_summary = DistributedSummary()
        self.memory_summary = MemorySummary()
        self.time_range_summary.parse(node_trees)
        self.event_summary.parse(node_trees)
        self.distributed_summary.parse(node_trees)
        self.memory_summary.parse(node_trees)


_SORT_KEYS = {
    SortedKeys.CPUTotal: ("cpu_time", True), SortedKeys.CPUAvg: ("avg_cpu_time", True),
    SortedKeys.CPUMax: ("max_cpu_time", True), SortedKeys.CPUMin: ("min_cpu_time", False),
    SortedKeys.GPUTotal: ("general_gpu_time", True), SortedKeys.GPUAvg: ("avg_general_gpu_time", True),
    SortedKeys.GPUMax: ("max_general_gpu_time", True), SortedKeys.GPUMin: ("min_general_gpu_time", False),
}


def _sorted_items(items, sorted_by):
    key, reverse = _SORT_KEYS[sorted_by]
    return sorted(items.items(), key=lambda kv: getattr(kv[1], key), reverse=reverse)


class _Table:
    """Paddle's table geometry: left-aligned columns separated by two spaces, dashed rules, centred titles."""

    SPACING = 2

    def __init__(self, widths):
        self.row_format = "".join("{: <" + str(w) + "}" + " " * self.SPACING for w in widths)
        self.header_sep = "".join("-" * w + " " * self.SPACING for w in widths)
        self.line_length = sum(widths) + self.SPACING * (len(widths) - 1)

    def title(self, text):
        left = self.line_length - len(text)
        return "-" * (left // 2) + text + "-" * (left - left // 2)

    def row(self, values):
        return self.row_format.format(*values)


def _format_time(time, unit="ms", indent=0):
    if time == float("inf"):
        return "-"
    value = float(time) / {"s": 1e9, "ms": 1e6, "us": 1e3}.get(unit, 1)
    return "{}{:.2f}".format(" " * indent, value)


def _format_ratio(ratio, indent=0):
    return "{}{:.2f}".format(" " * indent, ratio * 100)


def _stats_cell(item, unit, ratio, gpu=False, general=True):
    prefix = ("general_gpu_time" if general else "gpu_time") if gpu else "cpu_time"
    return "{} / {} / {} / {} / {}".format(
        _format_time(getattr(item, prefix), unit), _format_time(getattr(item, "avg_" + prefix), unit),
        _format_time(getattr(item, "max_" + prefix), unit), _format_time(getattr(item, "min_" + prefix), unit),
        _format_ratio(ratio))


def _ratio(part, whole):
    return 0 if whole == 0 else float(part) / whole


def _widths_for(rows, calls=6, cpu=40, gpu=40):
    for row in rows:
        if isinstance(row, str):
            continue
        if isinstance(row[1], int):
            calls = max(calls, len(str(row[1])))
        cpu = max(cpu, len(row[2]))
        gpu = max(gpu, len(row[3]))
    return calls, cpu, gpu


_STATS_HEADERS = ["Name", "Calls", "CPU Total / Avg / Max / Min / Ratio(%)",
                  "GPU Total / Avg / Max / Min / Ratio(%)"]


def _device_view(data, out, total_time):
    table = _Table([30, 20])
    out += [table.title("Device Summary"), table.header_sep, table.row(["Device", "Utilization (%)"]),
            table.header_sep,
            table.row(["CPU(Process)", _format_ratio(float(data.extra_info["Process Cpu Utilization"]))]),
            table.row(["CPU(System)", _format_ratio(float(data.extra_info["System Cpu Utilization"]))])]
    for gpu in data.time_range_summary.get_gpu_devices():
        busy = float(data.time_range_summary.get_gpu_range_sum(gpu, TracerEventType.Kernel))
        out.append(table.row([f"GPU{gpu}", _format_ratio(busy / total_time)]))
    out += [table.header_sep,
            "Note:\nCPU(Process) Utilization = Current process CPU time over all cpu cores / elapsed time, so max "
            "utilization can be reached 100% * number of cpu cores.\n"
            "CPU(System) Utilization = All processes CPU time over all cpu cores(busy time) / (busy time + idle "
            "time).\nGPU Utilization = Current process GPU time / elapsed time.",
            "-" * table.line_length, "", ""]


def _type_name(event_type):
    return str(event_type).split(".")[1]


def _overview(data, out, total_time, unit):
    table = _Table([25] * 4)
    out += [table.title("Overview Summary"), f"Time unit: {unit}", table.header_sep,
            table.row(["Event Type", "Calls", "CPU Time", "Ratio (%)"]), table.header_sep]
    trs = data.time_range_summary
    cpu_calls = collections.defaultdict(int, trs.call_times)
    gpu_calls = collections.defaultdict(int, trs.call_times)
    cpu_time = collections.defaultdict(int)
    for event_type, value in trs.CPUTimeRangeSum.items():
        if event_type != TracerEventType.Communication:
            cpu_time[event_type] = value
    dist = data.distributed_summary
    if dist.cpu_communication_range:
        cpu_time[TracerEventType.Communication] = sum_ranges(dist.cpu_communication_range)
        cpu_calls[TracerEventType.Communication] = dist.cpu_calls
    phases = data.event_summary.model_perspective_items
    for event_type in (TracerEventType.Dataloader, TracerEventType.Forward, TracerEventType.Backward,
                       TracerEventType.Optimization):
        name = _type_name(event_type)
        if event_type in cpu_calls and name in phases:
            cpu_calls[event_type] = phases[name].call
            cpu_time[event_type] = phases[name].cpu_time
    gpu_time = collections.defaultdict(int)
    for device_ranges in trs.GPUTimeRange.values():
        for event_type, ranges in device_ranges.items():
            gpu_time[event_type] += sum_ranges(ranges)
    for i, (event_type, time) in enumerate(sorted(cpu_time.items(), key=lambda kv: kv[1], reverse=True)):
        out.append(table.row([("" if i == 0 else "  ") + _type_name(event_type), cpu_calls[event_type],
                              _format_time(time, unit), _format_ratio(float(time) / total_time)]))
    out += [table.header_sep, table.row(["", "Calls", "GPU Time", "Ratio (%)"]), table.header_sep]
    for event_type, time in gpu_time.items():
        out.append(table.row(["  " + _type_name(event_type), gpu_calls[event_type], _format_time(time, unit),
                              _format_ratio(float(time) / total_time)]))
    out += [table.header_sep,
            "Note:\nIn this table, We sum up all collected events in terms of event type.\n"
            "The time of events collected on host are presented as CPU Time, and as GPU Time if on device.\n"
            "Events with different types may overlap or inclusion, e.g. Operator includes OperatorInner, so the "
            "sum of ratios is not 100%.\n"
            "The time of events in the same type with overlap will not calculate twice, and all time is summed "
            "after merged.\nExample:\nThread 1:\n  Operator: |___________|     |__________|\nThread 2:\n"
            "  Operator:   |____________|     |___|\nAfter merged:\n  Result:   |______________|  |__________|\n",
            "-" * table.line_length, "", ""]


def _model_view(data, out, total_time, unit):
    phases = data.event_summary.model_perspective_items
    if len(phases) <= 1:
        return
    rows, cpu_sum, gpu_sum = [], 0, 0
    gpu_total = phases["ProfileStep"].gpu_time
    for name in ("ProfileStep", "Dataloader", "Forward", "Backward", "Optimization"):
        if name not in phases:
            continue
        item = phases[name]
        rows.append([name if name == "ProfileStep" else "  " + name, item.call,
                     _stats_cell(item, unit, float(item.cpu_time) / total_time),
                     _stats_cell(item, unit, _ratio(item.gpu_time, gpu_total), gpu=True, general=False)])
        if name != "ProfileStep":
            cpu_sum += item.cpu_time
            gpu_sum += item.gpu_time
    other, other_gpu = total_time - cpu_sum, gpu_total - gpu_sum
    rows.append(["  Others", "-",
                 f"{_format_time(other, unit)} / - / - / - / {_format_ratio(float(other) / total_time)}",
                 f"{_format_time(other_gpu, unit)} / - / - / - / {_format_ratio(_ratio(other_gpu, gpu_total))}"])
    calls, cpu, gpu = _widths_for(rows)
    table = _Table([15, calls, cpu, gpu])
    out += [table.title("Model Summary"), f"Time unit: {unit}", table.header_sep, table.row(_STATS_HEADERS),
            table.header_sep]
    out += [table.row(r) for r in rows]
    out += [table.header_sep,
            "Note:\nIn this table, GPU time is the sum of all device(GPU) events called in the phase.\n"
            "Unlike overview summary, if two device(GPU) events execute on different streams with overlap time, "
            "we sum them directly here.\n",
            "-" * table.line_length, "", ""]


def _shorten(name, indent, width):
    return name[: width - 3 - indent] + "..." if len(name) + indent > width else name


def _operator_view(data, out, sorted_by, op_detail, thread_sep, unit):
    summary = data.event_summary
    if not summary.items:
        return
    name_width = 52
    groups = summary.thread_items if thread_sep else {"All threads merged": summary.items}
    rows = []
    for thread_id, items in groups.items():
        rows.append(f"Thread: {thread_id}")
        ordered = _sorted_items(items, sorted_by)
        cpu_total = sum(item.cpu_time for _, item in ordered)
        gpu_total = sum(item.general_gpu_time for _, item in ordered)
        for name, item in ordered:
            rows.append([name, item.call, _stats_cell(item, unit, _ratio(item.cpu_time, cpu_total)),
                         _stats_cell(item, unit, _ratio(item.general_gpu_time, gpu_total), gpu=True), item.flops])
            if not op_detail:
                continue
            for inner_name, inner in item.operator_inners.items():
                rows.append(["  " + _shorten(inner_name, 2, name_width), inner.call,
                             _stats_cell(inner, unit, _ratio(inner.cpu_time, item.cpu_time)),
                             _stats_cell(inner, unit, _ratio(inner.general_gpu_time, item.general_gpu_time),
                                         gpu=True), "-"])
    calls, cpu, gpu = _widths_for(rows)
    table = _Table([name_width, calls, cpu, gpu, 10])
    out += [table.title("Operator Summary"), f"Time unit: {unit}", table.header_sep,
            table.row(_STATS_HEADERS + ["FLOPs"]), table.header_sep]
    out += [table.title(r) if isinstance(r, str) else table.row(r) for r in rows]
    out += [table.header_sep, "", ""]


def _userdefined_view(data, out, total_time, sorted_by, thread_sep, unit):
    summary = data.event_summary
    if not summary.userdefined_items:
        return
    gpu_total = summary.model_perspective_items["ProfileStep"].general_gpu_time \
        if "ProfileStep" in summary.model_perspective_items else 0
    groups = summary.userdefined_thread_items if thread_sep else {"All threads merged": summary.userdefined_items}
    rows = []
    for thread_id, items in groups.items():
        rows.append(f"Thread: {thread_id}")
        for name, item in _sorted_items(items, sorted_by):
            rows.append([name, item.call, _stats_cell(item, unit, float(item.cpu_time) / total_time),
                         _stats_cell(item, unit, _ratio(item.general_gpu_time, gpu_total), gpu=True)])
    name_width = max([len(r[0]) for r in rows if not isinstance(r, str)] + [0])
    calls, cpu, gpu = _widths_for(rows)
    table = _Table([name_width, calls, cpu, gpu])
    out += [table.title("UserDefined Summary"), f"Time unit: {unit}", table.header_sep, table.row(_STATS_HEADERS),
            table.header_sep]
    out += [table.title(r) if isinstance(r, str) else table.row(r) for r in rows]
    out += ["", ""]


def _memory_view(data, out):
    memory = data.memory_summary
    for place, events in memory.allocated_items.items():
        rows = [[name, item.memory_type, item.allocation_count, item.free_count, item.allocation_size,
                 item.free_size, item.increase_size]
                for name, item in sorted(events.items(), key=lambda kv: kv[1].increase_size, reverse=True)]
        rows += [[name, item.memory_type, item.allocation_count, item.free_count, item.allocation_size,
                  item.free_size, item.increase_size]
                 for name, item in sorted(memory.reserved_items[place].items(),
                                          key=lambda kv: kv[1].increase_size, reverse=True)]
        table = _Table([50, 12, 15, 15, 15, 15, 15])
        out += [table.title(f"Memory Summary - {place}"),
                f"Peak Allocated Memory: {memory.peak_allocation_values[place]}",
                f"Peak Reserved Memory: {memory.peak_reserved_values[place]}", table.header_sep,
                table.row(["Name", "Type", "Allocation Count", "Free Count", "Allocation Size", "Free Size",
                           "Increased Size"]), table.header_sep]
        out += [table.row(r) for r in rows]
        out += ["", ""]


def _build_table(statistic_data, sorted_by=SortedKeys.CPUTotal, op_detail=True, thread_sep=False,
                 time_unit="ms", row_limit=100, max_src_column_width=75, views=None):
    """The summary text: each line followed by a newline, as Paddle assembles it."""
    from .profiler import SummaryView

    def wanted(view):
        return views is None or view in views

    out = []
    total_time = statistic_data.time_range_summary.get_cpu_range_sum(TracerEventType.ProfileStep)
    if wanted(SummaryView.DeviceView):
        _device_view(statistic_data, out, total_time)
        if total_time == 0:
            return "".join(line + "\n" for line in out)
    if wanted(SummaryView.OverView):
        _overview(statistic_data, out, total_time, time_unit)
    if wanted(SummaryView.ModelView):
        _model_view(statistic_data, out, total_time, time_unit)
    if wanted(SummaryView.OperatorView):
        _operator_view(statistic_data, out, sorted_by, op_detail, thread_sep, time_unit)
    if wanted(SummaryView.UDFView):
        _userdefined_view(statistic_data, out, total_time, sorted_by, thread_sep, time_unit)
    if wanted(SummaryView.MemoryView):
        _memory_view(statistic_data, out)
    return "".join(line + "\n" for line in out)


def _format_large_number(n, precision=2):
    for scale, suffix in ((1e12, " T"), (1e9, " G"), (1e6, " M"), (1e3, " K")):
        if n // scale > 0:
            return f"{round(n / scale, precision)}{suffix}"
    return f"{round(n, precision)}"


def _format_duration(n, precision=2):
    for scale, suffix in ((1e9, " s"), (1e6, " ms"), (1e3, " us")):
        if n // scale > 0:
            return f"{round(n / scale, precision)}{suffix}"
    return f"{round(n, precision)} ns"


def gen_layer_flops(nodetrees, repeat=1):
    """One line per Forward layer / operator, indented by nesting: latency, FLOPs and FLOPS."""
    lines, offset = [], []

    def visit(node, depth):
        if node.type in (TracerEventType.Backward, TracerEventType.Optimization) or "GradNode" in node.name:
            return
        if node.type in (TracerEventType.Forward, TracerEventType.Operator):
            stat = HostStatisticNode(node)
            stat.cal_statistic()
            flops = _subtree_flops(node)
            if not offset:
                offset.append(depth)
            name = _nodename2opname(node.name)
            if depth == offset[-1] and lines and lines[0].startswith(name) and repeat <= 1:
                raise StopIteration
            rate = flops * 1e9 / stat.cpu_time if stat.cpu_time else 0
            lines.append(f"{' ' * (depth - offset[-1])}{name} latency: {_format_duration(stat.cpu_time)}, "
                         f"FLOPs: {_format_large_number(flops)}, FLOPS: {_format_large_number(rate)}\n")
            if node.type == TracerEventType.Operator:
                return
        for child in node.children_node:
            visit(child, depth + 1)

    try:
        for root in nodetrees.values():
            visit(root, 0)
    except StopIteration:
        pass
    return "".join(lines)


def _subtree_flops(node):
    if node.type == TracerEventType.Operator:
        return node.flops or 0
    return sum(_subtree_flops(c) for c in node.children_node
               if c.type not in (TracerEventType.Backward, TracerEventType.Optimization))
