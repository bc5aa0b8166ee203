from .lazy_utils import deprecated, require_version, run_check, try_import

__all__ = ["deprecated", "run_check", "require_version", "try_import"]

from . import unique_name  # noqa: E402,F401
