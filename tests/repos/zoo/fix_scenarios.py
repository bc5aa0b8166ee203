"""Scenarios behind the paddle-compat fixes the model-zoo sweep found (docs/zoo.md). Each returns plain data;
``record_fixes.py`` runs them under real Paddle 2.6.2 and stores the results, tests/nn/test_zoo_fixes.py replays
them here."""


def _outcome(fn):
    try:
        return {"value": fn()}
    except Exception as error:  # the exception type is part of the behaviour
        return {"raises": type(error).__name__}


def create_parameter_attr_kinds():
    """paddle.create_parameter in dygraph takes whatever ParamAttr._to_attr takes (PaddleSeg's MSCAN passes
    attr=Assign(...))."""
    import paddle
    from paddle.nn.initializer import Assign, Constant

    def make(attr):
        def run():
            with paddle.utils.unique_name.guard():
                p = paddle.create_parameter([2, 1, 1], "float32", attr=attr)
            return None if p is None else {"name": p.name, "values": p.numpy().ravel().tolist(),
                                           "stop_gradient": p.stop_gradient}
        return run

    init = paddle.full([2, 1, 1], 0.01, "float32")
    return {"assign": _outcome(make(Assign(init))), "constant": _outcome(make(Constant(3.0))),
            "name": _outcome(lambda: make("zoo_param")()["name"]), "false": _outcome(make(False)),
            "int": _outcome(make(123))["raises"] if "raises" in _outcome(make(123)) else "no error"}


def param_attr_unchecked_in_dygraph():
    """ParamAttr's type checks run only in static mode (PaddleSeg's UNet3Plus passes the KaimingNormal class)."""
    import paddle

    def conv_with_class_initializer():
        with paddle.utils.unique_name.guard():
            attr = paddle.ParamAttr(initializer=paddle.nn.initializer.KaimingNormal)
            layer = paddle.nn.Conv2D(2, 3, 3, weight_attr=attr)
        return {"shape": layer.weight.shape, "dtype": str(layer.weight.dtype)}

    def linear_with_int_initializer():
        paddle.nn.Linear(2, 3, weight_attr=paddle.ParamAttr(initializer=5))

    def static_name_int():
        paddle.enable_static()
        try:
            paddle.ParamAttr(name=5)
        finally:
            paddle.disable_static()

    return {"class_initializer": _outcome(conv_with_class_initializer),
            "int_name": _outcome(lambda: paddle.ParamAttr(name=5).name),
            "int_initializer": _outcome(linear_with_int_initializer),
            "static_int_name": _outcome(static_name_int)}


SCENARIOS = {"create_parameter_attr_kinds": create_parameter_attr_kinds,
             "param_attr_unchecked_in_dygraph": param_attr_unchecked_in_dygraph}


def conv_kernel_past_input():
    """A conv whose kernel exceeds the padded input by less than the stride still gives one output position,
    computed as if zeros followed the input (PaddleClas' InceptionV3/V4 at 64x64)."""
    import numpy as np
    import paddle
    import paddle.nn.functional as F

    rng = np.random.default_rng(7)

    def run(x_shape, w_shape, **kwargs):
        x = paddle.to_tensor(rng.standard_normal(x_shape).astype("float32"))
        w = paddle.to_tensor(rng.standard_normal(w_shape).astype("float32"))
        b = paddle.to_tensor(rng.standard_normal(w_shape[:1]).astype("float32"))
        conv = {4: F.conv2d, 5: F.conv3d, 3: F.conv1d}[len(x_shape)]
        y = conv(x, w, b, **kwargs)
        return {"shape": y.shape, "values": [round(float(v), 5) for v in y.numpy().ravel()[:12]]}

    return {"2x2_k3_s2": _outcome(lambda: run((1, 2, 2, 2), (3, 2, 3, 3), stride=2)),
            "groups_pad": _outcome(lambda: run((2, 4, 3, 2), (4, 2, 3, 3), stride=[3, 2], padding=[0, 0], groups=2)),
            "conv1d": _outcome(lambda: run((1, 2, 4), (3, 2, 5), stride=2)),
            "conv3d": _outcome(lambda: run((1, 1, 2, 3, 3), (2, 1, 3, 3, 3), stride=2, padding=[0, 0, 0]))}


SCENARIOS["conv_kernel_past_input"] = conv_kernel_past_input


def clip_norm_long_gradients():
    """Global-norm and per-tensor norm clipping of a 4M-element float32 gradient scale by 1/norm to float32
    accuracy (~1e-7), as Paddle's squared_l2_norm; torch's one-tensor CPU norm was 1.5e-4 off here (PaddleClas'
    VGG13/16: the clipped SGD step moved by 2.6e-3). Compared with relative tolerance (APPROX)."""
    import numpy as np
    import paddle

    rng = np.random.default_rng(11)
    long = rng.standard_normal(1 << 22).astype("float32")
    short = rng.standard_normal((3, 5)).astype("float32")
    grads = [paddle.to_tensor(long), paddle.to_tensor(short)]
    params = [paddle.create_parameter(list(g.shape), "float32") for g in grads]
    picks = np.flatnonzero(np.abs(long[:4096]) > 0.5)[:8]

    def scale(clipped, i=0, source=long):
        return [float(v) for v in np.asarray(clipped.numpy()).ravel()[picks].astype("float64") / source[picks]]

    glob = paddle.nn.ClipGradByGlobalNorm(1.0)(list(zip(params, grads)))
    each = paddle.nn.ClipGradByNorm(1.0)(list(zip(params, grads)))
    single = paddle.nn.clip.clip_by_norm(grads[0], 1.0)
    return {"global": scale(glob[0][1]), "global_short": [float(v) for v in glob[1][1].numpy().ravel()[:4]],
            "by_norm": scale(each[0][1]), "clip_by_norm": scale(single)}


SCENARIOS["clip_norm_long_gradients"] = clip_norm_long_gradients
APPROX = {"clip_norm_long_gradients": 1e-6}  # float results compared with this relative tolerance
