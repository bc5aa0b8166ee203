"""Errors raised inside ``paddle.jit.to_static`` code, reported the way Paddle 2.6's translator reports them.

``full_graph=True`` (Paddle's AST translator): the user's exception class is raised again with a message that
starts ``In transformed code:`` and lists the user's frames (``File "...", line N, in f``), the statements whose
converted control flow encloses the failing line (an ``if``/``for``/``while`` header becomes a frame of its own, as
Paddle's ``convert_ifelse``/``convert_while_loop`` calls do), a five-line source window with the failing line
marked ``<--- HERE``, the library frames below it, and ``    <Class>: <original message>``. A ``KeyError`` comes
out as ``Dy2StKeyError`` (Paddle's own class: a KeyError's ``str`` would quote the whole message).
``TRANSLATOR_DISABLE_NEW_ERROR=1`` raises the original exception instead, as in Paddle.

``full_graph=False`` (Paddle's bytecode translator): the original exception propagates unchanged; only torch's
frames are removed from its traceback.
"""

import ast
import linecache
import os
import sys
import traceback

__all__ = []

ERROR_DATA = "Error data about original source code information and traceback."
DISABLE_ERROR_ENV_NAME = "TRANSLATOR_DISABLE_NEW_ERROR"
SOURCE_CODE_RANGE = 5
BLANK_COUNT_BEFORE_FILE_STR = 4

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_JIT_DIR = os.path.join(_PACKAGE_DIR, "jit") + os.sep
_TORCH_DIR = None


def _torch_dir():
    global _TORCH_DIR
    if _TORCH_DIR is None:
        import torch

        _TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__)) + os.sep
    return _TORCH_DIR


def _stdlib_dirs():
    import sysconfig

    paths = sysconfig.get_paths()
    return tuple(os.path.abspath(paths[k]) + os.sep for k in ("stdlib", "platstdlib") if k in paths)


class Dy2StKeyError(Exception):
    """Paddle's stand-in for a KeyError raised in transformed code."""


Dy2StKeyError.__module__ = "paddle.jit.dy2static.error"


def _is_library_file(filename):
    """Paddle converts (and reports as the user's) every function outside paddle and the builtin-like modules."""
    path = os.path.abspath(filename)
    if path.startswith((_PACKAGE_DIR + os.sep, _torch_dir())) or path.startswith(_stdlib_dirs()):
        return True
    return f"{os.sep}numpy{os.sep}" in path or filename.startswith("<")


def _is_noise(filename):
    """Frames a Paddle user never sees: torch's compiler, and this package's own to_static machinery."""
    path = os.path.abspath(filename)
    return path.startswith((_torch_dir(), _JIT_DIR))


def strip_internal_frames(error):
    """The error with torch's frames and to_static's own unlinked from its traceback (the frame that raises it
    again is added back by Python)."""
    kept = []
    tb = error.__traceback__
    while tb is not None:
        if not _is_noise(tb.tb_frame.f_code.co_filename):
            kept.append(tb)
        tb = tb.tb_next
    for a, b in zip(kept, kept[1:]):
        a.tb_next = b
    if kept:
        kept[-1].tb_next = None
    return error.with_traceback(kept[0] if kept else None)


def raised_by_compiled_graph(error):
    """True when no Python of the user's (nor a Paddle op's) ran between the to_static call and the error: it
    came out of a compiled graph's kernel (inductor's generated code, an fx graph), before any graph break."""
    tb = error.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if not (_is_noise(name) or name.startswith("<") or "torchinductor" in name):
            return False
        tb = tb.tb_next
    return True


def capture_failure_summary(error):
    """``<reason> at File "...", line N (`code`)`` for a dynamo capture error: the first line of its reason and the
    last frame of the user's code it was tracing (dynamo's own message is written for torch users)."""
    text = str(error)
    reason = text.splitlines()[0] if text else type(error).__name__
    if "data-dependent" in text or "Data-dependent" in text:
        reason = "Python control flow depends on a Tensor's value"
    stack = getattr(error, "real_stack", None) or []
    user = [f for f in stack if not _is_library_file(f.filename)]
    if user:
        frame = user[-1]
        code = (frame.line or linecache.getline(frame.filename, frame.lineno)).strip()
        reason += f' at File "{frame.filename}", line {frame.lineno}, in {frame.name} (`{code}`)'
    return reason


# ------------------------------------------------------------------ the "In transformed code" message
def _control_flow_headers(filename, lineno, function_name):
    """Line numbers of the ``if``/``for``/``while`` statements of ``function_name`` whose body (or else part)
    holds ``lineno``, outermost first: Paddle's translator calls each converted branch or loop body from that
    header line, so its traceback passes through it."""
    source = "".join(linecache.getlines(filename))
    if not source:
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    best = None
    for node in ast.walk(tree):
        if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == function_name
                and node.lineno <= lineno <= (node.end_lineno or node.lineno)):
            if best is None or node.lineno > best.lineno:
                best = node
    if best is None:
        return []
    headers = []

    def visit(statements):
        for stmt in statements:
            if not (stmt.lineno <= lineno <= (stmt.end_lineno or stmt.lineno)):
                continue
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                return
            if isinstance(stmt, (ast.If, ast.For, ast.While)):
                inner = [s for s in (*stmt.body, *stmt.orelse)
                         if s.lineno <= lineno <= (s.end_lineno or s.lineno)]
                if inner:
                    headers.append(stmt.lineno)
                    visit(inner)
                return
            for field in ("body", "orelse", "finalbody", "handlers"):
                visit(getattr(stmt, field, None) or [])
            return

    visit(best.body)
    return headers


def _frame_line(filename, lineno, function_name, code):
    return (" " * BLANK_COUNT_BEFORE_FILE_STR + f'File "{filename}", line {lineno}, in {function_name}\n\t'
            + (code or "").strip())


def _frame_range(filename, lineno, function_name):
    """The failing line with two lines of context either side, re-indented, marked ``<--- HERE``."""
    lines, indents = [], []
    begin = max(1, lineno - SOURCE_CODE_RANGE // 2)
    for i in range(begin, begin + SOURCE_CODE_RANGE):
        line = linecache.getline(filename, i).rstrip("\n")
        text = line.lstrip()
        lines.append(text)
        indents.append(len(line) - len(text) if text else -1)
        if i == lineno:
            lines.append("~" * len(text) + " <--- HERE")
            indents.append(indents[-1])
    while lines and not lines[0]:
        lines.pop(0)
        indents.pop(0)
    while lines and not lines[-1]:
        lines.pop()
        indents.pop()
    base = min((i for i in indents if i >= 0), default=0)
    body = [" " * (indent - base + BLANK_COUNT_BEFORE_FILE_STR * 2) + text if text else text
            for text, indent in zip(lines, indents)]
    head = " " * BLANK_COUNT_BEFORE_FILE_STR + f'File "{filename}", line {lineno}, in {function_name}\n'
    return head + "\n".join(body)


class ErrorData:
    """What the translator knows of an error raised in the user's code: its class, value and frames."""

    def __init__(self, error_type, error_value, origin_traceback):
        self.error_type = error_type
        self.error_value = error_value
        self.origin_traceback = origin_traceback
        self.in_runtime = False

    def create_message(self):
        frames = self.origin_traceback
        user = [i for i, f in enumerate(frames) if not _is_library_file(f.filename)]
        lines = ["In transformed code:", ""]
        for i in user:
            frame = frames[i]
            for header in _control_flow_headers(frame.filename, frame.lineno, frame.name):
                lines.append(_frame_line(frame.filename, header, frame.name, linecache.getline(frame.filename,
                                                                                                 header)))
            if i == user[-1]:
                lines.append(_frame_range(frame.filename, frame.lineno, frame.name))
            else:
                lines.append(_frame_line(frame.filename, frame.lineno, frame.name, frame.line))
        lines.append("")
        for frame in frames[user[-1] + 1 if user else 0:]:
            if not _is_noise(frame.filename):
                lines.append(_frame_line(frame.filename, frame.lineno, frame.name, frame.line))
        lines.append("")
        lines.extend(" " * BLANK_COUNT_BEFORE_FILE_STR + line
                     for line in traceback.format_exception_only(self.error_type, self.error_value))
        return "\n".join(lines)

    def create_exception(self):
        message = self.create_message()
        error_type = Dy2StKeyError if self.error_type is KeyError else self.error_type
        new_exception = error_type(message)
        setattr(new_exception, ERROR_DATA, self)
        return new_exception


def transformed_code_error(error):
    """The exception ``full_graph=True`` raises for ``error`` (raised by the user's code when run eagerly):
    the same class with Paddle's ``In transformed code:`` message, or ``error`` itself when
    TRANSLATOR_DISABLE_NEW_ERROR is set or the class cannot be built from one message."""
    if int(os.getenv(DISABLE_ERROR_ENV_NAME, "0") or 0):
        return strip_internal_frames(error)
    frames = [f for f in traceback.extract_tb(error.__traceback__) if not _is_noise(f.filename)]
    inner = getattr(error, ERROR_DATA, None)
    if isinstance(inner, ErrorData):
        # raised by a to_static function called from this one: one message over both functions' frames, as
        # Paddle translates the callee as part of the caller
        data = ErrorData(inner.error_type, inner.error_value, frames + inner.origin_traceback)
    else:
        data = ErrorData(type(error), error, frames)
    try:
        return data.create_exception()
    except Exception:  # noqa: BLE001 - an exception class whose constructor wants more than a message
        return strip_internal_frames(error)


def attach_error_data(error, in_runtime=False):
    """Paddle's hook: records the current exception's frames on ``error``."""
    _, value, tb = sys.exc_info()
    data = ErrorData(type(error), error, traceback.extract_tb(tb)[1:])
    data.in_runtime = in_runtime
    setattr(error, ERROR_DATA, data)
    return error
