"""Helpers the RPC agent calls on the callee side: pickling of requests/results and running a Python call."""

import pickle
from collections import namedtuple

PythonFunc = namedtuple("PythonFunc", ["func", "args", "kwargs"])


def _serialize(obj):
    return pickle.dumps(obj)


def _deserialize(obj):
    return pickle.loads(obj)


def _run_py_func(python_func):
    return python_func.func(*python_func.args, **python_func.kwargs)
