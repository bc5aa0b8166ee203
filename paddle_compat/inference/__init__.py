"""``paddle.inference``: Config / Predictor / Tensor handles over either saved artifact.

A ``.pdmodel`` + ``.pdiparams`` pair (real Paddle's or ours) runs on the ProgramDesc interpreter of
``paddle.jit.load``; a ``.pt2`` (our ``paddle.jit.save``) runs as a ``torch.export`` program. Options that only
steer Paddle's own graph optimiser (IR passes, memory reuse, oneDNN, glog) are recorded and reported by their
getters; they do not change results.
"""

import enum
import os
import sys
import tempfile
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


# Paddle's pybind enum is named Precision (repr ``<Precision.Float32: 0>``), exported as PrecisionType
PrecisionType = _int_enum("Precision", {"Float32": 0, "Int8": 1, "Half": 2, "Bfloat16": 3})
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
_OPTION_DEFAULTS = dict(_use_gpu=False, _gpu_device_id=0, _memory_pool_init_size_mb=100,
                        _precision=PrecisionType.Float32, _ir_optim=True, _memory_optim=False, _threads=1,
                        _mkldnn=True, _glog_info=True,
                        _feed_fetch_ops=False, _specify_input_names=False,
                        _model_from_memory=False, _lite_engine=False, _opencl=False, _mkldnn_int8=False,
                        _shape_range_info_collected=False, _shape_range_info_path="", _trt_dla=False,
                        _trt_dynamic_shape=False, _trt_explicit_quantization=False, _trt_inspector=False,
                        _trt_optimization_level=3, _trt_precision=PrecisionType.Float32, _trt_varseqlen=False,
                        _trt_allow_build_at_runtime=False, _tuned_trt_dynamic_shape=False, _ir_debug=False,
                        _profile=False, _optim_cache_dir="", _new_executor=False, _save_optim_model=False,
                        _mkldnn_fc_passes=True, _mkldnn_cache_capacity=0, _mkldnn_ops=frozenset(),
                        _bfloat16_ops=frozenset(), _mixed_precision_ops=frozenset(),
                        _no_mixed_precision_ops=frozenset(), _trt_disabled_ops=(), _trt_engine_outputs=(),
                        _ipu_config={}, _ipu_custom_info={}, _use_xpu=False, _xpu_device_id=0,
                        _onnxruntime=False)

# Paddle 2.6.2's CPU IR pass list of a new Config (PaddlePassBuilder.all_passes(), read on the oracle)
_CPU_PASSES = ("simplify_with_basic_ops_pass", "layer_norm_fuse_pass", "attention_lstm_fuse_pass",
               "seqconv_eltadd_relu_fuse_pass", "seqpool_cvm_concat_fuse_pass", "mul_lstm_fuse_pass",
               "fc_gru_fuse_pass", "mul_gru_fuse_pass", "seq_concat_fc_fuse_pass",
               "gpu_cpu_squeeze2_matmul_fuse_pass", "gpu_cpu_reshape2_matmul_fuse_pass",
               "gpu_cpu_flatten2_matmul_fuse_pass", "matmul_v2_scale_fuse_pass", "gpu_cpu_map_matmul_v2_to_mul_pass",
               "gpu_cpu_map_matmul_v2_to_matmul_pass", "matmul_scale_fuse_pass", "gpu_cpu_map_matmul_to_mul_pass",
               "fc_fuse_pass", "repeated_fc_relu_fuse_pass", "squared_mat_sub_fuse_pass", "conv_bn_fuse_pass",
               "conv_eltwiseadd_bn_fuse_pass", "conv_transpose_bn_fuse_pass",
               "conv_transpose_eltwiseadd_bn_fuse_pass", "is_test_pass", "constant_folding_pass")
_ANALYSIS_PASSES = ("ir_graph_build_pass", "ir_analysis_pass", "save_optimized_model_pass",
                    "ir_params_sync_among_devices_pass", "adjust_cudnn_workspace_size_pass",
                    "inference_op_replace_pass", "ir_graph_to_program_pass")


def _require(method, value, types, what):
    """pybind's argument conversion: a value of another type is a TypeError."""
    if not isinstance(value, types):
        raise TypeError(f"{method}(): incompatible function arguments. The argument {what} must be "
                        f"{' or '.join(t.__name__ for t in _as_tuple(types))}, but received {type(value).__name__}")
    return value


def _as_tuple(types):
    return types if isinstance(types, tuple) else (types,)


def _flag_enabler(attr, value=True):
    """A Config method ``()`` setting the recorded option ``attr`` to ``value``."""

    def enable(self):
        setattr(self, attr, value)

    return enable


def _names_setter(attr, container, method):
    """A Config method ``(arg0)`` recording a set/list of op or tensor names (only Paddle's graph passes read
    them)."""

    def set_names(self, arg0):
        _require(method, arg0, (set, frozenset, list, tuple), "arg0")
        setattr(self, attr, container(_require(method, n, str, "arg0 item") for n in arg0))

    return set_names


def _unavailable_backend(method, message):
    """A method Paddle's CPU build answers with an error log and no state change (backend not compiled in)."""

    def log_only(self):
        print(f"E paddle.inference {method}: {message}", file=sys.stderr)

    return log_only


def _not_supported(method, why):
    def refuse(self, *args, **kwargs):
        raise NotImplementedError(f"paddle.inference.Config.{method}: {why}")

    return refuse


class PaddlePassBuilder:
    """The IR pass list of a Config (a live view: edits change the Config's list). The passes are Paddle's own
    graph optimiser; they are recorded, results do not depend on them."""

    def __init__(self, passes, analysis_passes):
        self._passes = passes
        self._analysis_passes = analysis_passes

    def all_passes(self):
        return list(self._passes)

    def analysis_passes(self):
        return list(self._analysis_passes)

    def append_pass(self, arg0):
        self._passes.append(_require("append_pass", arg0, str, "arg0"))

    def append_analysis_pass(self, arg0):
        # Paddle keeps ir_graph_to_program_pass last
        self._analysis_passes.insert(len(self._analysis_passes) - 1, _require("append_analysis_pass", arg0, str,
                                                                              "arg0"))

    def insert_pass(self, arg0, arg1):
        _require("insert_pass", arg0, int, "arg0")
        if not 0 <= arg0 <= len(self._passes):
            raise IndexError(f"insert_pass(): index {arg0} out of range [0, {len(self._passes)}]")
        self._passes.insert(arg0, _require("insert_pass", arg1, str, "arg1"))

    def delete_pass(self, arg0):
        _require("delete_pass", arg0, str, "arg0")
        self._passes[:] = [p for p in self._passes if p != arg0]

    def set_passes(self, arg0):
        self._passes[:] = [_require("set_passes", p, str, "arg0 item") for p in arg0]

    def turn_on_debug(self):
        self._passes[:] = [q for p in self._passes for q in (p, "graph_viz_pass")]

    def debug_string(self):
        return "Passes to apply:\n" + "".join(f"  - {p}\n" for p in self._passes)


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
            self.__dict__.update({k: (type(v)(v) if isinstance(v, (dict, list)) else v)
                                  for k, v in args[0].__dict__.items()})
            return
        if len(args) == 1:
            self._model_dir = args[0]
        elif len(args) == 2:
            self._prog_file, self._params_file = args
        elif args:
            raise TypeError(f"Config() takes 0 to 2 positional arguments but {len(args)} were given")
        self.__dict__.update(_OPTION_DEFAULTS)
        self._passes = list(_CPU_PASSES)
        self._analysis_passes = list(_ANALYSIS_PASSES)

    # -- model ---------------------------------------------------------------------------------------
    def set_model(self, *args):
        if len(args) == 1:
            self._model_dir = args[0]
        else:
            self._prog_file, self._params_file = args

    model_dir = attribute_getter("_model_dir")

    set_prog_file = _path_setter("_prog_file")
    set_params_file = _path_setter("_params_file")

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

    # -- model from memory ---------------------------------------------------------------------------
    def set_model_buffer(self, arg0, arg1, arg2, arg3):
        buffers = []
        for buffer, size, names in ((arg0, arg1, ("arg0", "arg1")), (arg2, arg3, ("arg2", "arg3"))):
            _require("set_model_buffer", buffer, (str, bytes, bytearray, memoryview), names[0])
            _require("set_model_buffer", size, int, names[1])
            data = buffer.encode("utf-8") if isinstance(buffer, str) else bytes(buffer)
            if not 0 <= size <= len(data):
                raise ValueError(f"(InvalidArgument) set_model_buffer: {names[1]}={size} is outside the "
                                 f"{len(data)} bytes of {names[0]}")
            buffers.append(data[:size])
        self._prog_file, self._params_file = buffers
        self._model_from_memory = True

    model_from_memory = attribute_getter("_model_from_memory")

    def prog_file(self):
        # after set_model_buffer Paddle answers the buffer itself, decoded as UTF-8
        return self._prog_file.decode("utf-8") if isinstance(self._prog_file, bytes) else self._prog_file

    def params_file(self):
        return self._params_file.decode("utf-8") if isinstance(self._params_file, bytes) else self._params_file

    # -- TensorRT options (recorded; TensorRT itself is never enabled, so they change nothing) -----------
    enable_tensorrt_explicit_quantization = _flag_enabler("_trt_explicit_quantization")
    tensorrt_explicit_quantization_enabled = attribute_getter("_trt_explicit_quantization")
    enable_tensorrt_varseqlen = _flag_enabler("_trt_varseqlen")
    tensorrt_varseqlen_enabled = attribute_getter("_trt_varseqlen")
    tensorrt_dla_enabled = attribute_getter("_trt_dla")
    tensorrt_inspector_enabled = attribute_getter("_trt_inspector")
    tensorrt_dynamic_shape_enabled = attribute_getter("_trt_dynamic_shape")
    tensorrt_optimization_level = attribute_getter("_trt_optimization_level")
    tensorrt_precision_mode = attribute_getter("_trt_precision")
    trt_allow_build_at_runtime = attribute_getter("_trt_allow_build_at_runtime")
    tuned_tensorrt_dynamic_shape = attribute_getter("_tuned_trt_dynamic_shape")
    shape_range_info_path = attribute_getter("_shape_range_info_path")
    shape_range_info_collected = attribute_getter("_shape_range_info_collected")
    exp_disable_tensorrt_ops = _names_setter("_trt_disabled_ops", tuple, "exp_disable_tensorrt_ops")

    def enable_tensorrt_dla(self, dla_core=0):
        _require("enable_tensorrt_dla", dla_core, int, "dla_core")
        self._trt_dla = True
        self._trt_dla_core = dla_core

    def enable_tensorrt_inspector(self, inspector_serialize=False):
        _require("enable_tensorrt_inspector", inspector_serialize, bool, "inspector_serialize")
        self._trt_inspector = True
        self._trt_inspector_serialize = inspector_serialize

    def enable_tensorrt_memory_optim(self, engine_memory_sharing=True, sharing_identifier=0):
        raise ValueError("(InvalidArgument) To enable TensorRT memory optim, please call EnableTensorRtEngine or "
                         "enable_tensorrt_engine first.")

    def set_tensorrt_optimization_level(self, arg0):
        _require("set_tensorrt_optimization_level", arg0, int, "arg0")
        if not 0 <= arg0 <= 5:
            raise ValueError(f"(InvalidArgument) The input level in SetTRTOptimizationLevel is invalid. The level "
                             f"must be in range [0, 5], but received level = {arg0} (default level is 3).")
        self._trt_optimization_level = arg0

    def set_trt_dynamic_shape_info(self, min_input_shape={}, max_input_shape={}, optim_input_shape={},  # noqa: B006
                                   disable_trt_plugin_fp16=False):
        for value, what in ((min_input_shape, "min_input_shape"), (max_input_shape, "max_input_shape"),
                            (optim_input_shape, "optim_input_shape")):
            _require("set_trt_dynamic_shape_info", value, dict, what)
        _require("set_trt_dynamic_shape_info", disable_trt_plugin_fp16, bool, "disable_trt_plugin_fp16")
        self._trt_shapes = {k: dict(v) for k, v in (("min", min_input_shape), ("max", max_input_shape),
                                                    ("optim", optim_input_shape))}
        self._trt_dynamic_shape = True

    def collect_shape_range_info(self, arg0):
        self._shape_range_info_path = _require("collect_shape_range_info", arg0, str, "arg0")
        self._shape_range_info_collected = True

    def enable_tuned_tensorrt_dynamic_shape(self, shape_range_info_path="", allow_build_at_runtime=True):
        _require("enable_tuned_tensorrt_dynamic_shape", shape_range_info_path, str, "shape_range_info_path")
        _require("enable_tuned_tensorrt_dynamic_shape", allow_build_at_runtime, bool, "allow_build_at_runtime")
        self._shape_range_info_path = shape_range_info_path
        self._tuned_trt_dynamic_shape = True
        self._trt_allow_build_at_runtime = allow_build_at_runtime

    def mark_trt_engine_outputs(self, output_tensor_names=[]):  # noqa: B006
        _names_setter("_trt_engine_outputs", tuple, "mark_trt_engine_outputs")(self, output_tensor_names)

    # -- other devices and engines -------------------------------------------------------------------
    use_xpu = attribute_getter("_use_xpu")  # enable_xpu raises, so always False
    xpu_device_id = attribute_getter("_xpu_device_id")
    lite_engine_enabled = attribute_getter("_lite_engine")
    use_opencl = attribute_getter("_opencl")
    enable_opencl = _flag_enabler("_opencl")
    onnxruntime_enabled = attribute_getter("_onnxruntime")
    # Paddle's CPU build is compiled without these backends: it logs an error and changes nothing
    enable_onnxruntime = _unavailable_backend("enable_onnxruntime", "Please compile with onnxruntime to "
                                                                    "EnableONNXRuntime()")
    enable_ort_optimization = _unavailable_backend("enable_ort_optimization", "Please compile with onnxruntime to "
                                                                              "EnableORTOptimization()")
    exp_enable_use_cutlass = _unavailable_backend("exp_enable_use_cutlass", "Please compile with cutlass to "
                                                                            "EnableUseCutlass()")

    def disable_onnxruntime(self):
        self._onnxruntime = False

    def set_xpu_device_id(self, device_id=0):
        _require("set_xpu_device_id", device_id, int, "device_id")
        raise RuntimeError("(PreconditionNotMet) Should call EnableXpu before SetXpuDeviceId.")

    def enable_lite_engine(self, precision_mode=PrecisionType.Float32, zero_copy=False, passes_filter=[],  # noqa: B006
                           ops_filter=[]):  # noqa: B006
        _require("enable_lite_engine", precision_mode, PrecisionType, "precision_mode")
        _require("enable_lite_engine", zero_copy, bool, "zero_copy")
        self._lite_engine = True
        self._lite_options = (precision_mode, zero_copy, list(passes_filter), list(ops_filter))

    def enable_ipu(self, ipu_device_num=1, ipu_micro_batch_size=1, ipu_enable_pipelining=False,
                   ipu_batches_per_step=1):
        raise RuntimeError("(Unavailable) You tried to enable the ipu but did not have the option -DWITH_IPU "
                           "compiled.")

    def load_ipu_config(self, config_path):
        _require("load_ipu_config", config_path, str, "config_path")
        if not os.path.isfile(config_path):
            raise RuntimeError(f"(NotFound) Cannot open file {config_path}, please confirm whether the file is "
                               f"normal.")
        raise NotImplementedError("paddle.inference.Config.load_ipu_config: IPU devices are not supported")

    # silent no-ops on Paddle's CPU build (devices/engines not compiled in); the options are recorded
    def set_ipu_config(self, ipu_enable_fp16=False, ipu_replica_num=1, ipu_available_memory_proportion=1.0,
                       ipu_enable_half_partial=False, ipu_enable_model_runtime_executor=False):
        self._ipu_config = dict(enable_fp16=ipu_enable_fp16, replica_num=ipu_replica_num,
                                available_memory_proportion=ipu_available_memory_proportion,
                                enable_half_partial=ipu_enable_half_partial,
                                enable_model_runtime_executor=ipu_enable_model_runtime_executor)

    def set_ipu_custom_info(self, ipu_custom_ops_info=[], ipu_custom_patterns={}):  # noqa: B006
        self._ipu_custom_info = dict(ops=[list(o) for o in ipu_custom_ops_info], patterns=dict(ipu_custom_patterns))

    def enable_custom_device(self, device_type, device_id=0, precision=PrecisionType.Float32):
        _require("enable_custom_device", device_type, str, "device_type")
        _require("enable_custom_device", device_id, int, "device_id")

    def enable_dlnne(self, min_subgraph_size=3, max_batch_size=1, use_static_batch=False, weight_share_mode="0",
                     disable_nodes_by_outputs=set(), input_shape_dict={}, use_calib_mode=False,  # noqa: B006
                     precision_mode=PrecisionType.Float32):
        _require("enable_dlnne", min_subgraph_size, int, "min_subgraph_size")
        _require("enable_dlnne", max_batch_size, int, "max_batch_size")

    def fraction_of_gpu_memory_for_pool(self):
        # 0.0 without a GPU (Paddle's CPU build ignores enable_use_gpu)
        if not (self._use_gpu and torch.cuda.is_available()):
            return 0.0
        total = torch.cuda.get_device_properties(self._gpu_device_id).total_memory / 2 ** 20
        return self._memory_pool_init_size_mb / total

    def enable_low_precision_io(self, x=True):
        _require("enable_low_precision_io", x, bool, "x")
        if x and not (self._use_gpu and self._precision != PrecisionType.Float32):
            raise ValueError("(InvalidArgument) To enable low precision io, please call EnableUseGPU() to specify "
                             "precision mode as low precision.")
        if x:
            raise NotImplementedError("paddle.inference.Config.enable_low_precision_io: low precision inputs and "
                                      "outputs are not supported")

    # -- oneDNN / mixed precision (Paddle's kernel selection; recorded) ---------------------------------
    disable_mkldnn_fc_passes = _flag_enabler("_mkldnn_fc_passes", False)
    set_mkldnn_op = _names_setter("_mkldnn_ops", frozenset, "set_mkldnn_op")
    set_bfloat16_op = _names_setter("_bfloat16_ops", frozenset, "set_bfloat16_op")
    exp_enable_mixed_precision_ops = _names_setter("_mixed_precision_ops", frozenset,
                                                   "exp_enable_mixed_precision_ops")
    exp_disable_mixed_precision_ops = _names_setter("_no_mixed_precision_ops", frozenset,
                                                    "exp_disable_mixed_precision_ops")
    mkldnn_int8_enabled = attribute_getter("_mkldnn_int8")

    def set_mkldnn_cache_capacity(self, capacity=0):
        self._mkldnn_cache_capacity = _require("set_mkldnn_cache_capacity", capacity, int, "capacity")

    # quantised / bfloat16 kernels change the results: refused rather than silently run in float32
    def enable_mkldnn_int8(self, mkldnn_int8_enabled_op_types=set()):  # noqa: B006
        raise NotImplementedError("paddle.inference.Config.enable_mkldnn_int8: oneDNN int8 quantised inference is "
                                  "not supported")

    enable_mkldnn_bfloat16 = _not_supported("enable_mkldnn_bfloat16", "oneDNN bfloat16 inference is not supported")
    enable_quantizer = _not_supported("enable_quantizer", "the oneDNN post-training quantizer is not supported")

    def quantizer_config(self):
        # enable_quantizer is refused, so the quantizer is never enabled
        raise RuntimeError("(PreconditionNotMet) MkldnnQuantizer was not enabled yet.")

    # -- XPU / Lite NNAdapter / distributed / native configs -------------------------------------------
    xpu_config = _not_supported("xpu_config", "XPU devices are not supported (XpuConfig)")

    def set_xpu_config(self, arg0):
        raise NotImplementedError("paddle.inference.Config.set_xpu_config: XPU devices are not supported "
                                  "(XpuConfig)")

    nnadapter = _not_supported("nnadapter", "Paddle Lite NNAdapter is not supported")
    dist_config = _not_supported("dist_config", "distributed inference (DistConfig) is not supported")

    def set_dist_config(self, arg0):
        raise NotImplementedError("paddle.inference.Config.set_dist_config: distributed inference (DistConfig) is "
                                  "not supported")

    to_native_config = _not_supported("to_native_config", "NativeConfig is not supported")

    # -- passes, debugging, profiling, executor (Paddle's own optimiser and runtime; recorded) ------------
    def pass_builder(self):
        return PaddlePassBuilder(self._passes, self._analysis_passes)

    def delete_pass(self, arg0):
        self.pass_builder().delete_pass(arg0)

    def switch_ir_debug(self, x=True):
        self._ir_debug = bool(_require("switch_ir_debug", x, int, "x"))

    enable_profile = _flag_enabler("_profile")

    def set_optim_cache_dir(self, arg0):
        self._optim_cache_dir = _require("set_optim_cache_dir", arg0, str, "arg0")

    def enable_new_executor(self, x=True):
        self._new_executor = bool(_require("enable_new_executor", x, bool, "x"))

    def enable_save_optim_model(self, save_optimized_model=False):
        self._save_optim_model = bool(_require("enable_save_optim_model", save_optimized_model, bool,
                                               "save_optimized_model"))

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
        if config._shape_range_info_collected:
            raise NotImplementedError("paddle.inference.Config.collect_shape_range_info: writing the shape range "
                                      "info file is not supported")
        if config._model_from_memory:
            model_file, params_file = self._write_model_buffers(config)
        else:
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
            if config._save_optim_model:
                self._save_optimized_model(config, model_file, params_file)
        # Paddle reports shape [0] until an input is reshaped or filled
        self._inputs = {n: Tensor(n, self, True, dtype) for n, (dtype, _) in self._input_meta.items()}
        self._outputs = {n: Tensor(n, self, False) for n in self._output_names}

    @staticmethod
    def _save_optimized_model(config, model_file, params_file):
        """enable_save_optim_model: Paddle writes its optimised program as _optimized.pdmodel/.pdiparams into the
        optim cache dir (else the model's folder). Paddle's IR passes do not run here, so the program written is
        the one loaded (same results)."""
        import shutil

        directory = config._optim_cache_dir or ("" if config._model_from_memory else os.path.dirname(model_file))
        if not directory:
            return
        os.makedirs(directory, exist_ok=True)
        shutil.copyfile(model_file, os.path.join(directory, "_optimized.pdmodel"))
        if params_file:
            shutil.copyfile(params_file, os.path.join(directory, "_optimized.pdiparams"))

    def _write_model_buffers(self, config):
        """set_model_buffer's bytes: the loaders read files, so the buffers go to a private temporary folder
        (removed with the predictor)."""
        program, params = (b if isinstance(b, bytes) else str(b).encode("utf-8")
                           for b in (config._prog_file, config._params_file))
        self._buffer_dir = tempfile.TemporaryDirectory(prefix="paddle_inference_buffer_")
        # a torch.export archive is a zip file; otherwise a ProgramDesc + parameters
        prefix = os.path.join(self._buffer_dir.name, "model")
        model_file = prefix + (".pt2" if program[:2] == b"PK" else ".pdmodel")
        with open(model_file, "wb") as f:
            f.write(program)
        if model_file.endswith(".pt2"):
            return model_file, ""
        with open(prefix + ".pdiparams", "wb") as f:
            f.write(params)
        return model_file, prefix + ".pdiparams"

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


from ._native import InternalUtils, XpuConfig, _get_phi_kernel_name  # noqa: E402
from .wrapper import convert_to_mixed_precision  # noqa: E402

__all__ += ["convert_to_mixed_precision", "XpuConfig", "InternalUtils", "_get_phi_kernel_name"]
