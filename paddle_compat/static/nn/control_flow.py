"""``paddle.static.nn`` control flow: ``cond``, ``case``, ``switch_case``, ``while_loop`` (and ``Print``).

Dygraph mode runs them as Python control flow on the tensors' values, as Paddle 2.6.2 does. In static mode they
build Paddle's program structure: each branch (loop body) is recorded into a sub-block, run by a
``conditional_block`` (``while``) op of the parent block, and ``cond`` merges the branches' outputs with
``cast`` + ``select_input``. At run time only the taken branch executes (the Executor runs the sub-block's ops
on the same variables), so gradients flow through the taken branch only, as in Paddle.
"""

from functools import partial

from ...base.data_feeder import check_type, check_variable_and_dtype, convert_dtype
from ...framework.program import Variable
from ...framework.program import _flatten_nested as _flatten
from ...utils import unique_name

__all__ = []


def _in_dygraph():
    from ...framework import in_dynamic_mode

    return in_dynamic_mode()


def _error_message(what, arg_name, op_name, right_value, error_value):
    return f"{what} of '{arg_name}' in {op_name} must be {right_value}, but received: {error_value}."


def _pack_as(structure, flat):
    iterator = iter(flat)

    def pack(s):
        if isinstance(s, (list, tuple)):
            packed = [pack(e) for e in s]
            return type(s)(packed) if isinstance(s, tuple) else packed
        if isinstance(s, dict):
            return {k: pack(s[k]) for k in sorted(s)}
        return next(iterator)

    return pack(structure)


def _same_structure(a, b):
    if isinstance(a, (list, tuple)) != isinstance(b, (list, tuple)):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same_structure(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) != isinstance(b, dict):
        return False
    if isinstance(a, dict):
        return sorted(a) == sorted(b) and all(_same_structure(a[k], b[k]) for k in a)
    return True


def _as_sequence(x):
    return list(x) if isinstance(x, (list, tuple)) else [x]


# ---------------------------------------------------------------------------------------------------- static parts
def _program():
    from ...framework.program import default_main_program

    return default_main_program()


def _generated_var(block, like=None, **kwargs):
    from ._static_support import new_output_var

    name = unique_name.generate("_generated_var")
    if like is None:
        return block.create_var(name=name, **kwargs)
    return new_output_var(block, like, name)


def _sub_block_of(op):
    return op.block.program.block(op._attrs["sub_block"].idx)


def _external_inputs(block):
    produced, read = set(), []
    for op in block.ops:
        for name in op.input_arg_names:
            if name not in produced and name not in read:
                read.append(name)
        produced.update(op.output_arg_names)
    return [n for n in read if n not in block.vars]


def _run_conditional_block(op, env, ctx):
    from ._static_support import run_block

    condition = env[op._inputs["Cond"][0]]
    if bool(condition.reshape(-1)[0]):
        run_block(_sub_block_of(op), env, ctx)


def _build_branch(condition, fn):
    """Record ``fn()`` into a new sub-block run by a ``conditional_block`` op; the outputs, copied to the parent
    block, are returned in ``fn``'s structure."""
    from ._static_support import append_kernel_op, append_python_op

    program = _program()
    parent = program.current_block()
    sub = program._create_block()
    try:
        output = fn()
        copies = None
        if output is not None:
            copies = []
            for item in _flatten(output):
                if not isinstance(item, Variable):
                    copies.append(item)
                    continue
                target = _generated_var(parent, like=item)
                append_kernel_op(sub, "assign", {"X": [item]}, {"Out": [target]}, {}, infer=False)
                copies.append(target)
    finally:
        program._rollback()
    scope = _generated_var(parent, shape=[], dtype="float32")
    append_python_op(parent, "conditional_block", {"Cond": [condition], "Input": _external_inputs(sub)},
                     {"Out": [c for c in (copies or []) if isinstance(c, Variable)], "Scope": [scope]},
                     {"sub_block": sub, "is_scalar_condition": True}, _run_conditional_block)
    return None if output is None else _pack_as(output, copies)


def _run_select_input(op, env, ctx):
    mask = int(env[op._inputs["Mask"][0]].reshape(-1)[0])
    env[op._outputs["Out"][0]] = env[op._inputs["X"][mask]]


def _select_input(inputs, mask):
    from ._static_support import append_python_op, new_output_var

    check_type(inputs, "inputs", (list, tuple), "select_input")
    check_variable_and_dtype(mask, "mask", ["int32"], "select_input")
    false_var, true_var = inputs
    block = _program().current_block()
    out = new_output_var(block, true_var, unique_name.generate("_generated_var"))
    if list(false_var.shape) != list(true_var.shape):
        from ...framework import program as _prog

        if len(false_var.shape) == len(true_var.shape):
            _prog._info(out._t).shape = [a if a == b else -1 for a, b in zip(false_var.shape, true_var.shape)]
    append_python_op(block, "select_input", {"X": [false_var, true_var], "Mask": [mask]}, {"Out": [out]}, {},
                     _run_select_input)
    return out


def _select(false_var, true_var, mask):
    if isinstance(false_var, Variable) and isinstance(true_var, Variable):
        return _select_input([false_var, true_var], mask)
    if type(false_var) is type(true_var) and false_var == true_var:
        return false_var
    raise TypeError("Unsupported return type of true_fn and false_fn in cond: false_var returned by false_fn is "
                    f"'{type(false_var)}' and true_var of true_fn is '{type(true_var)}'")


# ---------------------------------------------------------------------------------------------------- cond
def cond(pred, true_fn=None, false_fn=None, name=None, return_names=None):
    if _in_dygraph():
        assert isinstance(pred, Variable), "The pred in cond must be Variable"
        assert pred.size == 1, "condition input's numel should be 1"
        if pred.item():
            if true_fn is not None:
                if not callable(true_fn):
                    raise TypeError(f"The true_fn in cond must be callable, but received {type(true_fn).__name__}")
                return true_fn()
        elif false_fn is not None:
            if not callable(false_fn):
                raise TypeError(f"The false_fn in cond must be callable, but received {type(false_fn).__name__}")
            return false_fn()
        return None
    import paddle_compat as paddle

    check_variable_and_dtype(pred, "pred", ["bool"], "base.layers.cond")
    check_type(name, "name", (str, type(None)), "base.layers.cond")
    if return_names is not None:
        raise NotImplementedError("paddle.static.nn.cond: return_names (dy2static's undefined-variable merging) "
                                  "is not supported")
    true_output = false_output = None
    if true_fn is not None:
        if not callable(true_fn):
            raise TypeError(f"The true_fn in cond must be callable, but received {type(true_fn).__name__}")
        true_output = _build_branch(pred, true_fn)
    if false_fn is not None:
        if not callable(false_fn):
            raise TypeError(f"The false_fn in cond must be callable, but received {type(false_fn).__name__}")
        false_output = _build_branch(paddle.logical_not(pred), false_fn)
    if true_output is None and false_output is None:
        return None
    if true_output is None:
        raise ValueError("Incompatible return values of true_fn and false_fn in cond: true_fn returns None while "
                         "false_fn returns non-None")
    if false_output is None:
        raise ValueError("Incompatible return values of true_fn and false_fn in cond: true_fn returns non-None while "
                         "false_fn returns None")
    true_seq, false_seq = _as_sequence(true_output), _as_sequence(false_output)
    if len(true_seq) != len(false_seq):
        raise ValueError(f"true fn returns {len(true_seq)} vars, but false fn returns {len(false_seq)} vars, which "
                         "is not equals")
    for t, f in zip(true_seq, false_seq):
        if not _same_structure(t, f):
            raise ValueError(f"Incompatible return values of `no name` in true_fn and false_fn in cond: The two "
                             f"structures don't have the same nested structure.\n\nFirst structure: {t}\n\n"
                             f"Second structure: {f}")
    mask = paddle.cast(pred, dtype="int32")
    merged = [_select(f, t, mask) for f, t in zip(_flatten(false_output), _flatten(true_output))]
    return _pack_as(false_output, merged)


# ---------------------------------------------------------------------------------------------------- case
def case(pred_fn_pairs, default=None, name=None):
    check_type(pred_fn_pairs, "pred_fn_pairs", (list, tuple), "case")
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple):
            raise TypeError(_error_message("The elements' type", "pred_fn_pairs", "case", tuple, type(pair)))
        if len(pair) != 2:
            raise TypeError(_error_message("The tuple's size", "pred_fn_pairs", "case", "2",
                                           f"{len(pair)}-tuple"))
        pred, fn = pair
        if not isinstance(pred, Variable):
            raise TypeError(_error_message("The pred's type", "pred_fn_pairs", "case", "boolean Variable",
                                           type(pred)))
        if not callable(fn):
            raise TypeError(f"The fn for {pred.name} of pred_fn_pairs in Op(case) must be callable.")
    pairs = list(pred_fn_pairs)
    if default is None:
        default = pairs[-1][1]
        pairs = pairs[:-1]
    elif not callable(default):
        raise TypeError("The default in Op(case) must be callable.")
    chained = default
    for pred, fn in reversed(pairs):
        chained = partial(cond, pred=pred, true_fn=fn, false_fn=chained)
    return chained()


def switch_case(branch_index, branch_fns, default=None, name=None):
    import paddle_compat as paddle

    check_variable_and_dtype(branch_index, "branch_index", ["uint8", "int32", "int64"], "static.nn.switch_case")
    if convert_dtype(branch_index.dtype) != "int64":
        branch_index = paddle.cast(branch_index, "int64")
    check_type(branch_fns, "branch_fns", (list, tuple, dict), "switch_case")
    pairs = branch_fns.items() if isinstance(branch_fns, dict) else branch_fns
    pairs = list(enumerate(pairs)) if all(callable(fn) for fn in pairs) else list(pairs)
    keys = []
    for pair in pairs:
        if not isinstance(pair, tuple):
            raise TypeError(_error_message("The elements' type", "branch_fns", "switch_case", tuple,
                                           type(branch_fns)))
        if len(pair) != 2:
            raise TypeError(_error_message("The tuple's size", "branch_fns", "switch_case", "2",
                                           f"{len(pair)}-tuple"))
        key, fn = pair
        if not isinstance(key, int):
            raise TypeError(_error_message("The key's type", "branch_fns", "switch_case", int, type(key)))
        if key in keys:
            raise ValueError(f"The key in 'branch_fns' must be unique, but '{key}' appears more than once.")
        keys.append(key)
        if not callable(fn):
            raise TypeError(_error_message(f"The type of function for key {key}", "branch_fns", "switch_case",
                                           "callable", type(fn)))
    if default is None:
        ordered = sorted(pairs, key=lambda p: p[0])
        default = ordered[-1][1]
        pairs = ordered[:-1]
    elif not callable(default):
        raise TypeError("The default in Op(case) must be callable.")
    pred_fn_pairs = [(paddle.equal(branch_index, paddle.full(shape=[1], dtype="int64", fill_value=key)), fn)
                     for key, fn in pairs]
    chained = default
    for pred, fn in pred_fn_pairs:
        chained = partial(cond, pred=pred, true_fn=fn, false_fn=chained)
    return chained()


# ---------------------------------------------------------------------------------------------------- while_loop
def _run_while(op, env, ctx):
    from ._static_support import run_block

    condition = op._inputs["Condition"][0]
    sub = _sub_block_of(op)
    while bool(env[condition].reshape(-1)[0]):
        run_block(sub, env, ctx)


def _body_outputs(body, loop_vars):
    """``body(*loop_vars)`` as a list or tuple (a single output is wrapped in a list)."""
    outputs = body(*loop_vars)
    return outputs if isinstance(outputs, (list, tuple)) else [outputs]


def while_loop(cond, body, loop_vars, is_test=False, name=None):
    if not callable(cond):
        raise TypeError("cond in while_loop should be callable")
    if not callable(body):
        raise TypeError("body in while_loop should be callable")
    check_type(loop_vars, "loop_vars", (list, tuple), "static.nn.while_loop")
    if len(loop_vars) == 0:
        raise ValueError("loop_vars in while_loop should not be empty")
    pre_cond = cond(*loop_vars)
    check_variable_and_dtype(pre_cond, "var of cond returned", ["bool"], "static.nn.while_loop")
    size = 1
    for d in pre_cond.shape:
        size *= d
    if size != 1:
        raise TypeError(f"the shape of the variable returned by cond should be [1],but given shape as "
                        f"{list(pre_cond.shape)}.")
    if _in_dygraph():
        import paddle_compat as paddle

        now = pre_cond.item()
        while now:
            outputs = _body_outputs(body, loop_vars)
            if len(outputs) != len(loop_vars):
                raise ValueError("body in while_loop should return the same arity (length and structure) and types "
                                 "as loop_vars")
            now = cond(*outputs).item()
            for out, var in zip(_flatten(outputs), _flatten(list(loop_vars))):
                if isinstance(out, Variable) and out is not var:
                    paddle.assign(out, var)
        return loop_vars
    from ._static_support import append_kernel_op, append_python_op

    program = _program()
    parent = program.current_block()
    sub = program._create_block()
    try:
        outputs = _body_outputs(body, loop_vars)
        if len(outputs) != len(loop_vars):
            raise ValueError("body in while_loop should return the same arity (length and structure) as loop_vars: "
                             "The length of loop_vars should be the same.")
        if not _same_structure(list(outputs), list(loop_vars)):
            raise ValueError("body in while_loop should return the same arity (length and structure) as loop_vars: "
                             f"The two structures don't have the same nested structure.\n\nFirst structure: "
                             f"{outputs}\n\nSecond structure: {loop_vars}")
        now_cond = cond(*outputs)
        for out, var in zip(_flatten(list(outputs)), _flatten(list(loop_vars))):
            if isinstance(out, Variable) and out is not var:
                append_kernel_op(sub, "assign", {"X": [out]}, {"Out": [var]}, {}, infer=False)
        append_kernel_op(sub, "assign", {"X": [now_cond]}, {"Out": [pre_cond]}, {}, infer=False)
    finally:
        program._rollback()
    scope = _generated_var(parent, shape=[], dtype="float32")
    carried = [v for v in _flatten(list(loop_vars)) if isinstance(v, Variable)]
    append_python_op(parent, "while", {"X": _external_inputs(sub), "Condition": [pre_cond]},
                     {"Out": carried, "StepScopes": [scope]}, {"sub_block": sub, "is_test": is_test},
                     _run_while)
    return loop_vars


def __getattr__(name):
    if name == "Print":  # Paddle defines paddle.static.Print here; it is the static engine's (static/misc.py)
        from ... import static

        return static.Print
    raise AttributeError(f"module 'paddle.static.nn.control_flow' has no attribute '{name}'")


for _f in (cond, case, switch_case, while_loop):
    _f.__module__ = "paddle.static.nn.control_flow"
del _f
