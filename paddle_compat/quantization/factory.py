"""Quanter factories: a config holds factories (class + arguments); each quantized layer gets its own
instance (``_instance(layer)``)."""

import abc
import sys
from functools import partial

from .._attrs import private_views


class ClassWithArguments(metaclass=abc.ABCMeta):
    def __init__(self, *args, **kwargs):
        self._args = args
        self._kwargs = kwargs

    args, kwargs = private_views("args", "kwargs")

    @abc.abstractmethod
    def _get_class(self):
        pass

    def __str__(self):
        args_str = ",".join(list(self.args) + [f"{k}={v}" for k, v in self.kwargs.items()])
        return f"{self.__class__.__name__}({args_str})"

    def __repr__(self):
        return self.__str__()


class QuanterFactory(ClassWithArguments):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.partial_class = None

    def _instance(self, layer):
        if self.partial_class is None:
            self.partial_class = partial(self._get_class(), *self.args, **self.kwargs)
        return self.partial_class(layer)


ObserverFactory = QuanterFactory


def quanter(class_name):
    """Class decorator: defines a factory class named ``class_name`` (in the decorated class's module) whose
    instances build the decorated quanter layer with the factory's arguments."""

    def wrapper(target_class):
        def init_function(self, *args, **kwargs):
            QuanterFactory.__init__(self, *args, **kwargs)

        def get_class_function(self):
            return target_class

        new_class = type(class_name, (QuanterFactory,), {"__init__": init_function,
                                                         "_get_class": get_class_function})
        module = sys.modules[target_class.__module__]
        new_class.__module__ = target_class.__module__
        setattr(module, class_name, new_class)
        if "__all__" in module.__dict__:
            module.__all__.append(class_name)
        return target_class

    return wrapper
