"""``paddle.save`` / ``paddle.load`` in Paddle 2.6's own pickle format, loaded safely and written atomically.

Format (what real Paddle writes, so files travel both ways):
  * a state dict (a dict whose values are Tensors, or dicts holding no Tensor) is written as a plain dict
    ``{key: numpy array, ..., "StructuredToParameterName@@": {key: tensor name}}`` (protocol 4 default;
    with protocol 2/3, arrays above 2**30 bytes are split into ``key@@.i`` slices described under
    ``"UnpackBigParamInfor@@"``);
  * any other object is pickled with every Tensor reduced to the tuple ``(name, numpy array)``;
    bfloat16 tensors travel as uint16 arrays, as in Paddle. Saving a ``paddle.nn.Layer`` is refused.
  * a static-graph ``Program`` is written as its serialized ProgramDesc (``program.desc.serialize_to_string()``),
    and a file that is not a pickle is tried as a ProgramDesc on loading, as Paddle does;
  * loading turns those arrays / tuples back into Tensors (or leaves numpy arrays with
    ``return_numpy=True``) and restores tensor names.

Safety: ``paddle.load`` uses a restricted unpickler that admits only what such files contain (numpy
array/scalar/dtype reconstruction, builtin containers and scalars, ``collections.OrderedDict``,
paddle-compat's own tensor rebuild functions, and Paddle's ``eval('data', {...})`` LoDTensor form
limited to exactly that expression). Any other global is refused with ``pickle.UnpicklingError``
naming it. For files you trust (e.g. pickled custom classes) use :func:`trusted_load` or set the
environment variable ``PADDLE_COMPAT_UNSAFE_LOAD=1``.

Atomicity: a file path is written to a temporary file in the same directory, flushed, fsync'ed and
moved into place with ``os.replace``, so an interrupted save never leaves a truncated target.
"""

import collections
import io as _pyio
import math
import os
import pickle
import socket
import sys
import tempfile
import warnings

import numpy as np

from .._core.tensor import Parameter, Tensor, to_tensor

__all__ = ["save", "load"]

_NAME_TABLE = "StructuredToParameterName@@"
_UNPACK_INFO = "UnpackBigParamInfor@@"


class UnsafeGlobalError(pickle.UnpicklingError):
    """A checkpoint references a global outside the safe allow-list."""


# --- saving --------------------------------------------------------------------------------------
def _tensor_array(t):
    import torch

    x = t._t.detach()
    if x.device.type != "cpu":
        x = x.cpu()
    if x.dtype is torch.bfloat16:
        return x.view(torch.uint16).numpy().copy() if hasattr(torch, "uint16") else x.float().numpy()
    if x.is_conj():
        x = x.resolve_conj()
    return x.numpy().copy()


def _reduce_tensor(t):
    return (tuple, ((t.name, _tensor_array(t)),))


def _reduce_lod_tensor(t):
    # Paddle's own form for a core.LoDTensor (what static Variable.get_value() returns): eval('data', {...}),
    # the one eval expression the safe loader admits
    return (eval, ("data", {"data": np.array(t)}))


def _layer_class():
    try:
        from ..nn import Layer
    except ImportError:
        return None
    return Layer


def _reduce_layer(layer):
    raise ValueError("paddle do not support saving `paddle.nn.Layer` object.")


def _contains(obj, cond):
    if cond(obj):
        return True
    if isinstance(obj, dict):
        return any(_contains(v, cond) for v in obj.values())
    if isinstance(obj, (list, tuple, set)):
        return any(_contains(v, cond) for v in obj)
    return False


def _is_state_dict(obj):
    if not isinstance(obj, dict):
        return False
    layer = _layer_class()
    kinds = (Tensor,) if layer is None else (Tensor, layer)
    for value in obj.values():
        if isinstance(value, dict):
            for v in value.values():
                if _contains(v, lambda o: isinstance(o, kinds)):
                    return False
        elif not isinstance(value, Tensor):
            return False
    return True


def _check_protocol(protocol):
    if not isinstance(protocol, int):
        raise ValueError(f"The 'protocol' MUST be `int`, but received {type(protocol)}")
    if protocol < 2 or protocol > 4:
        raise ValueError(f"Expected 1<'protocol'<5, but received protocol={protocol}")


def _build_state_dict(obj, protocol):
    saved, names = {}, {}
    for key, value in obj.items():
        if isinstance(value, Tensor):
            saved[key] = _tensor_array(value)
            names[key] = value.name
        else:
            saved[key] = value
    saved[_NAME_TABLE] = names
    if 1 < protocol < 4:  # pickle protocols 2/3 cannot hold objects above 4 GB: split big arrays
        info = {}
        for key, value in list(saved.items()):
            if isinstance(value, np.ndarray):
                limit = int((2**30 - 1) / value.dtype.itemsize)
                n = int(np.prod(value.shape))
                if n > limit:
                    flat = value.flatten()
                    info[key] = {"OriginShape": value.shape, "slices": []}
                    del saved[key]
                    for i in range(int(math.ceil(n * 1.0 / limit))):
                        part = f"{key}@@.{i}"
                        info[key]["slices"].append(part)
                        saved[part] = flat[i * limit:(i + 1) * limit]
        if info:
            saved[_UNPACK_INFO] = info
    return saved


def _dump(obj, f, protocol):
    pickler = pickle.Pickler(f, protocol)
    import copyreg

    table = copyreg.dispatch_table.copy()
    table[Tensor] = _reduce_tensor
    table[Parameter] = _reduce_tensor
    from ..base.executor import LoDTensor

    table[LoDTensor] = _reduce_lod_tensor
    layer = _layer_class()
    if layer is not None:
        def mark(o):
            if isinstance(o, layer):
                table[type(o)] = _reduce_layer
            return False

        _contains(obj, mark)
    pickler.dispatch_table = table
    pickler.dump(obj)


def _is_memory_buffer(path):
    return isinstance(path, _pyio.BytesIO)


def _process_umask():
    try:  # Linux reports it without changing it (os.umask would, racing other threads)
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_TEMP_HOST = socket.gethostname().replace(".", "_") or "host"


def _temp_prefix(path):
    return "." + os.path.basename(path) + "." + _TEMP_HOST + "."


def _remove_stale_temps(path):
    """Delete temp files that writers on this host left behind when they died (SIGKILL, power loss) while
    saving to ``path``. A temp file whose writer is still alive is never touched."""
    dirname = os.path.dirname(path) or "."
    prefix = _temp_prefix(path)
    try:
        names = os.listdir(dirname)
    except OSError:
        return
    for name in names:
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid = name[len(prefix):].split(".", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
            continue  # the writer is alive: a concurrent save
        except ProcessLookupError:
            pass
        except OSError:
            continue  # alive but not ours to signal
        try:
            os.unlink(os.path.join(dirname, name))
        except OSError:
            pass


def _atomic_write(path, write):
    """Write through ``.<name>.<host>.<pid>.<random>.tmp`` in the target's directory, then rename: a crash never
    leaves a truncated target. The file gets the mode ``open()`` would give (0666 less the umask), and a
    successful save removes the temp files of dead writers to the same path."""
    path = os.fspath(path)
    dirname = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path) + f"{os.getpid()}.", suffix=".tmp", dir=dirname)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fchmod(f.fileno(), 0o666 & ~_process_umask())
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(dirname, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass
    _remove_stale_temps(path)


def save(obj, path, protocol=4, **configs):
    """Save ``obj`` (Tensor, state dict, nested containers, plain values) to ``path`` or a BytesIO."""
    for key in configs:
        if key not in ("use_binary_format", "pickle_protocol"):
            raise ValueError(f"The additional config ({key}) of `paddle.save` is not supported.")
    if configs.get("pickle_protocol") is not None:
        protocol = configs["pickle_protocol"]
        warnings.warn("'pickle_protocol' is a deprecated argument. Please use 'protocol' instead.")
    if configs.get("use_binary_format", False):
        raise NotImplementedError("paddle.save(use_binary_format=True) is not supported by paddle-compat")
    if isinstance(path, (str, os.PathLike)):
        filename = os.path.basename(os.fspath(path))
        if filename == "":
            raise ValueError(
                "The input path MUST be format of dirname/filename [dirname\\filename in Windows system], but "
                "received filename is empty string."
            )
        dirname = os.path.dirname(os.fspath(path))
        if dirname and not os.path.exists(dirname):
            os.makedirs(dirname, exist_ok=True)
    elif not _is_memory_buffer(path):
        raise ValueError(f"only supports saving objects to file and `BytesIO`, but got {type(path)}")

    program = _as_program(obj)
    if program is not None:
        data = program.desc.serialize_to_string()

        def write(f):
            f.write(data)
    elif _is_state_dict(obj):
        if len(obj) == 0:
            warnings.warn("The input state dict is empty, no need to save.")
        _check_protocol(protocol)
        payload = _build_state_dict(obj, protocol)

        def write(f):
            pickle.dump(payload, f, protocol=protocol)
    else:
        _check_protocol(protocol)

        def write(f):
            _dump(obj, f, protocol)

    if _is_memory_buffer(path):
        write(path)
    else:
        _atomic_write(path, write)


# --- loading -------------------------------------------------------------------------------------
def _as_program(obj):
    """``obj`` when it is a static-graph Program (saved as its ProgramDesc bytes, like Paddle), else None."""
    program_module = sys.modules.get("paddle_compat.framework.program")
    return obj if program_module is not None and isinstance(obj, program_module.Program) else None


def _parse_program(f):
    """A Program from ProgramDesc bytes (what ``paddle.save(program, path)`` writes), or None."""
    from ..static.io import deserialize_program

    f.seek(0)
    try:
        return deserialize_program(f.read())
    except Exception:  # noqa: BLE001 - not a ProgramDesc either: the caller reports the pickle error
        return None


def _eval_data(expr, scope=None, *rest):
    """Paddle reduces LoDTensors to ``eval('data', {'data': array})``; only that form is admitted."""
    if expr != "data" or not isinstance(scope, dict) or "data" not in scope:
        raise UnsafeGlobalError("refusing builtins.eval with an expression other than 'data'")
    return scope["data"]


def _safe_globals():
    from .._core import dtypes, tensor

    allowed = {}
    for mod in ("numpy.core.multiarray", "numpy._core.multiarray"):
        allowed[(mod, "_reconstruct")] = None
        allowed[(mod, "scalar")] = None
    for mod in ("numpy.core.numeric", "numpy._core.numeric"):
        allowed[(mod, "_frombuffer")] = None
    allowed[("numpy", "ndarray")] = np.ndarray
    allowed[("numpy", "dtype")] = np.dtype
    for name in ("tuple", "list", "dict", "set", "frozenset", "slice", "complex", "int", "float", "bool",
                 "str", "bytes", "bytearray", "range"):
        allowed[("builtins", name)] = None
        allowed[("__builtin__", name)] = None
    allowed[("_codecs", "encode")] = None  # protocol 2 writes bytes through it
    allowed[("builtins", "eval")] = _eval_data
    allowed[("__builtin__", "eval")] = _eval_data
    allowed[("collections", "OrderedDict")] = collections.OrderedDict
    allowed[("paddle_compat._core.tensor", "_rebuild_tensor")] = tensor._rebuild_tensor
    allowed[("paddle_compat._core.tensor", "_rebuild_parameter")] = tensor._rebuild_parameter
    allowed[("paddle_compat._core.dtypes", "convert_dtype_to_paddle")] = dtypes.convert_dtype_to_paddle
    allowed[("paddle_compat.framework.random", "GeneratorState")] = None
    allowed[("paddle.framework.random", "GeneratorState")] = None  # the name the class reports (Paddle's path)
    return allowed


_ALLOWED = None


class _SafeUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        global _ALLOWED
        if _ALLOWED is None:
            _ALLOWED = _safe_globals()
        key = (module, name)
        if key not in _ALLOWED:
            raise UnsafeGlobalError(
                f"paddle.load refused to unpickle the global '{module}.{name}': it is not something a Paddle "
                "checkpoint contains. If you trust this file, load it with "
                "paddle_compat.framework.io.trusted_load(path) or set PADDLE_COMPAT_UNSAFE_LOAD=1."
            )
        obj = _ALLOWED[key]
        if obj is not None:
            return obj
        return super().find_class(module, name)


def _unsafe_allowed():
    return os.environ.get("PADDLE_COMPAT_UNSAFE_LOAD", "").strip().lower() in ("1", "true", "yes", "on")


def _unpickle(f, trusted):
    if trusted or _unsafe_allowed():
        return pickle.load(f, encoding="latin1")
    return _SafeUnpickler(f, encoding="latin1").load()


def _array_to_tensor(arr, return_numpy, name=None):
    if return_numpy:
        return arr
    from .program import _Mode

    if _Mode.static:  # Paddle gives core.LoDTensor values in static mode
        from ..base.executor import LoDTensor

        t = LoDTensor()
        t.set(arr)
        return t
    t = to_tensor(arr)
    if name:
        t.name = name
    return t


def _is_named_array(o):
    return isinstance(o, tuple) and len(o) == 2 and isinstance(o[0], str) and isinstance(o[1], np.ndarray)


def _convert(obj, cond, conv):
    if cond(obj):
        return conv(obj)
    t = type(obj)
    if t in (dict, collections.OrderedDict):
        for k in list(obj.keys()):
            obj[k] = _convert(obj[k], cond, conv)
        return obj
    if t is list:
        return [_convert(v, cond, conv) for v in obj]
    if t is tuple:
        return tuple(_convert(v, cond, conv) for v in obj)
    if t is set:
        return {_convert(v, cond, conv) for v in obj}
    layer = _layer_class()
    if layer is not None and isinstance(obj, layer):
        obj.__dict__.update(_convert(dict(obj.__dict__), cond, conv))
    return obj


def _parse_result(obj, return_numpy):
    if _contains(obj, _is_named_array):
        return _convert(obj, _is_named_array, lambda o: _array_to_tensor(o[1], return_numpy, o[0]))
    return _convert(obj, lambda o: isinstance(o, np.ndarray), lambda o: _array_to_tensor(o, return_numpy))


def _pack_big(obj):
    info = obj.pop(_UNPACK_INFO, None)
    if info:
        for key, value in info.items():
            obj[key] = np.concatenate([obj.pop(p) for p in value["slices"]]).reshape(value["OriginShape"])
    return obj


def _load(path, trusted, configs):
    for key in configs:
        if key not in ("model_filename", "params_filename", "keep_name_table", "return_numpy"):
            raise ValueError(f"The additional config ({key}) of `paddle.load` is not supported.")
    return_numpy = configs.get("return_numpy", False)
    keep_name_table = configs.get("keep_name_table", False)
    if _is_memory_buffer(path):
        f, close = path, False
    else:
        p = os.fspath(path)
        if not os.path.isfile(p) and os.path.isfile(p + ".pdmodel"):  # a paddle.jit.save prefix
            from ..jit.translated_layer import state_dict_of_saved_model

            return state_dict_of_saved_model(p, configs)
        if not os.path.isfile(p):
            raise ValueError(
                f"The ``path`` ({p}) to load model not exists." if not os.path.exists(p)
                else f"`paddle.load` can not parse the file:{p}. (a directory: the static-graph / legacy "
                "inference formats are not supported by paddle-compat)"
            )
        f, close = open(p, "rb"), True
    try:
        try:
            result = _unpickle(f, trusted)
        except UnsafeGlobalError:
            raise
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, IndexError,
                KeyError, UnicodeDecodeError, MemoryError) as e:
            program = _parse_program(f)
            if program is not None:
                return program
            raise ValueError(
                f"`paddle.load` can not parse the file:{path}. It is truncated, corrupted or not a Paddle "
                f"checkpoint ({type(e).__name__}: {e})."
            ) from e
    finally:
        if close:
            f.close()
    if isinstance(result, dict):
        result = _pack_big(result)
        if _NAME_TABLE in result:
            for key, name in result[_NAME_TABLE].items():
                if isinstance(result.get(key), np.ndarray):
                    result[key] = _array_to_tensor(result[key], return_numpy, name)
            if not keep_name_table:
                del result[_NAME_TABLE]
            return result
    return _parse_result(result, return_numpy)


def load(path, **configs):
    """Load what :func:`save` (ours or real Paddle's) wrote, through the safe unpickler."""
    return _load(path, False, configs)


def trusted_load(path, **configs):
    """Like :func:`load` but with the full pickle machinery: only for files you trust."""
    return _load(path, True, configs)
