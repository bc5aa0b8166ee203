"""The text progress bar of ``Model.fit``/``evaluate``/``predict`` (Paddle's exact line format)."""

import os
import shutil
import sys
import time

import numpy as np


def _format_value(v):
    if isinstance(v, (float, np.float32, np.float64)):
        return " %.4f" % v if abs(v) > 1e-3 else " %.4e" % v
    if isinstance(v, np.ndarray) and v.size == 1 and v.dtype in (np.float32, np.float64):
        return " %.4f" % v.item() if abs(v.item()) > 1e-3 else " %.4e" % v.item()
    return " %s" % (v,)


def _format_values(values, verbose):
    parts = []
    for key, val in values:
        parts.append(" - %s:" % key)
        for v in val if isinstance(val, list) else [val]:
            if verbose == 1 and isinstance(v, np.ndarray):
                parts.append(" %s" % (v,))  # verbose=1 formats only python/numpy floats
            else:
                parts.append(_format_value(v))
    return "".join(parts)


def _speed(seconds_per_unit, name):
    if seconds_per_unit >= 1 or seconds_per_unit == 0:
        return f" - {seconds_per_unit:.0f}s/{name}"
    if seconds_per_unit >= 1e-3:
        return f" - {seconds_per_unit * 1e3:.0f}ms/{name}"
    return f" - {seconds_per_unit * 1e6:.0f}us/{name}"


def _eta(seconds):
    if seconds > 3600:
        return "%d:%02d:%02d" % (seconds // 3600, (seconds % 3600) // 60, seconds % 60)
    if seconds > 60:
        return "%d:%02d" % (seconds // 60, seconds % 60)
    return "%ds" % seconds


class ProgressBar:
    def __init__(self, num=None, width=30, verbose=1, start=True, file=sys.stdout, name="step"):
        if isinstance(num, int) and num <= 0:
            raise TypeError("num should be None or integer (> 0)")
        self._num = num
        columns = shutil.get_terminal_size().columns
        columns = columns if columns > 0 else 80
        self._width = min(width, min(int(columns * 0.6), columns - 50))
        self._total_width = 0
        self._verbose = verbose
        self.file = file
        self._start = time.time() if start else 0
        self._last_update = 0
        self.name = name
        # Paddle redraws in place whenever it runs on POSIX, a tty or a notebook.
        self._dynamic_display = (
            (hasattr(file, "isatty") and file.isatty())
            or "ipykernel" in sys.modules
            or "posix" in sys.modules
            or "PYCHARM_HOSTED" in os.environ
        )

    def start(self):
        self.file.flush()
        self._start = time.time()

    def _count(self, current):
        if self._num is None:
            return self.name + " %3d" % current
        digits = int(np.log10(self._num)) + 1
        return (self.name + " %" + str(digits) + "d/%d") % (current, self._num)

    def update(self, current_num, values=()):
        now = time.time()
        values = list(values)
        per_unit = (now - self._start) / current_num if current_num else 0
        if self._verbose == 1:
            out = sys.stdout
            previous = self._total_width
            out.write(("\b" * previous + "\r") if self._dynamic_display else "\n")
            bar = self._count(current_num)
            if self._num is not None:
                filled = int(self._width * float(current_num) / self._num)
                bar += " ["
                if filled > 0:
                    bar += "=" * (filled - 1) + (">" if current_num < self._num else "=")
                bar += "." * (self._width - filled) + "]"
            self._total_width = len(bar)
            out.write(bar)
            info = _format_values(values, 1)
            if self._num is not None and current_num < self._num:
                info += " - ETA: " + _eta(per_unit * (self._num - current_num))
            info += _speed(per_unit, self.name)
            self._total_width += len(info)
            if previous > self._total_width:
                info += " " * (previous - self._total_width)
            if self._num is None or current_num >= self._num:
                info += "\n"
            out.write(info)
            out.flush()
            self._last_update = now
        elif self._verbose in (2, 3):
            line = self._count(current_num) + _format_values(values, 2) + _speed(per_unit, self.name) + "\n"
            sys.stdout.write(line)
            sys.stdout.flush()
