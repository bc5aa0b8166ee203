"""``paddle.static.amp.decorator``: the static-graph mixed-precision optimizer decorator."""

import types
import warnings

import torch

from ...framework import program as _prog
from . import _rewrite as rw
from .amp_nn import check_finite_and_unscale, update_loss_scaling
from .fp16_lists import AutoMixedPrecisionLists, check_amp_dtype
from .fp16_utils import cast_model_to_fp16, cast_parameters_to_fp16, update_role_var_grad
from .function_overload import FunctionType, overload


def _set_multi_precision(optimizer, multi_precision):
    from ...optimizer import Optimizer

    if not isinstance(optimizer, Optimizer):
        raise RuntimeError(f"Current AMP training level is O2, optimizer is expected to be "
                           f"paddle.optimizer.Optimizer, but receive {type(optimizer)}.")
    if multi_precision and hasattr(optimizer, "_multi_precision"):
        optimizer._multi_precision = multi_precision


class _OptimizeRole:
    """Ops appended inside get Paddle's optimize role and these role vars (``Program._optimized_guard``)."""

    def __init__(self, program, role_vars):
        self.program = program
        self.role_vars = [v if isinstance(v, str) else v.name for v in role_vars]

    def __enter__(self):
        self.previous = self.program.__dict__.get("_amp_op_role")
        self.program.__dict__["_amp_op_role"] = (rw._ROLE_OPTIMIZE, self.role_vars)

    def __exit__(self, *exc):
        self.program.__dict__["_amp_op_role"] = self.previous


def _bool_var(block, key, shape):
    with _prog.suspend_recording():
        fake = _prog._make_fake(shape, torch.bool)
    var = _prog._new_var(fake, _prog._unique(key) + ".tmp_0", block)
    _prog._info(fake).stop_gradient_flag = False
    return var


def _any_found(block, found_infs):
    """Paddle's ``paddle.any(paddle.concat(found_infs))`` as its concat + reduce_any ops (optimize role)."""
    role = {"op_role": rw._ROLE_OPTIMIZE, "op_role_var": []}
    joined = _bool_var(block, "concat", [len(found_infs)])
    names = [v.name for v in found_infs]

    def run_concat(op, env, ctx):
        env[op._outputs["Out"][0]] = torch.cat([env[n].reshape(-1) for n in op._inputs["X"]])

    block.ops.append(_prog.Operator(block, "concat", {"AxisTensor": [], "X": names}, {"Out": [joined.name]},
                                    dict(role, axis=0), run=run_concat))
    found = _bool_var(block, "any", [])

    def run_any(op, env, ctx):
        env[op._outputs["Out"][0]] = torch.any(env[op._inputs["X"][0]])

    block.ops.append(_prog.Operator(block, "reduce_any", {"AxisTensor": [], "AxisTensorList": [], "X": [joined.name]},
                                    {"Out": [found.name]}, dict(role, dim=[], in_dtype=-1, keep_dim=False,
                                                                out_dtype=-1, reduce_all=True), run=run_any))
    return found


def _create_learning_rate_var(amp_optimizer):
    """A float learning rate becomes a persistable global variable, as Paddle's AMP decorators create it."""
    from ...utils import unique_name
    from ..misc import create_global_var

    optimizer = amp_optimizer._optimizer
    if isinstance(optimizer._learning_rate, float):
        lr = create_global_var(name=unique_name.generate("learning_rate"), shape=[1],
                               value=float(optimizer._learning_rate), dtype="float32", persistable=True)
        amp_optimizer._learning_rate_map[_prog.default_main_program()] = lr
        # the update ops read this variable (the engine's optimizer step takes its value from the optimizer)
        optimizer._static_lr_name = lr.name


class OptimizerWithMixedPrecision:
    """An optimizer with mixed-precision training: the Program rewrite, the loss scaling and its dynamic update
    (``minimize``/``backward``/``apply_gradients``/``amp_init`` as Paddle's)."""

    def __init__(self, optimizer, amp_lists, level, dtype, init_loss_scaling, use_dynamic_loss_scaling,
                 incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio, decr_ratio, use_amp_guard=None,
                 use_master_grad=False, use_promote=False):
        self._optimizer = optimizer
        self._amp_lists = amp_lists
        self._param_grads = None
        self._train_program = None
        self._is_distributed = False
        self._use_master_grad = False
        self._scaled_loss = None
        self._loss_scaling = None
        self._init_loss_scaling = init_loss_scaling
        self._use_dynamic_loss_scaling = use_dynamic_loss_scaling
        if dtype == "bfloat16":
            if use_dynamic_loss_scaling:
                self._use_dynamic_loss_scaling = False
                self._init_loss_scaling = 1.0
                warnings.warn("Dynamic loss scaling for bfloat16 amp training is disabled, and the init_loss_scaling "
                              "is changed to 1.0 automatically by PaddlePaddle.")
            self._amp_dtype = torch.bfloat16
        else:
            self._amp_dtype = torch.float16
        self._amp_vartype = _vartype(self._amp_dtype)
        self._learning_rate = optimizer._learning_rate
        self._learning_rate_map = getattr(optimizer, "_learning_rate_map", {})
        self._use_pure_fp16 = level == "O2"
        if self._use_pure_fp16 and dtype in ("bfloat16", "float16"):
            self._use_master_grad = use_master_grad
            optimizer._master_grad = use_master_grad
        self._amp_level = level
        self._use_fp16_guard = use_amp_guard
        self._to_fp16_var_names = None
        if self._use_dynamic_loss_scaling:
            self._incr_every_n_steps = incr_every_n_steps
            self._decr_every_n_nan_or_inf = decr_every_n_nan_or_inf
            self._incr_ratio = incr_ratio
            self._decr_ratio = decr_ratio
            self._num_good_steps = None
            self._num_bad_steps = None
        self.use_promote = use_promote

    def _set_distributed(self, flag):
        self._is_distributed = flag

    def get_loss_scaling(self):
        """The loss scaling variable (``loss_scaling_0``)."""
        assert self._loss_scaling is not None, "Please call minimize() before calling get_loss_scaling()."
        return self._loss_scaling

    def get_scaled_loss(self):
        """The scaled loss variable (None before ``minimize``/``backward``)."""
        return self._scaled_loss

    def _supports_check_nan_inf(self):
        return getattr(self._optimizer, "_supports_check_nan_inf", False)

    def _init_amp_var(self):
        from ...utils import unique_name
        from ..misc import create_global_var

        self._loss_scaling = create_global_var(name=unique_name.generate("loss_scaling"), shape=[1],
                                               value=self._init_loss_scaling, dtype="float32", persistable=True)
        if self._use_dynamic_loss_scaling:
            self._num_good_steps = create_global_var(name=unique_name.generate("num_good_steps"), shape=[1],
                                                     value=0, dtype="int32", persistable=True)
            self._num_bad_steps = create_global_var(name=unique_name.generate("num_bad_steps"), shape=[1],
                                                    value=0, dtype="int32", persistable=True)
        _create_learning_rate_var(self)

    def backward(self, loss, startup_program=None, parameter_list=None, no_grad_set=None, callbacks=None):
        """Rewrite the program, scale the loss, append the backward; returns ``[(param, scaled grad)]``."""
        from ...base.backward import append_backward
        from ...utils import unique_name

        train_program = loss.block.program
        self._train_program = train_program
        self._float_status = None
        with _prog.program_guard(train_program, startup_program):
            self._init_amp_var()
            if self._use_pure_fp16:
                self._to_fp16_var_names = cast_model_to_fp16(train_program, self._amp_lists, self._use_fp16_guard,
                                                             self._amp_vartype, level="O2",
                                                             use_promote=self.use_promote)
            else:
                cast_model_to_fp16(train_program, self._amp_lists, use_fp16_guard=False, dest_type=self._amp_vartype,
                                   level=self._amp_level, use_promote=self.use_promote)
            if loss._t.dtype != torch.float32:
                low_loss = loss
                loss = loss.astype("float32")
                loss.name = unique_name.generate("tmp")  # Paddle's Variable.astype result name
                cast = rw.op_producing(train_program.global_block(), loss.name)
                if cast is not None and cast.type == "cast":
                    cast._attrs.update(in_dtype=rw.var_type(low_loss._t.dtype), out_dtype=rw.var_type(torch.float32),
                                       use_mkldnn=False)
            if self._use_dynamic_loss_scaling or self._init_loss_scaling != 1.0:
                self._scaled_loss = loss * self._loss_scaling
                # Paddle's Variable.__mul__ names its result from the "tmp" generator
                self._scaled_loss.name = unique_name.generate("tmp")
            else:
                self._scaled_loss = loss
            block = train_program.global_block()
            start = len(block.ops)
            params = parameter_list if parameter_list else self._optimizer._parameter_list
            params_grads = append_backward(self._scaled_loss, parameter_list=params, no_grad_set=no_grad_set,
                                           callbacks=callbacks)
            rw.fix_cast_grad_ops(block, start)
        return params_grads

    def amp_init(self, place, scope=None, test_program=None, use_fp16_test=False, rewrite_master_weight=False):
        """Cast the float32 parameters in ``scope`` to the low precision (O2), after the startup program ran;
        rewrite ``test_program`` like the training program."""
        assert self._train_program is not None, "Please call the minimize method first."
        if self._use_pure_fp16:
            cast_parameters_to_fp16(place, self._train_program, scope, self._to_fp16_var_names, self._amp_vartype,
                                    rewrite_master_weight, self._optimizer._master_weights)
        if test_program is not None:
            if self._use_pure_fp16:
                cast_model_to_fp16(test_program, self._amp_lists, self._use_fp16_guard, self._amp_vartype,
                                   level="O2", use_promote=self.use_promote)
            elif use_fp16_test:
                cast_model_to_fp16(test_program, self._amp_lists, use_fp16_guard=False,
                                   dest_type=self._amp_vartype, level=self._amp_level, use_promote=self.use_promote)

    def _append_cast_to_master_grad_op(self, param_grads):
        if not self._use_master_grad:
            return param_grads
        if any(g._t.dtype in (torch.float16, torch.bfloat16) for _, g in param_grads):
            raise NotImplementedError("paddle.static.amp.decorate(master_grad=True): float32 master gradients of "
                                      "low-precision parameters are not supported by paddle-compat")
        return param_grads

    def apply_gradients(self, params_grads):
        """Unscale the gradients, check them for inf/nan, update the loss scaling, append the update ops."""
        update_role_var_grad(self._train_program, params_grads)
        params_grads = self._append_cast_to_master_grad_op(params_grads)
        if not self._use_dynamic_loss_scaling and self._init_loss_scaling == 1.0:
            return self._apply_optimizer(params_grads, None)
        if self._supports_check_nan_inf():
            raise NotImplementedError("optimizers that check nan/inf themselves (_supports_check_nan_inf) are not "
                                      "supported by paddle-compat's static AMP")
        found_inf = self._check_finite_and_unscale(params_grads)
        if self._use_dynamic_loss_scaling and self._amp_dtype == torch.float16:
            self._add_dynamic_loss_scaling(params_grads, found_inf)
        real_optimizer = self._optimizer
        while hasattr(real_optimizer, "inner_opt"):
            real_optimizer = real_optimizer.inner_opt
        from ...optimizer import Adam, AdamW

        skip = None
        if isinstance(real_optimizer, (Adam, AdamW)):
            with _OptimizeRole(self._train_program, []):
                skip = _memcpy(found_inf)
        return self._apply_optimizer(params_grads, skip)

    def _apply_optimizer(self, params_grads, skip_update):
        from ...base.backward import _static_apply_gradients

        block = self._train_program.global_block()
        ops = _static_apply_gradients(self._optimizer, block, params_grads)
        _declare_master_weights(self._optimizer, block, ops)
        if skip_update is not None and ops:
            for op in ops:
                op._inputs["SkipUpdate"] = [skip_update.name]
            first = ops[0]
            first._runner = _skipping_update(first._runner, skip_update.name, self._optimizer)
        return ops

    def _split_grads(self, params_grads):
        grads = [g for _, g in params_grads]
        fp32_grads = [g for g in grads if g._t.dtype == torch.float32]
        low_grads = [g for g in grads if g._t.dtype == self._amp_dtype]
        assert len(fp32_grads) + len(low_grads) == len(grads), (
            "Data types of all grads must be either fp16/bf16 or fp32.")
        return grads, fp32_grads, low_grads

    def _check_finite_and_unscale(self, params_grads):
        grads, fp32_grads, low_grads = self._split_grads(params_grads)
        program = self._train_program
        found_infs = []
        if self._is_distributed:
            for p, g in params_grads:
                with _OptimizeRole(program, [p, g]):
                    _, found_inf = check_finite_and_unscale([g], self._loss_scaling, name="find_infinite_scale")
                found_infs.append(found_inf)
        elif self._use_pure_fp16:
            if fp32_grads:
                with _OptimizeRole(program, fp32_grads):
                    _, found = check_finite_and_unscale(fp32_grads, self._loss_scaling,
                                                        name="find_infinite_scale_fp32")
                found_infs.append(found)
            if low_grads:
                with _OptimizeRole(program, low_grads):
                    _, found = check_finite_and_unscale(low_grads, self._loss_scaling,
                                                        name="find_infinite_scale_fp16")
                found_infs.append(found)
        else:
            with _OptimizeRole(program, grads):
                _, found_inf = check_finite_and_unscale(grads, self._loss_scaling, name="find_infinite_scale")
        if self._is_distributed or self._use_pure_fp16:
            found_inf = _any_found(program.global_block(), found_infs)
        return found_inf

    def _add_dynamic_loss_scaling(self, params_grads, found_inf):
        grads, fp32_grads, low_grads = self._split_grads(params_grads)
        args = (found_inf, self._loss_scaling, self._num_good_steps, self._num_bad_steps, self._incr_every_n_steps,
                self._decr_every_n_nan_or_inf, self._incr_ratio, self._decr_ratio)
        with _OptimizeRole(self._train_program, []):
            if self._use_pure_fp16:
                stop_update = False
                if fp32_grads:
                    update_loss_scaling(fp32_grads, *args, stop_update=stop_update, name="update_loss_scaling_fp32")
                    stop_update = True
                if low_grads:
                    update_loss_scaling(low_grads, *args, stop_update=stop_update, name="update_loss_scaling_fp16")
            else:
                update_loss_scaling(grads, *args, name="update_loss_scaling")

    def apply_optimize(self, loss, startup_program, params_grads):
        with _prog.program_guard(loss.block.program, startup_program):
            return self.apply_gradients(params_grads)

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        """``backward`` then ``apply_optimize``; returns ``(update ops, [(param, scaled grad)])``."""
        opt_dict = self._optimizer.__class__.__dict__
        if "minimize" in opt_dict and isinstance(opt_dict["minimize"], types.FunctionType):
            warnings.warn("The decorated optimizer has its own `minimize` method, but it will not be executed.")
        scaled_params_grads = self.backward(loss, startup_program=startup_program, parameter_list=parameter_list,
                                            no_grad_set=no_grad_set)
        optimize_ops = self.apply_optimize(loss, startup_program, scaled_params_grads)
        return optimize_ops, scaled_params_grads


def _declare_master_weights(optimizer, block, update_ops):
    """O2 with multi_precision: the float32 master weight of each low-precision parameter, as Paddle declares it
    (a persistable ``<param>_fp32_master_0`` filled in the startup program by a cast of the parameter, the update
    op's MasterParam/MasterParamOut); at run time the optimizer's master weights follow the scope's values."""
    if not getattr(optimizer, "_multi_precision", False) or not update_ops:
        return
    startup = _prog.default_startup_program().global_block()
    pairs = []
    for op in update_ops:
        pname = op.input("Param")[0]
        param = block.vars[pname]
        master = optimizer._master_weights.get(pname)
        if master is None or param._t.dtype not in (torch.float16, torch.bfloat16):
            continue
        mname = master.name
        shape = list(master._t.shape)
        if mname not in block.vars:
            with _prog.suspend_recording():
                fake = _prog._make_fake(shape, torch.float32)
            _prog._new_var(fake, mname, block)
            _prog._info(fake).persistable = True
            _prog._info(fake).belong_to_optimizer = True
        if mname not in startup.vars:
            startup.vars[mname] = block.vars[mname]
            at = next((i for i, o in enumerate(startup.ops)
                       if any(n.startswith(mname + "_") for n in o.output_arg_names)), len(startup.ops))
            fill = _prog.Operator(startup, "fill_constant", {}, {"Out": [mname]},
                                  {"shape": shape, "value": 0.0, "dtype": 5}, run=None)
            cast = _prog.Operator(startup, "cast", {"X": [pname]}, {"Out": [mname]},
                                  {"in_dtype": 5, "out_dtype": 5}, run=_run_master_init)
            startup.ops[at:at] = [fill, cast]
        op._inputs["MasterParam"] = [mname]
        op._outputs["MasterParamOut"] = [mname]
        pairs.append((mname, master))
    if pairs:
        update_ops[0]._runner = _syncing_masters(update_ops[0]._runner, pairs)
        _order_masters_first(block, [name for name, _ in pairs])


def _order_masters_first(block, master_names):
    """Paddle declares each master weight just before the optimizer state created for it."""
    names = list(block.vars)
    for mname in master_names:
        names.remove(mname)
        at = next((i for i, n in enumerate(names) if n.startswith(mname + "_")), len(names))
        names.insert(at, mname)
    reordered = {n: block.vars[n] for n in names}
    block.vars.clear()
    block.vars.update(reordered)


def _run_master_init(op, env, ctx):
    env[op._outputs["Out"][0]] = env[op._inputs["X"][0]].detach().to(torch.float32).clone()


def _syncing_masters(runner, pairs):
    """The update step reading the master weights the scope holds (startup's copies, static.load...)."""

    def run(op, env, ctx):
        for name, master in pairs:
            value = ctx.scope._get(name)
            if value is not None and value.data_ptr() != master._t.data_ptr():
                with torch.no_grad():
                    master._t.copy_(value.reshape(master._t.shape))
                ctx.scope._set(name, master._t)
        runner(op, env, ctx)
        for name, master in pairs:
            env[name] = master._t

    return run


def _memcpy(found_inf):
    """Paddle copies the flag to the CPU for Adam's SkipUpdate input (a plain copy here: one device)."""
    block = _prog.default_main_program().current_block()
    with _prog.suspend_recording():
        fake = torch.empty_like(found_inf._t)
    out = _prog._new_var(fake, _prog._unique("memcpy") + ".tmp_0", block)
    _prog._info(fake).stop_gradient_flag = False

    def run(op, env, ctx):
        env[op._outputs["Out"][0]] = env[op._inputs["X"][0]].clone()

    role, role_vars = _prog.default_main_program().__dict__.get("_amp_op_role") or (rw._ROLE_OPTIMIZE, [])
    block.ops.append(_prog.Operator(block, "memcpy", {"X": [found_inf.name]}, {"Out": [out.name]},
                                    {"dst_place_type": 0, "op_role": role, "op_role_var": role_vars}, run=run))
    return out


def _skipping_update(runner, flag_name, optimizer):
    """The update step with Adam's SkipUpdate: nothing changes (parameters, moments, beta pows) on an inf step."""

    def run(op, env, ctx):
        previous = optimizer._auxiliary_vars.get("found_inf")
        optimizer._auxiliary_vars["found_inf"] = bool(env[flag_name].reshape(-1)[0])
        try:
            runner(op, env, ctx)
        finally:
            optimizer._auxiliary_vars["found_inf"] = previous

    return run


@overload(key=FunctionType.FP16_ONLY)
def decorate(optimizer, amp_lists=None, init_loss_scaling=2**15, incr_every_n_steps=1000, decr_every_n_nan_or_inf=2,
             incr_ratio=2.0, decr_ratio=0.8, use_dynamic_loss_scaling=True, use_pure_fp16=False, use_fp16_guard=None,
             use_bf16=False, use_promote=False):
    """Paddle 1.x-style decorate (``use_pure_fp16``/``use_fp16_guard``/``use_bf16``)."""
    amp_dtype = "bfloat16" if use_bf16 else "float16"
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionLists(dtype=amp_dtype)
    if use_fp16_guard is None:
        use_fp16_guard = use_pure_fp16
    return OptimizerWithMixedPrecision(
        optimizer, amp_lists, level="O2" if use_pure_fp16 else "O1", dtype=amp_dtype,
        init_loss_scaling=init_loss_scaling, use_dynamic_loss_scaling=use_dynamic_loss_scaling,
        incr_every_n_steps=incr_every_n_steps, decr_every_n_nan_or_inf=decr_every_n_nan_or_inf,
        incr_ratio=incr_ratio, decr_ratio=decr_ratio, use_amp_guard=use_fp16_guard, use_promote=use_promote)


@overload(key=FunctionType.COMMON)
def decorate(  # noqa: F811 - Paddle's overloaded name
    optimizer, amp_lists=None, level="O1", dtype="float16", master_weight=None, master_grad=False,
    init_loss_scaling=2**16, incr_every_n_steps=2000, decr_every_n_nan_or_inf=1, incr_ratio=2.0, decr_ratio=0.5,
    use_dynamic_loss_scaling=None, use_amp_guard=False, use_promote=False,
):
    """Decorate ``optimizer`` for mixed-precision training at ``level`` ('O0', 'OD', 'O1', 'O2') in ``dtype``."""
    level = level.upper()
    if level not in ["O0", "OD", "O1", "O2"]:
        raise ValueError("level should be O0, OD, O1 or O2.")
    amp_dtype = check_amp_dtype(dtype)
    if amp_lists is None or level == "OD":
        amp_lists = AutoMixedPrecisionLists(dtype=amp_dtype)
    if level == "OD":
        warnings.warn("If the Amp level is set to OD, the amp list will not be used.")
        amp_lists.black_list = amp_lists.all_list - amp_lists.white_list
    if use_dynamic_loss_scaling is None:
        use_dynamic_loss_scaling = dtype == "float16"
    if optimizer is not None:
        _set_multi_precision(optimizer, master_weight is not False)
    return OptimizerWithMixedPrecision(
        optimizer, amp_lists, level=level, dtype=amp_dtype, init_loss_scaling=init_loss_scaling,
        use_dynamic_loss_scaling=use_dynamic_loss_scaling, incr_every_n_steps=incr_every_n_steps,
        decr_every_n_nan_or_inf=decr_every_n_nan_or_inf, incr_ratio=incr_ratio, decr_ratio=decr_ratio,
        use_amp_guard=use_amp_guard, use_promote=use_promote, use_master_grad=master_grad)


def _vartype(t_dtype):
    from ..._core.dtypes import FROM_TORCH

    return FROM_TORCH[t_dtype]
