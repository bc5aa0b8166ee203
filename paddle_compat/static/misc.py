"""``paddle.static`` helpers: places, ``device_guard``, ``create_global_var``, ``Print``, ``accuracy``."""

import contextlib

import numpy as np
import torch

from ..base.framework import cpu_places, cuda_places, xpu_places  # Paddle: the same functions
from ..framework import program as _prog

__all__ = ["cpu_places", "cuda_places", "xpu_places", "device_guard", "create_global_var", "Print", "accuracy",
           "ExponentialMovingAverage", "auc"]


@contextlib.contextmanager
def device_guard(device=None):
    """Set the ``op_device`` attr of the ops created inside (``'cpu'``, ``'gpu'``, ``'gpu:0'``); paddle-compat
    runs every op of a program on the executor's device."""
    index = None
    if device and ":" in device:
        device, index = device.split(":")
        if device == "cpu":
            raise ValueError("Should not set device id for cpu.")
    if device not in ("cpu", "gpu", "npu", "xpu", "", None):
        raise ValueError("The Attr(device) should be 'cpu' 'npu' 'xpu' or 'gpu', and it can also be empty string "
                         f"or None when there is no need to specify device. But received {device}")
    if index:
        device = f"{device}:{index}"
    previous = _prog._Mode.device
    _prog._Mode.device = device or ""
    try:
        yield
    finally:
        _prog._Mode.device = previous


def create_global_var(shape, value, dtype, persistable=False, force_cpu=False, name=None):
    """A variable of ``shape`` filled with ``value`` by the startup program (persistable if asked)."""
    from .._core.dtypes import convert_dtype_to_paddle
    from ..utils import unique_name

    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"The type of 'shape' in create_global_var must be list or tuple, but received "
                        f"{type(shape)}.")
    for item in shape:
        if not isinstance(item, (int, np.integer)):
            raise TypeError(f"The type of item in argument 'shape' in create_global_var must be int, but received "
                            f"{type(item)}.")
    if not isinstance(value, (int, float)):
        raise TypeError(f"The type of 'value' in create_global_var must be float or int, but received "
                        f"{type(value)}.")
    d = convert_dtype_to_paddle(dtype)
    name = name or unique_name.generate("global_var")
    block = _prog.default_main_program().global_block()
    fake = _prog._make_fake([int(s) for s in shape], d.torch)
    var = _prog._new_var(fake, name, block, declared=[int(s) for s in shape])
    info = _prog._info(fake)
    info.persistable = bool(persistable)
    startup = _prog.default_startup_program().global_block()
    startup.vars[name] = var
    dims = [int(s) for s in shape]

    def fill(op, env, ctx):
        env[name] = torch.full(dims, value, dtype=d.torch)

    # Paddle's fill_constant attrs (value held as a float32 attr, str_value its Python float text)
    attrs = {"dtype": int(d), "force_cpu": bool(force_cpu), "place_type": -1, "shape": dims,
             "str_value": str(float(value)), "value": _prog._f32(value)}
    startup.ops.append(_prog.Operator(startup, "fill_constant", {}, {"Out": [name]}, attrs, run=fill))
    if not persistable:
        # not kept in the scope between runs: the main program fills it itself
        op = _prog.Operator(block, "fill_constant", {}, {"Out": [name]}, {"shape": dims, "value": float(value)},
                            run=fill)
        block.ops.insert(0, op)
    return var


def Print(input, first_n=-1, message=None, summarize=20, print_tensor_name=True,  # noqa: N802, A002
          print_tensor_type=True, print_tensor_shape=True, print_tensor_layout=True, print_tensor_lod=True,
          print_phase="both"):
    """An op that prints ``input`` each time the program runs (Paddle's layout) and passes it on."""
    from .._core.dtypes import FROM_TORCH

    if print_phase.lower() not in ("forward", "backward", "both"):
        raise ValueError(f"print_phase should be one of forward, backward, both but received {print_phase}")
    name = input.name
    count = [0]

    def show(t):
        if _prog._is_var_t(t):  # building: shapes only
            return t.clone()
        count[0] += 1
        if first_n < 0 or count[0] <= first_n:
            fields = [(print_tensor_name, f"Variable: {name}"), (message, f"  - message: {message}"),
                      (print_tensor_lod, "  - lod: {}"), (True, "  - place: Place(cpu)"),
                      (print_tensor_shape, f"  - shape: {list(t.shape)}"), (print_tensor_layout, "  - layout: NCHW"),
                      (print_tensor_type, f"  - dtype: {FROM_TORCH[t.dtype].name}")]
            lines = [text for wanted, text in fields if wanted]
            flat = t.detach().reshape(-1)
            if summarize >= 0:
                flat = flat[:summarize]
            values = " ".join(np.format_float_positional(v, trim="-") if isinstance(v, float) else str(v)
                              for v in flat.tolist())
            lines.append(f"  - data: [{values}]")
            _write_stdout_fd("\n".join(lines) + "\n")
        return t.clone()

    attrs = {"first_n": first_n, "summarize": summarize, "message": message or "",
             "print_tensor_name": print_tensor_name, "print_tensor_type": print_tensor_type,
             "print_tensor_shape": print_tensor_shape, "print_tensor_layout": print_tensor_layout,
             "print_tensor_lod": print_tensor_lod, "print_phase": print_phase.upper(), "is_forward": True}
    out = _prog.static_op("print", show, {"In": [input]}, attrs=attrs, outputs=[_prog._unique("print") + ".tmp_0"])
    return out


def _write_stdout_fd(text):
    """Paddle's print op writes with C++ std::cout: to the process's file descriptor 1, past Python's sys.stdout
    (so redirect_stdout / capsys do not see it)."""
    import os
    import sys

    try:
        sys.__stdout__.flush()
    except (AttributeError, ValueError):
        pass
    os.write(1, text.encode())


def accuracy(input, label, k=1, correct=None, total=None):  # noqa: A002
    """Top-``k`` accuracy of ``input`` (class scores) against ``label`` (paddle.metric.accuracy as an op)."""
    from ..metric import accuracy as _accuracy

    return _accuracy(input, label, k=k, correct=correct, total=total)


for _fn in (create_global_var, accuracy):
    _fn.__module__ = "paddle.static"
Print.__module__ = "paddle.static.nn.control_flow"
del _fn


class ExponentialMovingAverage:
    """Shadow copies of the parameters updated as ``ema = decay * ema + (1 - decay) * param`` after every
    training run (``update()`` appends the op); ``apply(exe)`` swaps the bias-corrected averages
    ``ema / (1 - decay ** step)`` into the scope for evaluation and restores the parameters afterwards."""

    _STEP = "@EMA_STEP_COUNTER@"

    def __init__(self, decay=0.999, thres_steps=None, name=None):
        from ..utils import unique_name

        self._decay = decay
        self._thres_steps = thres_steps
        self._name = name if name is not None else ""
        self._decay_var = create_global_var([1], float(decay), "float32", persistable=True,
                                            name="scheduled_ema_decay_rate")
        self._params = [p for p in _prog.default_main_program().global_block().all_parameters()
                        if getattr(p, "do_model_average", True) is not False]
        self._ema_names, self._tmp = {}, {}
        for p in self._params:
            self._tmp[p.name] = unique_name.generate(".".join([self._name + p.name, "ema_tmp"]))
            ema = create_global_var(list(p.shape), 0.0, _dtype_name(p), persistable=True,
                                    name=unique_name.generate(self._name + p.name + "_ema"))
            self._ema_names[p.name] = ema.name
        self._step = create_global_var([1], 0, "int64", persistable=True, name=self._STEP)

    def _decay_value(self, env):
        decay = self._decay
        if self._thres_steps is not None:
            thres = self._thres_steps
            steps = float(env[thres.name].reshape(-1)[0]) if hasattr(thres, "_t") else float(thres)
            decay = min(decay, (steps + 1.0) / (steps + 10.0))
        return decay

    def update(self):
        """Append the moving-average update (run after the optimizer in the training program)."""
        block = _prog.default_main_program().global_block()
        names = [(p.name, self._ema_names[p.name]) for p in self._params]
        ema = self

        def run(op, env, ctx):
            with torch.no_grad():
                step = env[ema._STEP] + 1
                env[ema._STEP] = step
                decay = ema._decay_value(env)
                env["scheduled_ema_decay_rate"] = torch.tensor([decay], dtype=torch.float32)
                for pname, ename in names:
                    param = env[pname].detach()
                    env[ename] = env[ename] * decay + param * (1 - decay)

        op = _prog.Operator(block, "increment", {"X": [self._STEP]}, {"Out": [self._STEP]},
                            {"step": 1.0, "op_role": 2}, run=run)
        op._outputs["EMA"] = [e for _, e in names] + ["scheduled_ema_decay_rate"]
        block.ops.append(op)

    @contextlib.contextmanager
    def apply(self, executor, need_restore=True):
        """Put the averaged parameters into the scope inside the block (restored after if ``need_restore``)."""
        from ..base.executor import global_scope

        scope = global_scope()
        step = scope._get(self._STEP)
        step = 0 if step is None else int(step.reshape(-1)[0])
        decay = scope._get("scheduled_ema_decay_rate")
        decay = self._decay if decay is None else float(decay.reshape(-1)[0])
        for p in self._params:
            scope._set(self._tmp[p.name], scope._get(p.name).clone())
            ema = scope._get(self._ema_names[p.name])
            value = ema / (1.0 - decay ** step) if step > 0 else ema
            scope._set(p.name, value.to(ema.dtype))
        try:
            yield
        finally:
            if need_restore:
                self.restore(executor)

    def restore(self, executor):
        from ..base.executor import global_scope

        scope = global_scope()
        for p in self._params:
            saved = scope._get(self._tmp[p.name])
            if saved is not None:
                scope._set(p.name, saved)


def _dtype_name(var):
    from .._core.dtypes import FROM_TORCH

    return FROM_TORCH[var._t.dtype].name


ExponentialMovingAverage.__module__ = "paddle.static.nn.common"


def _auc_area(stat_pos, stat_neg, num_thresholds):
    """Paddle's calcAuc: trapezoids from the highest threshold bucket down, normalised by the totals."""
    pos = stat_pos.double().flip(0).cumsum(0)
    neg = stat_neg.double().flip(0).cumsum(0)
    pos_prev = torch.cat([pos.new_zeros(1), pos[:-1]])
    neg_prev = torch.cat([neg.new_zeros(1), neg[:-1]])
    area = ((neg - neg_prev).abs() * (pos + pos_prev) / 2.0).sum()
    tot_pos, tot_neg = pos[-1], neg[-1]
    if tot_pos > 0 and tot_neg > 0:
        return (area / tot_pos / tot_neg).reshape([])
    return torch.zeros([], dtype=torch.float64)


def _auc_buckets(predict, label, num_thresholds):
    score = predict.reshape(predict.shape[0], -1)[:, -1].double()
    bins = (score * num_thresholds).long().clamp_(0, num_thresholds)
    positive = label.reshape(-1) != 0
    length = num_thresholds + 1
    pos = torch.bincount(bins[positive], minlength=length)[:length]
    neg = torch.bincount(bins[~positive], minlength=length)[:length]
    return pos, neg


def auc(input, label, curve="ROC", num_thresholds=2**12 - 1, topk=1, slide_steps=1,  # noqa: A002
        ins_tag_weight=None):
    """Area under the ROC curve over all runs so far (``auc_out``) and over the last ``slide_steps`` runs
    (``batch_auc_out``), from per-threshold positive/negative counts kept in persistable variables."""
    from ..utils import unique_name

    if curve != "ROC":
        raise NotImplementedError(f"paddle.static.auc(curve={curve!r}): only the ROC curve is supported")
    length = num_thresholds + 1
    main = _prog.default_main_program().global_block()
    if ins_tag_weight is None:  # Paddle fills a [1, 1] weight of ones first (a recorded fill_constant op)
        from .._core.tensor import wrap

        ins_tag_weight = wrap(torch.full([1, 1], 1.0, dtype=torch.float32))

    base = unique_name.generate("auc")  # Paddle's names: auc_<n>.tmp_0/1 the outputs, tmp_2..5 the statistics
    outs = []
    for _ in range(2):
        outs.append(_prog._new_var(_prog._make_fake([], torch.float64), unique_name.generate(base + ".tmp"), main))
    auc_out, batch_auc_out = outs

    def stat(shape):
        return create_global_var(shape, 0, "int64", persistable=True, name=unique_name.generate(base + ".tmp"))

    batch_pos = stat([(1 + slide_steps) * length + 1])
    batch_neg = stat([(1 + slide_steps) * length + 1])
    stat_pos, stat_neg = stat([1, length]), stat([1, length])
    names = [input.name, label.name, batch_pos.name, batch_neg.name, stat_pos.name, stat_neg.name]
    weight = {"InsTagWeight": [ins_tag_weight.name]} if _prog._tensor_info(ins_tag_weight) is not None else {}

    def run_batch(op, env, ctx):
        # ins_tag_weight is an input of Paddle's op that its CPU kernel does not read (measured: weights of 0,
        # 0.5 or 1, float32 or float64, give the unweighted statistics)
        predict, lab = env[names[0]], env[names[1]]
        pos, neg = _auc_buckets(predict, lab, num_thresholds)
        if slide_steps == 0:
            env[batch_auc_out.name] = _auc_area(pos, neg, num_thresholds)
            return
        bp, bn = env[names[2]].clone(), env[names[3]].clone()
        total = slide_steps * length
        step = int(bp[(slide_steps + 1) * length]) % slide_steps
        begin = step * length
        for buf, new in ((bp, pos), (bn, neg)):
            buf[total:total + length] -= buf[begin:begin + length]
            buf[begin:begin + length] = new
            buf[total:total + length] += new
        bp[(slide_steps + 1) * length] += 1
        bn[(slide_steps + 1) * length] += 1
        env[names[2]], env[names[3]] = bp, bn
        env[batch_auc_out.name] = _auc_area(bp[total:total + length], bn[total:total + length], num_thresholds)

    def run_global(op, env, ctx):
        pos, neg = _auc_buckets(env[names[0]], env[names[1]], num_thresholds)
        sp = env[names[4]].reshape(-1) + pos
        sn = env[names[5]].reshape(-1) + neg
        env[names[4]], env[names[5]] = sp.reshape(1, -1), sn.reshape(1, -1)
        env[auc_out.name] = _auc_area(sp, sn, num_thresholds)

    attrs = {"curve": curve, "num_thresholds": num_thresholds}
    main.ops.append(_prog.Operator(main, "auc", {"Predict": [names[0]], "Label": [names[1]], "StatPos": [names[2]],
                                                 "StatNeg": [names[3]], **weight},
                                   {"AUC": [batch_auc_out.name], "StatPosOut": [names[2]], "StatNegOut": [names[3]]},
                                   dict(attrs, slide_steps=slide_steps), run=run_batch))
    main.ops.append(_prog.Operator(main, "auc", {"Predict": [names[0]], "Label": [names[1]], "StatPos": [names[4]],
                                                 "StatNeg": [names[5]], **weight},
                                   {"AUC": [auc_out.name], "StatPosOut": [names[4]], "StatNegOut": [names[5]]},
                                   dict(attrs, slide_steps=0), run=run_global))
    return auc_out, batch_auc_out, [batch_pos, batch_neg, stat_pos, stat_neg]


auc.__module__ = "paddle.static.nn.metric"


def ctr_metric_bundle(input, label, ins_tag_weight=None):  # noqa: A002 - Paddle's name
    """CTR statistics accumulated over runs in persistable variables: squared and absolute error of
    ``input - label``, sum of predictions, sum of sigmoid(predictions) times the first ``ins_tag_weight`` entry,
    positive count and instance count times that weight; Paddle's op list, variable names and startup ops."""
    from .._core.dtypes import FROM_TORCH
    from ..utils import unique_name

    main = _prog.default_main_program().global_block()
    startup = _prog.default_startup_program().global_block()
    if ins_tag_weight is None:  # Paddle's fill_constant op of a [1, 1] weight of ones, in the main program
        name = unique_name.generate("fill_constant") + ".tmp_0"
        ins_tag_weight = _prog._new_var(_prog._make_fake([1, 1], torch.float32), name, main)
        main.ops.append(_prog.Operator(main, "fill_constant", {"ShapeTensor": [], "ShapeTensorList": [],
                                                               "ValueTensor": []}, {"Out": [name]},
                                       {"shape": [1, 1], "dtype": 5, "value": 1.0},
                                       run=lambda op, env, ctx, n=name: env.__setitem__(n, torch.ones(1, 1))))
    assert input.shape == label.shape
    label_dtype = label._t.dtype if label._t.dtype.is_floating_point else torch.int64

    def new(shape, persistable, dtype=torch.float32):
        var = _prog._new_var(_prog._make_fake(shape, dtype), unique_name.generate("_generated_var"), main)
        _prog._info(var._t).persistable = persistable
        return var

    local_abserr, local_sqrerr, local_prob = new([1], True), new([1], True), new([1], True)
    # the weighted sums take the broadcast shape of [1] and the weight, as Paddle's InferShape gives them
    weighted = list(ins_tag_weight.shape) or [1]
    local_q, local_pos_num, local_ins_num = new([1], True), new([1], True, label_dtype), new([1], True)
    tmp_res_elesub, tmp_res_sigmoid, tmp_ones = new([-1, 1], False), new([-1, 1], False), new([-1, 1], False)
    batch_prob, batch_abserr, batch_sqrerr = new([1], False), new([1], False), new([1], False)
    batch_q, batch_pos_num, batch_ins_num = new([1], False), new([1], False, label_dtype), new([1], False)
    for var in (local_abserr, batch_abserr, local_sqrerr, batch_sqrerr, local_prob, batch_prob, local_q, batch_q,
                batch_pos_num, batch_ins_num, local_pos_num, local_ins_num):
        shape, dtype = list(var._t.shape), var._t.dtype
        startup.vars[var.name] = var
        startup.ops.append(_prog.Operator(
            startup, "fill_constant", {}, {"Out": [var.name]},
            {"shape": shape, "dtype": int(FROM_TORCH[dtype]), "value": 0.0, "force_cpu": True},
            run=lambda op, env, ctx, n=var.name, s=shape, d=dtype: env.__setitem__(n, torch.zeros(s, dtype=d))))

    def append(op_type, inputs, out, fn, attrs=None):
        names = {slot: [v.name for v in vs] for slot, vs in inputs.items()}
        flat = [n for ns in names.values() for n in ns]

        def run(op, env, ctx):
            env[out.name] = fn(*[env[n] for n in flat])

        main.ops.append(_prog.Operator(main, op_type, names, {"Out": [out.name]}, attrs or {}, run=run))

    def accumulate(batch, local):
        append("elementwise_add", {"X": [batch], "Y": [local]}, local, lambda b, a: (b + a).to(a.dtype),
               {"axis": -1})

    def subtract(x, y):
        if x.dtype != y.dtype:  # Paddle's kernel reads Y as X's type
            raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve "
                             f"({FROM_TORCH[x.dtype].name}) does not match the type of data "
                             f"({FROM_TORCH[y.dtype].name}) currently contained in the container.\n  "
                             f"[operator < elementwise_sub > error]")
        return x - y

    append("elementwise_sub", {"X": [input], "Y": [label]}, tmp_res_elesub, subtract, {"axis": -1})
    append("squared_l2_norm", {"X": [tmp_res_elesub]}, batch_sqrerr, lambda d: (d * d).sum().reshape(1))
    accumulate(batch_sqrerr, local_sqrerr)
    append("l1_norm", {"X": [tmp_res_elesub]}, batch_abserr, lambda d: d.abs().sum().reshape(1))
    accumulate(batch_abserr, local_abserr)
    append("reduce_sum", {"X": [input]}, batch_prob, lambda x: x.sum().reshape(1), {"reduce_all": True})
    accumulate(batch_prob, local_prob)
    append("sigmoid", {"X": [input]}, tmp_res_sigmoid, torch.sigmoid)
    append("reduce_sum", {"X": [tmp_res_sigmoid]}, batch_q, lambda x: x.sum().reshape(1), {"reduce_all": True})
    append("reduce_sum", {"X": [label]}, batch_pos_num,
           lambda x: x.sum().reshape(1).to(label_dtype), {"reduce_all": True})
    accumulate(batch_pos_num, local_pos_num)
    append("fill_constant_batch_size_like", {"Input": [label]}, tmp_ones,
           lambda x: torch.ones(x.shape[0], 1), {"shape": [-1, 1], "dtype": 5, "value": 1.0})
    append("reduce_sum", {"X": [tmp_ones]}, batch_ins_num, lambda x: x.sum().reshape(1), {"reduce_all": True})
    append("slice", {"Input": [ins_tag_weight], "StartsTensor": [], "EndsTensor": [], "StartsTensorList": [],
                     "EndsTensorList": []}, ins_tag_weight, lambda w: w[0:1],
           {"axes": [0], "starts": [0], "ends": [1]})
    append("elementwise_mul", {"X": [batch_ins_num], "Y": [ins_tag_weight]}, batch_ins_num,
           lambda n, w: n * w.to(n.dtype), {"axis": 0})
    accumulate(batch_ins_num, local_ins_num)
    append("elementwise_mul", {"X": [batch_q], "Y": [ins_tag_weight]}, batch_q, lambda q, w: q * w.to(q.dtype),
           {"axis": 0})
    accumulate(batch_q, local_q)
    for var in (batch_q, local_q, batch_ins_num, local_ins_num):
        info = _prog._info(var._t)
        fake = _prog._make_fake(weighted, torch.float32)
        fake.__dict__["_pdv"] = info
        var._t = fake
    main.program._version += 1
    return local_sqrerr, local_abserr, local_prob, local_q, local_pos_num, local_ins_num


ctr_metric_bundle.__module__ = "paddle.static.nn.metric"
