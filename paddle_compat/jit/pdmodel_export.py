"""``paddle.jit.save``: ``torch.export`` (strict) of the Layer's torch view -> ``path.pt2``, and the same graph
translated op by op to Paddle operator types -> ``path.pdmodel`` / ``.pdiparams`` / ``.pdiparams.info``."""

import inspect
import os
import pickle
import warnings

import numpy as np
import torch

from .._proto.framework import (
    PROGRAM_VERSION,
    AttrType,
    BlockDesc,
    LoDTensorDesc,
    OpDesc,
    OpVersion,
    OpVersionMap,
    OpVersionPair,
    ProgramDesc,
    TensorDesc,
    VarDesc,
    VarType,
    VarTypeType,
    Version,
    make_attr,
)
from .._proto.tensor_stream import write_tensors
from ..framework._shared import registrar
from .program_ops import TORCH_DTYPE_OF

__all__ = ["save", "export_program", "ExportTranslationError"]

_PROTO_DTYPE = {v: k for k, v in TORCH_DTYPE_OF.items()}
# op versions Paddle 2.6.2 records for these op types (others are at version 0 and not listed)
_OP_VERSIONS = {"elementwise_add": 1, "elementwise_sub": 1, "elementwise_mul": 1, "elementwise_div": 1,
                "elementwise_pow": 1, "fill_constant": 2, "gather": 1, "depthwise_conv2d": 1, "conv2d": 1,
                "clip": 1, "leaky_relu": 1, "matmul": 1, "lookup_table_v2": 1, "flip": 1, "equal": 1,
                "not_equal": 1, "less_than": 1, "less_equal": 1, "greater_than": 1, "greater_equal": 1,
                "p_norm": 1}
# attributes every op of a Paddle-written program carries
_COMMON_ATTRS = (("op_device", ""), ("op_namescope", "/"), ("op_role", 0), ("op_role_var", []),
                 ("with_quant_attr", False))


class ExportTranslationError(NotImplementedError):
    pass


def _tensor_var(name, dtype, dims, persistable=False, need_check_feed=False, stop_gradient=None):
    var = VarDesc(name=name, type=VarType(type=int(VarTypeType.LOD_TENSOR), lod_tensor=LoDTensorDesc(
        tensor=TensorDesc(data_type=int(_PROTO_DTYPE[dtype]), dims=[int(d) for d in dims]))))
    var.persistable = persistable
    if need_check_feed:
        var.need_check_feed = True
    if stop_gradient is not None:
        var.stop_gradient = stop_gradient
    return var


def _dims(val):
    return [d if isinstance(d, int) else -1 for d in val.shape]


class _Sym:
    """A symbolic size (``aten.sym_size.int(source, dim)``) used inside a shape argument."""

    def __init__(self, source, dim, value):
        self.source, self.dim, self.value = source, dim, value


class _ProgramBuilder:
    def __init__(self):
        self.vars = {}
        self.ops = []
        self.counters = {}
        self.used_types = set()

    def new_name(self, prefix):
        k = self.counters.get(prefix, 0)
        self.counters[prefix] = k + 1
        return f"{prefix}_{k}.tmp_0"

    def add_var(self, var):
        self.vars[var.name] = var
        return var.name

    def tmp(self, prefix, val):
        return self.add_var(_tensor_var(self.new_name(prefix), val.dtype, _dims(val)))

    def op(self, op_type, inputs, outputs, attrs=()):
        desc = OpDesc(type=op_type)
        for slot in sorted(inputs):
            desc.inputs.append(OpDesc.Var(parameter=slot, arguments=list(inputs[slot])))
        for slot in sorted(outputs):
            desc.outputs.append(OpDesc.Var(parameter=slot, arguments=list(outputs[slot])))
        merged = dict(_COMMON_ATTRS)
        merged.update(dict(attrs))
        for name in sorted(merged):
            value = merged[name]
            if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], AttrType):
                desc.attrs.append(make_attr(name, value[0], value[1]))
            elif name == "op_role_var" or (isinstance(value, list) and not value):
                desc.attrs.append(make_attr(name, list(value), AttrType.STRINGS if name == "op_role_var"
                                            else AttrType.INTS))
            else:
                desc.attrs.append(make_attr(name, value))
        self.ops.append(desc)
        self.used_types.add(op_type)


def _pair(v, n=2):
    if isinstance(v, int):
        return [v] * n
    v = list(v)
    return v * n if len(v) == 1 else v


class _Translator:
    """Walks an ExportedProgram's graph and emits Paddle ops."""

    def __init__(self, ep, param_names, feed_names):
        self.ep = ep
        self.b = _ProgramBuilder()
        self.env = {}
        self.param_names = param_names  # FQN -> Paddle var name
        self.feed_names = feed_names
        self.persistables = {}  # Paddle name -> tensor
        # our scalar arithmetic computes ``x * s`` as ``add(0, x, alpha=s)`` (Paddle's scale keeps the zero's
        # sign); that zero is no variable of Paddle's program, whose scale op has the factor as attribute
        self.zero_scalars = set()

    # -- helpers -------------------------------------------------------------------------------------
    def val(self, node):
        return node.meta.get("val")

    def var(self, arg):
        value = self.env[arg]
        if not isinstance(value, str):
            raise ExportTranslationError(f"expected a tensor for {arg}, got {value!r}")
        return value

    def const(self, arg):
        """A Python value for a non-tensor argument (symbolic sizes stay _Sym)."""
        if isinstance(arg, torch.fx.Node):
            return self.env[arg]
        if isinstance(arg, (list, tuple)):
            return [self.const(a) for a in arg]
        return arg

    def out(self, node, prefix):
        return self.b.tmp(prefix, self.val(node))

    def unary(self, node, op_type, attrs=(), slot_in="X", slot_out="Out"):
        out = self.out(node, op_type)
        self.b.op(op_type, {slot_in: [self.var(node.args[0])]}, {slot_out: [out]}, attrs)
        return out

    def elementwise(self, node, op_type, x, y, axis=-1):
        out = self.out(node, op_type)
        self.b.op(op_type, {"X": [x], "Y": [y]}, {"Out": [out]}, {"axis": axis})
        return out

    def scale(self, node, x, scale=1.0, bias=0.0):
        out = self.out(node, "scale")
        self.b.op("scale", {"X": [x]}, {"Out": [out]},
                  {"scale": float(scale), "bias": float(bias), "bias_after_scale": True})
        return out

    def shape_attr(self, shape, source_val):
        """A reshape/expand target: symbolic entries become 0 (copy that input dim) or -1 (infer one)."""
        result, unknown = [], 0
        for i, d in enumerate(shape):
            if isinstance(d, int):
                result.append(d)
            elif isinstance(d, _Sym) and i < len(source_val.shape) and str(source_val.shape[i]) == str(d.value):
                result.append(0)
            else:
                result.append(-1)
                unknown += 1
        if unknown > 1:
            raise ExportTranslationError(f"a shape with more than one dynamic entry ({shape}) has no Paddle form")
        return result

    # -- main loop -----------------------------------------------------------------------------------
    def run(self):
        sig = self.ep.graph_signature
        kinds = {}
        for spec in sig.input_specs:
            kinds[spec.arg.name] = spec
        user_index = 0
        fetch = []
        for node in self.ep.graph.nodes:
            if node.op == "placeholder":
                spec = kinds[node.name]
                kind = spec.kind.name
                if kind == "USER_INPUT":
                    name = self.feed_names[user_index]
                    user_index += 1
                    val = self.val(node)
                    self.b.add_var(_tensor_var(name, val.dtype, _dims(val), need_check_feed=True))
                    self.env[node] = name
                elif kind in ("PARAMETER", "BUFFER", "CONSTANT_TENSOR"):
                    # a non-persistent buffer is held with the constants
                    tensor = (self.ep.constants[spec.target]
                              if kind == "CONSTANT_TENSOR" or (kind == "BUFFER" and not spec.persistent)
                              else self.ep.state_dict[spec.target])
                    name = self.param_names.get(spec.target) or f"constant_{len(self.persistables)}"
                    self.persistables[name] = tensor.detach()
                    if kind == "CONSTANT_TENSOR" and tensor.dim() == 0 and not tensor.any():
                        self.zero_scalars.add(name)
                    self.b.add_var(_tensor_var(name, tensor.dtype, list(tensor.shape), persistable=True))
                    self.env[node] = name
                else:
                    raise ExportTranslationError(f"unsupported graph input kind {kind}")
            elif node.op == "call_function":
                handler = _HANDLERS.get(str(node.target)) or _HANDLERS.get(getattr(node.target, "__name__", ""))
                if handler is None:
                    raise ExportTranslationError(
                        f"paddle.jit.save: no Paddle operator mapping for {node.target} yet (the .pt2 file was "
                        f"written; the .pdmodel was not)")
                self.env[node] = handler(self, node)
            elif node.op == "output":
                outputs = node.args[0]
                for spec, arg in zip(sig.output_specs, outputs):
                    if spec.kind.name == "USER_OUTPUT" and arg is not None:  # Paddle fetches no None output
                        fetch.append(self.var(arg))
        self._drop_unused(self.zero_scalars)
        return fetch

    def _drop_unused(self, names):
        used = {a for op in self.b.ops for v in op.inputs for a in v.arguments}
        for name in names - used:
            del self.persistables[name]
            del self.b.vars[name]


_HANDLERS = {}
handles = registrar(_HANDLERS)


def _alias(t, node):
    return t.env[node.args[0]]


for _t in ("aten.detach.default", "aten.clone.default", "aten.contiguous.default", "aten.alias.default",
           "aten.dropout.default", "aten.feature_dropout.default", "aten.lift_fresh_copy.default",
           "aten.detach_.default"):
    _HANDLERS[_t] = _alias


@handles("aten._assert_tensor_metadata.default", "aten._assert_scalar.default",
         "aten.sym_constrain_range_for_size.default", "_assert_scalar")
def _noop(t, node):
    return None


@handles("aten.sym_size.int")
def _sym_size(t, node):
    return _Sym(node.args[0], node.args[1], t.val(node))


@handles("mul", "floordiv", "add", "sub")
def _sym_arithmetic(t, node):
    """Python arithmetic on symbolic sizes (ST-GCN's reshape((N * M, V * C, T)) with a dynamic batch N): a size
    of no single input dim, which a reshape target writes as -1."""
    return _Sym(None, None, t.val(node))


@handles("getitem")
def _getitem(t, node):
    return t.env[node.args[0]][node.args[1]]


@handles("aten.conv2d.default")
def _conv2d(t, node):
    args = list(node.args) + [None] * (7 - len(node.args))
    x, w, b, stride, padding, dilation, groups = args[:7]
    stride = _pair(stride if stride is not None else 1)
    dilation = _pair(dilation if dilation is not None else 1)
    groups = groups or 1
    padding = padding if padding is not None else 0
    algorithm = "EXPLICIT"
    if isinstance(padding, str):
        algorithm, padding = padding.upper(), [0, 0]
    wval, xval = t.val(w), t.val(x)
    in_channels, out_channels = xval.shape[1], wval.shape[0]
    op_type = "depthwise_conv2d" if groups > 1 and groups == in_channels and out_channels % in_channels == 0 \
        else "conv2d"
    out = t.b.tmp(op_type, t.val(node)) if b is None else t.b.tmp(op_type, t.val(node))
    t.b.op(op_type, {"Input": [t.var(x)], "Filter": [t.var(w)]}, {"Output": [out]},
           {"strides": stride, "paddings": _pair(padding), "dilations": dilation, "groups": groups,
            "padding_algorithm": algorithm, "data_format": "NCHW"})
    if b is None:
        return out
    return t.elementwise(node, "elementwise_add", out, t.var(b), axis=1)


@handles("aten.conv3d.default")
def _conv3d(t, node):
    args = list(node.args) + [None] * (7 - len(node.args))
    x, w, b, stride, padding, dilation, groups = args[:7]

    def triple(v, default):
        v = default if v is None else v
        return [v] * 3 if isinstance(v, int) else (list(v) * 3 if len(v) == 1 else list(v))

    algorithm = "EXPLICIT"
    if isinstance(padding, str):
        algorithm, padding = padding.upper(), 0
    out = t.out(node, "conv3d")
    t.b.op("conv3d", {"Input": [t.var(x)], "Filter": [t.var(w)]}, {"Output": [out]},
           {"strides": triple(stride, 1), "paddings": triple(padding, 0), "dilations": triple(dilation, 1),
            "groups": groups or 1, "padding_algorithm": algorithm, "data_format": "NCDHW"})
    if b is None:
        return out
    # Paddle's Conv3D adds its bias reshaped to [1, C, 1, 1, 1] (axis -1), where Conv2D adds it on axis 1
    bval = t.val(b)
    bias = t.b.add_var(_tensor_var(t.b.new_name("reshape2"), bval.dtype, [1, bval.shape[0], 1, 1, 1]))
    xshape = t.b.add_var(_tensor_var(t.b.new_name("reshape2_xshape"), bval.dtype, [0]))
    t.b.op("reshape2", {"X": [t.var(b)]}, {"Out": [bias], "XShape": [xshape]},
           {"shape": [1, bval.shape[0], 1, 1, 1]})
    return t.elementwise(node, "elementwise_add", out, bias, axis=-1)


@handles("aten.conv1d.default")
def _conv1d(t, node):
    """Paddle's conv1d program: assign + unsqueeze2 of the filter, unsqueeze2 of the input, conv2d over
    [N, C, 1, L], the bias added on axis 1, squeeze2 (paddle.nn.functional.conv1d in a static program)."""
    args = list(node.args) + [None] * (7 - len(node.args))
    x, w, b, stride, padding, dilation, groups = args[:7]
    stride = list(stride) if isinstance(stride, (list, tuple)) else [stride or 1]
    dilation = list(dilation) if isinstance(dilation, (list, tuple)) else [dilation or 1]
    algorithm = "EXPLICIT"
    if isinstance(padding, str):
        algorithm, padding = padding.upper(), [0]
    padding = list(padding) if isinstance(padding, (list, tuple)) else [padding or 0]
    xval, wval, oval = t.val(x), t.val(w), t.val(node)

    def unsqueezed(name, val):
        dims = _dims(val)
        out = t.b.add_var(_tensor_var(t.b.new_name("unsqueeze2"), val.dtype, dims[:-1] + [1, dims[-1]]))
        xshape = t.b.add_var(_tensor_var(t.b.new_name("unsqueeze2_xshape"), val.dtype, [0]))
        t.b.op("unsqueeze2", {"X": [name]}, {"Out": [out], "XShape": [xshape]}, {"axes": [-2]})
        return out

    filt = t.b.add_var(_tensor_var(t.b.new_name("assign"), wval.dtype, _dims(wval)))
    t.b.op("assign", {"X": [t.var(w)]}, {"Out": [filt]})
    filt = unsqueezed(filt, wval)
    inp = unsqueezed(t.var(x), xval)
    odims = _dims(oval)
    out = t.b.add_var(_tensor_var(t.b.new_name("conv2d"), oval.dtype, odims[:-1] + [1, odims[-1]]))
    t.b.op("conv2d", {"Input": [inp], "Filter": [filt]}, {"Output": [out]},
           {"strides": [1] + stride, "paddings": [0] + padding, "dilations": [1] + dilation,
            "groups": groups or 1, "padding_algorithm": algorithm, "data_format": "NCHW"})
    if b is not None:
        added = t.b.add_var(_tensor_var(t.b.new_name("elementwise_add"), oval.dtype, odims[:-1] + [1, odims[-1]]))
        t.b.op("elementwise_add", {"X": [out], "Y": [t.var(b)]}, {"Out": [added]}, {"axis": 1})
        out = added
    result = t.out(node, "squeeze2")
    xshape = t.b.add_var(_tensor_var(t.b.new_name("squeeze2_xshape"), oval.dtype, [0]))
    t.b.op("squeeze2", {"X": [out]}, {"Out": [result], "XShape": [xshape]}, {"axes": [-2]})
    return result


@handles("aten.conv_transpose2d.input")
def _conv_transpose2d(t, node):
    args = list(node.args) + [None] * (8 - len(node.args))
    x, w, b, stride, padding, output_padding, groups, dilation = args[:8]
    groups = groups or 1
    in_channels, filters_per_group = t.val(x).shape[1], t.val(w).shape[1]
    # Paddle's own choice in F.conv2d_transpose
    op_type = "depthwise_conv2d_transpose" if in_channels == groups and in_channels != 1 and filters_per_group == 1 \
        else "conv2d_transpose"
    output_padding = _pair(output_padding if output_padding is not None else 0)
    out = t.b.tmp(op_type, t.val(node))
    t.b.op(op_type, {"Input": [t.var(x)], "Filter": [t.var(w)]}, {"Output": [out]},
           {"strides": _pair(stride if stride is not None else 1), "paddings": _pair(padding or 0),
            "output_padding": output_padding if any(output_padding) else [], "output_size": [],
            "dilations": _pair(dilation if dilation is not None else 1), "groups": groups,
            "padding_algorithm": "EXPLICIT", "data_format": "NCHW"})
    if b is None:
        return out
    return t.elementwise(node, "elementwise_add", out, t.var(b), axis=1)


def _batch_norm_op(t, node, x, weight, bias, mean, var, momentum, eps):
    y = t.out(node, "batch_norm")
    val = t.val(x)
    c = val.shape[1]
    saved_mean = t.b.add_var(_tensor_var(t.b.new_name("batch_norm_saved_mean"), val.dtype, [c]))
    saved_var = t.b.add_var(_tensor_var(t.b.new_name("batch_norm_saved_variance"), val.dtype, [c]))
    t.b.op("batch_norm", {"X": [t.var(x)], "Scale": [t.var(weight)], "Bias": [t.var(bias)],
                          "Mean": [t.var(mean)], "Variance": [t.var(var)]},
           {"Y": [y], "MeanOut": [t.var(mean)], "VarianceOut": [t.var(var)], "SavedMean": [saved_mean],
            "SavedVariance": [saved_var]},
           {"epsilon": float(eps), "momentum": float(1.0 - momentum), "is_test": True, "data_layout": "NCHW",
            "use_global_stats": False, "trainable_statistics": False})
    return y


@handles("aten.batch_norm.default")
def _batch_norm(t, node):
    x, weight, bias, mean, var, training, momentum, eps = node.args[:8]
    if weight is None or bias is None:
        raise ExportTranslationError("batch_norm without scale/bias has no Paddle form here")
    return _batch_norm_op(t, node, x, weight, bias, mean, var, momentum, eps)


@handles("aten._native_batch_norm_legit_no_training.default")
def _batch_norm_legit(t, node):
    x, weight, bias, mean, var, momentum, eps = node.args[:7]
    return [_batch_norm_op(t, node, x, weight, bias, mean, var, momentum, eps), None, None]


@handles("aten.instance_norm.default")
def _instance_norm(t, node):
    # Paddle's inference program keeps Y only (its SavedMean/SavedVariance are pruned); Scale/Bias may be absent
    x, weight, bias, _running_mean, _running_var, use_input_stats = node.args[:6]
    eps = node.args[7] if len(node.args) > 7 else 1e-5
    if not use_input_stats:
        raise ExportTranslationError("instance_norm over running statistics has no Paddle form here")
    y = t.out(node, "instance_norm")
    inputs = {"X": [t.var(x)]}
    if weight is not None:
        inputs["Scale"] = [t.var(weight)]
    if bias is not None:
        inputs["Bias"] = [t.var(bias)]
    t.b.op("instance_norm", inputs, {"Y": [y]}, {"epsilon": float(eps)})
    return y


@handles("aten.layer_norm.default")
def _layer_norm(t, node):
    x, normalized_shape, weight, bias = node.args[:4]
    eps = node.args[4] if len(node.args) > 4 else 1e-5
    xval = t.val(x)
    begin = xval.dim() - len(normalized_shape)
    y = t.out(node, "layer_norm")
    rows = [d for d in _dims(xval)[:begin]]
    size = -1 if any(d == -1 for d in rows) else int(np.prod(rows)) if rows else 1
    mean = t.b.add_var(_tensor_var(t.b.new_name("layer_norm_mean"), xval.dtype, [size]))
    variance = t.b.add_var(_tensor_var(t.b.new_name("layer_norm_variance"), xval.dtype, [size]))
    inputs = {"X": [t.var(x)]}
    if weight is not None:
        inputs["Scale"] = [t.var(weight)]
    if bias is not None:
        inputs["Bias"] = [t.var(bias)]
    t.b.op("layer_norm", inputs, {"Y": [y], "Mean": [mean], "Variance": [variance]},
           {"begin_norm_axis": begin, "epsilon": float(eps)})
    return y


def _weight_operand(t, w):
    """``aten.t(param)`` feeding a matmul: use the parameter itself with trans_y (no transpose op)."""
    if isinstance(w, torch.fx.Node) and str(w.target) in ("aten.t.default", "aten.numpy_T.default") \
            and t.val(w).dim() == 2:
        return t.var(w.args[0]), False
    return t.var(w), True


@handles("aten.linear.default")
def _linear(t, node):
    x, w = node.args[:2]
    b = node.args[2] if len(node.args) > 2 else None
    weight, trans_y = _weight_operand(t, w)
    out = t.b.tmp("matmul_v2", t.val(node))
    t.b.op("matmul_v2", {"X": [t.var(x)], "Y": [weight]}, {"Out": [out]}, {"trans_x": False, "trans_y": trans_y})
    if b is None:
        return out
    return t.elementwise(node, "elementwise_add", out, t.var(b))


@handles("aten.addmm.default")
def _addmm(t, node):
    b, x, w = node.args[:3]
    if node.kwargs.get("beta", 1) != 1 or node.kwargs.get("alpha", 1) != 1:
        raise ExportTranslationError("addmm with alpha/beta")
    out = t.b.tmp("matmul_v2", t.val(node))
    t.b.op("matmul_v2", {"X": [t.var(x)], "Y": [t.var(w)]}, {"Out": [out]}, {"trans_x": False, "trans_y": False})
    return t.elementwise(node, "elementwise_add", out, t.var(b))


@handles("aten.matmul.default", "aten.mm.default", "aten.bmm.default")
def _matmul(t, node):
    out = t.out(node, "matmul_v2")
    t.b.op("matmul_v2", {"X": [t.var(node.args[0])], "Y": [t.var(node.args[1])]}, {"Out": [out]},
           {"trans_x": False, "trans_y": False})
    return out


def _transpose_op(t, node, perm):
    out = t.out(node, "transpose2")
    xshape = t.b.add_var(_tensor_var(t.b.new_name("transpose2_xshape"), t.val(node).dtype, [0]))
    t.b.op("transpose2", {"X": [t.var(node.args[0])]}, {"Out": [out], "XShape": [xshape]},
           {"axis": [int(p) for p in perm], "data_format": "AnyLayout"})
    return out


@handles("aten.t.default", "aten.numpy_T.default")
def _t(t, node):
    rank = t.val(node.args[0]).dim()
    return _transpose_op(t, node, list(reversed(range(rank))))


@handles("aten.permute.default")
def _permute(t, node):
    rank = t.val(node.args[0]).dim()
    return _transpose_op(t, node, [p % rank for p in node.args[1]])


@handles("aten.movedim.int")
def _movedim(t, node):
    rank = t.val(node.args[0]).dim()
    source, destination = node.args[1] % rank, node.args[2] % rank
    perm = [d for d in range(rank) if d != source]
    perm.insert(destination, source)
    return _transpose_op(t, node, perm)


@handles("aten.transpose.int")
def _transpose(t, node):
    rank = t.val(node.args[0]).dim()
    perm = list(range(rank))
    a, b = node.args[1] % rank, node.args[2] % rank
    perm[a], perm[b] = perm[b], perm[a]
    return _transpose_op(t, node, perm)


@handles("aten.reshape.default", "aten.view.default", "aten._unsafe_view.default")
def _reshape(t, node):
    x = node.args[0]
    shape = t.shape_attr(t.const(node.args[1]), t.val(x))
    out = t.out(node, "reshape2")
    xshape = t.b.add_var(_tensor_var(t.b.new_name("reshape2_xshape"), t.val(node).dtype, [0]))
    t.b.op("reshape2", {"X": [t.var(x)]}, {"Out": [out], "XShape": [xshape]}, {"shape": shape})
    return out


@handles("aten.flatten.using_ints")
def _flatten(t, node):
    x = node.args[0]
    rank = max(t.val(x).dim(), 1)
    start = node.args[1] if len(node.args) > 1 else 0
    stop = node.args[2] if len(node.args) > 2 else -1
    out = t.out(node, "flatten")
    xshape = t.b.add_var(_tensor_var(t.b.new_name("flatten_xshape"), t.val(node).dtype, [0]))
    t.b.op("flatten_contiguous_range", {"X": [t.var(x)]}, {"Out": [out], "XShape": [xshape]},
           {"start_axis": start % rank, "stop_axis": stop % rank})
    return out


@handles("aten.unsqueeze.default")
def _unsqueeze(t, node):
    out = t.out(node, "unsqueeze2")
    xshape = t.b.add_var(_tensor_var(t.b.new_name("unsqueeze2_xshape"), t.val(node).dtype, [0]))
    t.b.op("unsqueeze2", {"X": [t.var(node.args[0])]}, {"Out": [out], "XShape": [xshape]},
           {"axes": [int(node.args[1])]})
    return out


@handles("aten.squeeze.dim", "aten.squeeze.dims", "aten.squeeze.default")
def _squeeze(t, node):
    axes = node.args[1] if len(node.args) > 1 else []
    axes = [axes] if isinstance(axes, int) else list(axes)
    out = t.out(node, "squeeze2")
    xshape = t.b.add_var(_tensor_var(t.b.new_name("squeeze2_xshape"), t.val(node).dtype, [0]))
    t.b.op("squeeze2", {"X": [t.var(node.args[0])]}, {"Out": [out], "XShape": [xshape]}, {"axes": axes})
    return out


def _binary(op_type, scalar_fn):
    def handler(t, node):
        a, b = node.args[:2]
        alpha = node.kwargs.get("alpha", 1)
        if isinstance(a, torch.fx.Node) and isinstance(b, torch.fx.Node):
            if op_type == "elementwise_add" and t.env[a] in t.zero_scalars and t.val(node).shape == t.val(b).shape:
                return t.scale(node, t.var(b), alpha)
            y = t.var(b)
            if alpha != 1:
                y = t.scale(node, y, alpha)
            return t.elementwise(node, op_type, t.var(a), y)
        if isinstance(a, torch.fx.Node):
            return scalar_fn(t, node, t.var(a), b * alpha)
        raise ExportTranslationError(f"{node.target} with a scalar first operand")
    return handler


_HANDLERS["aten.add.Tensor"] = _binary("elementwise_add", lambda t, n, x, s: t.scale(n, x, 1.0, s))
_HANDLERS["aten.sub.Tensor"] = _binary("elementwise_sub", lambda t, n, x, s: t.scale(n, x, 1.0, -s))
_HANDLERS["aten.mul.Tensor"] = _binary("elementwise_mul", lambda t, n, x, s: t.scale(n, x, s))
_HANDLERS["aten.div.Tensor"] = _binary("elementwise_div", lambda t, n, x, s: t.scale(n, x, 1.0 / s))
_HANDLERS["aten.true_divide.Tensor"] = _HANDLERS["aten.div.Tensor"]
_HANDLERS["aten.maximum.default"] = _binary("elementwise_max", None)
# Tensor.pow / paddle.pow with a Python number: Paddle writes its pow op with a float factor
_HANDLERS["aten.pow.Tensor_Scalar"] = lambda t, node: t.unary(node, "pow", {"factor": float(node.args[1])})
_HANDLERS["aten.minimum.default"] = _binary("elementwise_min", None)


for _target, _op in {"aten.relu.default": "relu", "aten.sigmoid.default": "sigmoid", "aten.tanh.default": "tanh",
                     "aten.exp.default": "exp", "aten.sqrt.default": "sqrt", "aten.rsqrt.default": "rsqrt",
                     "aten.log.default": "log", "aten.abs.default": "abs", "aten.silu.default": "silu",
                     "aten.relu6.default": "relu6", "aten.erf.default": "erf", "aten.square.default": "square"
                     }.items():
    _HANDLERS[_target] = (lambda op_type: lambda t, node: t.unary(
        node, op_type, {"threshold": 6.0} if op_type == "relu6" else ()))(_op)


@handles("aten.hardtanh.default")
def _hardtanh(t, node):
    low = node.args[1] if len(node.args) > 1 else -1.0
    high = node.args[2] if len(node.args) > 2 else 1.0
    if low == 0 and high == 6:
        return t.unary(node, "relu6", {"threshold": 6.0})
    return t.unary(node, "clip", {"min": float(low), "max": float(high)})


@handles("aten.clamp.default")
def _clamp(t, node):
    low = node.args[1] if len(node.args) > 1 else None
    high = node.args[2] if len(node.args) > 2 else None
    if low == 0 and high == 6:
        return t.unary(node, "relu6", {"threshold": 6.0})
    if isinstance(low, torch.fx.Node) or isinstance(high, torch.fx.Node):
        raise ExportTranslationError("clamp with tensor bounds has no clip-op form")
    return t.unary(node, "clip", {"min": float("-inf") if low is None else float(low),
                                  "max": float("inf") if high is None else float(high)})


@handles("aten.gelu.default")
def _gelu(t, node):
    return t.unary(node, "gelu", {"approximate": node.kwargs.get("approximate", "none") == "tanh"})


@handles("aten.leaky_relu.default")
def _leaky_relu(t, node):
    return t.unary(node, "leaky_relu", {"alpha": float(node.args[1]) if len(node.args) > 1 else 0.01})


@handles("aten.hardswish.default")
def _hardswish(t, node):
    return t.unary(node, "hard_swish", {"threshold": 6.0, "scale": 6.0, "offset": 3.0})


@handles("aten.hardsigmoid.default")
def _hardsigmoid(t, node):
    return t.unary(node, "hard_sigmoid", {"slope": 1.0 / 6.0, "offset": 0.5})


@handles("aten.softmax.int", "aten._softmax.default")
def _softmax(t, node):
    return t.unary(node, "softmax", {"axis": int(node.args[1]), "data_format": "AnyLayout",
                                     "use_cudnn": False})


@handles("aten.log_softmax.int", "aten._log_softmax.default")
def _log_softmax(t, node):
    return t.unary(node, "log_softmax", {"axis": int(node.args[1])})


def _pool_attrs(kind, ksize, strides, paddings, ceil, exclusive=True, adaptive=False, global_pool=False):
    return {"pooling_type": kind, "ksize": ksize, "strides": strides, "paddings": paddings,
            "ceil_mode": bool(ceil), "exclusive": bool(exclusive), "adaptive": adaptive,
            "global_pooling": global_pool, "padding_algorithm": "EXPLICIT", "data_format": "NCHW",
            "use_cudnn": True}


@handles("aten.max_pool2d.default")
def _max_pool2d(t, node):
    args = list(node.args) + [None] * (6 - len(node.args))
    x, kernel, stride, padding, dilation, ceil = args[:6]
    if dilation not in (None, 1, [1, 1], (1, 1)):
        raise ExportTranslationError("max_pool2d with dilation has no Paddle form")
    kernel = _pair(kernel)
    return t.unary(node, "pool2d", _pool_attrs("max", kernel, _pair(stride) if stride else kernel,
                                               _pair(padding or 0), ceil or False))


@handles("aten.avg_pool2d.default")
def _avg_pool2d(t, node):
    args = list(node.args) + [None] * (7 - len(node.args))
    x, kernel, stride, padding, ceil, count_include_pad, divisor = args[:7]
    if divisor is not None:
        raise ExportTranslationError("avg_pool2d with divisor_override has no Paddle form")
    kernel = _pair(kernel)
    exclusive = not (True if count_include_pad is None else count_include_pad)
    return t.unary(node, "pool2d", _pool_attrs("avg", kernel, _pair(stride) if stride else kernel,
                                               _pair(padding or 0), ceil or False, exclusive))


@handles("aten.adaptive_avg_pool2d.default", "aten._adaptive_avg_pool2d.default")
def _adaptive_avg_pool2d(t, node):
    return t.unary(node, "pool2d", _pool_attrs("avg", _pair(node.args[1]), [1, 1], [0, 0], False, True, True))


def _reduce_over(t, node, op_type, dims):
    """Paddle's reduce_<op> of node.args[0] over ``dims`` (all when empty), keepdim from args[2]/kwargs."""
    keep = node.args[2] if len(node.args) > 2 else node.kwargs.get("keepdim", False)
    rank = t.val(node.args[0]).dim()
    dims = list(range(rank)) if not dims else [d % rank for d in ([dims] if isinstance(dims, int) else dims)]
    return t.unary(node, op_type, {"dim": dims, "keep_dim": bool(keep), "reduce_all": len(dims) == rank,
                                   "in_dtype": -1, "out_dtype": -1})


@handles("aten.mean.dim", "aten.sum.dim_IntList")
def _reduce(t, node):
    op_type = "reduce_mean" if "mean" in str(node.target) else "reduce_sum"
    return _reduce_over(t, node, op_type, node.args[1] if len(node.args) > 1 else None)


@handles("aten.mean.default", "aten.sum.default")
def _reduce_all(t, node):
    # Tensor.mean() / .sum() over everything: Paddle writes an empty dim list (reduce_all set for mean only)
    if node.kwargs.get("dtype") is not None:
        raise ExportTranslationError(f"{node.target} with a dtype has no Paddle operator mapping here")
    mean = "mean" in str(node.target)
    return t.unary(node, "reduce_mean" if mean else "reduce_sum",
                   {"dim": [], "keep_dim": False, "reduce_all": mean, "in_dtype": -1, "out_dtype": -1})


@handles("aten.linalg_vector_norm.default")
def _vector_norm(t, node):
    """paddle.norm(x, p, axis=<one axis>): Paddle's p_norm op (its epsilon attribute is the kernel's default)."""
    order = node.args[1] if len(node.args) > 1 else node.kwargs.get("ord", 2)
    dims = node.args[2] if len(node.args) > 2 else node.kwargs.get("dim")
    keep = node.args[3] if len(node.args) > 3 else node.kwargs.get("keepdim", False)
    if node.kwargs.get("dtype") is not None or dims is None or len(dims) != 1:
        raise ExportTranslationError("paddle.jit.save: a vector norm over several (or all) axes has no Paddle "
                                     "operator mapping yet (the .pt2 file was written; the .pdmodel was not)")
    return t.unary(node, "p_norm", {"porder": float(order), "axis": int(dims[0]), "epsilon": 1e-12,
                                    "keepdim": bool(keep), "asvector": False})


@handles("aten.cat.default")
def _cat(t, node):
    out = t.out(node, "concat")
    axis = node.args[1] if len(node.args) > 1 else 0
    t.b.op("concat", {"X": [t.var(a) for a in node.args[0]]}, {"Out": [out]}, {"axis": int(axis)})
    return out


@handles("aten.stack.default")
def _stack(t, node):
    out = t.out(node, "stack")
    axis = node.args[1] if len(node.args) > 1 else node.kwargs.get("dim", 0)
    t.b.op("stack", {"X": [t.var(a) for a in node.args[0]]}, {"Y": [out]}, {"axis": int(axis)})
    return out


@handles("aten.split_with_sizes.default", "aten.split.Tensor", "aten.chunk.default", "aten.unbind.int")
def _split(t, node):
    x = node.args[0]
    target = str(node.target)
    vals = t.val(node)
    rank = t.val(x).dim()
    dim = (node.args[2] if len(node.args) > 2 else node.kwargs.get("dim", 0)) if "unbind" not in target \
        else (node.args[1] if len(node.args) > 1 else 0)
    dim %= rank
    sizes = [v.shape[dim] for v in vals] if "unbind" not in target else [1] * len(vals)
    if any(not isinstance(n, int) for n in sizes):
        raise ExportTranslationError("split along a dynamic dimension")
    outs = [t.b.add_var(_tensor_var(t.b.new_name("split"), v.dtype, _dims(v) if "unbind" not in target
                                    else _dims(v)[:dim] + [1] + _dims(v)[dim:])) for v in vals]
    t.b.op("split", {"X": [t.var(x)]}, {"Out": outs}, {"axis": dim, "num": 0, "sections": sizes})
    if "unbind" not in target:
        return outs
    squeezed = []
    for out, v in zip(outs, vals):
        name = t.b.add_var(_tensor_var(t.b.new_name("squeeze2"), v.dtype, _dims(v)))
        xshape = t.b.add_var(_tensor_var(t.b.new_name("squeeze2_xshape"), v.dtype, [0]))
        t.b.op("squeeze2", {"X": [out]}, {"Out": [name], "XShape": [xshape]}, {"axes": [dim]})
        squeezed.append(name)
    return squeezed


@handles("aten.embedding.default")
def _embedding(t, node):
    w, ids = node.args[:2]
    padding_idx = node.args[2] if len(node.args) > 2 else -1
    out = t.out(node, "embedding")
    t.b.op("lookup_table_v2", {"W": [t.var(w)], "Ids": [t.var(ids)]}, {"Out": [out]},
           {"padding_idx": (int(padding_idx), AttrType.LONG), "is_sparse": False, "is_distributed": False,
            "remote_prefetch": False, "entry": "none", "table_class": "none", "table_names": [],
            "trainer_id": 0, "slice_end_idxs": [], "epmap": [], "height_sections": []})
    return out


@handles("aten.slice.Tensor")
def _slice(t, node):
    args = list(node.args) + [None] * (5 - len(node.args))
    x, dim, start, end, step = args[:5]
    rank = t.val(x).dim()
    end = 2 ** 31 - 1 if end is None or (isinstance(end, int) and end > 2 ** 31 - 1) else end
    if step not in (None, 1):  # x[a:b:k]: Paddle's strided_slice
        out = t.out(node, "strided_slice")
        t.b.op("strided_slice", {"Input": [t.var(x)]}, {"Out": [out]},
               {"axes": [(dim or 0) % rank], "starts": [int(start or 0)], "ends": [int(end)], "strides": [int(step)],
                "infer_flags": [1], "decrease_axis": []})
        return out
    out = t.out(node, "slice")
    t.b.op("slice", {"Input": [t.var(x)]}, {"Out": [out]},
           {"axes": [(dim or 0) % rank], "starts": [int(start or 0)], "ends": [int(end)], "infer_flags": [1],
            "decrease_axis": []})
    return out


@handles("aten.select.int")
def _select(t, node):
    x, dim, index = node.args[:3]
    rank = t.val(x).dim()
    out = t.out(node, "slice")
    end = index + 1 if index != -1 else 2 ** 31 - 1
    t.b.op("slice", {"Input": [t.var(x)]}, {"Out": [out]},
           {"axes": [dim % rank], "starts": [int(index)], "ends": [int(end)], "infer_flags": [1],
            "decrease_axis": [dim % rank]})
    return out


@handles("aten.expand.default")
def _expand(t, node):
    shape = t.shape_attr(t.const(node.args[1]), t.val(node.args[0]))
    shape = [-1 if d == 0 else d for d in shape]
    return t.unary(node, "expand_v2", {"shape": shape})


@handles("aten._to_copy.default", "aten.to.dtype", "aten.to.dtype_layout")
def _cast(t, node):
    src, dst = t.val(node.args[0]).dtype, t.val(node).dtype
    if src == dst:
        return t.var(node.args[0])
    return t.unary(node, "cast", {"in_dtype": int(_PROTO_DTYPE[src]), "out_dtype": int(_PROTO_DTYPE[dst])})


@handles("aten.amax.default", "aten.amin.default")
def _amax(t, node):
    op_type = "reduce_max" if "amax" in str(node.target) else "reduce_min"
    return _reduce_over(t, node, op_type, node.args[1] if len(node.args) > 1 else node.kwargs.get("dim", []))


@handles("aten.argmax.default", "aten.argmin.default")
def _argmax(t, node):
    op_type = "arg_max" if "argmax" in str(node.target) else "arg_min"
    dim = node.args[1] if len(node.args) > 1 else node.kwargs.get("dim")
    keep = node.args[2] if len(node.args) > 2 else node.kwargs.get("keepdim", False)
    return t.unary(node, op_type, {"axis": (int(dim or 0), AttrType.LONG), "flatten": dim is None,
                                   "keepdims": bool(keep), "dtype": int(VarTypeType.INT64)})


def _fill_constant(t, value, dtype):
    """A 0-D constant as Paddle writes a Python scalar operand (``x < 0.5``)."""
    name = t.b.add_var(_tensor_var(t.b.new_name("fill_constant"), dtype, []))
    t.b.op("fill_constant", {}, {"Out": [name]},
           {"dtype": int(_PROTO_DTYPE[dtype]), "force_cpu": False, "place_type": -1, "shape": ([], AttrType.LONGS),
            "str_value": "", "value": float(value)})
    return name


@handles("aten.zeros.default", "aten.ones.default", "aten.full.default")
def _filled(t, node):
    # paddle.zeros/ones/full of a static shape: Paddle's fill_constant with the shape and the value also as text
    shape = list(node.args[0])
    if not all(isinstance(d, int) for d in shape):
        raise ExportTranslationError(f"{node.target} of a shape known only at run time")
    target = str(node.target)
    value = 0.0 if "zeros" in target else 1.0 if "ones" in target else float(node.args[1])
    out = t.out(node, "fill_constant")
    t.b.op("fill_constant", {}, {"Out": [out]},
           {"dtype": int(_PROTO_DTYPE[t.val(node).dtype]), "force_cpu": False, "place_type": -1,
            "shape": (shape, AttrType.LONGS), "str_value": str(value), "value": value})
    return out


@handles("aten.zeros_like.default", "aten.ones_like.default", "aten.full_like.default")
def _filled_like(t, node):
    # paddle.zeros_like/ones_like/full_like: Paddle's fill_any_like (the value, the output dtype)
    target = str(node.target)
    value = 0.0 if "zeros" in target else 1.0 if "ones" in target else float(node.args[1])
    out = t.out(node, "fill_any_like")
    t.b.op("fill_any_like", {"X": [t.var(node.args[0])]}, {"Out": [out]},
           {"dtype": int(_PROTO_DTYPE[t.val(node).dtype]), "value": value})
    return out


@handles("aten.tile.default")
def _tile(t, node):
    repeats = list(node.args[1])
    if not all(isinstance(r, int) for r in repeats):
        raise ExportTranslationError("tile by repeat counts known only at run time")
    return t.unary(node, "tile", {"repeat_times": repeats})


@handles("aten.pixel_shuffle.default")
def _pixel_shuffle(t, node):
    return t.unary(node, "pixel_shuffle", {"upscale_factor": int(node.args[1]), "data_format": "NCHW"})


def _compare(op_type):
    def handler(t, node):
        a, b = node.args[:2]
        if not isinstance(a, torch.fx.Node):
            raise ExportTranslationError(f"{node.target} with a Python scalar first operand")
        y = t.var(b) if isinstance(b, torch.fx.Node) else _fill_constant(t, b, t.val(a).dtype)
        out = t.out(node, op_type)
        t.b.op(op_type, {"X": [t.var(a)], "Y": [y]}, {"Out": [out]}, {"axis": -1, "force_cpu": False})
        return out
    return handler


for _name, _op in {"eq": "equal", "ne": "not_equal", "lt": "less_than", "le": "less_equal", "gt": "greater_than",
                   "ge": "greater_equal"}.items():
    _HANDLERS[f"aten.{_name}.Tensor"] = _HANDLERS[f"aten.{_name}.Scalar"] = _compare(_op)


def _bitwise(op_type):
    def handler(t, node):
        out = t.out(node, op_type)
        t.b.op(op_type, {"X": [t.var(node.args[0])], "Y": [t.var(node.args[1])]}, {"Out": [out]})
        return out
    return handler


for _target, _op in {"aten.__or__.Tensor": "bitwise_or", "aten.bitwise_or.Tensor": "bitwise_or",
                     "aten.__and__.Tensor": "bitwise_and", "aten.bitwise_and.Tensor": "bitwise_and",
                     "aten.logical_or.default": "logical_or", "aten.logical_and.default": "logical_and"}.items():
    _HANDLERS[_target] = _bitwise(_op)


@handles("aten.flip.default")
def _flip(t, node):
    dims = [int(d) for d in node.args[1]]
    return t.unary(node, "flip", {"axis": dims})


@handles("aten.where.self")
def _where(t, node):
    condition, x, y = node.args[:3]
    out = t.out(node, "where")
    t.b.op("where", {"Condition": [t.var(condition)], "X": [t.var(x)], "Y": [t.var(y)]}, {"Out": [out]})
    return out


def _pad_rank_change(t, node, x, axes, squeeze, prefix):
    val = t.val(node)
    shape = _dims(val)
    if squeeze:
        out = t.out(node, "squeeze")
        op_type = "squeeze2"
    else:
        for axis in axes:
            shape.insert(axis, 1)
        out = t.b.add_var(_tensor_var(t.b.new_name(prefix), val.dtype, shape))
        op_type = "unsqueeze2"
    xshape = t.b.add_var(_tensor_var(t.b.new_name(f"{op_type}_xshape"), val.dtype, [0]))
    t.b.op(op_type, {"X": [x]}, {"Out": [out], "XShape": [xshape]}, {"axes": list(axes)})
    return out


def _emit_pad(t, node, x_node, pad, mode, value):
    """torch's ``pad`` (pairs for the last dim first) as Paddle's F.pad writes it: ``pad`` for a constant pad of
    every dim, else ``pad3d`` on a 5-D view (unsqueeze2 / pad3d / squeeze2 for 3-D and 4-D inputs)."""
    pad = [int(p) for p in pad]
    if any(not isinstance(p, int) for p in pad):
        raise ExportTranslationError("pad with dynamic paddings")
    x = t.var(x_node)
    rank = t.val(x_node).dim()
    pairs = [(pad[2 * i], pad[2 * i + 1]) for i in range(len(pad) // 2)]  # pairs[0]: last dim
    if not any(pad):
        return x
    while pairs and pairs[-1] == (0, 0):
        pairs.pop()
    channels_first = len(pairs) <= rank - 2
    channels_last = not channels_first and pairs[0] == (0, 0) and len(pairs) <= rank - 1
    if rank not in (3, 4, 5) or not (channels_first or channels_last):
        if mode != "constant":
            raise ExportTranslationError(f"{mode} pad of dims {len(pairs)} of a rank-{rank} tensor has no "
                                         f"Paddle form")
        paddings = []
        for dim in range(rank):
            k = rank - 1 - dim
            paddings += list(pairs[k]) if k < len(pairs) else [0, 0]
        return t.unary(node, "pad", {"paddings": paddings, "pad_value": float(value or 0.0)})
    spatial = pairs if channels_first else pairs[1:]
    spatial = spatial + [(0, 0)] * (rank - 2 - len(spatial))
    paddings = [p for pair in spatial for p in pair]
    if channels_first:
        axes = {3: [3, 4], 4: [2], 5: []}[rank]
        data_format = "NCDHW"
        paddings = ([0, 0, 0, 0] + paddings) if rank == 3 else paddings + [0, 0] * (3 - len(spatial))
    else:
        axes = {3: [2, 3], 4: [1], 5: []}[rank]
        data_format = "NDHWC"
        paddings = ([0, 0, 0, 0] + paddings) if rank == 3 else paddings + [0, 0] * (3 - len(spatial))
    if axes:
        x = _pad_rank_change(t, node, x, axes, False, "unsqueeze2")
    val = t.val(node)
    shape = _dims(val)
    for axis in axes:
        shape.insert(axis, 1)
    out = t.b.add_var(_tensor_var(t.b.new_name("pad3d"), val.dtype, shape))
    t.b.op("pad3d", {"X": [x]}, {"Out": [out]},
           {"paddings": paddings, "mode": mode, "value": float(value or 0.0), "data_format": data_format})
    if axes:
        return _pad_rank_change(t, node, out, axes, True, "squeeze")
    return out


@handles("aten.pad.default")
def _pad(t, node):
    mode = node.args[2] if len(node.args) > 2 else node.kwargs.get("mode", "constant")
    value = node.args[3] if len(node.args) > 3 else node.kwargs.get("value")
    return _emit_pad(t, node, node.args[0], t.const(node.args[1]), mode, value)


@handles("aten.constant_pad_nd.default")
def _constant_pad(t, node):
    value = node.args[2] if len(node.args) > 2 else node.kwargs.get("value", 0)
    return _emit_pad(t, node, node.args[0], t.const(node.args[1]), "constant", value)


for _target, _mode in {"reflection_pad": "reflect", "replication_pad": "replicate"}.items():
    for _n in (1, 2, 3):
        _HANDLERS[f"aten.{_target}{_n}d.default"] = (lambda mode: lambda t, node: _emit_pad(
            t, node, node.args[0], t.const(node.args[1]), mode, 0.0))(_mode)


# torch upsample overload -> (Paddle op, spatial dims, has align_corners)
_UPSAMPLE = {"upsample_nearest1d": ("nearest_interp_v2", 1, False),
             "upsample_nearest2d": ("nearest_interp_v2", 2, False),
             "upsample_nearest3d": ("nearest_interp_v2", 3, False),
             "upsample_linear1d": ("linear_interp_v2", 1, True),
             "upsample_bilinear2d": ("bilinear_interp_v2", 2, True),
             "upsample_trilinear3d": ("trilinear_interp_v2", 3, True),
             "upsample_bicubic2d": ("bicubic_interp_v2", 2, True)}


def _upsample(t, node):
    name, overload = str(node.target).split(".")[1:3]
    op_type, spatial, has_align = _UPSAMPLE[name]
    args = list(node.args)
    x = args[0]
    output_size = t.const(args[1]) if len(args) > 1 else node.kwargs.get("output_size")
    rest = args[2:]
    align_corners = False
    if has_align:
        align_corners = bool(rest[0]) if rest else bool(node.kwargs.get("align_corners", False))
        rest = rest[1:]
    if overload == "vec":
        scales = rest[0] if rest else node.kwargs.get("scale_factors")
        scales = list(scales) if scales is not None else None
    else:
        scales = list(rest) + [None] * (spatial - len(rest))
        scales = None if all(s is None for s in scales) else scales
    attrs = {"interp_method": op_type[:-len("_interp_v2")], "align_corners": align_corners, "align_mode": 0,
             "data_layout": "NCHW", "out_d": -1, "out_h": -1, "out_w": -1, "scale": []}
    if scales is not None and all(s is not None for s in scales):
        # an output dim of size 1 reaches torch as an infinite scale (Paddle's ratio 0 there); its Paddle
        # scale is any value giving that size: out / in
        in_sizes = list(t.val(x).shape[2:])
        out_sizes = list(t.val(node).shape[2:])
        attrs["scale"] = [float(s) if s != float("inf") else float(o) / float(i)
                          for s, i, o in zip(scales, in_sizes, out_sizes)]
    elif output_size is not None and all(isinstance(s, int) for s in output_size):
        names = {1: ["out_w"], 2: ["out_h", "out_w"], 3: ["out_d", "out_h", "out_w"]}[spatial]
        attrs.update({n: int(s) for n, s in zip(names, output_size)})
    else:
        raise ExportTranslationError(f"{node.target} with a dynamic output size and no scale factor")
    if attrs["scale"]:
        attrs["scale"] = (attrs["scale"], AttrType.FLOATS)
    else:
        attrs["scale"] = ([], AttrType.FLOATS)
    out = t.out(node, op_type)
    t.b.op(op_type, {"X": [t.var(x)]}, {"Out": [out]}, attrs)
    return out


for _name in _UPSAMPLE:
    for _overload in ("default", "vec"):
        _HANDLERS[f"aten.{_name}.{_overload}"] = _upsample


# ----------------------------------------------------------------------------------------------------------
def _example_input(spec):
    from .._core.dtypes import to_torch_dtype
    from .._core.tensor import Tensor
    from ..static.input import InputSpec

    if isinstance(spec, Tensor):
        spec = InputSpec.from_tensor(spec, getattr(spec, "name", None))
    if not isinstance(spec, InputSpec):
        raise TypeError(f"The element of input_spec should be `paddle.static.InputSpec` or `paddle.Tensor`, "
                        f"but received {type(spec).__name__}.")
    shape = [2 if d in (-1, None) else d for d in spec.shape]  # export needs >= 2 for a dynamic dim
    dims = {k: torch.export.Dim.DYNAMIC for k, d in enumerate(spec.shape) if d in (-1, None)}
    return torch.zeros(shape, dtype=to_torch_dtype(spec.dtype)), dims or None, spec.name


def _example_inputs(input_spec, arg_names=()):
    """Example tensors, dynamic dims and feed names for ``input_spec``; a list/tuple element is one argument
    holding several tensors (PaddleVideo's ``forward(data_batch)``), fed as ``<argument>_<j>`` as in Paddle."""
    examples, dynamic, names = [], [], []
    for i, spec in enumerate(input_spec):
        if isinstance(spec, (list, tuple)):
            prefix = arg_names[i] if i < len(arg_names) else f"x{i}"
            group = [_example_input(s) for s in spec]
            if any(isinstance(s, (list, tuple)) for s in spec):
                raise NotImplementedError(f"paddle.jit.save: input_spec[{i}] nests lists more than one level deep")
            examples.append(type(spec)(e for e, _, _ in group))
            dynamic.append(type(spec)(d for _, d, _ in group))
            names += [n or f"{prefix}_{j}" for j, (_, _, n) in enumerate(group)]
            continue
        example, dims, name = _example_input(spec)
        examples.append(example)
        dynamic.append(dims)
        names.append(name or ("x" if len(input_spec) == 1 else f"x{i}"))
    return examples, dynamic, names


def _raise_forward_error(layer, examples):
    """When tracing failed because forward itself raises for these inputs (a user check, a Paddle op's shape
    error), that error is what Paddle's save reports, in its 'In transformed code:' form."""
    from .._core.tensor import wrap
    from ..framework import no_grad
    from .dy2static import error as _error

    try:
        with no_grad():
            torch._dynamo.disable(layer.forward, recursive=True)(*[wrap(t) for t in examples])
    except Exception as failure:  # noqa: BLE001 - the user's own error
        raise _error.transformed_code_error(failure) from None


def export_program(layer, input_spec):
    """``torch.export`` (strict) of ``layer`` in eval mode for ``input_spec`` -> (ExportedProgram, feed names)."""
    from .dy2static.program_translator import StaticFunction, set_to_static_enabled, to_static_enabled

    forward = layer.__dict__.get("forward")
    python_forward = getattr(forward, "dygraph_function", None) or layer.forward
    try:
        arg_names = [n for n in inspect.signature(python_forward).parameters if n != "self"]
    except (TypeError, ValueError):
        arg_names = []
    examples, dynamic, names = _example_inputs(input_spec, arg_names)
    module = layer._torch_module()
    training = layer.training
    if isinstance(forward, StaticFunction):
        del layer.__dict__["forward"]  # trace the Python forward, not the compiled one
    layer.eval()
    was_enabled = to_static_enabled()
    set_to_static_enabled(False)  # a forward decorated with @to_static in the class body runs its Python body
    try:
        with warnings.catch_warnings():
            # the Layer's Python bookkeeping (hooks, built flags) mutated while tracing is none of the program's
            # business; Paddle's save prints nothing of the kind
            warnings.filterwarnings("ignore", message="While compiling, we found certain side effects")
            ep = torch.export.export(module, tuple(examples), dynamic_shapes=(tuple(dynamic),), strict=True)
    except Exception as error:
        _raise_forward_error(layer, examples)
        specs = ", ".join(repr(s) for s in input_spec)
        raise ValueError(f"paddle.jit.save: tracing {type(layer).__name__}.forward with input_spec [{specs}] "
                         f"failed (does the InputSpec's rank and dtype match what forward expects?): "
                         f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}") from error
    finally:
        set_to_static_enabled(was_enabled)
        if training:
            layer.train()
        if isinstance(forward, StaticFunction):
            layer.__dict__["forward"] = forward
    return ep, names


def _param_names(layer):
    """torch-view FQN -> Paddle variable name (``conv2d_0.w_0``) and Paddle's info dict."""
    names, info = {}, {}
    for fqn, p in layer.named_parameters():
        names[fqn] = p.name
        info[p.name] = {"structured_name": fqn, "stop_gradient": p.stop_gradient, "trainable": p.trainable}
    for fqn, b in layer.named_buffers():
        name = getattr(b, "name", None) or fqn
        names[fqn] = name
    return names, info


def _scale_fetch_targets(builder, fetch):
    """Paddle's save_inference_model fetches ``save_infer_model/scale_<i>.tmp_0``, a ``scale(x, 1.0)`` of each
    output (the names inference code asks its predictor for)."""
    import copy

    from ..utils import unique_name

    scaled = []
    for i, name in enumerate(fetch):
        if name not in builder.vars:  # not a tensor this program declares: fetched as it is
            scaled.append(name)
            continue
        var = copy.deepcopy(builder.vars[name])
        var.name = unique_name.generate(f"save_infer_model/scale_{i}.tmp")  # .tmp_0, then .tmp_1 at the next save
        builder.add_var(var)
        builder.op("scale", {"X": [name]}, {"Out": [var.name]},
                   {"scale": 1.0, "bias": 0.0, "bias_after_scale": True})
        scaled.append(var.name)
    return scaled


def build_program(ep, param_names, feed_names):
    translator = _Translator(ep, param_names, feed_names)
    fetch = translator.run()
    builder = translator.b
    block = BlockDesc(idx=0, parent_idx=-1)
    feed_var = VarDesc(name="feed", type=VarType(type=int(VarTypeType.FEED_MINIBATCH)), persistable=True)
    fetch_var = VarDesc(name="fetch", type=VarType(type=int(VarTypeType.FETCH_LIST)), persistable=True)
    ops = []
    # Paddle prepends each feed op, so the last column comes first; its jit.load relies on that order
    for col, name in reversed(list(enumerate(feed_names))):
        desc = OpDesc(type="feed", inputs=[OpDesc.Var(parameter="X", arguments=["feed"])],
                      outputs=[OpDesc.Var(parameter="Out", arguments=[name])])
        desc.attrs.append(make_attr("col", col))
        ops.append(desc)
    fetch = _scale_fetch_targets(builder, fetch)
    ops += builder.ops
    for col, name in enumerate(fetch):
        desc = OpDesc(type="fetch", inputs=[OpDesc.Var(parameter="X", arguments=[name])],
                      outputs=[OpDesc.Var(parameter="Out", arguments=["fetch"])])
        desc.attrs.append(make_attr("col", col))
        ops.append(desc)
    block.vars = list(builder.vars.values()) + [feed_var, fetch_var]
    block.ops = ops
    versions = OpVersionMap(pair=[OpVersionPair(op_name=n, op_version=OpVersion(version=v))
                                  for n, v in sorted(_OP_VERSIONS.items()) if n in builder.used_types])
    program = ProgramDesc(blocks=[block], version=Version(version=PROGRAM_VERSION), op_version_map=versions)
    return program, translator.persistables


def _function_layer_class():
    from ..nn.layer.layers import Layer

    class FunctionLayer(Layer):
        """A plain (to_static'd) function saved by jit.save: its forward is the function."""

        def __init__(self, function):
            super().__init__()
            self._function = function

        def forward(self, *args):
            return self._function(*args)

    return FunctionLayer


def _FunctionLayer(function):  # noqa: N802  built lazily: Layer imports are heavy at module import
    return _function_layer_class()(function)


def _recorded_input_spec(function):
    """The inputs Paddle's save falls back on without ``input_spec``: the decorator's ``input_spec``, else what
    the last call of a ``full_graph=False`` function received (shapes as they were, feeds named
    ``_jst.<index>.<parameter>.0``), else the last program a ``full_graph=True`` function traced; with none of
    them, Paddle's error naming the function."""
    import inspect
    import types

    from .._core.tensor import Tensor
    from ..static.input import InputSpec
    from . import api
    from .dy2static.program_translator import ASTStaticFunction, FunctionSpec, StaticFunction

    if not isinstance(function, StaticFunction):
        raise _no_program_error(FunctionSpec(function))
    if function._input_spec is not None:
        return function._input_spec
    plain = function._dygraph_function
    if function._class_instance is not None:
        plain = types.MethodType(plain, function._class_instance)
    if isinstance(function, ASTStaticFunction) and len(function._program_cache):
        specs = function._program_cache.last().inputs
    elif "_last_args" in function.__dict__:
        bound = inspect.signature(plain).bind(*function._last_args, **function.__dict__.get("_last_kwargs", {}))
        specs = []
        for index, (parameter, value) in enumerate(bound.arguments.items()):
            if not isinstance(value, Tensor):
                raise NotImplementedError(
                    f"paddle.jit.save without input_spec: argument '{parameter}' of the last call is not a Tensor "
                    f"({type(value).__name__}); pass input_spec to save it")
            specs.append(InputSpec(value.shape, value.dtype, f"_jst.{index}.{parameter}.0"))
    else:
        raise _no_program_error(FunctionSpec(plain))
    if api._verbosity() != -1:
        api._translator_logger().warning("No input_spec is found, save cached program instead")
    return specs


def _no_program_error(function_spec):
    return ValueError(f"No valid transformed program for {function_spec}.\n\t    Please specific `input_spec` in "
                      f"`@paddle.jit.to_static` or feed input tensor to call the decorated function at once.\n")


def save(layer, path, input_spec=None, **configs):
    from ..nn.layer.layers import Layer
    from .dy2static.program_translator import StaticFunction

    unknown = set(configs) - {"output_spec", "with_hook", "combine_params", "clip_extra", "skip_forward",
                              "input_names_after_prune", "skip_prune_program"}
    if unknown:
        raise ValueError(f"The additional config ({', '.join(sorted(unknown))}) of `paddle.jit.save` is not "
                         f"supported.")
    if configs.get("output_spec") is not None:
        raise NotImplementedError("paddle.jit.save(output_spec=...) is not supported yet: all outputs are saved")
    if configs.get("skip_forward"):
        raise NotImplementedError("paddle.jit.save(skip_forward=True) is not supported yet")
    if not isinstance(layer, Layer):
        import inspect

        if isinstance(layer, StaticFunction) or inspect.isfunction(layer):
            warnings.warn("What you save is a function, and `jit.save` will generate the name of the model file "
                          "according to `path` you specify. When loading these files with `jit.load`, you get a "
                          "`TranslatedLayer` whose inference result is the same as the inference result of the "
                          "function you saved.")
        if isinstance(layer, StaticFunction) and layer._class_instance is not None:
            layer = layer._class_instance
        elif isinstance(layer, StaticFunction) or inspect.isfunction(layer):
            if input_spec is None:
                input_spec = _recorded_input_spec(layer)
            layer = _FunctionLayer(layer.dygraph_function if isinstance(layer, StaticFunction) else layer)
        else:
            raise TypeError(f"The input of paddle.jit.save should be 'Layer' or 'Function', but received input "
                            f"type is {type(layer)}.")
    if input_spec is None:
        input_spec = _recorded_input_spec(layer.__dict__.get("forward", getattr(layer, "forward", None)))
    if not isinstance(input_spec, (list, tuple)):
        raise TypeError(f"The input input_spec should be 'list', but received input_spec's type is "
                        f"{type(input_spec)}.")
    if not path or os.path.basename(path) == "":
        raise ValueError("The input path MUST be format of dirname/file_prefix [dirname\\file_prefix in Windows "
                         "system], but received file_prefix is empty string.")
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    ep, feed_names = export_program(layer, list(input_spec))
    torch.export.save(ep, path + ".pt2")
    names, info = _param_names(layer)
    program, persistables = build_program(ep, names, feed_names)
    with open(path + ".pdmodel", "wb") as f:
        f.write(program.SerializeToString())
    ordered = sorted(persistables)
    if not ordered:  # as Paddle: no parameter file at all (its load_combine refuses an empty one)
        warnings.warn("no variable in your model, please ensure there are any variables in your model to save")
        return
    with open(path + ".pdiparams", "wb") as f:
        f.write(write_tensors([persistables[n].cpu().numpy() for n in ordered]))
    with open(path + ".pdiparams.info", "wb") as f:
        # every persistable needs an entry (Paddle's jit.load refuses a program variable missing here);
        # buffers and lifted constants carry no 'trainable', so Paddle restores them as plain tensors
        pickle.dump({n: info.get(n, {"structured_name": n, "stop_gradient": True}) for n in ordered}, f,
                    protocol=2)
