"""``paddle.static.amp.function_overload``: dispatch among registered overloads by their arguments (Paddle
uses it to pick the float16-only or the common ``decorate``)."""

import inspect
from enum import Enum


class FunctionType(Enum):
    FP16_ONLY = 0
    COMMON = 1


class Function:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args, **kwargs):
        fn = Namespace.get_instance().get(*args, **kwargs)
        return fn(*args, **kwargs)


class Namespace:
    _instance = None

    def __init__(self):
        if Namespace._instance is not None:
            raise Exception("cannot instantiate Namespace again.")
        self.function_map = {}
        Namespace._instance = self

    @staticmethod
    def get_instance():
        if Namespace._instance is None:
            Namespace()
        return Namespace._instance

    def register(self, fn, key):
        assert isinstance(key, FunctionType), (
            f"The type of  key is expected to be FunctionType, but recieved {type(key)}."
        )
        self.function_map[key] = fn
        return Function(fn)

    def get(self, *args, **kwargs):
        """The overload whose parameters accept these arguments; the float16-only one when the third positional
        argument is a float (Paddle's rule for ambiguous calls), else the common one."""
        satisfied = set(self.function_map)
        for key, fn in self.function_map.items():
            spec = inspect.getfullargspec(fn)
            if len(spec) < len(args) + len(kwargs) or any(name not in spec.args for name in kwargs):
                satisfied.discard(key)
        if len(satisfied) == 1:
            key = next(iter(satisfied))
        elif len(args) >= 3 and isinstance(args[2], float):
            key = FunctionType.FP16_ONLY
        else:
            key = FunctionType.COMMON
        return self.function_map.get(key)


def overload(key):
    def decorator(fn):
        return Namespace.get_instance().register(fn, key)

    return decorator
