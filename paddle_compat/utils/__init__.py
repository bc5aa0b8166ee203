from .lazy_utils import deprecated, require_version, run_check, try_import

__all__ = ["deprecated", "run_check", "require_version", "try_import"]

from . import unique_name  # noqa: E402,F401

# Paddle imports these eagerly; here they load on first attribute access (``paddle.utils.cpp_extension``
# pulls in setuptools and torch.utils.cpp_extension, ~0.1 s), so ``import paddle`` stays cheap.
_LAZY_SUBMODULES = frozenset({"cpp_extension", "dlpack", "download"})


def __getattr__(name):
    if name in _LAZY_SUBMODULES:
        import importlib

        module = importlib.import_module(f"{__name__}.{name}")
        import paddle_compat

        paddle_compat._present_classes_as_paddle(module.__name__)
        return module
    raise AttributeError(f"module 'paddle.utils' has no attribute '{name}'")
