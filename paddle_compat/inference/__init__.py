"""``paddle.inference``: Config / Predictor / Tensor handles over either saved artifact.

A ``.pdmodel`` + ``.pdiparams`` pair (real Paddle's or ours) runs on the ProgramDesc interpreter of
``paddle.jit.load``; a ``.pt2`` (our ``paddle.jit.save``) runs as a ``torch.export`` program. Options that only
steer Paddle's own graph optimiser (IR passes, memory reuse, oneDNN, glog) are recorded and reported by their
getters; they do not change results.
"""

import enum
import os
import warnings

import numpy as np
import torch

from .._stubs import define_stubs
from ..framework._shared import attribute_getter, name_methods

__all__ = ["Config", "DataType", "PlaceType", "PrecisionType", "Predictor", "PredictorPool", "Tensor",
           "create_predictor", "get_version", "get_num_bytes_of_data_type", "get_trt_compile_version",
           "get_trt_runtime_version"]


def _int_enum(name, members):
    """Paddle's pybind enums: int-valued, printed ``Type.NAME``."""
    cls = enum.IntEnum(name, members, module=__name__)
    cls.__str__ = enum.Enum.__str__
    return cls


PrecisionType = _int_enum("PrecisionType", {"Float32": 0, "Int8": 1, "Half": 2, "Bfloat16": 3})
PlaceType = _int_enum("PlaceType", {"UNK": -1, "CPU": 0, "GPU": 1, "XPU": 2, "CUSTOM": 4})
DataType = _int_enum("DataType", {"FLOAT32": 0, "INT64": 1, "INT32": 2, "UINT8": 3, "INT8": 4, "FLOAT16": 5,
                                  "BOOL": 6, "FLOAT64": 7})


_NUMPY_OF = {DataType.FLOAT32: np.float32, DataType.INT64: np.int64, DataType.INT32: np.int32,
             DataType.UINT8: np.uint8, DataType.INT8: np.int8, DataType.FLOAT16: np.float16,
             DataType.BOOL: np.bool_, DataType.FLOAT64: np.float64}
_DTYPE_OF_NUMPY = {np.dtype(v): k for k, v in _NUMPY_OF.items()}


def get_num_bytes_of_data_type(dtype):
    return np.dtype(_NUMPY_OF[DataType(dtype)]).itemsize


def get_version():
    from .. import version as _version

    commit = getattr(_version, "commit", "")
    return f"version: {getattr(_version, 'full_version', '2.6.2')}\ncommit: {commit[:8]}\nbranch: HEAD\n"


def get_trt_compile_version():
    return (0, 0, 0)


def get_trt_runtime_version():
    return (0, 0, 0)


# a new Config's options (Paddle's AnalysisConfig defaults)
_OPTION_DEFAULTS = dict(_use_gpu=False, _gpu_device_id=0, _memory_pool_init_size_mb=0, _precision=PrecisionType.Float32,
                        _ir_optim=True, _memory_optim=False, _threads=1, _mkldnn=False, _glog_info=True,
                        _feed_fetch_ops=False, _specify_input_names=False)


def _path_setter(attr):
    """A Config method ``(path)`` storing a model file path in ``attr``."""

    def set_path(self, path):
        setattr(self, attr, path)

    return set_path


def _option_switch(attr):
    """A Config method ``(x=True)`` turning the option stored in ``attr`` on or off."""

    def switch(self, x=True):
        setattr(self, attr, bool(x))

    return switch


class Config:
    """``Config()``, ``Config(model_dir)`` or ``Config(prog_file, params_file)``."""

    Precision = PrecisionType
    Float32, Int8, Half, Bfloat16 = (PrecisionType.Float32, PrecisionType.Int8, PrecisionType.Half,
                                     PrecisionType.Bfloat16)

    def __init__(self, *args):
        self._model_dir = ""
        self._prog_file = ""
        self._params_file = ""
        if len(args) == 1 and isinstance(args[0], Config):
            self.__dict__.update({k: (dict(v) if isinstance(v, dict) else v) for k, v in args[0].__dict__.items()})
            return
        if len(args) == 1:
            self._model_dir = args[0]
        elif len(args) == 2:
            self._prog_file, self._params_file = args
        elif args:
            raise TypeError(f"Config() takes 0 to 2 positional arguments but {len(args)} were given")
        self.__dict__.update(_OPTION_DEFAULTS)

    # -- model ---------------------------------------------------------------------------------------
    def set_model(self, *args):
        if len(args) == 1:
            self._model_dir = args[0]
        else:
            self._prog_file, self._params_file = args

    model_dir = attribute_getter("_model_dir")

    set_prog_file = _path_setter("_prog_file")
    prog_file = attribute_getter("_prog_file")
    set_params_file = _path_setter("_params_file")
    params_file = attribute_getter("_params_file")

    # -- device --------------------------------------------------------------------------------------
    def enable_use_gpu(self, memory_pool_init_size_mb, device_id=0, precision_mode=PrecisionType.Float32):
        self._use_gpu = True
        self._memory_pool_init_size_mb = memory_pool_init_size_mb
        self._gpu_device_id = device_id
        self._precision = PrecisionType(precision_mode)

    def disable_gpu(self):
        self._use_gpu = False

    use_gpu = attribute_getter("_use_gpu")
    gpu_device_id = attribute_getter("_gpu_device_id")
    memory_pool_init_size_mb = attribute_getter("_memory_pool_init_size_mb")

    def enable_xpu(self, *args, **kwargs):
        raise NotImplementedError("paddle.inference.Config.enable_xpu: XPU devices are not supported")

    def enable_tensorrt_engine(self, *args, **kwargs):
        raise NotImplementedError("paddle.inference.Config.enable_tensorrt_engine: TensorRT is not supported "
                                  "(export the .pt2 and use torch-tensorrt instead)")

    def tensorrt_engine_enabled(self):
        return False

    # -- optimisation switches (Paddle's own graph optimiser; results do not depend on them) ------------
    switch_ir_optim = _option_switch("_ir_optim")
    ir_optim = attribute_getter("_ir_optim")
    enable_memory_optim = _option_switch("_memory_optim")

    def enable_mkldnn(self):
        self._mkldnn = True

    def disable_mkldnn(self):
        self._mkldnn = False

    mkldnn_enabled = attribute_getter("_mkldnn")

    def set_cpu_math_library_num_threads(self, cpu_math_library_num_threads):
        self._threads = int(cpu_math_library_num_threads)

    cpu_math_library_num_threads = attribute_getter("_threads")

    def disable_glog_info(self):
        self._glog_info = False

    def glog_info_disabled(self):
        return not self._glog_info

    switch_use_feed_fetch_ops = _option_switch("_feed_fetch_ops")
    use_feed_fetch_ops_enabled = attribute_getter("_feed_fetch_ops")
    switch_specify_input_names = _option_switch("_specify_input_names")
    specify_input_name = attribute_getter("_specify_input_names")

    def summary(self):
        rows = [("model_dir", self._model_dir), ("model_file", self._prog_file), ("params_file", self._params_file),
                ("use_gpu", self._use_gpu), ("ir_optim", self._ir_optim), ("memory_optim", self._memory_optim),
                ("cpu_math_thread", self._threads), ("enable_mkldnn", self._mkldnn)]
        width = max(len(k) for k, _ in rows) + 2
        return "\n".join(f"{k:<{width}}{v}" for k, v in rows) + "\n"

    # -- resolution ----------------------------------------------------------------------------------
    def _model_files(self):
        if self._prog_file:
            return self._prog_file, self._params_file
        directory = self._model_dir
        if not directory:
            raise RuntimeError("(InvalidArgument) the model path of paddle.inference.Config is not set: use "
                               "Config(prog_file, params_file), Config(model_dir) or set_model().")
        if os.path.exists(os.path.join(directory, "__model__")):
            params = os.path.join(directory, "__params__")
            return os.path.join(directory, "__model__"), params if os.path.exists(params) else ""
        candidates = sorted(f for f in os.listdir(directory) if f.endswith((".pdmodel", ".pt2"))) \
            if os.path.isdir(directory) else []
        if not candidates:
            raise RuntimeError(f"(NotFound) Cannot open file {os.path.join(directory, '__model__')}, please confirm "
                               f"whether the file is normal.")
        model = os.path.join(directory, candidates[0])
        return model, model[: -len(".pdmodel")] + ".pdiparams" if model.endswith(".pdmodel") else ""


name_methods(Config)


class Tensor:
    """An input or output handle of a Predictor."""

    def __init__(self, name, predictor, is_input, dtype=None, shape=None):
        self._name = name
        self._predictor = predictor
        self._is_input = is_input
        self._dtype = dtype
        self._shape = list(shape) if shape is not None else [0]
        self._data = None
        self._lod = []

    def reshape(self, shape):
        if not self._is_input:
            raise RuntimeError("(PreconditionNotMet) Can't reshape the output tensor, it is managed by the "
                               "predictor.")
        self._shape = [int(s) for s in shape]

    def shape(self):
        return list(self._data.shape) if self._data is not None else list(self._shape)

    def type(self):
        if self._data is not None:
            return _DTYPE_OF_NUMPY.get(np.dtype(self._data.dtype), DataType.FLOAT32)
        return self._dtype if self._dtype is not None else DataType.FLOAT32

    def copy_from_cpu(self, data):
        if not self._is_input:
            raise RuntimeError("(PreconditionNotMet) copy_from_cpu is only for input tensors.")
        if not isinstance(data, np.ndarray):
            raise TypeError(f"In copy_from_cpu, we only support numpy ndarray data type, but received "
                            f"{type(data).__name__}.")
        if np.dtype(data.dtype) not in _DTYPE_OF_NUMPY:
            raise TypeError(f"Unsupported data type {data.dtype} for paddle.inference.Tensor")
        self._data = np.array(data, copy=True)
        self._shape = list(data.shape)

    def share_external_data(self, data):
        from .._core.tensor import Tensor as PaddleTensor

        if not isinstance(data, PaddleTensor):
            raise TypeError("share_external_data expects a paddle.Tensor")
        self._data = data.numpy()
        self._shape = list(self._data.shape)

    def copy_to_cpu(self):
        if self._data is None:
            raise RuntimeError(f"(PreconditionNotMet) The tensor {self._name} holds no data: call run() first.")
        return np.array(self._data, copy=True)

    def lod(self):
        return list(self._lod)

    def set_lod(self, lod):
        self._lod = [list(level) for level in lod]

    def name(self):  # Paddle 2.6's handle has no name(); kept for messages
        return self._name


class Predictor:
    def __init__(self, config):
        if not isinstance(config, Config):
            raise TypeError(f"create_predictor expects a paddle.inference.Config, but received "
                            f"{type(config).__name__}")
        self._config = Config(config)
        model_file, params_file = config._model_files()
        if not os.path.exists(model_file):
            raise RuntimeError(f"(NotFound) Cannot open file {model_file}, please confirm whether the file is "
                               f"normal.")
        self._device = torch.device("cpu")
        if config._use_gpu:
            if torch.cuda.is_available():
                self._device = torch.device("cuda", config._gpu_device_id)
            else:
                warnings.warn("paddle.inference: enable_use_gpu() but no CUDA device is available; running on "
                              "CPU", stacklevel=2)
        if config._precision != PrecisionType.Float32:
            raise NotImplementedError(f"paddle.inference: precision_mode={config._precision.name} is not "
                                      f"supported yet (Float32 only)")
        if model_file.endswith(".pt2"):
            self._init_exported(model_file)
        else:
            self._init_program(model_file, params_file)
        # Paddle reports shape [0] until an input is reshaped or filled
        self._inputs = {n: Tensor(n, self, True, dtype) for n, (dtype, _) in self._input_meta.items()}
        self._outputs = {n: Tensor(n, self, False) for n in self._output_names}

    def _init_program(self, model_file, params_file):
        from ..jit.translated_layer import _load_program_layer

        configs = {}
        directory = os.path.dirname(model_file)
        prefix = model_file[: -len(".pdmodel")] if model_file.endswith(".pdmodel") else None
        if prefix is None or params_file != prefix + ".pdiparams":
            configs = {"model_filename": os.path.basename(model_file),
                       "params_filename": os.path.basename(params_file) if params_file else None}
            prefix = os.path.join(directory, "__inference_model__")
        layer = _load_program_layer(prefix, configs)
        if self._device.type != "cpu":
            layer.to(device=f"gpu:{self._device.index or 0}")
        compiled = layer._program_holder_dict["forward"]
        self._layer = layer
        self._input_meta = {}
        for spec in layer._input_spec():
            self._input_meta[spec.name] = (_DTYPE_OF_NUMPY.get(np.dtype(spec.dtype.name if hasattr(
                spec.dtype, "name") else "float32"), DataType.FLOAT32), list(spec.shape))
        self._output_names = list(compiled.fetch_names)

        def run(arrays):
            from .._core.tensor import wrap

            outs = layer(*[wrap(torch.from_numpy(a).to(self._device)) for a in arrays])
            outs = outs if isinstance(outs, list) else [outs]
            return [o._t for o in outs]

        self._run_fn = run

    def _init_exported(self, model_file):
        exported = torch.export.load(model_file)
        module = exported.module()
        if self._device.type != "cpu":
            module = module.to(self._device)
        self._input_meta = {}
        for spec in exported.graph_signature.input_specs:
            if spec.kind.name == "USER_INPUT":
                node = next(n for n in exported.graph.nodes if n.name == spec.arg.name)
                val = node.meta.get("val")
                dims = [d if isinstance(d, int) else -1 for d in val.shape] if val is not None else []
                self._input_meta[spec.arg.name] = (DataType.FLOAT32, dims)
        outputs = [s for s in exported.graph_signature.output_specs if s.kind.name == "USER_OUTPUT"]
        self._output_names = [f"output_{i}" for i in range(len(outputs))]

        def run(arrays):
            outs = module(*[torch.from_numpy(a).to(self._device) for a in arrays])
            return list(outs) if isinstance(outs, (list, tuple)) else [outs]

        self._run_fn = run

    def get_input_names(self):
        return list(self._inputs)

    def get_output_names(self):
        return list(self._outputs)

    def get_input_handle(self, name):
        if name not in self._inputs:
            raise RuntimeError(f"(PreconditionNotMet) The variable named {name} is not found in the scope of the "
                               f"executor.")
        return self._inputs[name]

    def get_output_handle(self, name):
        if name not in self._outputs:
            raise RuntimeError(f"(PreconditionNotMet) The variable named {name} is not found in the scope of the "
                               f"executor.")
        return self._outputs[name]

    def run(self, inputs=None):
        """``run()`` reads the input handles and fills the output handles; ``run([paddle.Tensor, ...])`` returns
        the outputs as a list of paddle.Tensor."""
        from .._core.tensor import Tensor as PaddleTensor
        from .._core.tensor import wrap

        if inputs is not None:
            arrays = [t.numpy() if isinstance(t, PaddleTensor) else np.asarray(t) for t in inputs]
        else:
            arrays = []
            for name, handle in self._inputs.items():
                if handle._data is None:
                    raise RuntimeError(f"(PreconditionNotMet) The input {name} has no data: call copy_from_cpu "
                                       f"before run().")
                arrays.append(handle._data)
        threads = torch.get_num_threads()
        torch.set_num_threads(max(self._config._threads, 1))
        try:
            with torch.no_grad():
                outs = self._run_fn(arrays)
        finally:
            torch.set_num_threads(threads)
        if inputs is not None:
            return [wrap(o.detach()) for o in outs]
        for name, out in zip(self._output_names, outs):
            self._outputs[name]._data = out.detach().cpu().numpy()
        return None

    def clone(self, stream=None):
        return Predictor(self._config)

    def clear_intermediate_tensor(self):
        return None

    def try_shrink_memory(self):
        return 0

    def register_output_hook(self, hookfunc):
        raise NotImplementedError("paddle.inference.Predictor.register_output_hook is not supported yet")


def create_predictor(arg0):  # Paddle's (pybind) parameter name
    return Predictor(arg0)


class PredictorPool:
    def __init__(self, config, size=1):
        self._predictors = [Predictor(config) for _ in range(max(int(size), 1))]

    def retrive(self, idx):  # Paddle's spelling
        return self._predictors[idx]


__all__ += define_stubs(globals(), "paddle.inference", ["convert_to_mixed_precision", "XpuConfig",
                                                         "InternalUtils"],
                        "paddle.inference mixed-precision conversion / XPU are not supported")
