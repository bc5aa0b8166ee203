"""``paddle.static.amp.fp16_utils``: the float16/bfloat16 rewrite of a static Program (Paddle's pass, on
paddle-compat's engine: ``cast`` ops inserted before the ops whose inputs change precision, variable dtypes
changed, parameters cast in the scope)."""

import contextlib
import logging
from dataclasses import dataclass

import numpy as np
import torch

from . import _rewrite as rw
from .fp16_lists import AutoMixedPrecisionLists, black_list, get_low_precision_dtypestr

_logger = logging.getLogger(__name__)
_fp16_guard_pattern = "__use_fp16__"
_keep_layer_norm_scale_bias_to_fp32_flag = True


def _fp16():
    from ...base import core

    return core.VarDesc.VarType.FP16


@dataclass
class AmpOptions:
    enable: bool
    custom_white_list: "list[str] | None"
    custom_black_list: "list[str] | None"
    level: str
    dtype: str
    use_promote: bool


DEFAULT_AMP_OPTIONS = AmpOptions(enable=True, custom_white_list=None, custom_black_list=None, level="O1",
                                 dtype="float16", use_promote=True)


def _vartypes(*names):
    from ...base import core

    return {getattr(core.VarDesc.VarType, n) for n in names}


FLOAT_TYPES = _vartypes("FP32", "FP16", "BF16", "FP64")
SUPPORT_FLOAT_TYPES = _vartypes("FP32", "FP16", "BF16")


def _rename_arg(op, old_name, new_name):
    rw.rename_input(op, old_name, new_name)
    op._rename_output(old_name, new_name)


def _rename_op_input(program, op_var_rename_map, origin_ops, keep_fp32_ops):
    for block in program.blocks:
        renames = op_var_rename_map[block.idx]
        for op in block.ops:
            if op not in origin_ops or op in keep_fp32_ops:
                continue
            for name in op.input_arg_names:
                if name in renames:
                    rw.rename_input(op, name, renames[name])


def map_block(block, fn, parent_op=None):
    """``fn(block, parent_op)`` on ``block`` and, depth first, on the sub-blocks of its ops."""
    fn(block, parent_op)
    for op in block.ops:
        if op.has_attr("sub_block"):
            sub = op.attr("sub_block")
            map_block(block.program.blocks[getattr(sub, "id", getattr(sub, "idx", sub))], fn, op)


def prepare_op_amp_options(program, amp_records, global_amp_options):
    """Give every op the AmpOptions of the ``amp_records`` range (block idx -> [(options, start, end)]) it lies
    in, else its parent op's, else ``global_amp_options``."""
    chosen = {}

    def fill(block, parent_op):
        for op in block.ops:
            options = chosen.get(parent_op, global_amp_options)
            for record, start, end in amp_records.get(block.idx, ()):
                if op.idx in range(start, end):
                    options = record
                    break
            chosen[op] = options

    map_block(program.global_block(), fill)
    for op, options in chosen.items():
        op._amp_options = options


def _keep_layer_norm_scale_bias_to_fp32(*args):
    global _keep_layer_norm_scale_bias_to_fp32_flag
    if not args:
        return _keep_layer_norm_scale_bias_to_fp32_flag
    assert len(args) == 1 and isinstance(args[0], bool)
    previous = _keep_layer_norm_scale_bias_to_fp32_flag
    _keep_layer_norm_scale_bias_to_fp32_flag = args[0]
    return previous


# Inputs/outputs of normalisation and fused ops that stay float32 whatever the op computes in
_FP32_INPUTS_EXCEPT = {"batch_norm": {"X"}, "instance_norm": {"X"}, "fused_bn_add_activation": {"X", "Z"},
                       "resnet_unit": {"X", "FilterX", "Z", "FilterZ"}}
_FP32_INPUTS_ONLY = {
    "fused_attention": {"LnScale", "LnBias", "Ln2Scale", "Ln2Bias", "Ln1Scale", "Ln1Bias"},
    "fused_feedforward": {"LnScale", "LnBias", "Ln2Scale", "Ln2Bias", "Ln1Scale", "Ln1Bias"},
    "fused_multi_transformer": {"LnScale", "LnBias", "FFNLnScale", "FFNLnBias"},
}
_FP32_OUTPUTS_ONLY = {
    "fused_attention": {"LnMean", "LnVariance", "Ln2Mean", "Ln2Variance", "Ln1Mean", "Ln1Variance"},
    "fused_feedforward": {"LnMean", "LnVariance", "Ln2Mean", "Ln2Variance", "Ln1Mean", "Ln1Variance"},
}


def _keep_fp32_input(op, in_name):
    if op.type == "layer_norm":
        return _keep_layer_norm_scale_bias_to_fp32() and in_name != "X"
    if op.type in _FP32_INPUTS_EXCEPT:
        return in_name not in _FP32_INPUTS_EXCEPT[op.type]
    return in_name in _FP32_INPUTS_ONLY.get(op.type, ())


def _keep_fp32_output(op, out_name):
    if op.type in ("batch_norm", "fused_bn_add_activation"):
        return out_name != "Y"
    if op.type == "layer_norm":
        return _keep_layer_norm_scale_bias_to_fp32() and out_name != "Y"
    if op.type == "resnet_unit":
        return out_name not in {"Y", "ConvX", "ConvZ"}
    return out_name in _FP32_OUTPUTS_ONLY.get(op.type, ())


def _dtype_to_str(t_dtype):
    return "fp16" if t_dtype in (rw.FP16, rw.BF16) else "fp32"


def _insert_cast_op(block, op, idx, src_dtype, dest_dtype):
    """Cast the ``src_dtype`` inputs of ``op`` (at ``idx``) to ``dest_dtype`` by cast ops inserted before it;
    returns how many were inserted."""
    inserted = 0
    for slot in sorted(op.input_names):
        if src_dtype == rw.FP32 and _keep_fp32_input(op, slot):
            continue
        for in_name in op.input(slot):
            in_var = block._find_var_recursive(in_name)
            if not rw.is_tensor_var(in_var) or in_var._t.dtype == dest_dtype:
                continue
            cast_name = in_name + ".cast_" + _dtype_to_str(dest_dtype)
            casted = block._find_var_recursive(cast_name)
            if casted is not None and casted._t.dtype == dest_dtype:
                rw.rename_input(op, in_name, cast_name)
                continue
            if in_var._t.dtype != src_dtype:
                continue
            out_var = block.vars.get(cast_name)
            if out_var is None or out_var._t.dtype != dest_dtype:
                if out_var is not None:
                    block.vars.pop(cast_name)
                out_var = rw.create_cast_var(block, in_var, cast_name, dest_dtype)
                cast = rw.make_cast_op(block, in_var, out_var, {
                    "op_device": op._attrs.get("op_device", ""), "op_role": op._attrs.get("op_role", 0)})
                block.ops.insert(idx, cast)
                inserted += 1
            rw.rename_input(op, in_name, cast_name)
    for attr in ("in_dtype", "out_dtype", "dtype"):
        if op.has_attr(attr) and _attr_dtype(op.attr(attr)) in rw.FLOAT_TYPES:
            op._set_attr(attr, rw.var_type(dest_dtype))
    return inserted


def _attr_dtype(value):
    try:
        return rw.torch_dtype(value) if value not in (None, -1) else None
    except (TypeError, ValueError, KeyError):
        return None


def find_true_prev_op(ops, cur_op, var_name):
    """The op before ``cur_op`` writing ``var_name`` (None if none; ValueError if several)."""
    prev = []
    for op in ops:
        if op is cur_op:
            break
        if var_name in op.output_arg_names:
            prev.append(op)
    if len(prev) > 1:
        raise ValueError(f"There must be only one previous op that outputs {var_name} variable")
    return prev[0] if prev else None


def find_true_post_op(ops, cur_op, var_name, search_all=False):
    """The ops after ``cur_op`` (all ops if ``search_all``) reading ``var_name``."""
    start = 0
    if not search_all:
        for i, op in enumerate(ops):
            if op is cur_op:
                start = i + 1
                break
    return [op for op in ops[start:] if var_name in op.input_arg_names]


def find_op_index(block_desc, cur_op_desc):
    ops = getattr(block_desc, "ops", block_desc)
    for i, op in enumerate(ops):
        if op is cur_op_desc:
            return i
    return -1


def _is_in_black_varnames(op, amp_lists):
    names = amp_lists.black_varnames or ()
    return any(n in names for n in op.input_arg_names) or any(n in names for n in op.output_arg_names)


def _keeps_fp32(op, unsupported_op_list, guard_pattern):
    """Shared by the fp16 and bf16 rewrites: unsupported ops, learning-rate ops and, when a guard pattern is
    in use, ops created outside the guard's name scope stay in float32."""
    if op.type in unsupported_op_list:
        return True
    if any("learning_rate" in n for n in op.input_arg_names + op.output_arg_names):
        return True
    if guard_pattern:
        return not (op.has_attr("op_namescope") and guard_pattern in op.attr("op_namescope"))
    return False


def _need_keep_fp32(op, unsupported_op_list, use_fp16_guard):
    return _keeps_fp32(op, unsupported_op_list, _fp16_guard_pattern if use_fp16_guard else None)


@contextlib.contextmanager
def _low_precision_scope(pattern):
    from ...framework.program import name_scope

    with name_scope(prefix=pattern):
        yield


def fp16_guard():
    """Ops created inside run in float16 when the rewrite uses the guard (``use_fp16_guard=True``)."""
    return _low_precision_scope(_fp16_guard_pattern)


def _var_of(block, name):
    var = block._find_var_recursive(name)
    if var is None:
        var = block.program.global_block().vars.get(name)
    return var


def set_var_dst_dtype(op, var_names, block, global_block, dtype, need_set_dtype):
    """The float variables among ``var_names``; their dtype becomes ``dtype`` when ``need_set_dtype``."""
    low = set()
    t_dtype = rw.torch_dtype(dtype)
    for name in var_names:
        var = _var_of(block, name)
        if not rw.is_tensor_var(var):
            continue
        if var._t.dtype in rw.FLOAT_TYPES:
            low.add(name)
            if need_set_dtype:
                rw.set_var_dtype(var, t_dtype)
    return low


def set_param_dtype(program, dtype, amp_lists, use_fp16_guard, level):
    """O2: every parameter no float32-bound op reads becomes ``dtype``; returns the names kept float32."""
    keep_fp32 = set()
    if level in ("O1", "OD"):
        return keep_fp32
    params = []
    for block in program.blocks:
        params.extend(block.all_parameters())
        for op in block.ops:
            if op.type in amp_lists.black_list:
                continue
            if _need_keep_fp32(op, amp_lists.unsupported_list, use_fp16_guard):
                keep_fp32.update(op.input_arg_names)
            else:
                for slot in sorted(op.input_names):
                    if _keep_fp32_input(op, slot):
                        keep_fp32.update(op.input(slot))
    t_dtype = rw.torch_dtype(dtype)
    for p in params:
        if p.name not in keep_fp32:
            rw.set_var_dtype(p, t_dtype)
    return keep_fp32


def op_need_keep_fp32(op, amp_lists, use_fp16_guard, params_list):
    fp16_names_in_fp32_op = set()
    if _need_keep_fp32(op, amp_lists.unsupported_list, use_fp16_guard):
        return True, fp16_names_in_fp32_op
    if amp_lists.black_varnames is not None and _is_in_black_varnames(op, amp_lists):
        return True, fp16_names_in_fp32_op
    if op.type in amp_lists.black_list:
        names = set(op.input_arg_names)
        fp16_names_in_fp32_op.update(p.name for p in params_list if p.name in names)
        return True, fp16_names_in_fp32_op
    return False, fp16_names_in_fp32_op


def get_promote_dtype(op, amp_dtype, block):
    dst = amp_dtype
    for slot in sorted(op.input_names):
        if _keep_fp32_input(op, slot):
            continue
        if not slot:
            return rw.FP32
        for name in op.input(slot):
            var = block._find_var_recursive(name)
            if var is not None and var._t.dtype == rw.FP32:
                dst = rw.FP32
                break
    return dst


def _producer(block, op, name):
    """The op whose output ``name`` feeds ``op`` (Paddle's ``var.op``, or the true previous op when ``op``
    writes its own input)."""
    last = None
    for o in block.ops:
        if name in o.output_arg_names:
            last = o
    if last is None:
        return None
    if last is op:
        return find_true_prev_op(block.ops, op, name)
    return last


def get_amp_dst_dtype(op, amp_dtype, level, block, amp_lists, keep_fp32_ops, keep_fp16_ops):
    if level == "O2":
        return amp_dtype
    if op.type not in amp_lists.gray_list:
        return rw.FP32
    dst = amp_dtype
    for slot in sorted(op.input_names):
        if not slot:
            continue
        for name in op.input(slot):
            prev = _producer(block, op, name)
            if prev is None:
                continue
            if prev in keep_fp32_ops or prev.type in amp_lists.black_list:
                dst = rw.FP32
            elif prev in keep_fp16_ops or prev.type in amp_lists.white_list:
                dst = amp_dtype
    return dst


def process_op_input_and_outputs(op, block, global_block, dtype):
    low = set()
    for slot in sorted(op.input_names):
        if _keep_fp32_input(op, slot):
            continue
        low |= set_var_dst_dtype(op, op.input(slot), block, global_block, dtype, need_set_dtype=False)
    for slot in sorted(op.output_names):
        if _keep_fp32_output(op, slot):
            continue
        set_var_dst_dtype(op, op.output(slot), block, global_block, dtype, need_set_dtype=True)
    return low


def _need_process(op):
    block = op.block

    def supported(name):
        var = block._find_var_recursive(name)
        if var is None:
            return True
        return rw.is_tensor_var(var) and var._t.dtype in rw.SUPPORT_FLOAT_TYPES

    names = op.input_arg_names
    if names and not any(supported(n) for n in names):
        return False
    if op.type == "set_value":
        return True
    if op.type in ("create_py_reader", "read"):
        return False
    if not op.has_attr("in_dtype"):
        for attr in ("out_dtype", "dtype"):
            if op.has_attr(attr) and _attr_dtype(op.attr(attr)) in rw.FLOAT_TYPES:
                return False
    return True


def cast_model_to_fp16(program, amp_lists=None, use_fp16_guard=True, dest_type=_fp16(), level="O2",
                       use_promote=False):
    """Rewrite ``program`` for float16/bfloat16 (``dest_type``) at ``level``; returns the names of the
    variables (parameters) that become low precision."""
    dest = rw.torch_dtype(dest_type)
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionLists(get_low_precision_dtypestr(dest_type))
    if level == "O2":
        amp_lists.black_list = amp_lists.black_list - black_list
    if level == "OD":
        amp_lists = AutoMixedPrecisionLists(get_low_precision_dtypestr(dest_type))
        amp_lists.black_list = amp_lists.all_list - amp_lists.white_list
    global_block = program.global_block()
    keep_fp32_ops, keep_fp16_ops, to_fp16 = set(), set(), set()
    keep_fp32_names = set_param_dtype(program, dest, amp_lists, use_fp16_guard, level)
    for block in program.blocks:
        for op in list(block.ops):
            if not _need_process(op):
                continue
            keep_fp32, fp16_in_fp32_op = op_need_keep_fp32(op, amp_lists, use_fp16_guard,
                                                           global_block.all_parameters())
            to_fp16 |= fp16_in_fp32_op
            if keep_fp32:
                keep_fp32_ops.add(op)
                process_op_input_and_outputs(op, block, global_block, rw.FP32)
            elif op.type in amp_lists.white_list:
                keep_fp16_ops.add(op)
                to_fp16 |= process_op_input_and_outputs(op, block, global_block, dest)
            elif op.type == "cast":
                in_var = block._find_var_recursive(op.input("X")[0])
                out_var = block._find_var_recursive(op.output("Out")[0])
                op._set_attr("in_dtype", rw.var_type(in_var._t.dtype))
                rw.set_var_dtype(out_var, rw.torch_dtype(op.attr("out_dtype")))
            else:
                if use_promote:
                    dst = get_promote_dtype(op, dest, block)
                else:
                    dst = get_amp_dst_dtype(op, dest, level, block, amp_lists, keep_fp32_ops, keep_fp16_ops)
                if dst == dest:
                    keep_fp16_ops.add(op)
                    to_fp16 |= process_op_input_and_outputs(op, block, global_block, dest)
                else:
                    keep_fp32_ops.add(op)
                    process_op_input_and_outputs(op, block, global_block, rw.FP32)
    for block in program.blocks:
        idx = 0
        while idx < len(block.ops):
            op = block.ops[idx]
            inserted = 0
            if op in keep_fp16_ops:
                inserted += _insert_cast_op(block, op, idx, rw.FP32, dest)
            if op in keep_fp32_ops:
                inserted += _insert_cast_op(block, op, idx, dest, rw.FP32)
            idx += inserted + 1
    program._version = getattr(program, "_version", 0) + 1
    return to_fp16 - keep_fp32_names


def _convert_float_to_bfloat16(place, fp32_array):
    """bfloat16 values of a float32 array as Paddle's cast makes them (uint16 bit patterns, truncated)."""
    t = rw._truncate_to_bf16(torch.from_numpy(np.ascontiguousarray(fp32_array, dtype=np.float32)))
    return t.view(torch.int16).numpy().view(np.uint16)


def _convert_to_float(place, org_array):
    arr = np.asarray(org_array)
    if arr.dtype == np.uint16:  # bfloat16 bit patterns
        return (arr.astype(np.uint32) << 16).view(np.float32)
    return arr.astype(np.float32)


def cast_parameters_to_fp16(place, program, scope=None, to_fp16_var_names=None, dest_type=_fp16(),
                            rewrite_master_weight=False, master_weights={}):  # noqa: B006 - Paddle's default
    """Cast the scope's values of the parameters named in ``to_fp16_var_names`` to ``dest_type``."""
    from ...base.executor import global_scope

    dest = rw.torch_dtype(dest_type)
    get_low_precision_dtypestr(dest_type)
    names = to_fp16_var_names or set()
    var_scope = scope if scope is not None else global_scope()
    for block in program.blocks:
        for param in block.all_parameters():
            if param.name not in names:
                continue
            found = var_scope.find_var(param.name)
            if not found:
                _logger.warning(f"Cannot find {param.name}")
                continue
            tensor = found.get_tensor()
            data = np.array(tensor)
            values = torch.from_numpy(np.ascontiguousarray(data))
            # Paddle: numpy's float16 rounding; bfloat16 through its CPU cast, which truncates
            low = rw._truncate_to_bf16(values.float()) if dest == rw.BF16 else values.to(dest)
            var_scope._set(param.name, low)
            if rewrite_master_weight and param.name in master_weights:
                master = var_scope.find_var(master_weights[param.name].name)
                if master:
                    var_scope._set(master_weights[param.name].name, low.float())


def update_role_var_grad(main_prog, params_grads):
    """Paddle moves a float32 gradient's cast op to the optimize role; the cast produces the same values in
    either role here, so only the role attrs change."""
    block = main_prog.global_block()
    for p, g in params_grads:
        op = rw.op_producing(block, g.name)
        if op is None or op.type != "cast" or g._t.dtype != rw.FP32:
            continue
        fp16_grad = op.input("X")[0]
        prev = find_true_prev_op(block.ops, op, fp16_grad)
        if prev is not None:
            prev._set_attr("op_role_var", [p.name, fp16_grad] + list(prev._attrs.get("op_role_var", [])))
        op._set_attr("op_role", rw._ROLE_OPTIMIZE)
        op._attrs.pop("op_role_var", None)  # Paddle removes the attr
        if op is not block.ops[-1]:
            block.ops.remove(op)
            block.ops.append(op)
