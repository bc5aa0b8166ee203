"""Makes ``import paddle`` resolve to ``paddle_compat`` (installed through a .pth file).

Kept tiny and free of heavy imports: the .pth runs it at every interpreter start.

Choice of implementation, by the environment variable ``PADDLE_COMPAT``:
  * ``1`` / ``ours``: always paddle-compat, even beside a real paddlepaddle install;
  * ``0`` / ``real``: never (the finder stays out of the way);
  * unset: paddle-compat unless a real ``paddle`` package is importable, which then wins.
"""

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import types

ALIAS = "paddle"
TARGET = "paddle_compat"


class _AliasLoader(importlib.abc.Loader):
    """``paddle.x.y`` is the very module object ``paddle_compat.x.y``."""

    def __init__(self, target_name):
        self._target_name = target_name
        self._own_spec = None

    def create_module(self, spec):
        module = importlib.import_module(self._target_name)
        self._own_spec = module.__spec__
        return module

    def exec_module(self, module):
        # importlib overwrote __spec__ with the alias spec; the module keeps its own identity.
        module.__spec__ = self._own_spec

    def get_code(self, fullname):
        # runpy (``python -m paddle.x``) runs the target module's own code under __main__.
        spec = importlib.util.find_spec(self._target_name)
        return spec.loader.get_code(self._target_name)


class _FacadeLoader(importlib.abc.Loader):
    """Top-level ``paddle``: a module sharing paddle_compat's names, but with Paddle's ``__version__``
    (``paddle_compat.__version__`` stays our own)."""

    def create_module(self, spec):
        compat = importlib.import_module(TARGET)
        facade = types.ModuleType(ALIAS, compat.__doc__)
        facade.__dict__.update({k: v for k, v in compat.__dict__.items() if not k.startswith("__")})
        facade.__version__ = compat._PADDLE_VERSION
        facade.__file__ = compat.__file__
        facade.__path__ = list(compat.__path__)
        facade.__all__ = list(getattr(compat, "__all__", ()))
        facade.__getattr__ = lambda name: getattr(compat, name)
        # Register every loaded submodule under its paddle.* name now. Importing one later under the alias
        # for the first time would make Python rebind the parent's attribute to the module, so e.g.
        # `import paddle.vision.models.alexnet` would shadow the function paddle.vision.models.alexnet.
        prefix = TARGET + "."
        for name, module in list(sys.modules.items()):
            if name.startswith(prefix):
                sys.modules.setdefault(ALIAS + name[len(TARGET):], module)
        return facade

    def exec_module(self, module):
        pass


class PaddleAliasFinder(importlib.abc.MetaPathFinder):
    def __init__(self, force=False):
        self.force = force
        self._decided = None

    def _use_ours(self):
        if self.force:
            return True
        if self._decided is None:
            real = importlib.machinery.PathFinder.find_spec(ALIAS)
            self._decided = real is None
        return self._decided

    def find_spec(self, fullname, path=None, target=None):
        if fullname != ALIAS and not fullname.startswith(ALIAS + "."):
            return None
        if not self._use_ours():
            return None
        if fullname == ALIAS:
            return importlib.machinery.ModuleSpec(ALIAS, _FacadeLoader(), is_package=True)
        target_name = TARGET + fullname[len(ALIAS):]
        target_spec = importlib.util.find_spec(target_name)
        if target_spec is None:
            return None
        is_package = hasattr(importlib.import_module(target_name), "__path__")
        # the target's file as origin: runpy makes it sys.argv[0] of ``python -m paddle.x``
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(target_name), origin=target_spec.origin,
                                              is_package=is_package)


def install(force=None):
    """Put the finder first on sys.meta_path (idempotent); ``force`` overrides PADDLE_COMPAT."""
    if force is None:
        choice = os.environ.get("PADDLE_COMPAT", "").strip().lower()
        if choice in ("0", "real", "off", "false", "no"):
            return None
        force = choice in ("1", "ours", "on", "true", "yes")
    for finder in sys.meta_path:
        if isinstance(finder, PaddleAliasFinder) or type(finder).__name__ == "PaddleAliasFinder":
            finder.force = finder.force or force
            return finder
    finder = PaddleAliasFinder(force=force)
    sys.meta_path.insert(0, finder)
    return finder
