"""``paddle.static.amp.amp_nn``: the loss-scaling ops (eager kernels in dygraph, program ops in static mode)."""

import torch

from ...amp._kernels import check_finite_and_unscale_, update_loss_scaling_
from ...framework import program as _prog

_ROLE_OPTIMIZE = 2


def _check_list(x, op_type):
    from ...base.data_feeder import check_type, check_variable_and_dtype

    check_type(x, "x", (tuple, list), op_type)
    for e in x:
        check_variable_and_dtype(e, "x", ["float16", "float32", "float64", "uint16"], op_type)


def _static_amp_op(op_type, inputs, outputs, attrs, run):
    """Append ``op_type`` to the current block with the op role / role vars of Paddle's optimize guard."""
    block = _prog.default_main_program().current_block()
    role = _prog.default_main_program().__dict__.get("_amp_op_role", None)
    all_attrs = dict(attrs)
    if role is not None:
        all_attrs["op_role"], all_attrs["op_role_var"] = role
    op = _prog.Operator(block, op_type, inputs, outputs, all_attrs, run=run)
    block.ops.append(op)
    return op


def _run_check_finite(op, env, ctx):
    names = op._inputs["X"]
    grads = [env[n] for n in names]
    found = check_finite_and_unscale_(grads, env[op._inputs["Scale"][0]])
    env[op._outputs["FoundInfinite"][0]] = torch.tensor([found])


def check_finite_and_unscale(x, scale, name=None, float_status=None):
    """Unscale the tensors of ``x`` in place by ``scale``; returns ``(x, found_inf)``."""
    from ..._core import wrap

    if float_status is not None:
        raise NotImplementedError("check_finite_and_unscale(float_status=...) is for NPU devices only.")
    if not _prog.in_static_mode():
        found = check_finite_and_unscale_([t._t.data for t in x], scale._t)
        return x, wrap(torch.tensor([found]))
    _check_list(x, "check_finite_and_unscale")
    block = _prog.default_main_program().current_block()
    with _prog.suspend_recording():
        fake = _prog._make_fake([1], torch.bool)
    found_inf = _prog._new_var(fake, _prog._unique((name or "check_finite_and_unscale") + ".tmp"), block)
    _prog._info(fake).stop_gradient_flag = False
    names = [v.name for v in x]
    _static_amp_op("check_finite_and_unscale", {"Scale": [scale.name], "X": names},
                   {"FoundInfinite": [found_inf.name], "Out": names}, {}, _run_check_finite)
    return x, found_inf


def _run_update_loss_scaling(op, env, ctx):
    a = op._attrs
    stop = op._inputs.get("StopUpdate")
    stop_update = bool(env[stop[0]].reshape(-1)[0]) if stop else bool(a.get("stop_update", False))
    found = bool(env[op._inputs["FoundInfinite"][0]].reshape(-1)[0])
    grads = [env[n] for n in op._inputs["X"]]
    scale, good, bad = (env[op._inputs[k][0]] for k in ("PrevLossScaling", "InGoodSteps", "InBadSteps"))
    update_loss_scaling_(grads, found, scale, good, bad, a["incr_every_n_steps"], a["decr_every_n_nan_or_inf"],
                         a["incr_ratio"], a["decr_ratio"], stop_update)
    for slot, src in (("LossScaling", scale), ("OutGoodSteps", good), ("OutBadSteps", bad)):
        env[op._outputs[slot][0]] = src


def update_loss_scaling(
    x,
    found_inf,
    prev_loss_scaling,
    num_good_steps,
    num_bad_steps,
    incr_every_n_steps,
    decr_every_n_nan_or_inf,
    incr_ratio,
    decr_ratio,
    stop_update=False,
    name=None,
):
    """Zero ``x`` if ``found_inf``; update the loss scaling and the good/bad step counters in place."""
    if not _prog.in_static_mode():
        update_loss_scaling_(
            [t._t.data for t in x], bool(found_inf._t.reshape(-1)[0]), prev_loss_scaling._t.data,
            num_good_steps._t.data, num_bad_steps._t.data, incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio,
            decr_ratio, stop_update,
        )
        return x
    from ...base.data_feeder import check_variable_and_dtype

    check_variable_and_dtype(prev_loss_scaling, "prev_loss_scaling", ["float32", "float64"], "update_loss_scaling")
    _check_list(x, "update_loss_scaling")
    for e in x:
        if e._t.dtype in (torch.float16, torch.bfloat16):
            assert prev_loss_scaling._t.dtype == torch.float32, (
                "The dtype of prev_loss_scaling should be float32 when the dtype of x is float16 or bfloat16.")
        else:
            assert prev_loss_scaling._t.dtype == e._t.dtype, (
                "The dtype of prev_loss_scaling should be equal to the dtype of x.")
    names = [v.name for v in x]
    inputs = {"FoundInfinite": [found_inf.name], "InBadSteps": [num_bad_steps.name],
              "InGoodSteps": [num_good_steps.name], "PrevLossScaling": [prev_loss_scaling.name], "X": names}
    outputs = {"LossScaling": [prev_loss_scaling.name], "OutBadSteps": [num_bad_steps.name],
               "OutGoodSteps": [num_good_steps.name], "Out": names}
    attrs = {"decr_every_n_nan_or_inf": decr_every_n_nan_or_inf, "decr_ratio": _prog._f32(decr_ratio),
             "incr_every_n_steps": incr_every_n_steps, "incr_ratio": _prog._f32(incr_ratio)}
    from ..._core.tensor import Tensor

    if isinstance(stop_update, Tensor):
        inputs["StopUpdate"] = [stop_update.name]
    else:
        inputs["StopUpdate"] = []
        attrs["stop_update"] = stop_update
    _static_amp_op("update_loss_scaling", inputs, outputs, attrs, _run_update_loss_scaling)
    return x
