"""Step timing behind ``Profiler(timer_only=True)``: reader cost, batch cost and throughput (ips) per step,
the ``step_info()`` line and the "Perf Summary" table printed at ``stop()``, as Paddle 2.6 computes them
(the first ``skip_iter`` = 10 steps are left out of the summary's max/min/avg)."""

import timeit
from collections import OrderedDict

__all__ = []


class Stack:
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)

    def pop(self):
        return self.items.pop()

    def is_empty(self):
        return not self.items

    def peek(self):
        return self.items[-1] if self.items else None


class TimeAverager:
    """Totals since the last ``reset()`` (each ``step_info()`` call resets)."""

    def __init__(self):
        self.reset()

    def reset(self):
        self._total_iters = 0
        self._total_time = 0
        self._total_samples = 0

    def record(self, usetime, num_samples=None):
        self._total_iters += 1
        self._total_time += usetime
        if num_samples:
            self._total_samples += num_samples

    def get_average(self):
        return self._total_time / float(self._total_iters) if self._total_iters else 0

    def get_ips_average(self):
        if not self._total_samples or self._total_iters == 0:
            return 0
        return float(self._total_samples) / self._total_time

    def get_step_average(self):
        return float(self._total_iters) / self._total_time if self._total_iters else 0


class Event:
    """The timing of one ``Profiler`` run (runs nest: evaluation inside training)."""

    def __init__(self):
        self.reader_cost_averager = TimeAverager()
        self.batch_cost_averager = TimeAverager()
        self.total_samples = 0
        self.total_iters = 0
        self.skip_iter = 10
        self.reader_records = {"max": 0, "min": float("inf"), "total": 0}
        self.batch_records = {"max": 0, "min": float("inf"), "total": 0}
        self.speed_records = {"max": 0, "min": float("inf")}
        self.reader = None
        self.need_record = True
        self.speed_mode = "samples/s"
        self.speed_unit = "samples/s"

    def reset(self):
        self.reader_cost_averager.reset()
        self.batch_cost_averager.reset()

    def record_reader(self, usetime):
        self.reader_cost_averager.record(usetime)
        if self.total_iters >= self.skip_iter:
            self._update_records(usetime, self.reader_records)

    def record_batch(self, usetime, num_samples=None):
        if num_samples is None:
            self.speed_mode = self.speed_unit = "steps/s"
        self.batch_cost_averager.record(usetime, num_samples)
        self.total_iters += 1
        if self.total_iters >= self.skip_iter:
            self._update_records(usetime, self.batch_records)
            if self.speed_mode == "samples/s":
                speed = float(num_samples) / usetime
                self.total_samples += num_samples
            else:
                speed = 1.0 / usetime
            self._update_records(speed, self.speed_records)

    @staticmethod
    def _update_records(value, records):
        # Paddle's rule: a new max is never also checked as a new min (elif)
        if value > records["max"]:
            records["max"] = value
        elif value < records["min"]:
            records["min"] = value
        if "total" in records:
            records["total"] += value

    def reader_average(self):
        return self.reader_cost_averager.get_average()

    def batch_average(self):
        return self.batch_cost_averager.get_average()

    def speed_average(self):
        if self.speed_mode == "samples/s":
            return self.batch_cost_averager.get_ips_average()
        return self.batch_cost_averager.get_step_average()

    def get_summary(self):
        if self.total_iters <= self.skip_iter:
            return {}
        self.total_iters -= self.skip_iter
        reader_avg = self.reader_records["total"] / float(self.total_iters)
        batch_avg = self.batch_records["total"] / float(self.total_iters)
        if self.speed_mode == "samples/s":
            speed_avg = float(self.total_samples) / self.batch_records["total"]
        else:
            speed_avg = float(self.total_iters) / self.batch_records["total"]
        return {
            "reader_summary": {"max": self.reader_records["max"], "min": self.reader_records["min"],
                               "avg": reader_avg},
            "batch_summary": {"max": self.batch_records["max"], "min": self.batch_records["min"], "avg": batch_avg},
            "ips_summary": {"max": self.speed_records["max"], "min": self.speed_records["min"], "avg": speed_avg},
            "reader_ratio": (reader_avg / batch_avg) * 100,
        }


class Hook:
    def begin(self, benchmark):
        pass

    def end(self, benchmark):
        pass

    def before_reader(self, benchmark):
        pass

    def after_reader(self, benchmark):
        pass

    def after_step(self, benchmark):
        pass


class TimerHook(Hook):
    def __init__(self):
        self.start_time = timeit.default_timer()
        self.start_reader = timeit.default_timer()

    def begin(self, benchmark):
        benchmark.events.push(Event())
        benchmark.current_event = benchmark.events.peek()
        self.start_time = timeit.default_timer()

    def before_reader(self, benchmark):
        self.start_reader = timeit.default_timer()

    def after_reader(self, benchmark):
        reader_cost = timeit.default_timer() - self.start_reader
        event = benchmark.current_event
        if event is None or not event.need_record or reader_cost == 0:
            return
        event.record_reader(reader_cost)

    def after_step(self, benchmark):
        event = benchmark.current_event
        if event is None or not event.need_record:
            return
        event.record_batch(timeit.default_timer() - self.start_time, benchmark.num_samples)
        self.start_time = timeit.default_timer()

    def end(self, benchmark):
        if benchmark.events.is_empty():
            return
        self._print_summary(benchmark)
        benchmark.events.pop()
        benchmark.current_event = benchmark.events.peek()
        self.start_time = timeit.default_timer()

    def _print_summary(self, benchmark):
        summary = benchmark.current_event.get_summary()
        if not summary:
            return
        print("Perf Summary".center(100, "="))
        if summary["reader_ratio"] != 0:
            print("Reader Ratio: " + "%.3f" % summary["reader_ratio"] + "%")
        print("Time Unit: s, IPS Unit: %s" % benchmark.current_event.speed_unit)
        print("|", "".center(15), "|", "avg".center(15), "|", "max".center(15), "|", "min".center(15), "|")
        if summary["reader_summary"]["avg"] != 0:
            self._print_stats("reader_cost", summary["reader_summary"])
        self._print_stats("batch_cost", summary["batch_summary"])
        self._print_stats("ips", summary["ips_summary"])

    @staticmethod
    def _print_stats(item, stats):
        cells = ["%.5f" % stats[key] for key in ("avg", "max", "min")]
        print("|", item.center(15), "|", cells[0].center(15), "|", cells[1].center(15), "|",
              cells[2].center(15), "|")


class Benchmark:
    """Called by ``Profiler`` (begin/step/end) and by the DataLoader iterators (before/after_reader)."""

    def __init__(self):
        self.num_samples = None
        self.hooks = OrderedDict(timer_hook=TimerHook())
        self.current_event = None
        self.events = Stack()

    def step(self, num_samples=None):
        self.num_samples = num_samples
        self.after_step()

    def step_info(self, unit):
        """`` reader_cost: ... s batch_cost: ... s ips: ... <unit>/s`` averaged since the previous call."""
        event = self.current_event
        message = ""
        reader_average = event.reader_average()
        batch_average = event.batch_average()
        if reader_average:
            message += " reader_cost: %.5f s" % reader_average
        if batch_average:
            event.speed_unit = "steps/s" if event.speed_mode == "steps/s" else unit + "/s"
            message += f" batch_cost: {batch_average:.5f} s"
        speed_average = event.speed_average()
        if speed_average:
            message += f" ips: {speed_average:.3f} {event.speed_unit}"
        event.reset()
        return message

    def _run_hooks(self, stage):
        for hook in self.hooks.values():
            getattr(hook, stage)(self)

    def begin(self):
        self._run_hooks("begin")

    def before_reader(self):
        self._run_hooks("before_reader")

    def after_reader(self):
        self._run_hooks("after_reader")

    def after_step(self):
        self._run_hooks("after_step")

    def end(self):
        self._run_hooks("end")

    def check_if_need_record(self, reader):
        """Only the first DataLoader seen in a run is timed (an evaluation loader inside it is not)."""
        event = self.current_event
        if event is None:
            return
        dataset = getattr(reader, "_dataset", None)
        if event.need_record:
            if event.reader is None:
                event.reader = reader
            elif getattr(event.reader, "_dataset", None) is not dataset:
                event.need_record = False
        elif getattr(event.reader, "_dataset", None) is dataset:
            event.need_record = True
            self.hooks["timer_hook"].start_time = timeit.default_timer()


_benchmark_ = Benchmark()


def benchmark():
    return _benchmark_
