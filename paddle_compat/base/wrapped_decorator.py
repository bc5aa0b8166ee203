"""``paddle.base.wrapped_decorator``: decorators that keep the wrapped function's signature."""

import contextlib
import functools

__all__ = ["wrap_decorator", "signature_safe_contextmanager"]


def wrap_decorator(decorator_func):
    def outer(func):
        return functools.wraps(func)(decorator_func(func))

    return outer


signature_safe_contextmanager = contextlib.contextmanager
