"""Quantization scenarios run by both the recorder (real Paddle 2.6.2) and the tests (paddle-compat).

Each returns a JSON-able dict; numbers are lists of floats. The same code runs on both sides."""

import numpy as np


def _model(paddle, with_stub=True):
    nn = paddle.nn

    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.stub = nn.quant.Stub() if with_stub else None
            self.conv = nn.Conv2D(1, 2, 3, padding=1)
            self.relu = nn.ReLU()
            self.pool = nn.AvgPool2D(2)
            self.fc = nn.Linear(2 * 3 * 3, 3)

        def forward(self, x):
            if self.stub is not None:
                x = self.stub(x)
            x = self.pool(self.relu(self.conv(x)))
            return self.fc(paddle.flatten(x, 1))

    rs = np.random.RandomState(0)
    net = Net()
    net.conv.weight.set_value(rs.uniform(-1, 1, (2, 1, 3, 3)).astype("float32"))
    net.conv.bias.set_value(rs.uniform(-0.5, 0.5, (2,)).astype("float32"))
    net.fc.weight.set_value(rs.uniform(-1, 1, (18, 3)).astype("float32"))
    net.fc.bias.set_value(rs.uniform(-0.5, 0.5, (3,)).astype("float32"))
    return net


def _inputs(step):
    rs = np.random.RandomState(100 + step)
    return rs.uniform(-3, 3, (4, 1, 6, 6)).astype("float32")


def _quanter_states(paddle, model):
    out = {}
    for name, p in model.named_parameters():
        if "quant_dequant" in p.name or name.endswith(("_scale", "_state", "_accum", "_scales")):
            out[name] = [p.name, p.numpy().reshape(-1).tolist()]
    return out


def _names(model):
    return [[k, v.name, list(v.shape), str(v.dtype)] for k, v in model.state_dict().items()]


def qat_scenario(paddle):
    from paddle.quantization import QAT, QuantConfig
    from paddle.quantization.quanters import FakeQuanterWithAbsMaxObserver

    with paddle.utils.unique_name.guard():
        model = _model(paddle)
        quanter = FakeQuanterWithAbsMaxObserver(moving_rate=0.9)
        config = QuantConfig(activation=quanter, weight=quanter)
        qat = QAT(config)
        qmodel = qat.quantize(model, inplace=False)
        out = {"config_str": str(config), "qat_str": str(qat), "repr": repr(qmodel), "names": _names(qmodel),
               "original_repr": repr(model)}
        opt = paddle.optimizer.SGD(learning_rate=0.05, parameters=qmodel.parameters())
        steps = []
        for step in range(3):
            y = qmodel(paddle.to_tensor(_inputs(step)))
            loss = (y * y).mean()
            loss.backward()
            grad = qmodel.fc.weight.grad.numpy().reshape(-1).tolist()
            opt.step()
            opt.clear_grad()
            steps.append({"out": y.numpy().reshape(-1).tolist(), "loss": float(loss), "fc_weight_grad": grad,
                          "states": _quanter_states(paddle, qmodel),
                          "conv_weight": qmodel.conv.weight.numpy().reshape(-1).tolist()})
        out["steps"] = steps
        qmodel.eval()
        x = paddle.to_tensor(_inputs(7))
        out["eval_out"] = qmodel(x).numpy().reshape(-1).tolist()
        out["eval_states"] = _quanter_states(paddle, qmodel)
        converted = qat.convert(qmodel, inplace=False)
        out["converted_repr"] = repr(converted)
        out["converted_names"] = _names(converted)
        out["converted_out"] = converted(x).numpy().reshape(-1).tolist()
        out["converted_fc_weight"] = converted.fc.weight.numpy().reshape(-1).tolist()
        out["converted_conv_weight"] = converted.conv.weight.numpy().reshape(-1).tolist()
        remain = qat.convert(qmodel, inplace=False, remain_weight=True)
        out["remain_out"] = remain(x).numpy().reshape(-1).tolist()
        out["remain_fc_weight"] = remain.fc.weight.numpy().reshape(-1).tolist()
        out["remain_repr"] = repr(remain)
    return out


def ptq_scenario(paddle):
    from paddle.quantization import PTQ, QuantConfig
    from paddle.quantization.observers import AbsmaxObserver

    with paddle.utils.unique_name.guard():
        model = _model(paddle)
        model.eval()
        observer = AbsmaxObserver(quant_bits=8)
        config = QuantConfig(activation=observer, weight=observer)
        ptq = PTQ(config)
        qmodel = ptq.quantize(model, inplace=False)
        out = {"repr": repr(qmodel), "ptq_str": str(ptq), "names": _names(qmodel)}
        outs = []
        for step in range(3):
            outs.append(qmodel(paddle.to_tensor(_inputs(step))).numpy().reshape(-1).tolist())
        out["observe_outs"] = outs
        out["scales"] = {
            "stub": float(qmodel.stub._observer.scales()),
            "conv_act": float(qmodel.conv.activation_quanter.scales()),
            "conv_w": float(qmodel.conv.weight_quanter.scales()),
            "fc_act": float(qmodel.fc.activation_quanter.scales()),
            "fc_w": float(qmodel.fc.weight_quanter.scales()),
        }
        x = paddle.to_tensor(_inputs(7))
        converted = ptq.convert(qmodel, inplace=False)
        out["converted_repr"] = repr(converted)
        out["converted_names"] = _names(converted)
        out["converted_out"] = converted(x).numpy().reshape(-1).tolist()
        out["converted_fc_weight"] = converted.fc.weight.numpy().reshape(-1).tolist()
    return out


def config_scenario(paddle):
    from paddle.quantization import QAT, QuantConfig
    from paddle.quantization.observers import AbsmaxObserver
    from paddle.quantization.quanters import FakeQuanterWithAbsMaxObserver

    out = {}
    with paddle.utils.unique_name.guard():
        model = _model(paddle)
        q1 = FakeQuanterWithAbsMaxObserver(moving_rate=0.8, bit_length=4)
        q2 = FakeQuanterWithAbsMaxObserver(moving_rate=0.95, name="w")
        config = QuantConfig(activation=None, weight=None)
        config.add_type_config(paddle.nn.Conv2D, activation=q1, weight=q2)
        config.add_layer_config(model.fc, activation=None, weight=q2)
        out["str_before"] = str(config).replace(repr(paddle.nn.Conv2D), "<Conv2D>")
        qat = QAT(config)
        qmodel = qat.quantize(model, inplace=True)
        out["details"] = qat._config.details()
        out["repr"] = repr(qmodel)
        out["names"] = _names(qmodel)
        y = qmodel(paddle.to_tensor(_inputs(3)))
        out["out"] = y.numpy().reshape(-1).tolist()
        out["states"] = _quanter_states(paddle, qmodel)
        config2 = QuantConfig(activation=AbsmaxObserver(), weight=None)
        config2.add_name_config([model.conv.full_name()], activation=None, weight=None)
        out["config2"] = str(config2)
        out["factory_repr"] = [repr(q1), repr(q2), repr(AbsmaxObserver())]
    return out


def kernels_scenario(paddle):
    from paddle.nn.quant.format import LinearDequanter, LinearQuanter
    from paddle.quantization.quanters.abs_max import FakeQuanterWithAbsMaxObserverLayer

    out = {}
    q = FakeQuanterWithAbsMaxObserverLayer(None)
    xs = [np.array([127.0, -127.0, 0.5, 1.5, 2.5, -0.5, -2.5, 100.0, 63.0], "float32"),
          np.array([1.0, 2.0, -300.0, 0.001], "float32"),
          np.random.RandomState(5).uniform(-10, 10, 50).astype("float32")]
    seq = []
    for x in xs:
        t = paddle.to_tensor(x, stop_gradient=False)
        y = q(t)
        (y * paddle.arange(y.shape[0], dtype="float32")).sum().backward()
        seq.append([y.numpy().tolist(), t.grad.numpy().tolist(), float(q._scale), float(q._state), float(q._accum)])
    q.eval()
    seq.append([q(paddle.to_tensor(np.array([1000.0, -1000.0, 0.7, 3.0], "float32"))).numpy().tolist()])
    out["moving_average"] = seq
    for bits in (4, 8):
        q4 = FakeQuanterWithAbsMaxObserverLayer(None, bit_length=bits, moving_rate=0.5)
        out[f"bits{bits}"] = q4(paddle.to_tensor(xs[2])).numpy().tolist()
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 127.4, 200.0, -200.0, -127.6, 3.49, 0.0], "float32")
    for scale in (127.0, 6.5, 0.37):
        lq = LinearQuanter(np.array([scale], "float32"))
        ld = LinearDequanter(np.array([scale], "float32"))
        qx = lq(paddle.to_tensor(x))
        out[f"linear_{scale}"] = [qx.numpy().tolist(), ld(qx).numpy().tolist()]
    lq = LinearQuanter(paddle.to_tensor(6.5), bit_length=4)
    out["linear_0d_4bit"] = [list(lq._scales.shape), lq(paddle.to_tensor(x)).numpy().tolist()]
    out["reprs"] = [repr(q), repr(LinearQuanter(np.array([1.0], "float32")))]
    with paddle.utils.unique_name.guard():
        stub = paddle.nn.quant.QuantStub()
        seq = []
        for x in xs:
            y = stub(paddle.to_tensor(x))
            seq.append([y.numpy().tolist(), float(stub._scale), float(stub._state), float(stub._accum)])
        stub.eval()
        seq.append([stub(paddle.to_tensor(xs[0])).numpy().tolist(), float(stub._scale), float(stub._state)])
        out["quant_stub"] = seq
        out["quant_stub_names"] = [[k, v.name] for k, v in stub.state_dict().items()]
    return out


def custom_quanter_scenario(paddle):
    from paddle.quantization import QAT, QuantConfig

    from tests.quantization import custom_quanter

    factory = custom_quanter.CustomHalfQuanter(step=0.25)
    out = {"factory": repr(factory), "in_all": "CustomHalfQuanter" in dir(custom_quanter),
           "factory_type": type(factory).__name__}
    with paddle.utils.unique_name.guard():
        model = _model(paddle, with_stub=False)
        qat = QAT(QuantConfig(activation=factory, weight=factory))
        qmodel = qat.quantize(model, inplace=False)
        out["repr"] = repr(qmodel)
        x = paddle.to_tensor(_inputs(4))
        out["out"] = qmodel(x).numpy().reshape(-1).tolist()
        converted = qat.convert(qmodel, inplace=False)
        out["converted_repr"] = repr(converted)
        out["converted_out"] = converted(x).numpy().reshape(-1).tolist()
    return out


def groupwise_scenario(paddle):
    from paddle.quantization import PTQ, QuantConfig
    from paddle.quantization.observers import AbsmaxObserver, GroupWiseWeightObserver

    with paddle.utils.unique_name.guard():
        rs = np.random.RandomState(9)
        model = paddle.nn.Sequential(paddle.nn.Linear(128, 4))
        model[0].weight.set_value(rs.uniform(-1, 1, (128, 4)).astype("float32"))
        model.eval()
        ptq = PTQ(QuantConfig(activation=AbsmaxObserver(), weight=GroupWiseWeightObserver(group_size=64)))
        qmodel = ptq.quantize(model, inplace=False)
        x = paddle.to_tensor(rs.uniform(-1, 1, (2, 128)).astype("float32"))
        out = {"observed": qmodel(x).numpy().reshape(-1).tolist(), "repr": repr(qmodel)}
        wq = qmodel[0].weight_quanter
        out["scales"] = wq.scales().numpy().reshape(-1).tolist()
        out["scales_shape"] = list(wq.scales().shape)
        out["zero_points"] = wq.zero_points().numpy().reshape(-1).tolist()
        try:
            converted = ptq.convert(qmodel, inplace=False)
            out["converted"] = converted(x).numpy().reshape(-1).tolist()
        except Exception as e:  # noqa: BLE001
            out["convert_error"] = type(e).__name__
    return out


def legacy_layers_scenario(paddle):
    from paddle.nn.quant import quant_layers as ql

    out = {}
    xs = [np.random.RandomState(11 + i).uniform(-3, 3, (2, 1, 6, 6)).astype("float32") for i in range(3)]
    with paddle.utils.unique_name.guard():
        for wtype, atype in [("abs_max", "abs_max"), ("channel_wise_abs_max", "moving_average_abs_max"),
                             ("abs_max", "moving_average_abs_max")]:
            net = _model(paddle, with_stub=False)
            conv = ql.QuantizedConv2D(net.conv, weight_quantize_type=wtype, activation_quantize_type=atype)
            fc = ql.QuantizedLinear(net.fc, weight_quantize_type=wtype, activation_quantize_type=atype)
            key = f"{wtype}/{atype}"
            rec = {"repr": [repr(conv), repr(fc)], "names": [[k, v.name, list(v.shape)]
                                                              for k, v in conv.state_dict().items()]}
            steps = []
            for x in xs:
                t = paddle.to_tensor(x, stop_gradient=False)
                y = fc(paddle.flatten(paddle.nn.functional.avg_pool2d(paddle.nn.functional.relu(conv(t)), 2), 1))
                (y * y).sum().backward()
                steps.append({"out": y.numpy().reshape(-1).tolist(), "grad": t.grad.numpy().reshape(-1).tolist(),
                              "conv_w_grad": conv.weight.grad.numpy().reshape(-1).tolist(),
                              "scales": {k: v.numpy().reshape(-1).tolist() for k, v in conv.state_dict().items()
                                         if "weight" not in k and "bias" not in k}})
                conv.clear_gradients()
                fc.clear_gradients()
            conv.eval()
            rec["eval"] = conv(paddle.to_tensor(xs[0])).numpy().reshape(-1).tolist()
            rec["steps"] = steps
            out[key] = rec
        net = _model(paddle, with_stub=False)
        ma = ql.MAOutputScaleLayer(net.relu)
        fq = ql.FakeQuantMAOutputScaleLayer(net.conv)
        seq = []
        for x in xs:
            a = ma(paddle.to_tensor(x))
            b = fq(paddle.to_tensor(x))
            seq.append([a.numpy().reshape(-1).tolist()[:8], b.numpy().reshape(-1).tolist(),
                        float(ma._ma_output_scale._scale), float(fq._fake_quant_output._scale)])
        out["output_scale"] = seq
        out["output_scale_repr"] = [repr(ma), repr(fq)]
        fa = ql.FakeQuantAbsMax(quant_bits=4, quant_on_weight=True)
        t = paddle.to_tensor(xs[0].reshape(-1)[:20])
        out["abs_max_4bit"] = [fa(t).numpy().tolist(), float(fa._scale)]
    return out


def imperative_qat_scenario(paddle):
    from paddle.quantization import ImperativeQuantAware

    nn = paddle.nn

    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2D(1, 2, 3, padding=1)
            self.relu = nn.ReLU()
            self.pool = nn.AvgPool2D(2)
            self.fc = nn.Linear(18, 4)
            self.fc2 = nn.Linear(4, 3)
            self.fc2.skip_quant = True
            self.add = nn.quant.add()

        def forward(self, x):
            x = self.pool(self.relu(self.conv(x)))
            h = self.fc(paddle.flatten(x, 1))
            return self.fc2(self.add(h, h))

    out = {}
    for wtype in ("abs_max", "channel_wise_abs_max"):
        with paddle.utils.unique_name.guard():
            net = Net()
            rs = np.random.RandomState(1)
            for p in net.parameters():
                p.set_value(rs.uniform(-1, 1, p.shape).astype("float32"))
            iqa = ImperativeQuantAware(weight_quantize_type=wtype)
            model = iqa.quantize(net)
            rec = {"same": model is net, "repr": repr(model),
                   "names": [[k, v.name, list(v.shape)] for k, v in model.state_dict().items()]}
            opt = paddle.optimizer.SGD(learning_rate=0.05, parameters=model.parameters())
            steps = []
            for step in range(3):
                y = model(paddle.to_tensor(_inputs(step)))
                loss = (y * y).mean()
                loss.backward()
                opt.step()
                opt.clear_grad()
                steps.append({"out": y.numpy().reshape(-1).tolist(),
                              "state": {k: v.numpy().reshape(-1).tolist() for k, v in model.state_dict().items()}})
            rec["steps"] = steps
            model.eval()
            rec["eval"] = model(paddle.to_tensor(_inputs(9))).numpy().reshape(-1).tolist()
            out[wtype] = rec
    errors = {}
    for name, kwargs in [("weight_ma", {"weight_quantize_type": "moving_average_abs_max"}),
                         ("act_abs", {"activation_quantize_type": "abs_max"}), ("bits", {"weight_bits": 17}),
                         ("types", {"quantizable_layer_type": ["ReLU"]})]:
        try:
            ImperativeQuantAware(**kwargs)
            errors[name] = None
        except Exception as e:  # noqa: BLE001
            errors[name] = [type(e).__name__, str(e)]
    out["errors"] = errors
    return out


SCENARIOS = {"imperative_qat": imperative_qat_scenario, "legacy_layers": legacy_layers_scenario,
             "custom_quanter": custom_quanter_scenario,
             "groupwise": groupwise_scenario, "qat": qat_scenario,
             "ptq": ptq_scenario, "config": config_scenario, "kernels": kernels_scenario}
