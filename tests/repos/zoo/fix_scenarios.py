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
