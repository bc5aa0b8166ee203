"""paddle.nn.Layer's methods, the initializers, the containers and the Optimizer/GradScaler methods in small
scenarios run by both interpreters (record.py with real Paddle 2.6.2, test_layer_api.py with ours). Each scenario
builds its layers inside a fresh unique-name guard after paddle.seed(0), so parameter names and the random
initial values are Paddle's own."""

import numpy as np

from tests.golden_scenarios import registry

SCENARIOS, APIS, scenario = registry()



def _x(shape, seed=0):
    return np.random.RandomState(seed).uniform(-1, 1, size=shape).astype("float32")


def _net(paddle):
    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc1 = paddle.nn.Linear(3, 4)
            self.act = paddle.nn.ReLU()
            self.block = paddle.nn.Sequential(paddle.nn.Linear(4, 2), paddle.nn.BatchNorm1D(2))
            self.register_buffer("steps", paddle.to_tensor([0], dtype="int64"))
            self.register_buffer("scratch", paddle.zeros([2]), persistable=False)

        def forward(self, x):
            return self.block(self.act(self.fc1(x)))

    return Net()


def _names(items):
    return [name for name, _ in items]


@scenario("paddle.nn.Layer.named_parameters", "paddle.nn.Layer.parameters", "paddle.nn.Layer.named_buffers",
          "paddle.nn.Layer.buffers", "paddle.nn.Layer.named_children", "paddle.nn.Layer.children",
          "paddle.nn.Layer.named_sublayers", "paddle.nn.Layer.sublayers", "paddle.nn.Layer.full_name",
          "paddle.nn.Layer.state_dict", "paddle.nn.Layer.register_buffer", "paddle.nn.Layer.__init__")
def layer_tree(paddle):
    with paddle.utils.unique_name.guard():
        net = _net(paddle)
    return {
        "named_parameters": _names(net.named_parameters()),
        "parameter_names": [p.name for p in net.parameters()],
        "parameters_no_sub": [p.name for p in net.parameters(include_sublayers=False)],
        "named_buffers": _names(net.named_buffers()),
        "buffers": [list(b.shape) for b in net.buffers()],
        "named_children": _names(net.named_children()),
        "children": [type(c).__name__ for c in net.children()],
        "named_sublayers": _names(net.named_sublayers()),
        "named_sublayers_self": _names(net.named_sublayers(prefix="net", include_self=True)),
        "sublayers": [type(s).__name__ for s in net.sublayers()],
        "sublayers_self": [type(s).__name__ for s in net.sublayers(include_self=True)],
        "full_names": [net.full_name(), net.fc1.full_name(), net.block.full_name()],
        "state_dict": list(net.state_dict().keys()),
        "state_dict_structured": list(net.state_dict(structured_name_prefix="m.").keys()),
        # buffers made by to_tensor are named from a process-wide counter (generated_tensor_<n>), in Paddle too
        "state_dict_param_names": [v.name for k, v in net.state_dict().items() if k not in dict(net.named_buffers())],
        "fc1_weight": net.fc1.weight,
    }


@scenario("paddle.nn.Layer.__call__", "paddle.nn.Layer.forward", "paddle.nn.Layer.train", "paddle.nn.Layer.eval",
          "paddle.nn.Layer.register_forward_pre_hook", "paddle.nn.Layer.register_forward_post_hook",
          "paddle.nn.Layer.apply")
def layer_call_and_hooks(paddle):
    with paddle.utils.unique_name.guard():
        net = _net(paddle)
    x = paddle.to_tensor(_x([4, 3]))
    calls = []

    def pre(layer, inputs):
        calls.append(("pre", type(layer).__name__, len(inputs)))
        return (inputs[0] * 2,)

    def post(layer, inputs, output):
        calls.append(("post", type(layer).__name__))
        return output + 1

    h1 = net.register_forward_pre_hook(pre)
    h2 = net.register_forward_post_hook(post)
    hooked = net(x)
    h1.remove()
    h2.remove()
    plain = net(x)
    forward = net.forward(x)
    net.eval()
    flags = [net.training, net.block[1].training]
    evaluated = net(x)
    net.train()
    flags += [net.training, net.block[1].training]
    seen = []
    net.apply(lambda layer: seen.append(type(layer).__name__))
    return {"hooked": hooked, "plain": plain, "forward": forward, "calls": [list(c) for c in calls],
            "flags": flags, "eval": evaluated, "applied": seen}


@scenario("paddle.nn.Layer.add_parameter", "paddle.nn.Layer.add_sublayer", "paddle.nn.Layer.create_parameter",
          "paddle.nn.Layer.create_variable", "paddle.nn.Layer.create_tensor", "paddle.nn.Layer.__setattr__",
          "paddle.nn.Layer.__getattr__", "paddle.nn.Layer.__dir__", "paddle.nn.Layer.extra_repr",
          "paddle.nn.Layer.__repr__")
def layer_building(paddle):
    with paddle.utils.unique_name.guard():
        layer = paddle.nn.Layer()
        w = layer.create_parameter([2, 3])
        b = layer.create_parameter([3], is_bias=True)
        c = layer.create_parameter([2], attr=paddle.ParamAttr(name="my_c",
                                                                initializer=paddle.nn.initializer.Constant(0.5)))
        layer.add_parameter("w", w)
        layer.b = b
        layer.add_sublayer("fc", paddle.nn.Linear(2, 2))
        layer.inner = paddle.nn.Conv2D(1, 2, 3)
        var = layer.create_variable(name="v", dtype="float32")
        tensor = layer.create_tensor(dtype="float64")
    listing = dir(layer)
    return {
        "w": [w.name, list(w.shape), w.dtype == paddle.float32, bool(w.stop_gradient)], "b": [b.name, b],
        "c": [c.name, c], "params": _names(layer.named_parameters()), "children": _names(layer.named_children()),
        "getattr": [layer.w.name, type(layer.fc).__name__], "dir_has": ["w" in listing, "fc" in listing,
                                                                          "inner" in listing],
        "var": [var.name is not None, str(var.dtype)], "tensor": str(tensor.dtype),
        "extra_repr": [layer.inner.extra_repr(), layer.fc.extra_repr()],
        "repr": repr(layer),
    }


@scenario("paddle.nn.Layer.set_state_dict", "paddle.nn.Layer.set_dict", "paddle.nn.Layer.load_dict",
          "paddle.nn.Layer.to_static_state_dict", "paddle.nn.Layer.register_state_dict_hook")
def layer_state_dict(paddle):
    with paddle.utils.unique_name.guard():
        source, target = _net(paddle), _net(paddle)
    state = source.state_dict()
    missing = target.set_state_dict(state)
    same = all(np.array_equal(a.numpy(), b.numpy()) for a, b in zip(target.parameters(), source.parameters()))
    with paddle.utils.unique_name.guard():
        second = _net(paddle)
    second.set_dict({k: v.numpy() * 0 for k, v in state.items()})
    third_state = {k: v for k, v in state.items() if "fc1" in k}
    with paddle.utils.unique_name.guard():
        third = _net(paddle)
    result = third.load_dict(third_state)
    seen = []

    def hook(state_dict):
        seen.append(len(state_dict))
        state_dict["extra"] = paddle.ones([1])

    source.register_state_dict_hook(hook)
    hooked = list(source.state_dict().keys())
    return {"set_result": [list(m) for m in missing] if missing is not None else None, "copied": same,
            "zeroed": float(sum(p.abs().sum() for p in second.parameters())),
            "partial": [list(m) for m in result] if result is not None else None,
            "static_keys": list(source.to_static_state_dict().keys()), "hook_keys": hooked, "hook_seen": seen}


@scenario("paddle.nn.Layer.to", "paddle.nn.Layer.astype", "paddle.nn.Layer.float", "paddle.nn.Layer.float16",
          "paddle.nn.Layer.bfloat16")
def layer_dtypes(paddle):
    out = {}
    for how in ("to_float64", "astype_float64", "float", "float16", "bfloat16"):
        with paddle.utils.unique_name.guard():
            net = _net(paddle)
        if how == "to_float64":
            net.to(dtype="float64")
        elif how == "astype_float64":
            net.astype("float64")
        elif how == "float":
            net.astype("float64")
            net.float()
        else:
            getattr(net, how)()
        out[how] = [str(p.dtype) for p in net.parameters()] + [str(b.dtype) for b in net.buffers()]
    return out


@scenario("paddle.nn.initializer.Constant", "paddle.nn.initializer.Normal", "paddle.nn.initializer.TruncatedNormal",
          "paddle.nn.initializer.Uniform", "paddle.nn.initializer.XavierNormal",
          "paddle.nn.initializer.XavierUniform", "paddle.nn.initializer.KaimingNormal",
          "paddle.nn.initializer.KaimingUniform", "paddle.nn.initializer.Assign", "paddle.nn.initializer.Dirac",
          "paddle.nn.initializer.Bilinear")
def initializers(paddle):
    init = paddle.nn.initializer
    makers = {
        "constant": init.Constant(0.25), "normal": init.Normal(0.5, 2.0), "truncated": init.TruncatedNormal(0.0, 1.0),
        "uniform": init.Uniform(-0.3, 0.7), "xavier_normal": init.XavierNormal(),
        "xavier_uniform": init.XavierUniform(), "kaiming_normal": init.KaimingNormal(),
        "kaiming_uniform": init.KaimingUniform(), "assign": init.Assign(_x([4, 3], 5)),
    }
    out = {}
    for name, initializer in makers.items():
        with paddle.utils.unique_name.guard():
            layer = paddle.nn.Linear(4, 3, weight_attr=paddle.ParamAttr(initializer=initializer))
        out[name] = layer.weight
    with paddle.utils.unique_name.guard():
        conv = paddle.nn.Conv2D(2, 2, 3, weight_attr=paddle.ParamAttr(initializer=init.Dirac()), bias_attr=False)
        up = paddle.nn.Conv2DTranspose(2, 2, 4, stride=2, weight_attr=paddle.ParamAttr(initializer=init.Bilinear()),
                                       bias_attr=False)
    out["dirac"] = conv.weight
    out["bilinear"] = up.weight
    return out


@scenario("paddle.nn.initializer.calculate_gain", "paddle.nn.initializer.set_global_initializer")
def initializer_helpers(paddle):
    init = paddle.nn.initializer
    gains = {n: init.calculate_gain(n) for n in ("sigmoid", "linear", "conv2d", "tanh", "relu", "selu")}
    gains["leaky_relu"] = init.calculate_gain("leaky_relu", 0.2)
    init.set_global_initializer(init.Constant(0.5), init.Constant(-1.0))
    try:
        with paddle.utils.unique_name.guard():
            layer = paddle.nn.Linear(2, 2)
    finally:
        init.set_global_initializer(None)
    with paddle.utils.unique_name.guard():
        after = paddle.nn.Linear(2, 2)
    return {"gains": gains, "global_w": layer.weight, "global_b": layer.bias, "reset_b": after.bias}


@scenario("paddle.nn.LayerList", "paddle.nn.LayerDict", "paddle.nn.ParameterList")
def containers(paddle):
    with paddle.utils.unique_name.guard():
        layers = paddle.nn.LayerList([paddle.nn.Linear(2, 2) for _ in range(2)])
        layers.append(paddle.nn.ReLU())
        layers.insert(0, paddle.nn.Tanh())
        layers.extend([paddle.nn.Sigmoid()])
        named = paddle.nn.LayerDict({"a": paddle.nn.Linear(2, 3), "b": paddle.nn.ReLU()})
        named["c"] = paddle.nn.Linear(3, 1)
        popped = named.pop("b")
        named.update({"d": paddle.nn.Tanh()})
        plist = paddle.nn.ParameterList([paddle.create_parameter([2], "float32") for _ in range(2)])
        plist.append(paddle.create_parameter([3], "float32"))
    return {"list": [type(m).__name__ for m in layers], "list_len": len(layers), "list_slice": len(layers[1:3]),
            "list_params": _names(layers.named_parameters()), "dict_keys": list(named.keys()),
            "dict_popped": type(popped).__name__, "dict_params": _names(named.named_parameters()),
            "plist": [[p.name, list(p.shape)] for p in plist], "plist_named": _names(plist.named_parameters())}


@scenario("paddle.nn.TransformerEncoder", "paddle.nn.TransformerDecoder")
def transformer_stacks(paddle):
    with paddle.utils.unique_name.guard():
        enc_layer = paddle.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0)
        encoder = paddle.nn.TransformerEncoder(enc_layer, 2, norm=paddle.nn.LayerNorm(8))
        dec_layer = paddle.nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0)
        decoder = paddle.nn.TransformerDecoder(dec_layer, 2)
    src, tgt = paddle.to_tensor(_x([2, 3, 8], 1)), paddle.to_tensor(_x([2, 4, 8], 2))
    memory = encoder(src)
    out = decoder(tgt, memory)
    return {"memory": memory, "out": out, "enc_params": _names(encoder.named_parameters())[:6],
            "dec_params": len(list(decoder.parameters())),
            "layers_distinct": encoder.layers[0] is not encoder.layers[1]}


@scenario("paddle.nn.RNN", "paddle.nn.BiRNN", "paddle.nn.RNNCellBase")
def rnn_wrappers(paddle):
    with paddle.utils.unique_name.guard():
        rnn = paddle.nn.RNN(paddle.nn.GRUCell(3, 4))
        # cells of one kind: Paddle 2.6.2 gives the backward cell cell_fw's initial states (mappings/nn_layers.toml)
        birnn = paddle.nn.BiRNN(paddle.nn.LSTMCell(3, 2), paddle.nn.LSTMCell(3, 2))
    x = paddle.to_tensor(_x([2, 5, 3], 3))
    out, state = rnn(x)
    lengths = paddle.to_tensor([5, 3], dtype="int64")
    bout, (fwd, bwd) = birnn(x, sequence_length=lengths)
    cell = rnn.cell
    initial = cell.get_initial_states(x, shape=[4])
    return {"out": out, "state": state, "bout": bout, "fwd": fwd, "bwd": list(bwd),
            "initial": initial, "state_shape": list(cell.state_shape),
            "is_base": isinstance(cell, paddle.nn.RNNCellBase)}


@scenario("paddle.nn.MaxUnPool1D", "paddle.nn.MaxUnPool2D", "paddle.nn.MaxUnPool3D")
def max_unpool_layers(paddle):
    out = {}
    for nd, shape in ((1, [1, 2, 8]), (2, [1, 2, 4, 4]), (3, [1, 1, 4, 4, 4])):
        x = paddle.to_tensor(_x(shape, 10 + nd))
        pooled, indices = getattr(paddle.nn.functional, f"max_pool{nd}d")(x, 2, return_mask=True)
        unpool = getattr(paddle.nn, f"MaxUnPool{nd}D")(2)
        out[f"{nd}d"] = unpool(pooled, indices)
    return out


@scenario("paddle.optimizer.Optimizer.get_lr", "paddle.optimizer.Optimizer.set_lr",
          "paddle.optimizer.Optimizer.set_lr_scheduler", "paddle.optimizer.Optimizer.step",
          "paddle.optimizer.Optimizer.clear_grad", "paddle.optimizer.Optimizer.backward",
          "paddle.optimizer.Optimizer.apply_gradients")
def optimizer_methods(paddle):
    with paddle.utils.unique_name.guard():
        layer = paddle.nn.Linear(3, 2)
    x = paddle.to_tensor(_x([4, 3], 4))
    opt = paddle.optimizer.Momentum(0.1, parameters=layer.parameters(), weight_decay=0.01)
    lrs = [opt.get_lr()]
    opt.set_lr(0.05)
    lrs.append(opt.get_lr())
    loss = (layer(x) ** 2).mean()
    loss.backward()
    opt.step()
    grads_before = [p.grad is not None for p in layer.parameters()]
    opt.clear_grad()
    grads_after = [p.grad is None or float(p.grad.abs().sum()) == 0.0 for p in layer.parameters()]
    opt.clear_grad(set_to_zero=False)
    grads_none = [p.grad is None for p in layer.parameters()]
    loss = (layer(x) ** 2).mean()
    params_grads = opt.backward(loss)
    opt.apply_gradients(params_grads)
    scheduler = paddle.optimizer.lr.StepDecay(0.2, step_size=1, gamma=0.5)
    opt.set_lr_scheduler(scheduler)
    lrs.append(opt.get_lr())
    scheduler.step()
    lrs.append(opt.get_lr())
    return {"lrs": lrs, "grads_before": grads_before, "grads_after": grads_after, "grads_none": grads_none,
            "pairs": [p.name for p, _ in params_grads], "weight": layer.weight, "bias": layer.bias}


def _outcome(fn):
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the exception class is the outcome
        return "!" + type(e).__name__
    return value.tolist() if hasattr(value, "tolist") and not hasattr(value, "stop_gradient") else value


@scenario("paddle.amp.GradScaler.__init__", "paddle.amp.GradScaler.is_enable",
          "paddle.amp.GradScaler.is_use_dynamic_loss_scaling", "paddle.amp.GradScaler.get_init_loss_scaling",
          "paddle.amp.GradScaler.set_init_loss_scaling", "paddle.amp.GradScaler.get_incr_ratio",
          "paddle.amp.GradScaler.set_incr_ratio", "paddle.amp.GradScaler.get_decr_ratio",
          "paddle.amp.GradScaler.set_decr_ratio", "paddle.amp.GradScaler.get_incr_every_n_steps",
          "paddle.amp.GradScaler.set_incr_every_n_steps", "paddle.amp.GradScaler.get_decr_every_n_nan_or_inf",
          "paddle.amp.GradScaler.set_decr_every_n_nan_or_inf", "paddle.amp.GradScaler.state_dict",
          "paddle.amp.GradScaler.load_state_dict", "paddle.amp.GradScaler.scale", "paddle.amp.GradScaler.minimize",
          "paddle.amp.GradScaler.step", "paddle.amp.GradScaler.update", "paddle.amp.GradScaler.unscale_")
def grad_scaler(paddle):
    """On CPU Paddle's GradScaler is disabled (a warning): what each method then answers or raises."""
    scaler = paddle.amp.GradScaler(init_loss_scaling=1024, incr_every_n_steps=2, decr_every_n_nan_or_inf=1)
    info = {}
    for name in ("is_enable", "is_use_dynamic_loss_scaling", "get_init_loss_scaling", "get_incr_ratio",
                 "get_decr_ratio", "get_incr_every_n_steps", "get_decr_every_n_nan_or_inf", "state_dict"):
        info[name] = _outcome(getattr(scaler, name))
    for name, value in (("set_init_loss_scaling", 512.0), ("set_incr_ratio", 3.0), ("set_decr_ratio", 0.25),
                        ("set_incr_every_n_steps", 3), ("set_decr_every_n_nan_or_inf", 2)):
        info[name] = _outcome(lambda name=name, value=value: getattr(scaler, name)(value))
    info["after_set"] = [_outcome(scaler.get_init_loss_scaling), _outcome(scaler.get_incr_ratio)]
    other = paddle.amp.GradScaler()
    info["load_state_dict"] = _outcome(lambda: other.load_state_dict({"scale": np.array([8.0], "float32")}))
    with paddle.utils.unique_name.guard():
        layer = paddle.nn.Linear(3, 2)
    x = paddle.to_tensor(_x([4, 3], 6))
    opt = paddle.optimizer.SGD(0.1, parameters=layer.parameters())
    scaled = scaler.scale((layer(x) ** 2).mean())
    scaled.backward()
    info["unscale_"] = _outcome(lambda: scaler.unscale_(opt))
    info["step"] = _outcome(lambda: scaler.step(opt))
    info["update"] = _outcome(scaler.update)
    opt.clear_grad()
    scaled2 = scaler.scale((layer(x) ** 2).mean())
    scaled2.backward()
    info["minimize"] = _outcome(lambda: scaler.minimize(opt, scaled2))
    info["scaled"] = [scaled, scaled2]
    info["weight"] = layer.weight
    return info
