"""``paddle.framework.io_utils``: helpers of Paddle's save/load paths: file-or-buffer openers, variable
predicates (persistable / parameter / optimizer state), the legacy static-graph pickle writer, and the splitting of
arrays above pickle's 1 GiB limit into ``@@.<i>`` slices (protocols 2 and 3) and their reassembly."""

import contextlib
import math
import os
import pickle
import sys
from io import BytesIO

import numpy as np

from ..base import core
from ..base.framework import static_only

__all__ = []

_UNPACK_INFO = "UnpackBigParamInfor@@"


class _open_buffer:  # noqa: N801 - Paddle's names
    def __init__(self, buffer):
        self.buffer = buffer

    def __enter__(self):
        return self.buffer


class _buffer_reader(_open_buffer):  # noqa: N801
    """A readable buffer that rewinds to where it was if the ``with`` body fails."""

    def __init__(self, buffer):
        super().__init__(buffer)
        self.initial_tell = self.buffer.tell()

    def __exit__(self, *args):
        if args[0] is not None:
            self.buffer.seek(self.initial_tell)


class _buffer_writer(_open_buffer):  # noqa: N801
    def __exit__(self, *args):
        self.buffer.flush()


def _is_file_path(path):
    return isinstance(path, str)


def _open_file_buffer(path_or_buffer, mode):
    if _is_file_path(path_or_buffer):
        return open(path_or_buffer, mode)  # noqa: SIM115 - returned to the caller's with
    if "w" in mode:
        return _buffer_writer(path_or_buffer)
    if "r" in mode:
        return _buffer_reader(path_or_buffer)
    raise ValueError(f"Expected 'r' or 'w' in mode but got {mode}")


def _is_memory_buffer(buffer):
    return isinstance(buffer, BytesIO)


def _var_info(var):
    from .program import _info

    t = getattr(var, "_t", None)
    return _info(t) if t is not None else None


def is_persistable(var):
    """Whether ``var`` is saved with the model (feed/fetch lists and readers never are)."""
    var_type = core.VarDesc.VarType
    kind = getattr(var, "type", None)
    if kind in (var_type.FEED_MINIBATCH, var_type.FETCH_LIST, var_type.READER):
        return False
    return var.persistable


def is_parameter(var):
    from .._core.tensor import Parameter

    return isinstance(var, Parameter)


def is_belong_to_optimizer(var):
    """A persistable variable that is neither a parameter nor fed data (optimizer state: moments, lr...)."""
    info = _var_info(var)
    fed = bool(info is not None and (info.is_data or info.need_check_feed))
    if not (is_parameter(var) or fed):
        return is_persistable(var)
    return False


def _clone_var_in_block_(block, var):
    from .program import Variable

    assert isinstance(var, Variable)
    extra = {"lod_level": var.lod_level} if getattr(var, "type", None) == core.VarDesc.VarType.LOD_TENSOR else {}
    return block.create_var(name=var.name, shape=var.shape, dtype=var.dtype, type=var.type, persistable=True,
                            **extra)


@contextlib.contextmanager
def _load_program_scope(main=None, startup=None, scope=None):
    """Run the body with fresh (or the given) main/startup programs, scope and name generator."""
    from .. import static
    from ..utils import unique_name

    program = main if main else static.Program()
    startup_program = startup if startup else static.Program()
    scope = scope if scope else core.Scope()
    with static.scope_guard(scope), static.program_guard(program, startup_program), unique_name.guard():
        yield


@static_only
def _legacy_static_save(param_dict, model_path, protocol=2):
    """Pickle ``{name: array}`` of a static program's values to a file or buffer (static mode only)."""
    arrays = {name: _as_array(value) for name, value in param_dict.items()}
    if _is_file_path(model_path) and sys.platform == "darwin":
        # macOS cannot write more than 2 GiB in one call
        data = pickle.dumps(arrays, protocol=protocol)
        with open(model_path, "wb") as f:
            for start in range(0, len(data), 2**30):
                f.write(data[start:start + 2**30])
    else:
        with _open_file_buffer(model_path, "wb") as f:
            pickle.dump(arrays, f, protocol=protocol)


def _as_array(value):
    from .._core.tensor import Tensor
    from ..base.executor import LoDTensor

    if isinstance(value, (Tensor, LoDTensor)):
        return np.array(value)
    return value


def _pickle_loads_mac(path, f):
    data = bytearray()
    for _ in range(0, os.path.getsize(path), 2**30):
        data += f.read(2**30)
    return pickle.loads(data, encoding="latin1")


def _pack_loaded_dict(load_obj):
    """Reassemble the arrays ``_unpack_saved_dict`` split into slices."""
    if isinstance(load_obj, dict) and _UNPACK_INFO in load_obj:
        removed = []
        for key, value in load_obj[_UNPACK_INFO].items():
            load_obj[key] = np.concatenate([load_obj[part] for part in value["slices"]]).reshape(value["OriginShape"])
            removed += value["slices"]
        for key in removed:
            load_obj.pop(key)
        load_obj.pop(_UNPACK_INFO)
    return load_obj


def _unpack_saved_dict(saved_obj, protocol):
    """For pickle protocols 2 and 3, split each array of more than 1 GiB into ``<key>@@.<i>`` slices, recorded
    under ``UnpackBigParamInfor@@``."""
    slices = {}
    info = {}
    if 1 < protocol < 4 and isinstance(saved_obj, dict):
        for key, value in saved_obj.items():
            if not isinstance(value, np.ndarray):
                continue
            limit = int((2**30 - 1) / value.dtype.itemsize)
            count = np.prod(value.shape)
            if count > limit:
                info[key] = {"OriginShape": value.shape, "slices": []}
                flat = value.flatten()
                for i in range(int(math.ceil(count * 1.0 / limit))):
                    part = key + "@@." + str(i)
                    info[key]["slices"].append(part)
                    slices[part] = flat[i * limit:limit * (i + 1)]
    if info:
        for key, value in info.items():
            if key in saved_obj:
                saved_obj.pop(key)
                for part in value["slices"]:
                    saved_obj[part] = slices[part]
        saved_obj[_UNPACK_INFO] = info
    return saved_obj
