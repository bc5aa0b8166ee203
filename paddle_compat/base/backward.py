"""``append_backward`` / ``gradients``: program-level autodiff for static programs.

Paddle appends one ``<type>_grad`` op per forward op. Here the same op list is appended (so ``op.type`` and the
``x@GRAD`` variables read as in Paddle), but the computing is one torch autograd call: the loss-gradient op
(``fill_constant``, first of the backward section) runs ``torch.autograd.grad`` on the values the replay just
computed and binds every ``@GRAD`` variable; the ``*_grad`` ops after it are markers.
"""

import numpy as np
import torch

from ..framework import program as _prog

__all__ = ["append_backward", "gradients"]

_ROLE_FORWARD, _ROLE_BACKWARD, _ROLE_OPTIMIZE, _ROLE_LOSS = 0, 1, 2, 256
# activations whose Paddle grad op reads the forward output instead of the input
# op type -> (forward inputs, forward outputs, outputs whose @GRAD, inputs given an @GRAD) of Paddle's grad op
_GRAD_SLOTS = {"softmax_with_cross_entropy": (("Label",), ("Softmax",), ("Loss",), ("Logits",)),
               "dropout": ((), ("Mask",), ("Out",), ("X",))}
_GRAD_READS_OUT = {"relu", "sigmoid", "tanh", "exp", "sqrt", "rsqrt", "relu6", "softmax", "log_softmax"}


def _path_ops(block, target_names, stop_names=()):
    """Forward ops (in order) whose outputs reach ``target_names`` and the variable names on that path."""
    needed = set(target_names)
    chosen = []
    for op in reversed(block.ops):
        if not _prog.is_forward_op(op):
            continue
        outs = op.output_arg_names
        if any(n in needed for n in outs):
            chosen.append(op)
            for n in op.input_arg_names:
                if n not in stop_names:
                    needed.add(n)
    chosen.reverse()
    return chosen, needed


def _grad_var(block, var):
    name = var.name + "@GRAD"
    if name in block.vars:
        return block.vars[name]
    with _prog.suspend_recording():
        fake = torch.empty_like(var._t)
    g = _prog._new_var(fake, name, block)
    _prog._info(fake).stop_gradient_flag = False  # Paddle prints gradient variables with stop_gradient(False)
    return g


def _differentiable(var):
    t = var._t
    return (t.is_floating_point() or t.is_complex()) and t.requires_grad


def _append_grad_section(block, targets, wrt, target_gradients=None, loss_role=True):
    """Append the backward section for ``targets`` w.r.t. the variables ``wrt``; returns their grad vars."""
    target_names = [t.name for t in targets]
    ops, on_path = _path_ops(block, target_names)
    grad_vars = []
    # the gradient of every differentiable variable on the path is a program variable too (x@GRAD); Paddle
    # creates them in name order
    inner = []
    for op in ops:
        names = op.output_arg_names + op.input_arg_names
        special = _GRAD_SLOTS.get(op.type)
        if special is not None:  # only the slots its grad op reads or writes have gradients
            names = [n for k in special[2] for n in op._outputs.get(k, [])] + \
                [n for k in special[3] for n in op._inputs.get(k, [])]
        for n in names:
            var = block.vars.get(n)
            if var is not None and _differentiable(var) and n not in inner:
                inner.append(n)
    reached = [v for v in wrt if v.name in on_path or v.name in target_names]
    every = {v.name: v for v in reached}
    every.update({n: block.vars[n] for n in inner})
    every.update({t.name: t for t in targets})
    for n in sorted(every, key=lambda n: n + "@GRAD"):  # Paddle's order of the x@GRAD names
        _grad_var(block, every[n])
    for v in wrt:
        grad_vars.append(block.vars[v.name + "@GRAD"] if v.name in every else None)
    loss_grad_names = [t.name + "@GRAD" for t in targets]
    wrt_pairs = [(v.name, g.name) for v, g in zip(wrt, grad_vars) if g is not None]
    inner_pairs = [(n, n + "@GRAD") for n in inner if n not in dict(wrt_pairs)]
    seed_names = [g.name for g in target_gradients] if target_gradients else None
    role = _ROLE_BACKWARD | (_ROLE_LOSS if loss_role else 0)
    if loss_role:
        from .._core.dtypes import FROM_TORCH

        seed_attrs = {"dtype": int(FROM_TORCH[targets[0]._t.dtype]), "force_cpu": False, "op_namescope": "",
                      "place_type": -1, "shape": _prog._var_shape(targets[0]._t), "str_value": "", "value": 1.0}
    else:
        seed_attrs = {"value": 1.0}
    seed_attrs["op_role"] = role
    seed = _prog.Operator(block, "fill_constant" if loss_role else "fill_any_like", {}, {"Out": loss_grad_names},
                          seed_attrs, run=_run_autograd)
    seed._grad = (target_names, seed_names, wrt_pairs + inner_pairs)
    block.ops.append(seed)
    params = {p.name for p in block.program.global_block().all_parameters()}
    for op in reversed(ops):
        # Paddle's grad op: the forward inputs (Out for activations whose grad reads it), Out@GRAD, the forward
        # attrs, and op_role_var naming the parameter whose gradient it produces
        ins = {"Out@GRAD": [n + "@GRAD" for n in op._outputs.get("Out", [])]}
        if op.type in _GRAD_READS_OUT:
            ins["Out"] = list(op._outputs.get("Out", []))
        else:
            ins.update({k: list(v) for k, v in op._inputs.items()})
        outs = {k + "@GRAD": [n + "@GRAD" for n in v if (n + "@GRAD") in block.vars]
                for k, v in op._inputs.items()}
        special = _GRAD_SLOTS.get(op.type)
        if special is not None:  # Paddle's own grad maker for the op: which forward slots its grad op reads
            read_in, read_out, grad_of_out, grad_of_in = special
            ins = {k: list(op._inputs.get(k, [])) for k in read_in}
            ins.update({k: list(op._outputs.get(k, [])) for k in read_out})
            ins.update({k + "@GRAD": [n + "@GRAD" for n in op._outputs.get(k, [])] for k in grad_of_out})
            outs = {k + "@GRAD": [n + "@GRAD" for n in op._inputs.get(k, []) if (n + "@GRAD") in block.vars]
                    for k in grad_of_in}
        attrs = {k: v for k, v in op._attrs.items() if not k.startswith("op_") and k != "with_quant_attr"}
        attrs["op_namescope"] = op._attrs.get("op_namescope", "/")
        attrs["op_role"] = _ROLE_BACKWARD
        role_var = []
        for names in op._inputs.values():
            for n in names:
                if n in params and (n + "@GRAD") in block.vars:
                    role_var += [n, n + "@GRAD"]
        attrs["op_role_var"] = role_var
        block.ops.append(_prog.Operator(block, op.type + "_grad", ins, outs, attrs))
    leaves = block.program.__dict__.setdefault("_static_grad_leaves", set())
    for v in wrt:
        leaves.add(v.name)
    for n in inner:
        var = block.vars[n]
        if _prog._info(var._t).is_parameter or _prog._info(var._t).is_data:
            leaves.add(n)
    return grad_vars


def _run_autograd(op, env, ctx):
    target_names, seed_names, pairs = op._grad
    outs = [env[n] for n in target_names]
    if seed_names is not None:
        seeds = [env[n] for n in seed_names]
    else:
        seeds = [torch.ones_like(o) for o in outs]
    for name, seed in zip(target_names, seeds):
        env[name + "@GRAD"] = seed
    sources, names = [], []
    for var_name, grad_name in pairs:
        t = env.get(var_name)
        if t is not None and t.requires_grad:
            sources.append(t)
            names.append((var_name, grad_name))
    if not sources:
        return
    grads = torch.autograd.grad(outs, sources, grad_outputs=seeds, allow_unused=True, retain_graph=True)
    for (_var_name, grad_name), g, src in zip(names, grads, sources):
        env[grad_name] = torch.zeros_like(src) if g is None else g.detach()


def append_backward(loss, parameter_list=None, no_grad_set=None, callbacks=None, checkpoints=None,
                    distop_context=None):
    """Append the backward of ``loss`` to its program; returns ``[(param, param@GRAD), ...]``."""
    from .._core.tensor import Tensor

    if not isinstance(loss, Tensor) or _prog._info(loss._t) is None:
        raise TypeError(f"The type of 'loss' in append_backward must be Variable, but received {type(loss)}.")
    if callbacks is not None and not isinstance(callbacks, (list, tuple)):
        raise AssertionError("callbacks should be a list")
    if callbacks:
        raise NotImplementedError("append_backward(callbacks=...): per-op backward callbacks (error clip) are not "
                                  "supported by paddle-compat's static mode")
    if distop_context is not None:
        raise NotImplementedError("append_backward(distop_context=...): auto-parallel backward is not supported by "
                                  "paddle-compat")
    if checkpoints is not None:
        raise NotImplementedError("append_backward(checkpoints=...): recompute is not supported by paddle-compat's "
                                  "static mode")
    block = _prog._info(loss._t).block
    program = block.program
    no_grad = set()
    for v in no_grad_set or ():
        no_grad.add(v if isinstance(v, str) else v.name)
    if parameter_list is not None:
        params = []
        for p in parameter_list:
            name = p if isinstance(p, str) else p.name
            params.append(block.vars[name])
    else:
        params = [p for p in program.global_block().all_parameters() if p._t.requires_grad]
    params = [p for p in params if p.name not in no_grad]
    _, on_path = _path_ops(block, [loss.name])
    params = [p for p in params if p.name in on_path]
    for op in reversed(block.ops):  # Paddle marks the op producing the loss Forward|Loss
        if loss.name in op.output_arg_names and _prog.is_forward_op(op):
            op._attrs["op_role"] = _ROLE_LOSS
            break
    grads = _append_grad_section(block, [loss], params)
    return [(p, g) for p, g in zip(params, grads) if g is not None]


def gradients(targets, inputs, target_gradients=None, no_grad_set=None):
    """Gradients of ``sum(targets)`` w.r.t. ``inputs`` as program variables (``None`` for unreachable inputs)."""
    from .._core.tensor import Tensor

    targets = [targets] if isinstance(targets, Tensor) else list(targets)
    single = isinstance(inputs, Tensor)
    inputs = [inputs] if single else list(inputs)
    if target_gradients is not None:
        target_gradients = [target_gradients] if isinstance(target_gradients, Tensor) else list(target_gradients)
        if len(target_gradients) != len(targets):
            raise ValueError("Should have the same number of target_gradients as targets")
    block = _prog._info(targets[0]._t).block
    no_grad = {v if isinstance(v, str) else v.name for v in (no_grad_set or ())}
    if no_grad:
        _, on_path = _path_ops(block, [t.name for t in targets])
        inner = [n for n in no_grad if n in on_path and not (_prog._info(block.vars[n]._t).is_parameter
                                                              or _prog._info(block.vars[n]._t).is_data)]
        if inner:
            raise NotImplementedError(f"paddle.static.gradients(no_grad_set=...): cutting the graph at intermediate "
                                      f"variables {sorted(inner)} is not supported by paddle-compat (parameters and "
                                      f"feed variables are)")
    wrt = [v for v in inputs if v.name not in no_grad]
    grads = dict(zip([v.name for v in wrt], _append_grad_section(block, targets, wrt, target_gradients,
                                                                   loss_role=False)))
    return [grads.get(v.name) for v in inputs]


def _static_minimize(optimizer, loss, startup_program=None, parameters=None, no_grad_set=None):
    """``Optimizer.minimize`` in static mode: append_backward, then one update op per parameter.

    At run time the first update op runs the optimizer's own eager step (clip, regularization, update math) on
    the scope's tensors, so static training follows dygraph's numerics.
    """
    params = parameters if parameters is not None else optimizer._parameter_list
    if params and isinstance(params[0], dict):
        raise NotImplementedError("Optimizer.minimize in static mode with parameter groups is not supported by "
                                  "paddle-compat")
    params_grads = append_backward(loss, parameter_list=params, no_grad_set=no_grad_set)
    block = _prog._info(loss._t).block
    return _static_apply_gradients(optimizer, block, params_grads), params_grads


def _static_apply_gradients(optimizer, block, params_grads):
    """Append the clip/regularization markers and one update op per parameter; returns the update ops."""
    op_type = getattr(optimizer, "type", None) or type(optimizer).__name__.lower()
    params_grads = sorted(params_grads, key=lambda pg: pg[0].name)  # Paddle's apply_gradients sorts by name
    _clip_and_regularization_markers(block, optimizer, params_grads)
    lr_name = _lr_var(block, optimizer)
    _declare_accumulators(block, optimizer, [p for p, _ in params_grads])
    ops = []
    for i, (p, g) in enumerate(sorted(params_grads, key=lambda pg: pg[0].name)):
        scope_name = _optimizer_scope()
        ins = {"Grad": [g.name], "LearningRate": [lr_name], "MasterParam": [], "Param": [p.name]}
        outs = {"ParamOut": [p.name]}
        low = p._t.dtype in (torch.float16, torch.bfloat16)  # Paddle: multi_precision only for such params
        attrs = {"multi_precision": bool(getattr(optimizer, "_multi_precision", False)) and low,
                 "op_namescope": scope_name, "op_role": _ROLE_OPTIMIZE, "op_role_var": [p.name, g.name]}
        _update_op_slots(optimizer, op_type, p, ins, outs, attrs)
        op = _prog.Operator(block, op_type, ins, outs, attrs, run=_run_update if i == 0 else None)
        op._update = (optimizer, [(pp.name, gg.name) for pp, gg in params_grads])
        block.ops.append(op)
        ops.append(op)
    return ops


def _acc_name(optimizer, acc, param):
    key = acc if optimizer._name is None else optimizer._name + "_" + acc
    bucket = optimizer._accumulators.get(key, {})
    master = optimizer._master_weights.get(param.name)  # multi_precision: the state belongs to the master weight
    var = bucket.get(master.name) if master is not None else None
    if var is None:
        var = bucket.get(param.name)
    return var.name if var is not None else None


def _update_op_slots(optimizer, op_type, param, ins, outs, attrs):
    """The state slots and attrs Paddle's adam / momentum update ops carry (for printing and .pdmodel)."""
    from ..framework.program import _f32

    if op_type in ("adam", "adamw"):
        names = {k: _acc_name(optimizer, k, param) for k in ("moment1", "moment2", "beta1_pow_acc", "beta2_pow_acc")}
        ins.update({"Beta1Pow": [names["beta1_pow_acc"]], "Beta1Tensor": [], "Beta2Pow": [names["beta2_pow_acc"]],
                    "Beta2Tensor": [], "EpsilonTensor": [], "Moment1": [names["moment1"]],
                    "Moment2": [names["moment2"]], "SkipUpdate": []})
        outs.update({"Beta1PowOut": [names["beta1_pow_acc"]], "Beta2PowOut": [names["beta2_pow_acc"]],
                     "Moment1Out": [names["moment1"]], "Moment2Out": [names["moment2"]]})
        attrs.update({"beta1": _f32(optimizer._beta1), "beta2": _f32(optimizer._beta2),
                      "epsilon": _f32(optimizer._epsilon), "lazy_mode": bool(optimizer._lazy_mode),
                      "min_row_size_to_use_multithread": 1000, "use_global_beta_pow": False})
        if op_type == "adamw":
            decay = optimizer._weight_decay
            apply_fn = optimizer._apply_decay_param_fun
            ratio = optimizer._lr_ratio
            attrs.update({"coeff": _f32(decay if isinstance(decay, (int, float)) else 0.0),
                          "lr_ratio": _f32(ratio(param) if ratio is not None else 1.0),
                          "with_decay": bool(apply_fn is None or apply_fn(param.name))})
    elif op_type == "momentum":
        velocity = _acc_name(optimizer, "velocity", param)
        ins["Velocity"] = [velocity]
        outs["VelocityOut"] = [velocity]
        attrs.update({"mu": _f32(optimizer._momentum), "regularization_coeff": 0.0, "regularization_method": "",
                      "rescale_grad": 1.0, "use_nesterov": bool(optimizer._use_nesterov)})


def _optimizer_scope():
    """Paddle puts each update op in its own name scope: /optimizer/, /optimizer_1/, ... (one process-wide count)."""
    n = _prog._name_scope_counts.get("optimizer", 0)
    _prog._name_scope_counts["optimizer"] = n + 1
    return "/optimizer/" if n == 0 else f"/optimizer_{n}/"


def _marker_var(block, name, like):
    with _prog.suspend_recording():
        fake = torch.empty_like(like._t)
    return _prog._new_var(fake, name, block)


def _clip_and_regularization_markers(block, optimizer, params_grads):
    """The op list Paddle appends for gradient clipping and regularization (the update op computes them: the
    eager optimizer applies clip and regularization itself)."""
    from ..nn.clip import ClipGradByGlobalNorm

    def marker(op_type, ins, outs):
        block.ops.append(_prog.Operator(block, op_type, ins, outs, {"op_role": _ROLE_OPTIMIZE}))

    clip = optimizer._grad_clip
    if isinstance(clip, ClipGradByGlobalNorm):
        norms = []
        for p, g in params_grads:
            if not getattr(p, "need_clip", True):
                continue
            name = _prog._unique("squared_l2_norm") + ".tmp_0"
            with _prog.suspend_recording():
                fake = _prog._make_fake([1], g._t.dtype)
            _prog._new_var(fake, name, block)
            marker("squared_l2_norm", {"X": [g.name]}, {"Out": [name]})
            norms.append(name)
        if norms:
            _prog._unique("fill_constant")  # Paddle's clip consumes one fill_constant name it does not keep
            names = [_prog._unique(k) + ".tmp_0" for k in ("add_n", "sqrt", "fill_constant")]
            names += [_prog._unique(k) for k in ("elementwise_max", "elementwise_div")]
            for n in names:
                _marker_var(block, n, block.vars[norms[0]])
            marker("sum", {"X": norms}, {"Out": [names[0]]})
            marker("sqrt", {"X": [names[0]]}, {"Out": [names[1]]})
            marker("fill_constant", {"ShapeTensor": [], "ShapeTensorList": [], "ValueTensor": []}, {"Out": [names[2]]})
            marker("elementwise_max", {"X": [names[2]], "Y": [names[1]]}, {"Out": [names[3]]})
            marker("elementwise_div", {"X": [names[2]], "Y": [names[3]]}, {"Out": [names[4]]})
            for p, g in params_grads:
                if getattr(p, "need_clip", True):
                    marker("elementwise_mul", {"X": [g.name], "Y": [names[4]]}, {"Out": [g.name]})
    elif clip is not None:
        pass  # ClipGradByNorm / ClipGradByValue: applied by the update op, no marker ops (mappings/static.toml)
    for p, g in params_grads:
        reg = getattr(p, "regularizer", None) or optimizer.regularization
        if reg is None:
            continue
        name = _prog._unique("_generated_var")
        _marker_var(block, name, p)
        kind = type(reg).__name__
        if kind == "L1Decay":
            marker("sign", {"X": [p.name]}, {"Out": [name]})
        marker("scale", {"X": [p.name]}, {"Out": [name]})
        marker("sum", {"X": [g.name, name]}, {"Out": [g.name]})


def _persistable_var(block, name, shape, dtype, startup_runner=None, startup_attrs=None):
    """A persistable optimizer variable in ``block`` and in the startup program (with its fill_constant op)."""
    if name not in block.vars:
        with _prog.suspend_recording():
            fake = _prog._make_fake(list(shape), dtype)
        _prog._new_var(fake, name, block)
        _prog._info(fake).persistable = True
        _prog._info(fake).belong_to_optimizer = True
    var = block.vars[name]
    startup = _prog.default_startup_program().global_block()
    if name not in startup.vars:
        # Paddle's startup program holds its own variable of that name (stop_gradient, as created there)
        with _prog.suspend_recording():
            _prog._new_var(_prog._make_fake(list(shape), dtype), name, startup)
        _prog._info(startup.vars[name]._t).persistable = True
        attrs = dict(startup_attrs or {})
        value = attrs.pop("value", 0.0)
        attrs.update(_prog._fill_constant_attrs(list(shape), dtype, value))
        if "_pow_acc_" in name:
            attrs["op_device"] = "cpu"  # Paddle keeps the beta-power accumulators on the CPU
        startup.ops.append(_prog.Operator(startup, "fill_constant", {}, {"Out": [name]}, attrs, run=startup_runner))
    return var


def _lr_var(block, optimizer):
    name = getattr(optimizer, "_static_lr_name", None)
    if name is None:
        name = _prog._unique("learning_rate")
        optimizer._static_lr_name = name

    def fill_lr(op, env, ctx):
        env[name] = torch.tensor(optimizer.get_lr(), dtype=torch.float32)

    _persistable_var(block, name, [], torch.float32, fill_lr, {"value": float(optimizer.get_lr())})
    return name


def _declare_accumulators(block, optimizer, params):
    """Create the optimizer's state now (as Paddle does at minimize: names like ``linear_0.w_0_moment1_0`` from
    the unique-name generator) and declare it as persistable program variables."""
    from .._core.tensor import Parameter as EagerParamBase

    placeholders = []
    for p in sorted(params, key=lambda p: p.name):
        with _prog.suspend_recording():
            ph = EagerParamBase(_data=torch.zeros(list(p._t.shape), dtype=p._t.dtype), name=p.name)
        placeholders.append(ph)
    before = {id(v) for bucket in optimizer._accumulators.values() for v in bucket.values()}
    with _prog.suspend_recording(), torch.no_grad():
        optimizer._ensure_state(placeholders)
    created = [v for bucket in optimizer._accumulators.values() for v in bucket.values() if id(v) not in before]
    order = {n: i for i, n in enumerate(optimizer._opti_name_list)}
    created.sort(key=lambda v: order.get(v.name, len(order)))
    names = []
    for acc in created:
        def fill(op, env, ctx, acc=acc):
            env[op.output("Out")[0]] = acc._t

        flat = acc._t.reshape(-1)
        value = 0.0
        if flat.numel() and bool((flat == flat[0]).all()):
            # the Python number the optimizer filled it with (beta1 = 0.9), not its float32 rounding
            value = float(str(np.float32(flat[0].item()))) if acc._t.dtype == torch.float32 else flat[0].item()
        var = _persistable_var(block, acc.name, list(acc._t.shape), acc._t.dtype, fill, {"value": value})
        _prog._info(var._t).stop_gradient_flag = False  # Paddle prints optimizer state with stop_gradient(False)
        names.append(acc.name)
    optimizer.__dict__.setdefault("_static_acc_names", []).extend(names)


def _runtime_param(ctx, static_param):
    """The eager Parameter the optimizer updates: it wraps the scope's tensor of ``static_param``."""
    from .._core.tensor import Parameter as EagerParamBase

    cache = ctx.scope.__dict__.setdefault("_runtime_params", {})
    t = ctx.scope._get(static_param.name)
    p = cache.get(static_param.name)
    if p is None or p._t is not t:
        p = object.__new__(EagerParamBase)
        p._t = t
        p._name = static_param.name
        p.persistable = True
        for attr in ("optimize_attr", "regularizer", "do_model_average", "need_clip", "is_distributed"):
            p.__dict__[attr] = static_param.__dict__.get(attr)
        cache[static_param.name] = p
    return p


def _run_update(op, env, ctx):
    optimizer, pairs = op._update
    block = op.block
    todo = []
    for pname, gname in pairs:
        g = env.get(gname)
        if g is None:
            continue
        todo.append((_runtime_param(ctx, block.vars[pname]), g))
    lr_name = op.input("LearningRate")[0]
    accs = {v.name: v for bucket in optimizer._accumulators.values() for v in bucket.values()}
    loaded = False
    for name in optimizer.__dict__.get("_static_acc_names", ()):
        acc, value = accs.get(name), ctx.scope._get(name)
        if acc is not None and value is not None and value.data_ptr() != acc._t.data_ptr():
            with torch.no_grad():  # the scope got new values (static.load / set_program_state): use them
                acc._t.copy_(value.reshape(acc._t.shape))
            ctx.scope._set(name, acc._t)
            loaded = True
    if loaded:
        optimizer._sync_scalars_in()
    with torch.no_grad():
        optimizer._run(todo, None)
        env[lr_name] = torch.tensor(optimizer.get_lr(), dtype=torch.float32)
    optimizer._sync_scalars_out()
    for name in optimizer.__dict__.get("_static_acc_names", ()):
        acc = accs.get(name)
        if acc is not None:
            env[name] = acc._t
