"""``paddle.jit`` entry points."""

import logging

from .dy2static import program_translator as _pt

__all__ = ["to_static", "not_to_static", "ignore_module", "enable_to_static", "set_code_level", "set_verbosity",
           "save", "load"]

_logger = logging.getLogger("paddle.jit")
_levels = {"code_level": None, "verbosity": None}


def _verbosity():
    """set_verbosity's level, else $TRANSLATOR_VERBOSITY; -1 (Paddle's default) silences the translator's log."""
    if _levels["verbosity"] is not None:
        return _levels["verbosity"]
    import os

    return int(os.getenv("TRANSLATOR_VERBOSITY", "-1"))


def _code_level():
    """set_code_level's level, else $TRANSLATOR_CODE_LEVEL; -1 (Paddle's default) prints no code."""
    if _levels["code_level"] is not None:
        return _levels["code_level"]
    import os

    return int(os.getenv("TRANSLATOR_CODE_LEVEL", "-1"))


def _translator_logger():
    """Paddle's "Dynamic-to-Static" logger: its own stderr handler and format, not propagated."""
    logger = logging.getLogger("Dynamic-to-Static")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s: %(message)s",
                                               datefmt="%a %b %d %H:%M:%S"))
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)
        logger.propagate = False
    return logger


def translator_log(level, message):
    """Paddle's ``logging_utils.log``: shown when the verbosity is at least ``level``."""
    if _verbosity() >= level:
        message = f"(Level {level}) {message}"
        _translator_logger().info(message)
        if _levels.get("verbosity_to_stdout"):
            print("Dynamic-to-Static INFO: " + message)


def translator_log_code(message):
    """Shown when a code level is set (Paddle prints its transformed code at the level of each transformer; the
    code here is the one graph torch.compile captured, shown for any level >= 0)."""
    if _code_level() >= 0:
        _translator_logger().info(message)
        if _levels.get("code_to_stdout"):
            print("Dynamic-to-Static INFO: " + message)


def _check_build_strategy(build_strategy):
    if build_strategy is None:
        return
    from .. import static

    cls = getattr(static, "BuildStrategy", None)
    if isinstance(cls, type) and not getattr(cls, "__paddle_compat_stub__", False):
        if not isinstance(build_strategy, cls):
            raise TypeError("Required type(build_strategy) shall be `paddle.static.BuildStrategy`, but received "
                            f"{type(build_strategy).__name__}")
    elif isinstance(build_strategy, (int, float, str, list, tuple, dict)):
        raise TypeError("Required type(build_strategy) shall be `paddle.static.BuildStrategy`, but received "
                        f"{type(build_strategy).__name__}")


def to_static(function=None, input_spec=None, build_strategy=None, backend=None, **kwargs):
    """Compiles a function, method or Layer with ``torch.compile`` (see ``dy2static.program_translator``)."""
    from ..nn.layer.layers import Layer

    is_property = kwargs.get("property", False)
    full_graph = kwargs.get("full_graph", None)
    if full_graph is None:
        full_graph = False  # Paddle 2.6 default: the bytecode translator (SOT), which falls back on breaks
    _check_build_strategy(build_strategy)
    _pt.resolve_backend(backend)  # Paddle's ValueError for an unknown backend, at decoration time

    def decorated(python_func):
        cls = _pt.ASTStaticFunction if full_graph else _pt.SymbolicStaticFunction
        if isinstance(python_func, _pt.StaticFunction):
            python_func = python_func.dygraph_function
        static = cls(python_func, input_spec=input_spec, build_strategy=build_strategy, property=is_property,
                     backend=backend)
        return static

    if function is None:
        return decorated
    if isinstance(function, Layer):
        if isinstance(function.forward, _pt.StaticFunction):
            if _verbosity() != -1:
                message = (f"`{type(function).__name__}.forward` has already been decorated somewhere. It will be "
                           "redecorated to replace previous one.")
                _logger.warning(message)
                if _levels.get("verbosity_to_stdout"):
                    print("Dynamic-to-Static WARNING: " + message)
        function.__dict__["forward"] = decorated(function.forward)
        return function
    return decorated(function)


def not_to_static(func=None):
    """The function runs eagerly even when called from to_static'd code (a graph break around it)."""
    if func is None:
        return not_to_static
    return _pt.mark_not_to_static(func)


def ignore_module(modules):
    _pt.ignore_modules(modules)


def enable_to_static(enable_to_static_bool):
    """False: every to_static'd function runs its Python code eagerly."""
    _pt.set_to_static_enabled(bool(enable_to_static_bool))


def set_code_level(level=100, also_to_stdout=False):
    """With ``full_graph=True``, a level >= 0 logs the code of each captured graph (torch.fx Python: what runs in
    place of the code Paddle's AST transformers write); Paddle's SOT (``full_graph=False``) prints none."""
    if not isinstance(level, int):
        raise TypeError(f"Level is not an integer: {level}")
    _levels["code_level"] = level
    _levels["code_to_stdout"] = also_to_stdout


def set_verbosity(level=0, also_to_stdout=False):
    """The translator's log level (Paddle's): with ``full_graph=True`` level >= 1 logs each function's source when
    it is first captured. Paddle 2.6's default translator (SOT) logs nothing at any level, and neither does ours;
    torch's own compile log (graph breaks, recompiles) is switched on with TORCH_LOGS, not here."""
    if not isinstance(level, int):
        raise TypeError(f"Level is not an integer: {level}")
    _levels["verbosity"] = level
    _levels["verbosity_to_stdout"] = also_to_stdout
    _logger.setLevel(logging.DEBUG if level > 0 else logging.WARNING)


def save(layer, path, input_spec=None, **configs):
    if not _pt.to_static_enabled():
        raise RuntimeError("The paddle.jit.save doesn't work when setting 'paddle.jit.enable_to_static' to False.")
    from .pdmodel_export import save as _save

    return _save(layer, path, input_spec, **configs)


def load(path, **configs):
    from .translated_layer import load as _load

    return _load(path, **configs)
