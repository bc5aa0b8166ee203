"""How ``LayerHelper`` and the control-flow functions put Paddle operators into a static program.

An op appended here is a ``framework.program.Operator`` of the given Paddle type whose runner calls the type's
torch kernel (``_kernels.kernel_for``) on the executor's environment. Output variables get their shapes and
dtypes by running the same kernel on the inputs' FakeTensors when the op is appended (Paddle's InferShape).
Sub-blocks (``conditional_block``, ``while``, ``pylayer``) run their block's ops on the same environment.
"""

from ...framework import program as _prog
from ...framework.program import _names_of as _names
from ._kernels import kernel_for

__all__ = ["append_kernel_op", "run_block", "new_output_var"]


def _as_list(value):
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _bump(block):
    program = block.program
    if hasattr(program, "_version"):
        program._version += 1


def _set_fake(var, fake):
    """Give the variable ``var`` the shape/dtype of ``fake`` (keeping its name and flags)."""
    info = _prog._info(var._t)
    if info is None:
        return
    fake.__dict__["_pdv"] = info
    info.shape = None
    var._t = fake


def _run_kernel_op(op, env, ctx):
    kernel = kernel_for(op.type)
    values = {slot: [env[n] for n in names] for slot, names in op._inputs.items() if names}
    attrs = {k: v for k, v in op._attrs.items() if not k.startswith("op_")}
    result = kernel(values, attrs, ctx.training and not attrs.get("is_test", False))
    for slot, names in op._outputs.items():
        for name, value in zip(names, result.get(slot, ())):
            if value is not None:
                env[name] = value


def append_kernel_op(block, op_type, inputs, outputs, attrs, infer=True):
    """Append ``op_type`` (run by its torch kernel) to ``block``; returns the Operator."""
    kernel = kernel_for(op_type)
    if kernel is None:
        raise NotImplementedError(f"paddle-compat has no kernel for the Paddle operator '{op_type}'")
    in_names = {slot: _names(v) for slot, v in (inputs or {}).items()}
    out_names = {slot: _names(v) for slot, v in (outputs or {}).items()}
    attrs = dict(attrs or {})
    if infer:
        fakes = {slot: [v._t for v in _as_list(vs)] for slot, vs in (inputs or {}).items() if _as_list(vs)}
        with _prog.suspend_recording():
            _bind_inferred(kernel, fakes, inputs, outputs, attrs)
    for variables in (outputs or {}).values():
        for var in _as_list(variables):
            if not isinstance(var, str) and var is not None and var.name not in block.vars:
                block.vars[var.name] = var
    op = _prog.Operator(block, op_type, in_names, out_names, attrs, run=_run_kernel_op)
    block.ops.append(op)
    _bump(block)
    return op


def _bind_inferred(kernel, fakes, inputs, outputs, attrs):
    """Paddle's InferShape: run the kernel on the inputs' fakes and give each output variable the result's
    shape/dtype (outputs that are inputs, parameters or persistables keep theirs)."""
    import torch

    with torch.no_grad():
        inferred = kernel(fakes, attrs, not attrs.get("is_test", False))
    input_ids = {id(v) for vs in (inputs or {}).values() for v in _as_list(vs)}
    for slot, variables in (outputs or {}).items():
        for var, fake in zip(_as_list(variables), inferred.get(slot, ())):
            if isinstance(var, str) or var is None or id(var) in input_ids or fake is None:
                continue
            info = _prog._info(var._t)
            if info is not None and (info.is_parameter or info.persistable):
                continue
            if "_pdv" in fake.__dict__:  # the kernel passed an input through: never share a variable's fake
                fake = fake.detach()
            requires_grad = any(t.requires_grad for ts in fakes.values() for t in ts)
            if requires_grad and fake.is_floating_point() and not var.stop_gradient:
                fake = fake.detach().requires_grad_(True)
            _set_fake(var, fake)


def append_python_op(block, op_type, inputs, outputs, attrs, run):
    """Append an op of ``op_type`` whose runner is ``run(op, env, ctx)`` (control flow, py_func)."""
    op = _prog.Operator(block, op_type, {s: _names(v) for s, v in inputs.items()},
                        {s: _names(v) for s, v in outputs.items()}, attrs, run=run)
    block.ops.append(op)
    _bump(block)
    return op


def run_block(block, env, ctx):
    for op in block.ops:
        op._run(env, ctx)


def new_output_var(block, like, name):
    """A variable of ``block`` named ``name`` with the shape and dtype of the variable ``like``."""
    var = block.create_var(name=name, shape=list(like.shape), dtype=like.dtype, stop_gradient=like.stop_gradient)
    fake = like._t
    with _prog.suspend_recording():
        copy = fake.detach()
        if fake.requires_grad:
            copy.requires_grad_(True)
    _set_fake(var, copy)
    return var
