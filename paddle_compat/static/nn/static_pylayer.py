"""``paddle.static.nn.static_pylayer``: a ``pylayer`` op running ``forward_fn``'s sub-block, whose gradient is
the sub-block recorded from ``backward_fn`` (a torch autograd Function at run time)."""

from ...base.data_feeder import check_type
from ...framework.program import Variable
from .control_flow import _flatten, _generated_var, _pack_as

__all__ = []


def _run_pylayer(op, env, ctx):
    import torch

    from ._static_support import run_block

    program = op.block.program
    forward = program.block(op._attrs["forward_block"].idx)
    backward = op._attrs.get("backward_block")
    in_names, out_names = op._inputs.get("Input", []), op._outputs.get("Out", [])
    xs = [env[n] for n in in_names]
    if backward is None or not torch.is_grad_enabled() or not any(x.requires_grad for x in xs):
        run_block(forward, env, ctx)
        return
    backward = program.block(backward.idx)
    grad_in_names, grad_out_names = op._pylayer_grads

    class _PyLayer(torch.autograd.Function):
        @staticmethod
        def forward(fctx, *inputs):
            local = dict(env)
            local.update(zip(in_names, inputs))
            run_block(forward, local, ctx)
            return tuple(local[n] for n in out_names)

        @staticmethod
        def backward(fctx, *grads):
            local = dict(env)
            local.update(zip(grad_in_names, grads))
            run_block(backward, local, ctx)
            return tuple(local.get(n) if n is not None else None for n in grad_out_names)

    env.update(zip(out_names, _PyLayer.apply(*xs)))


def static_pylayer(forward_fn, inputs, backward_fn=None, name=None):
    from ...framework import in_dynamic_mode
    from ...framework.program import default_main_program
    from ._static_support import append_kernel_op, append_python_op, new_output_var

    assert in_dynamic_mode() is False, "please use PyLayer instead of static_pylayer in dygraph mode"
    assert isinstance(inputs, list)
    if backward_fn is None:
        for var in inputs:
            if var.stop_gradient is False:
                raise ValueError("``stop_gradient`` attr of all inputs to ``forward_fn`` are expected to be True, "
                                 f"when ``backward_fn == None``, but {var.name}.stop_gradient got {var.stop_gradient}")
    check_type(name, "name", (str, type(None)), "base.layers.static_pylayer")
    assert forward_fn is not None and callable(forward_fn)
    program = default_main_program()
    parent = program.current_block()
    forward_block = program._create_block()
    try:
        output = forward_fn(*inputs)
        copies = []
        if output is not None:
            for item in _flatten(output):
                if isinstance(item, Variable):
                    target = _generated_var(parent, like=item)
                    append_kernel_op(forward_block, "assign", {"X": [item]}, {"Out": [target]}, {}, infer=False)
                    item = target
                copies.append(item)
    finally:
        program._rollback()
    out_vars = [c for c in copies if isinstance(c, Variable)]
    attrs = {"forward_block": forward_block}
    grads = None
    if backward_fn is not None:
        assert callable(backward_fn)
        backward_block = program._create_block()
        try:
            grad_vars = [new_output_var(backward_block, v, v.name + "@GRAD") for v in out_vars]
            grad_result = backward_fn(*grad_vars)
            flat = [] if grad_result is None else _flatten(grad_result)
            if len(flat) != len(inputs):
                raise AssertionError("needs to keep the number of inputs to ``forward_fn`` the same as the number of "
                                     f"outputs to ``backward_fn``, but got {len(inputs)} and {len(flat)}")
            grads = ([g.name for g in grad_vars], [g.name if isinstance(g, Variable) else None for g in flat])
        finally:
            program._rollback()
        attrs["backward_block"] = backward_block
    op = append_python_op(parent, "pylayer", {"Input": list(inputs)}, {"Out": out_vars}, attrs, _run_pylayer)
    op._pylayer_grads = grads
    if output is None:
        return None
    return _pack_as(output, copies)


static_pylayer.__module__ = "paddle.static.nn.static_pylayer"
