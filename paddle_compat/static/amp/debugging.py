"""``paddle.static.amp.debugging``: per-op dtype statistics of a static Program (``collect_operator_stats``)."""

import copy
import logging

_logger = logging.getLogger(__name__)
_FLOAT_NAMES = ("float64", "float32", "float16", "bfloat16")


def _dtype_name(dtype):
    return getattr(dtype, "name", None) if dtype is not None else None


class OperatorStatsUnit:
    """Call counts of one op type by dtype (float16, bfloat16, float32, other)."""

    def __init__(self):
        self.op_type = None
        self.fp32_calls = 0
        self.fp16_calls = 0
        self.bf16_calls = 0
        self.other_calls = 0

    def update(self, dtype):
        name = _dtype_name(dtype)
        if name in ("float32", "FP32"):
            self.fp32_calls += 1
        elif name in ("float16", "FP16"):
            self.fp16_calls += 1
        elif name in ("bfloat16", "BF16"):
            self.bf16_calls += 1
        else:
            self.other_calls += 1

    def addto(self, another):
        self.fp32_calls += another.fp32_calls
        self.fp16_calls += another.fp16_calls
        self.bf16_calls += another.bf16_calls
        self.other_calls += another.other_calls

    def convert_to_list(self):
        return [self.fp16_calls, self.bf16_calls, self.fp32_calls, self.other_calls]


def _is_floating_point(dtype):
    return _dtype_name(dtype) in _FLOAT_NAMES


def _get_var_dtype_from_block(block, op, arg_name, is_input):
    names = op.input(arg_name) if is_input else op.output(arg_name)
    if not names:
        return None
    var = block._find_var_recursive(names[0])
    if var is None:
        _logger.warning(f"Operator < {op.type} > gets {'input' if is_input else 'output'} < {arg_name} : "
                        f"{names[0]} > error!")
        return None
    return var.dtype


def _extract_compute_dtype(op, block):
    compute = None
    # inputs: a floating-point input decides over an integer one (embedding's ids vs w); outputs only warn
    for slots, is_input, what in ((op.input_names, True, "input"), (op.output_names, False, "input / output")):
        for slot in slots:
            d = _get_var_dtype_from_block(block, op, slot, is_input)
            if d is None:
                continue
            if compute is None:
                compute = d
            elif compute != d:
                if _is_floating_point(compute) and _is_floating_point(d):
                    _logger.warning(f"Operator < {op.type} > has different {what} data types, input_names = "
                                    f"{op.input_names}, output_names = {op.output_names}.")
                elif is_input and _is_floating_point(d):
                    compute = d
    return compute


def _merge_op_stats(op_stats_list):
    merged = {}
    for stats in op_stats_list:
        for op_type, unit in stats.items():
            if op_type not in merged:
                merged[op_type] = copy.copy(unit)
            else:
                merged[op_type].addto(unit)
    return merged


_SPECIAL_X_OPS = ("cast", "batch_norm", "instance_norm", "layer_norm")


def _get_op_stats_list(program):
    result = []
    for block in program.blocks:
        stats = {}
        for op in block.ops:
            unit = stats.setdefault(op.type, OperatorStatsUnit())
            if op.type in ("create_py_reader", "read", "create_double_buffer_reader"):
                dtype = None
            elif op.type in _SPECIAL_X_OPS or op.type.replace("_grad", "") in _SPECIAL_X_OPS:
                dtype = _get_var_dtype_from_block(block, op, "X", True)
            elif "Param" in op.input_names:
                dtype = _get_var_dtype_from_block(block, op, "Param", True)
            else:
                dtype = _extract_compute_dtype(op, block)
            unit.update(dtype)
        result.append(stats)
    return result


def collect_operator_stats(program=None, print_subblocks=False):
    """Print, per op type of ``program`` (default main program), how many ops compute in float16 / bfloat16 /
    float32 / other dtypes."""
    from ...amp.debugging import _print_operator_stats
    from ...framework.program import default_main_program

    def as_lists(units):
        return {k: v.convert_to_list() for k, v in units.items()}

    if program is None:
        program = default_main_program()
    op_stats_list = _get_op_stats_list(program)
    merged = _merge_op_stats(op_stats_list)
    if print_subblocks and len(op_stats_list) > 1:
        for i, stats in enumerate(op_stats_list):
            print("<{:-^120}>".format(" op list of block " + str(i) + " "))
            _print_operator_stats(as_lists(stats))
    print("<{:-^120}>".format(" op list of all blocks "))
    _print_operator_stats(as_lists(merged))
