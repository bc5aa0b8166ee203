"""Program edits the static AMP passes make on paddle-compat's static engine: a variable's dtype, a ``cast`` op
inserted before an op, an op's input renamed (in its Paddle slots and in the call it replays)."""

import torch

from ...framework import program as _prog

FP32, FP16, BF16, FP64 = torch.float32, torch.float16, torch.bfloat16, torch.float64
FLOAT_TYPES = {FP32, FP16, BF16, FP64}
SUPPORT_FLOAT_TYPES = {FP32, FP16, BF16}
_ROLE_FORWARD, _ROLE_OPTIMIZE = 0, 2


def torch_dtype(dtype):
    """torch dtype of a Paddle dtype / VarType / string."""
    from ..._core.dtypes import convert_dtype_to_paddle

    if isinstance(dtype, torch.dtype):
        return dtype
    if isinstance(dtype, int) and not isinstance(dtype, bool):  # a VarType code held by an op attr
        from ..._core.dtypes import _from_code

        return _from_code(dtype).torch
    return convert_dtype_to_paddle(dtype).torch


def var_type(t_dtype):
    """Paddle's VarType code of a torch dtype (what op attrs like ``in_dtype`` hold: an int, as Paddle prints)."""
    from ..._core.dtypes import FROM_TORCH

    return int(FROM_TORCH[t_dtype])


def is_tensor_var(var):
    """A LOD_TENSOR variable (Paddle's _valid_types; readers, scopes... are skipped)."""
    return var is not None and _prog._info(var._t) is not None


def set_var_dtype(var, t_dtype):
    """Give ``var`` dtype ``t_dtype``: its fake tensor's data is swapped in place, so every wrapper of the
    variable (the block's, the user's) and its Paddle metadata follow."""
    fake = var._t
    if fake.dtype == t_dtype:
        return
    with _prog.suspend_recording():
        fake.data = torch.empty_like(fake, dtype=t_dtype)


def _substitute(template, old, new):
    t = type(template)
    if t is _prog._Ref:
        return _prog._Ref(new) if template.name == old else template
    if t in (list, tuple):
        return t(_substitute(a, old, new) for a in template)
    if t is dict:
        return {k: _substitute(v, old, new) for k, v in template.items()}
    return template


def rename_input(op, old, new):
    """Make ``op`` read ``new`` where it read ``old`` (its slots and what its runner reads)."""
    op._rename_input(old, new)
    call = getattr(op, "_call", None)
    if call is not None:
        op._call = (call[0], _substitute(call[1], old, new), _substitute(call[2], old, new), call[3])
    fn = getattr(op, "_fn", None)
    if fn is not None:
        op._fn = (fn[0], [new if n == old else n for n in fn[1]], fn[2], fn[3])


def _truncate_to_bf16(t):
    """Paddle's CPU cast to bfloat16 keeps the upper 16 bits (no rounding); gradients flow as through a cast."""
    rounded = t.to(BF16)
    bits = (t.detach().to(FP32).view(torch.int32) >> 16).to(torch.int16).view(BF16)
    return rounded + (bits - rounded).detach() if t.requires_grad else bits


def _run_cast(op, env, ctx):
    x = env[op._inputs["X"][0]]
    # traced for export (save_inference_model): a plain cast, which the saved Paddle cast op then computes
    tracing = torch.compiler.is_compiling() or torch.compiler.is_exporting()
    if op._cast_to == BF16 and x.dtype == FP32 and x.device.type == "cpu" and not tracing:
        env[op._outputs["Out"][0]] = _truncate_to_bf16(x)
    else:
        env[op._outputs["Out"][0]] = x.to(op._cast_to)


def make_cast_op(block, in_var, out_var, attrs=None):
    """A Paddle ``cast`` op from ``in_var`` to ``out_var``'s dtype (autograd flows through it)."""
    all_attrs = {"in_dtype": var_type(in_var._t.dtype), "out_dtype": var_type(out_var._t.dtype), "use_mkldnn": False}
    all_attrs.update(attrs or {})
    op = _prog.Operator(block, "cast", {"X": [in_var.name]}, {"Out": [out_var.name]}, all_attrs, run=_run_cast)
    op._cast_to = out_var._t.dtype
    return op


def create_cast_var(block, in_var, name, t_dtype):
    """The variable ``name`` a cast of ``in_var`` writes (its shape, ``t_dtype``, its stop_gradient)."""
    with _prog.suspend_recording():
        fake = torch.empty_like(in_var._t, dtype=t_dtype)
    if in_var._t.requires_grad and t_dtype.is_floating_point:
        fake.requires_grad_(True)
    info = _prog._info(in_var._t)
    var = _prog._new_var(fake, name, block, declared=list(info.shape) if info.shape is not None else None)
    _prog._info(fake).stop_gradient_flag = info.stop_gradient_flag
    return var


def op_producing(block, name, before=None):
    """The last op of ``block`` (before op ``before`` if given) writing ``name``."""
    found = None
    for op in block.ops:
        if op is before:
            break
        if name in op.output_arg_names:
            found = op
    return found


def fix_cast_grad_ops(block, start):
    """Paddle's gradient of ``cast`` is a ``cast`` op (Out@GRAD -> X@GRAD, dtypes swapped), not ``cast_grad``,
    and there is none for a cast of a variable without gradient (a feed)."""
    params = {p.name for p in block.program.global_block().all_parameters()}
    for op in list(block.ops[start:]):
        if op.type != "cast_grad":
            continue
        grad_in = op._inputs.get("Out@GRAD", [])
        grad_out = op._outputs.get("X@GRAD", [])
        if not grad_out:
            block.ops.remove(op)
            continue
        op.type = "cast"
        op._inputs = {"X": list(grad_in)}
        op._outputs = {"Out": list(grad_out)}
        op._attrs["in_dtype"] = var_type(block.vars[grad_in[0]]._t.dtype)
        op._attrs["out_dtype"] = var_type(block.vars[grad_out[0]]._t.dtype)
        op._attrs["use_mkldnn"] = False
        op._attrs["op_namescope"] = ""  # Paddle's cast gradients carry an empty name scope
        param = grad_out[0][:-len("@GRAD")] if grad_out[0].endswith("@GRAD") else None
        if param in params:
            op._attrs["op_role_var"] = [param, grad_out[0]]
