__all__ = []

from . import unique_name  # noqa: E402,F401
