"""``paddle.base`` scenarios shared by the oracle recorder (record_goldens.py --base) and test_base.py: each
returns a JSON-able dict of what it observed."""

import numpy as np


def dygraph_guard_from_static(paddle):
    import paddle.base as base

    paddle.enable_static()
    try:
        seen = {"before": [paddle.in_dynamic_mode(), base.dygraph.enabled(), base.in_dygraph_mode()]}
        with base.dygraph.guard():
            seen["inside"] = [paddle.in_dynamic_mode(), base.dygraph.enabled()]
            t = base.dygraph.to_variable(np.ones([2, 2], "float32"))
            seen["inside_tensor"] = [list(t.shape), float((t * 2).sum())]
            layer = paddle.nn.Linear(2, 3)
            seen["inside_param_name"] = layer.weight.name
        seen["after"] = [paddle.in_dynamic_mode(), base.dygraph.enabled()]
    finally:
        paddle.disable_static()
    base.disable_dygraph()
    seen["disable_dygraph"] = paddle.in_dynamic_mode()
    base.enable_dygraph()
    seen["enable_dygraph"] = paddle.in_dynamic_mode()
    return seen


def layer_helper_static(paddle):
    from paddle.base.layer_helper import LayerHelper

    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [2, 3], "float32")
            helper = LayerHelper("my_layer", act="relu")
            w = helper.create_parameter(attr=helper.param_attr, shape=[3, 4], dtype="float32",
                                        default_initializer=paddle.nn.initializer.Constant(0.5))
            tmp = helper.create_variable_for_type_inference("float32")
            helper.append_op(type="mul", inputs={"X": [x], "Y": [w]}, outputs={"Out": [tmp]},
                             attrs={"x_num_col_dims": 1, "y_num_col_dims": 1})
            out = helper.append_activation(tmp)
            gen = helper.create_variable(dtype="float32")
        seen = {"param": [w.name, list(w.shape)], "tmp": tmp.name, "out": [out.name, list(out.shape)],
                "generated": gen.name, "ops": [op.type for op in main.global_block().ops],
                "startup_ops": [op.type for op in startup.global_block().ops], "helper_name": helper.name}
        exe = paddle.static.Executor(paddle.CPUPlace())
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            feed = np.arange(6, dtype="float32").reshape(2, 3) - 2
            seen["value"] = exe.run(main, feed={"x": feed}, fetch_list=[out])[0].tolist()
    finally:
        paddle.disable_static()
    return seen


def layer_helper_dygraph(paddle):
    from paddle.base.layer_helper import LayerHelper

    with paddle.utils.unique_name.guard():
        helper = LayerHelper("my_layer", act="relu")
        w = helper.create_parameter(attr=helper.param_attr, shape=[3, 4], dtype="float32",
                                    default_initializer=paddle.nn.initializer.Constant(0.5))
        x = paddle.to_tensor(np.arange(6, dtype="float32").reshape(2, 3) - 2)
        tmp = helper.create_variable_for_type_inference("float32")
        helper.append_op(type="mul", inputs={"X": [x], "Y": [w]}, outputs={"Out": [tmp]},
                         attrs={"x_num_col_dims": 1, "y_num_col_dims": 1})
        out = helper.append_activation(tmp)
    return {"param": [w.name, list(w.shape), w.stop_gradient], "value": out.numpy().tolist(),
            "shape": list(out.shape), "tmp_shape": list(tmp.shape)}


def data_feeder(paddle):
    import paddle.base as base

    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            img = paddle.static.data("img", [-1, 2, 2], "float32")
            label = paddle.static.data("label", [-1, 1], "int64")
            feeder = base.DataFeeder([img, label], paddle.CPUPlace())
            fed = feeder.feed([(np.ones([2, 2]) * i, [i]) for i in range(3)])
        return {k: [list(np.array(v).shape), str(np.array(v).dtype), np.array(v).ravel().tolist()]
                for k, v in sorted(fed.items())}
    finally:
        paddle.disable_static()


def core_objects(paddle):
    import paddle.base as base

    scope = base.core.Scope()
    t = scope.var("w").get_tensor()
    t.set(np.arange(4, dtype="float32"), paddle.CPUPlace())
    found = scope.find_var("w")
    return {"value": np.array(found.get_tensor()).tolist(), "missing": scope.find_var("nope") is None,
            "tensor_is_lodtensor": base.core.Tensor is base.core.LoDTensor,
            "array_len": len(base.core.LoDTensorArray())}


SCENARIOS = {"dygraph_guard_from_static": dygraph_guard_from_static, "layer_helper_static": layer_helper_static,
             "layer_helper_dygraph": layer_helper_dygraph, "data_feeder": data_feeder,
             "core_objects": core_objects}
