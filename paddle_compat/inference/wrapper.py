"""``paddle.inference.wrapper``: the Python side of Paddle's inference bindings, here mainly
``convert_to_mixed_precision``: rewrite a saved ``.pdmodel``/``.pdiparams`` so that its float32 computation runs
in float16 or bfloat16.

The rewrite (on our ProgramDesc codec, ``paddle_compat._proto``): every block-0 operator that computes on float32
tensors runs in the low precision unless it is black-listed (or not white-listed by the backend rules below);
float32 parameters read only by such operators are stored in the low precision; a ``cast`` operator is inserted
wherever a value crosses between the two precisions. With ``keep_io_types`` the feed and fetch variables stay
float32 (casts right after the feeds and right before the fetches), otherwise they take the low precision."""

import logging
import os

import numpy as np

from .._proto import framework as _fw
from .._proto.tensor_stream import read_tensors, write_tensors
from . import DataType, PlaceType, PrecisionType, Tensor  # noqa: F401 - names Paddle's module exposes

_logger = logging.getLogger(__name__)

tensor_copy_from_cpu = Tensor.copy_from_cpu
tensor_share_external_data = Tensor.share_external_data

_FP32 = _fw.VarTypeType.FP32
_LOW = {PrecisionType.Half: _fw.VarTypeType.FP16, PrecisionType.Bfloat16: _fw.VarTypeType.BF16}
_PRECISION_NAMES = {PrecisionType.Float32: "float32", PrecisionType.Int8: "int8", PrecisionType.Half: "float16",
                    PrecisionType.Bfloat16: "bfloat16"}
# operators whose results are not float computations on their inputs (or that set their own dtype)
_NEVER_CONVERTED = frozenset({"feed", "fetch", "cast", "fill_constant", "assign_value", "uniform_random",
                              "gaussian_random", "shape", "range", "arg_max", "arg_min", "top_k_v2", "where_index"})
# inputs that stay float32 under a low-precision operator (normalisation statistics and affine parameters)
_FP32_INPUT_SLOTS = {
    "batch_norm": {"Scale", "Bias", "Mean", "Variance"}, "sync_batch_norm": {"Scale", "Bias", "Mean", "Variance"},
    "layer_norm": {"Scale", "Bias"}, "instance_norm": {"Scale", "Bias"}, "group_norm": {"Scale", "Bias"},
}
_NOT_TENSORS = (_fw.VarTypeType.FEED_MINIBATCH, _fw.VarTypeType.FETCH_LIST, _fw.VarTypeType.STEP_SCOPES,
                _fw.VarTypeType.LOD_RANK_TABLE, _fw.VarTypeType.LOD_TENSOR_ARRAY, _fw.VarTypeType.READER,
                _fw.VarTypeType.RAW)


def _invalid(message):
    return ValueError(f"(InvalidArgument) {message}")


def _check_backend(mixed_precision, backend):
    if backend == PlaceType.UNK or backend not in tuple(PlaceType):
        raise _invalid("Paddle Inference not support backend, we now only support GPU, XPU and CPU.")
    name = _PRECISION_NAMES.get(mixed_precision, str(mixed_precision))
    if backend == PlaceType.GPU:
        if mixed_precision not in (PrecisionType.Half, PrecisionType.Bfloat16):
            raise _invalid(f"mixed_precision of GPU currently only supported fp16 and bf16, not support {name}.")
    elif backend == PlaceType.XPU:
        if mixed_precision != PrecisionType.Half:
            raise _invalid(f"mixed_precision of XPU currently only supported fp16 and bf16, not support {name}.")
    elif backend == PlaceType.CUSTOM:
        # Paddle crashes here without a registered custom device; no custom device exists in paddle-compat
        raise _invalid("mixed_precision of CUSTOM backend needs a registered custom device, and none is "
                       "registered.")
    else:
        raise _invalid("mixed_precision currently not supported place GPU or XPU or CUSTOM, not support CPU.")


def _var_dtype(var):
    if var is None or var.type is None or var.type.type in _NOT_TENSORS:
        return None
    lod = var.type.lod_tensor
    if lod is None or lod.tensor is None:
        return None
    return _fw.VarTypeType(lod.tensor.data_type)


def _set_var_dtype(var, dtype):
    var.type.lod_tensor.tensor.data_type = int(dtype)


def _clone_var(var, name, dtype):
    clone = _fw.VarDesc.FromString(var.SerializeToString())
    clone.name = name
    clone.persistable = False
    clone.is_parameter = None
    clone.stop_gradient = None
    _set_var_dtype(clone, dtype)
    return clone


def _cast_op(source, target, in_dtype, out_dtype):
    return _fw.OpDesc(type="cast", inputs=[_fw.OpDesc.Var(parameter="X", arguments=[source])],
                      outputs=[_fw.OpDesc.Var(parameter="Out", arguments=[target])],
                      attrs=[_fw.make_attr("in_dtype", int(in_dtype)), _fw.make_attr("out_dtype", int(out_dtype))])


def _has_block_attr(op):
    return any(a.type in (_fw.AttrType.BLOCK, _fw.AttrType.BLOCKS) for a in op.attrs)


class _Rewriter:
    def __init__(self, block, low, black_list, white_list, keep_io_types):
        self.block = block
        self.low = low
        self.black_list = set(black_list)
        self.white_list = set(white_list)
        self.keep_io_types = keep_io_types
        self.vars = {v.name: v for v in block.vars}
        self.dtype = {name: _var_dtype(v) for name, v in self.vars.items()}
        self.casts = {}  # (name, dtype) -> cast variable name
        self.new_ops = []
        self.placed = []
        self.converted_params = set()

    def _runs_low(self, op):
        if op.type in self.black_list or op.type in _NEVER_CONVERTED or _has_block_attr(op):
            return False
        if self.white_list and op.type in self.white_list:
            return True
        names = [n for v in list(op.inputs) + list(op.outputs) for n in v.arguments]
        return any(self.dtype.get(n) in (_FP32, self.low) for n in names)

    def _cast_to(self, name, dtype):
        key = (name, dtype)
        if key not in self.casts:
            suffix = {_FP32: "fp32", _fw.VarTypeType.FP16: "fp16", _fw.VarTypeType.BF16: "bf16"}[dtype]
            target = f"{name}.cast_{suffix}"
            self.vars[target] = _clone_var(self.vars[name], target, dtype)
            self.block.vars.append(self.vars[target])
            self.dtype[target] = dtype
            self.new_ops.append(_cast_op(name, target, self.dtype[name], dtype))
            self.casts[key] = target
        return self.casts[key]

    def rewrite(self, param_names):
        """Rewrite the block in place; returns nothing (see ``converted_params``). Ops are placed one by one so
        that renaming a fetched variable reaches the operators already placed."""
        self.placed = []
        ops = list(self.block.ops)
        low_ops = [self._runs_low(op) for op in ops]
        readers = {}
        for op, low in zip(ops, low_ops):
            keep = _FP32_INPUT_SLOTS.get(op.type, ())
            for var in op.inputs:
                for name in var.arguments:
                    readers.setdefault(name, []).append(low and var.parameter not in keep)
        for name in param_names:
            if self.dtype.get(name) == _FP32 and readers.get(name) and all(readers[name]):
                self.dtype[name] = self.low
                _set_var_dtype(self.vars[name], self.low)
                self.converted_params.add(name)
        if not self.keep_io_types:
            for op in ops:
                if op.type == "feed":
                    for name in op.output("Out"):
                        if self.dtype.get(name) == _FP32:
                            self.dtype[name] = self.low
                            _set_var_dtype(self.vars[name], self.low)
        for op, low in zip(ops, low_ops):
            self.new_ops = []
            if op.type == "fetch":
                self._fetch_input(op)
            else:
                keep = _FP32_INPUT_SLOTS.get(op.type, ()) if low else ()
                for var in op.inputs:
                    want = _FP32 if (not low or var.parameter in keep) else self.low
                    var.arguments = [self._as(name, want) for name in var.arguments]
                if low:
                    for var in op.outputs:
                        for name in var.arguments:
                            if self.dtype.get(name) == _FP32 and not self.vars[name].persistable:
                                self.dtype[name] = self.low
                                _set_var_dtype(self.vars[name], self.low)
            self.placed.extend(self.new_ops)
            self.placed.append(op)
        self.block.ops = self.placed

    def _as(self, name, want):
        have = self.dtype.get(name)
        if have in (_FP32, self.low) and have != want:
            return self._cast_to(name, want)
        return name

    def _fetch_input(self, op):
        for var in op.inputs:
            names = []
            for name in var.arguments:
                if self.keep_io_types and self.dtype.get(name) == self.low:
                    names.append(self._rename_low_output(name))
                else:
                    names.append(name)
            var.arguments = names

    def _rename_low_output(self, name):
        """Keep the fetched name float32: its producer writes a low-precision twin that is cast back."""
        twin = f"{name}.cast_{'fp16' if self.low == _fw.VarTypeType.FP16 else 'bf16'}"
        if twin in self.vars:
            return name
        self.vars[twin] = _clone_var(self.vars[name], twin, self.low)
        self.block.vars.append(self.vars[twin])
        self.dtype[twin] = self.low
        for done in self.placed:
            for var in list(done.inputs) + list(done.outputs):
                var.arguments = [twin if n == name else n for n in var.arguments]
        _set_var_dtype(self.vars[name], _FP32)
        self.dtype[name] = _FP32
        self.new_ops.append(_cast_op(twin, name, self.low, _FP32))
        return name


def convert_to_mixed_precision(model_file: str, params_file: str, mixed_model_file: str, mixed_params_file: str,
                               mixed_precision: PrecisionType, backend: PlaceType, keep_io_types: bool = True,
                               black_list: set = set(), **kwargs):  # noqa: B006 - Paddle's default
    """Convert a float32 inference model to mixed precision (float16 / bfloat16), writing ``mixed_model_file``
    and ``mixed_params_file``. ``black_list``: operator types kept in float32; ``white_list`` (keyword): operator
    types converted in any case."""
    unknown = set(kwargs) - {"white_list"}
    if unknown:
        raise NotImplementedError(f"convert_to_mixed_precision: unsupported keyword argument(s) {sorted(unknown)}")
    if backend == PlaceType.GPU:
        import torch

        if not torch.cuda.is_available():
            _logger.error("You shoule use PaddlePaddle compiled with GPU when backend set to PlaceType.GPU")
    mixed_model_dir = os.path.dirname(mixed_model_file)
    mixed_params_dir = os.path.dirname(mixed_params_file) if len(mixed_params_file) != 0 else mixed_model_dir
    if mixed_params_dir and not os.path.exists(mixed_params_dir):
        os.makedirs(mixed_params_dir)
    white_list = kwargs.get("white_list", set())
    _check_backend(mixed_precision, backend)
    low = _LOW[PrecisionType(mixed_precision)]

    if not os.path.exists(model_file):
        raise RuntimeError(f"(Unavailable) Failed to open file {model_file}.")
    with open(model_file, "rb") as f:
        program = _fw.ProgramDesc.FromString(f.read())
    block = program.blocks[0]
    param_names = sorted(v.name for v in block.vars if v.persistable and _var_dtype(v) is not None
                         and v.name not in ("feed", "fetch"))
    arrays = []
    if param_names:
        if not os.path.exists(params_file):
            raise RuntimeError(f"(Unavailable) Failed to open file {params_file}.")
        with open(params_file, "rb") as f:
            arrays = read_tensors(f.read(), len(param_names), source=params_file, names=param_names)

    rewriter = _Rewriter(block, low, black_list, white_list, keep_io_types)
    rewriter.rewrite(param_names)

    out_arrays = []
    for name, (array, _lod, data_type) in zip(param_names, arrays):
        if name in rewriter.converted_params:
            out_arrays.append(_to_low(array, low))
        elif data_type == _fw.VarTypeType.BF16:
            out_arrays.append((array, data_type))
        else:
            out_arrays.append(array)
    if mixed_model_dir:
        os.makedirs(mixed_model_dir, exist_ok=True)
    with open(mixed_model_file, "wb") as f:
        f.write(program.SerializeToString())
    if param_names:
        target = mixed_params_file or os.path.splitext(mixed_model_file)[0] + ".pdiparams"
        with open(target, "wb") as f:
            f.write(write_tensors(out_arrays))


def _to_low(array, low):
    if low == _fw.VarTypeType.FP16:
        return np.asarray(array, dtype=np.float32).astype(np.float16)
    import torch

    bits = torch.from_numpy(np.ascontiguousarray(array, dtype=np.float32)).to(torch.bfloat16).view(torch.int16)
    return (bits.numpy().view(np.uint16), _fw.VarTypeType.BF16)


def __getattr__(name):
    if name in ("Config", "AnalysisConfig"):
        from . import Config as config_class

        return config_class
    if name in ("Predictor", "PaddleInferPredictor"):
        from . import Predictor

        return Predictor
    raise AttributeError(f"module 'paddle.inference.wrapper' has no attribute '{name}'")
