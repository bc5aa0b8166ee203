"""``paddle.static.amp.bf16.amp_utils``: the bfloat16 Program rewrites (O1 ``rewrite_program_bf16``, pure
``cast_model_to_bf16``) on paddle-compat's static engine."""

import collections

import numpy as np
import torch

from .. import _rewrite as rw
from ..fp16_utils import _keeps_fp32, _low_precision_scope, _rename_op_input, find_true_post_op, find_true_prev_op
from .amp_lists import AutoMixedPrecisionListsBF16

_bf16_guard_pattern = "__use_bf16__"
_NORM_OPS = {"batch_norm", "fused_bn_add_activation", "layer_norm"}
# Op types with Paddle's (hidden, extra) use_mkldnn attr but no declared mkldnn_data_type attr (measured with the
# oracle): the O1 bf16 pass gives them a new, printed mkldnn_data_type = bfloat16 attr
_MKLDNN_ATTR_UNDECLARED = {"cast", "conv2d", "exp", "hard_swish", "leaky_relu", "reduce_mean", "reduce_sum", "relu",
                           "relu6", "scale", "sigmoid", "silu", "sqrt", "square", "tanh"}


def convert_float_to_uint16(in_list):
    """float32 values as the uint16 bit patterns of their bfloat16 (upper 16 bits, as Paddle truncates)."""
    arr = np.asarray(in_list)
    out = np.right_shift(np.ascontiguousarray(arr, dtype=np.float32).view(np.uint32), 16).astype(np.uint16)
    return out.reshape(arr.shape)


def _dtype_to_str(t_dtype):
    return "bf16" if t_dtype == rw.BF16 else "fp32"


def _new_cast(block, idx, in_var, cast_name, dest_dtype):
    out_var = block.vars.get(cast_name)
    if out_var is not None and out_var._t.dtype == dest_dtype:
        return out_var, 0
    if out_var is not None:
        block.vars.pop(cast_name)
    out_var = rw.create_cast_var(block, in_var, cast_name, dest_dtype)
    block.ops.insert(idx, rw.make_cast_op(block, in_var, out_var))
    return out_var, 1


def _insert_cast_op(block, op, idx, src_dtype, dest_dtype):
    inserted = 0
    for slot in sorted(op.input_names):
        if src_dtype == rw.FP32 and op.type in _NORM_OPS and slot not in {"X", "Z"}:
            continue
        for in_name in op.input(slot):
            in_var = block.var(in_name)
            if not rw.is_tensor_var(in_var) or in_var._t.dtype == dest_dtype:
                continue
            if in_var._t.dtype == src_dtype:
                out_var, n = _new_cast(block, idx, in_var, in_name + ".cast_" + _dtype_to_str(dest_dtype),
                                       dest_dtype)
                inserted += n
                rw.rename_input(op, in_name, out_var.name)
            elif op.has_attr("in_dtype"):
                op._set_attr("in_dtype", rw.var_type(dest_dtype))
    if src_dtype == rw.FP32 and dest_dtype == rw.BF16:
        for slot in sorted(op.output_names):
            if op.type in _NORM_OPS and slot != "Y":
                continue
            for out_name in op.output(slot):
                out_var = block.var(out_name)
                if rw.is_tensor_var(out_var) and out_var._t.dtype == rw.FP32:
                    rw.set_var_dtype(out_var, rw.BF16)
                    if op.has_attr("out_dtype"):
                        op._set_attr("out_dtype", rw.var_type(rw.BF16))
    return inserted


def _insert_cast_post_op(block, op, idx, src_dtype, dest_dtype, target_name, op_var_rename_map):
    target = block.var(target_name)
    if not rw.is_tensor_var(target) or target._t.dtype == dest_dtype:
        return 0
    assert target._t.dtype == src_dtype, (
        f"The real dtype({_dtype_to_str(target._t.dtype)}) is not equal to the src dtype({_dtype_to_str(src_dtype)})")
    cast_name = target_name + ".cast_" + _dtype_to_str(dest_dtype)
    cast_var, n = _new_cast(block, idx, target, cast_name, dest_dtype)
    if n:
        op_var_rename_map[block.idx][target_name] = cast_var.name
    return n


def _is_in_fp32_varnames(op, amp_lists):
    names = amp_lists.fp32_varnames
    if not names:
        return False
    return any(n in names for n in op.input_arg_names) or any(n in names for n in op.output_arg_names)


def _need_keep_fp32(op, unsupported_op_list, use_bf16_guard):
    return _keeps_fp32(op, unsupported_op_list, _bf16_guard_pattern if use_bf16_guard else None)


def bf16_guard():
    """Ops created inside run in bfloat16 when the pure-bf16 rewrite uses the guard."""
    return _low_precision_scope(_bf16_guard_pattern)


def are_post_ops_bf16(post_ops, keep_fp32_ops):
    return not any(op in keep_fp32_ops for ops in post_ops for op in ops)


def cast_initializers_to_bf16(startup_prog, amp_lists, block, all_ops, keep_fp32_ops, to_bf16_var_names=None):
    """Initializer ops of the startup program whose outputs only feed bfloat16 ops produce bfloat16."""
    for op in startup_prog.global_block().ops:
        if str(op.type) not in amp_lists.bf16_initializer_list:
            continue
        change, post_ops, out_vars = True, [], []
        for name in op.output_arg_names:
            var = block.vars.get(name)
            if not rw.is_tensor_var(var):
                change = False
                break
            post_ops.append(find_true_post_op(all_ops, op, name, True))
            out_vars.append(var)
        if change and are_post_ops_bf16(post_ops, keep_fp32_ops):
            for var in out_vars:
                if var._t.dtype == rw.FP32:
                    rw.set_var_dtype(var, rw.BF16)
                if to_bf16_var_names is not None and var.name in to_bf16_var_names:
                    to_bf16_var_names.remove(var.name)
            if op.has_attr("dtype") and rw.torch_dtype(op.attr("dtype")) == rw.FP32:
                op._set_attr("dtype", rw.var_type(rw.BF16))
            _cast_startup_output(op, rw.BF16)


def _cast_startup_output(op, t_dtype):
    runner = op._runner
    if runner is None:
        return

    def run(op, env, ctx):
        runner(op, env, ctx)
        for name in op.output_arg_names:
            if name in env and env[name].is_floating_point():
                env[name] = env[name].to(t_dtype)

    op._runner = run


def _set_float_attrs(op, dest_attr_names=("in_dtype", "out_dtype", "dtype")):
    for attr in dest_attr_names:
        if op.has_attr(attr):
            try:
                is_fp32 = rw.torch_dtype(op.attr(attr)) == rw.FP32
            except (TypeError, ValueError, KeyError):
                is_fp32 = False
            if is_fp32:
                op._set_attr(attr, rw.var_type(rw.BF16))


def _lookup(block, global_block, name):
    var = block.vars.get(name)
    return var if var is not None else global_block.vars.get(name)


def cast_model_to_bf16(program, startup_prog=None, amp_lists=None, use_bf16_guard=True):
    """Pure bfloat16: every op not kept float32 computes in bfloat16 (its float32 variables become bfloat16);
    returns the names of the variables made bfloat16."""
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionListsBF16()
    global_block = program.global_block()
    keep_fp32_ops, to_bf16 = set(), set()
    origin_ops = [op for block in program.blocks for op in block.ops]
    for block in program.blocks:
        ops = block.ops
        for op in ops:
            if op.type in ("create_py_reader", "read"):
                continue
            if _need_keep_fp32(op, amp_lists.unsupported_list, use_bf16_guard):
                keep_fp32_ops.add(op)
                continue
            for slot in sorted(op.input_names):
                if op.type in _NORM_OPS and slot not in {"X", "Z"}:
                    continue
                for name in op.input(slot):
                    var = _lookup(block, global_block, name)
                    if rw.is_tensor_var(var) and var._t.dtype == rw.FP32:
                        rw.set_var_dtype(var, rw.BF16)
                        to_bf16.add(name)
            for slot in sorted(op.output_names):
                if op.type in _NORM_OPS and slot != "Y":
                    continue
                for name in op.output(slot):
                    var = _lookup(block, global_block, name)
                    if rw.is_tensor_var(var) and var._t.dtype == rw.FP32:
                        rw.set_var_dtype(var, rw.BF16)
            _set_float_attrs(op)
            if op.has_attr("use_mkldnn"):
                op._set_attr("use_mkldnn", True)
            if op.has_attr("mkldnn_data_type"):
                op._set_attr("mkldnn_data_type", "bfloat16")
        if startup_prog is not None:
            cast_initializers_to_bf16(startup_prog, amp_lists, global_block, ops, keep_fp32_ops, to_bf16)
    rename_map = [collections.OrderedDict() for _ in program.blocks]
    for block in program.blocks:
        ops = block.ops
        idx = 0
        while idx < len(ops):
            op = ops[idx]
            inserted = 0
            if op in keep_fp32_ops:
                pre = _insert_cast_op(block, op, idx, rw.BF16, rw.FP32)
                inserted += pre
                for name in op.output_arg_names:
                    var = block.vars.get(name)
                    if not rw.is_tensor_var(var) or var._t.dtype != rw.BF16:
                        continue
                    rw.set_var_dtype(var, rw.FP32)
                    for post_op in find_true_post_op(ops, op, name):
                        if post_op in keep_fp32_ops:
                            continue
                        inserted += _insert_cast_post_op(block, op, idx + pre + 1, rw.FP32, rw.BF16, name,
                                                         rename_map)
            idx += inserted + 1
    _rename_op_input(program, rename_map, origin_ops, keep_fp32_ops)
    program._version = getattr(program, "_version", 0) + 1
    return to_bf16


def cast_parameters_to_bf16(place, program, scope=None, to_bf16_var_names=None):
    """Cast the scope's values of the parameters named in ``to_bf16_var_names`` to bfloat16."""
    from ....base.executor import global_scope

    names = to_bf16_var_names or set()
    var_scope = scope if scope is not None else global_scope()
    for block in program.blocks:
        for param in block.all_parameters():
            if param.name in names:
                data = np.array(var_scope.find_var(param.name).get_tensor())
                # Paddle truncates to the upper 16 bits here (convert_float_to_uint16), not round-to-nearest
                bits = torch.from_numpy(convert_float_to_uint16(data).astype(np.int16))
                var_scope._set(param.name, bits.view(torch.bfloat16))


def rewrite_program_bf16(main_prog, amp_lists=None):
    """O1 bfloat16: ops of the bf16 list (and gray ops fed by them) compute in bfloat16, cast ops inserted."""
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionListsBF16()
    block = main_prog.global_block()
    ops = block.ops
    bf16_ops, fp32_ops = set(), set()
    for op in ops:
        if op.type in ("create_py_reader", "read"):
            continue
        if amp_lists.fp32_varnames is not None and _is_in_fp32_varnames(op, amp_lists):
            fp32_ops.add(op)
            continue
        if op.type in amp_lists.fp32_list:
            fp32_ops.add(op)
        elif op.type in amp_lists.bf16_list:
            bf16_ops.add(op)
        elif op.type in amp_lists.gray_list:
            is_fp32 = is_bf16 = False
            for slot in sorted(op.input_names):
                if not slot:
                    continue
                for name in op.input(slot):
                    block.var(name)
                    prev = None
                    for o in ops:
                        if name in o.output_arg_names:
                            prev = o
                    if prev is None:
                        continue
                    if prev is op:
                        prev = find_true_prev_op(ops, op, name)
                        if prev is None:
                            continue
                    if prev in fp32_ops or prev.type in amp_lists.fp32_list:
                        is_fp32 = True
                    elif prev in bf16_ops or prev.type in amp_lists.bf16_list:
                        is_bf16 = True
            if is_fp32:
                fp32_ops.add(op)
            elif is_bf16:
                bf16_ops.add(op)
        else:
            fp32_ops.add(op)
    idx = 0
    while idx < len(ops):
        op = ops[idx]
        inserted = 0
        if op in fp32_ops:
            inserted = _insert_cast_op(block, op, idx, rw.BF16, rw.FP32)
        elif op in bf16_ops:
            if op.type in _MKLDNN_ATTR_UNDECLARED:
                op._set_attr("mkldnn_data_type", "bfloat16")
            elif op.has_attr("dtype"):
                _set_float_attrs(op, ("dtype",))
            inserted = _insert_cast_op(block, op, idx, rw.FP32, rw.BF16)
        idx += inserted + 1
    main_prog._version = getattr(main_prog, "_version", 0) + 1
