"""paddle.incubate scenarios run by both interpreters (record_goldens.py with real Paddle, test_incubate_goldens.py
with ours): LookAhead / ModelAverage training trajectories, incubate.autograd, identity_loss. Pure numpy + the
given paddle module."""

import numpy as np

SCENARIOS = {}
APIS = {}


def scenario(*apis):
    def register(fn):
        SCENARIOS[fn.__name__] = fn
        APIS[fn.__name__] = apis
        return fn
    return register


def _data(seed, shape):
    return np.random.RandomState(seed).uniform(-1, 1, size=shape).astype("float32")


def _linear(paddle, seed):
    with paddle.utils.unique_name.guard():
        layer = paddle.nn.Linear(4, 3)
    layer.weight.set_value(paddle.to_tensor(_data(seed, (4, 3))))
    layer.bias.set_value(paddle.to_tensor(_data(seed + 1, (3,))))
    return layer


def _train(paddle, layer, opt, steps, use_minimize=False):
    trace = []
    for i in range(steps):
        x = paddle.to_tensor(_data(100 + i, (5, 4)))
        loss = (layer(x) ** 2).mean()
        loss.backward()
        if use_minimize:
            opt.minimize(loss)
        else:
            opt.step()
        opt.clear_grad()
        trace.append([float(loss), layer.weight.numpy().tolist(), layer.bias.numpy().tolist()])
    return trace


@scenario("paddle.incubate.LookAhead")
def lookahead_sgd(paddle):
    layer = _linear(paddle, 1)
    inner = paddle.optimizer.SGD(learning_rate=0.1, parameters=layer.parameters())
    opt = paddle.incubate.LookAhead(inner, alpha=0.3, k=3)
    return {"trace": _train(paddle, layer, opt, 8)}


@scenario("paddle.incubate.LookAhead", "paddle.incubate.optimizer.LookAhead")
def lookahead_adam_minimize(paddle):
    layer = _linear(paddle, 3)
    inner = paddle.optimizer.Adam(learning_rate=0.05, parameters=layer.parameters())
    opt = paddle.incubate.optimizer.LookAhead(inner, alpha=0.5, k=2)
    return {"trace": _train(paddle, layer, opt, 5, use_minimize=True)}


@scenario("paddle.incubate.LookAhead")
def lookahead_errors(paddle):
    layer = _linear(paddle, 5)
    inner = paddle.optimizer.SGD(learning_rate=0.1, parameters=layer.parameters())
    out = {}
    for key, kwargs in {"alpha": {"alpha": 1.5}, "k_zero": {"k": 0}, "k_float": {"k": 2.0}}.items():
        try:
            paddle.incubate.LookAhead(inner, **kwargs)
            out[key] = "ok"
        except Exception as e:  # noqa: BLE001 - the exception type is the result
            out[key] = type(e).__name__
    return out


@scenario("paddle.incubate.ModelAverage")
def model_average(paddle):
    layer = _linear(paddle, 7)
    sgd = paddle.optimizer.SGD(learning_rate=0.2, parameters=layer.parameters())
    avg = paddle.incubate.ModelAverage(0.5, parameters=layer.parameters(), min_average_window=2,
                                       max_average_window=4)
    trace = []
    for i in range(9):
        x = paddle.to_tensor(_data(200 + i, (5, 4)))
        loss = (layer(x) ** 2).mean()
        loss.backward()
        sgd.step()
        avg.step()
        sgd.clear_grad()
        with avg.apply(need_restore=True):
            averaged = [layer.weight.numpy().tolist(), layer.bias.numpy().tolist()]
        trace.append([averaged, layer.weight.numpy().tolist()])
    with avg.apply(need_restore=False):
        pass
    kept = layer.weight.numpy().tolist()
    avg.restore()
    return {"trace": trace, "kept": kept, "restored": layer.weight.numpy().tolist()}


@scenario("paddle.incubate.ModelAverage", "paddle.incubate.optimizer.ModelAverage")
def model_average_minimize(paddle):
    layer = _linear(paddle, 9)
    sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=layer.parameters())
    avg = paddle.incubate.optimizer.ModelAverage(0.3, parameters=layer.parameters(), min_average_window=1,
                                                 max_average_window=3)
    for i in range(6):
        loss = (layer(paddle.to_tensor(_data(300 + i, (5, 4)))) ** 2).mean()
        loss.backward()
        sgd.minimize(loss)
        avg.minimize(loss)
        sgd.clear_grad()
    with avg.apply():
        averaged = layer.bias.numpy().tolist()
    return {"averaged": averaged, "after": layer.bias.numpy().tolist()}


def _mat(seed):
    return _data(seed, (2, 2))


@scenario("paddle.incubate.autograd.vjp", "paddle.incubate.autograd.jvp")
def vjp_jvp(paddle):
    A = paddle.incubate.autograd
    x, y = paddle.to_tensor(_mat(11)), paddle.to_tensor(_mat(12))
    v = paddle.to_tensor(_mat(13))
    return {"vjp": A.vjp(lambda a: paddle.matmul(a, a), x), "vjp_v": A.vjp(lambda a, b: a * paddle.sin(b), [x, y], v),
            "jvp": A.jvp(lambda a: paddle.matmul(a, a), x, v), "jvp_many": A.jvp(lambda a, b: [a * b, a + b], [x, y]),
            "vjp_tanh": A.vjp(paddle.tanh, x, v)}


@scenario("paddle.incubate.autograd.Jacobian", "paddle.incubate.autograd.Hessian")
def jacobian_hessian(paddle):
    A = paddle.incubate.autograd
    x, y = paddle.to_tensor(_mat(14)), paddle.to_tensor(_mat(15))
    J = A.Jacobian(lambda a, b: paddle.matmul(a, b), [x, y])
    J1 = A.Jacobian(lambda a: paddle.tanh(a), x)
    Jb = A.Jacobian(lambda a: a * a, x, is_batched=True)
    H = A.Hessian(lambda a: paddle.sum(a * a * a), x)
    H2 = A.Hessian(lambda a, b: paddle.sum(a * b * b), [x, y])
    return {"J": J[:], "J_shape": list(J.shape), "J_row": J[1], "J_slice": J[:, 2:5], "J1": J1[:],
            "Jb": Jb[:], "Jb_shape": list(Jb.shape), "H": H[:], "H2": H2[:], "H2_shape": list(H2.shape)}


@scenario("paddle.incubate.autograd.Jacobian", "paddle.incubate.autograd.Hessian", "paddle.autograd.jacobian",
          "paddle.autograd.hessian")
def batched_derivatives(paddle):
    """Batched Jacobians/Hessians of functions that couple the samples (Paddle differentiates the batch-summed
    output), and the Jacobian objects of paddle.autograd used as Tensors."""
    A = paddle.incubate.autograd
    x = paddle.to_tensor(_data(16, (3, 2)))
    x.stop_gradient = False
    coupled = A.Jacobian(lambda a: paddle.tanh(a) * a.sum(), x, is_batched=True)
    hess = A.Hessian(lambda a: (a ** 3).sum(axis=1, keepdim=True) * a.mean(), x, is_batched=True)
    hess_plain = A.Hessian(lambda a: (a ** 3).sum(axis=1, keepdim=True), x, is_batched=True)
    j = paddle.autograd.jacobian(paddle.sin(x) * x.sum(), x, batch_axis=0)
    h = paddle.autograd.hessian((x ** 3).sum(axis=1), x, batch_axis=0)
    return {"coupled": coupled[:], "hess": hess[:], "hess_shape": list(hess.shape), "hess_plain": hess_plain[:],
            "j_sum": j.sum(), "j_plus": j + 1.0, "j_numpy_shape": list(j.numpy().shape), "h_mul": h * 2.0,
            "h_shape": list(h.shape)}


@scenario("paddle.incubate.autograd.enable_prim", "paddle.incubate.autograd.disable_prim",
          "paddle.incubate.autograd.prim_enabled", "paddle.incubate.autograd.forward_grad",
          "paddle.incubate.autograd.grad", "paddle.incubate.autograd.prim2orig")
def prim_in_dygraph(paddle):
    A = paddle.incubate.autograd
    out = {}
    for name, call in {"enable_prim": A.enable_prim, "disable_prim": A.disable_prim, "prim_enabled": A.prim_enabled,
                       "forward_grad": lambda: A.forward_grad(None, None), "grad": lambda: A.grad(None, None),
                       "prim2orig": A.prim2orig}.items():
        try:
            call()
            out[name] = "ok"
        except Exception as e:  # noqa: BLE001
            out[name] = type(e).__name__
    return out


@scenario("paddle.incubate.identity_loss")
def identity_loss(paddle):
    x = paddle.to_tensor(_data(16, (3, 4)), stop_gradient=False)
    outs = {}
    for key, reduction in {"sum": "sum", "mean": "mean", "none": "none", "int0": 0, "int1": 1, "int2": 2,
                           "upper": "MEAN"}.items():
        outs[key] = paddle.incubate.identity_loss(x, reduction)
    outs["sum"].backward()
    outs["grad"] = x.grad.numpy().tolist()  # x.grad.stop_gradient differs in the core (reported), not here
    try:
        paddle.incubate.identity_loss(x, "avg")
        outs["bad"] = "ok"
    except Exception as e:  # noqa: BLE001
        outs["bad"] = type(e).__name__
    return outs


@scenario("paddle.incubate.nn.FusedLinear", "paddle.incubate.nn.FusedBiasDropoutResidualLayerNorm",
          "paddle.incubate.nn.FusedFeedForward", "paddle.incubate.nn.FusedMultiHeadAttention",
          "paddle.incubate.nn.FusedTransformerEncoderLayer", "paddle.incubate.nn.FusedDropoutAdd",
          "paddle.incubate.nn.FusedDropout")
def fused_layer_structure(paddle):
    N = paddle.incubate.nn
    out = {}
    with paddle.utils.unique_name.guard():
        layers = {"linear": N.FusedLinear(4, 3), "linear_t": N.FusedLinear(4, 3, transpose_weight=True),
                  "bdrln": N.FusedBiasDropoutResidualLayerNorm(8), "ffn": N.FusedFeedForward(8, 16),
                  "ffn_pre": N.FusedFeedForward(8, 16, normalize_before=True, activation="gelu"),
                  "mha": N.FusedMultiHeadAttention(8, 2), "mha_pre": N.FusedMultiHeadAttention(8, 2,
                                                                                             normalize_before=True),
                  "mha_t": N.FusedMultiHeadAttention(8, 2, transpose_qkv_wb=True),
                  "encoder": N.FusedTransformerEncoderLayer(8, 2, 16), "dropout_add": N.FusedDropoutAdd(0.2),
                  "dropout": N.FusedDropout(0.3, axis=1)}
    for key, layer in layers.items():
        try:
            out[key + "_repr"] = repr(layer)
        except Exception as e:  # noqa: BLE001
            out[key + "_repr"] = type(e).__name__
        out[key + "_params"] = [[n, p.shape, p.name, str(p.dtype)] for n, p in layer.named_parameters()]
        # random initialisers differ in their draws; constant ones (ones / zeros) must match
        out[key + "_init"] = [[n, float(p.numpy().std()) < 1e-12,
                               float(p.numpy().reshape(-1)[0]) if float(p.numpy().std()) < 1e-12 else None]
                              for n, p in layer.named_parameters()]
    return out
