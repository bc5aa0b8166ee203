"""The public names of the semi-private modules, recorded from real Paddle 2.6.2 by ``record_goldens.py``
(``compat_surface.json``) and compared by ``test_surface.py``."""

MODULES = ("paddle.base", "paddle.base.dygraph", "paddle.framework", "paddle.common_ops_import")
# modules of the standard library / numpy that Paddle's modules happen to import: not API
_IMPORTED = {"os", "sys", "atexit", "platform", "np", "numpy", "inspect", "warnings", "collections", "functools",
             "copy", "re", "textwrap", "logging", "contextlib", "threading", "pickle", "math", "struct", "paddle"}


def public_names(paddle):
    import importlib

    out = {}
    for name in MODULES:
        module = importlib.import_module(name)
        out[name] = sorted(n for n in dir(module) if not n.startswith("_") and n not in _IMPORTED)
    return out


SCENARIOS = {"public_names": public_names}
