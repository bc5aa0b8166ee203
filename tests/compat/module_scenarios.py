"""Semi-private modules model code imports (``paddle.base``, ``paddle.framework`` extras, ``paddle.common_ops_import``,
``paddle._C_ops``, ``paddle._legacy_C_ops``) and ``Tensor.block``: each scenario takes ``paddle`` and returns a
JSON-able dict; recorded on real Paddle 2.6.2 by ``record_goldens.py``, replayed by ``test_scenarios.py``."""

import re

import numpy as np


def _t(value):
    """A small description of an op result: tensors by shape/dtype/values, tuples element-wise."""
    import paddle

    if isinstance(value, paddle.Tensor):
        d = {"shape": list(value.shape), "dtype": str(value.dtype).replace("paddle.", "")}
        if value.dtype != paddle.bfloat16:
            d["value"] = np.asarray(value.numpy(), dtype="float64").round(5).ravel().tolist()
        return d
    if isinstance(value, (list, tuple)):
        return [_t(v) for v in value]
    if isinstance(value, (np.floating, np.integer)):
        return value.item()
    return value


def _error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is recorded
        return type(e).__name__
    return "ok"


def _prefix(name):
    return re.sub(r"_?\d+$", "", name)


def tensor_and_parameter_block(paddle):
    x = paddle.to_tensor([1., 2.])
    layer = paddle.nn.Linear(2, 3)
    b = x.block
    return {
        "type": type(b).__module__ + "." + type(b).__name__, "str": str(b), "repr": repr(b), "idx": b.idx,
        "parent_idx": b.parent_idx, "forward_block_idx": b.forward_block_idx,
        "backward_block_idx": b.backward_block_idx, "same_block": layer.weight.block is b,
        "is_default_main": b.program is paddle.static.default_main_program(),
        "program_type": type(b.program).__module__ + "." + type(b.program).__name__,
        "program_str": str(b.program), "num_blocks": b.program.num_blocks, "vars": len(b.vars), "ops": len(b.ops),
        "has_var": b.has_var("x"), "var_missing": _error(lambda: b.var("x")),
        "global_is_current": b.program.current_block() is b.program.global_block() is b,
    }


def initializers_with_block(paddle):
    paddle.seed(1)
    layer = paddle.nn.Conv2D(2, 4, 3)
    w, bias = layer.weight, layer.bias
    out = {
        "kaiming": paddle.nn.initializer.KaimingNormal()(w, w.block),
        "constant": paddle.nn.initializer.Constant(0.)(bias, bias.block),
        "normal": paddle.nn.initializer.Normal(0., 0.01)(w, w.block),
        "xavier": paddle.nn.initializer.XavierUniform()(w, block=w.block),
    }
    paddle.nn.initializer.Constant(0.5)(w, w.block)
    out["weight_after_constant"] = _t(w)["value"][:4]
    out["bias"] = _t(bias)
    out["stop_gradient"] = [w.stop_gradient, bias.stop_gradient]
    return out


def program_objects(paddle):
    from paddle.base import framework

    main = framework.default_main_program()
    prog = paddle.static.Program()
    out = {"new_is_main": prog is main, "startup_is_main": framework.default_startup_program() is main,
           "new_str": str(prog), "random_seed": prog.random_seed,
           "static_is_base": paddle.static.Program is framework.Program,
           "static_main": paddle.static.default_main_program() is main}
    with paddle.static.program_guard(prog):
        out["guarded_main"] = framework.default_main_program() is prog
        out["guarded_block"] = paddle.to_tensor([1.]).block.program is prog
        out["guarded_compute"] = _t(paddle.to_tensor([1., 2.]) * 3)
    out["restored"] = framework.default_main_program() is main
    out["clone_str"] = str(prog.clone())
    paddle.framework.random._manual_program_seed(7)
    out["manual_seed"] = [main.random_seed, framework.default_startup_program().random_seed]
    previous = paddle.framework.switch_main_program(prog)
    out["switch"] = [previous is main, framework.default_main_program() is prog]
    paddle.framework.switch_main_program(previous)
    return out


def isinstance_checks(paddle):
    from paddle.base.framework import EagerParamBase, Parameter, Variable

    x = paddle.to_tensor([1.])
    w = paddle.nn.Linear(1, 1).weight
    return {"tensor_variable": isinstance(x, Variable), "tensor_parameter": isinstance(x, Parameter),
            "param_variable": isinstance(w, Variable), "param_parameter": isinstance(w, Parameter),
            "param_eager": isinstance(w, EagerParamBase), "int_variable": isinstance(1, Variable),
            "param_class": type(w).__module__ + "." + type(w).__name__,
            "variable_module": Variable.__module__, "common_variable": paddle.common_ops_import.Variable is Variable}


def eager_param_from_tensor(paddle):
    from paddle.base.framework import EagerParamBase

    x = paddle.to_tensor([1., 2.])
    p = EagerParamBase.from_tensor(x)
    named = EagerParamBase.from_tensor(x, name="my_param", trainable=False)
    x[0] = 5.
    return {"type": type(p).__name__, "name_prefix": _prefix(p.name), "trainable": p.trainable,
            "stop_gradient": p.stop_gradient, "persistable": p.persistable, "shares": _t(p)["value"],
            "named": [named.name, named.trainable, named.stop_gradient]}


def base_core_queries(paddle):
    core = paddle.base.core
    return {
        "cuda": core.is_compiled_with_cuda(), "xpu": core.is_compiled_with_xpu(), "rocm": core.is_compiled_with_rocm(),
        "ipu": core.is_compiled_with_ipu(), "cinn": core.is_compiled_with_cinn(),
        "fp32": str(core.VarDesc.VarType.FP32), "fp32_is_float32": core.VarDesc.VarType.FP32 is paddle.float32,
        "var_type_is_dtype": core.VarDesc.VarType is paddle.dtype, "int_fp32": int(core.VarDesc.VarType.FP32),
        "lod_tensor": repr(core.VarDesc.VarType.LOD_TENSOR), "selected_rows": repr(core.VarDesc.VarType.SELECTED_ROWS),
        "size_of": core.size_of_dtype(paddle.float64), "generator": type(core.default_cpu_generator()).__name__,
        "eager_tensor": core.eager.Tensor is paddle.Tensor, "framework_core": paddle.framework.core is core,
        "top_core": paddle.base.core is core, "libpaddle": paddle.base.libpaddle is core,
        "custom_devices": core.get_all_custom_device_type(),
    }


def base_dygraph_and_framework(paddle):
    base = paddle.base
    out = {"in_dygraph": base.framework.in_dygraph_mode(), "base_in_dygraph": base.in_dygraph_mode(),
           "enabled": base.dygraph.enabled(), "guard_is": base.dygraph.guard is base.dygraph.base.guard,
           "pir": [base.framework.in_pir_mode(), base.in_dynamic_or_pir_mode(), paddle.framework.use_pir_api()],
           "tracer": base.framework._dygraph_tracer() is not None,
           "place": str(paddle.framework._current_expected_place()),
           "param_attr": base.ParamAttr is paddle.ParamAttr, "cpu_place": base.CPUPlace is paddle.CPUPlace,
           "unique": [base.unique_name.generate("compat_probe"), base.unique_name.generate("compat_probe")],
           "cpu_places": len(base.cpu_places(2)), "to_variable": _t(base.dygraph.to_variable(np.ones(2, "float32")))}
    with base.dygraph.guard():
        out["guard_compute"] = _t(paddle.to_tensor([1., 2.]) + 1)
    with base.dygraph.guard(paddle.CPUPlace()):
        out["guard_place"] = str(paddle.to_tensor([1.]).place)
    with base.framework.device_guard("cpu"):
        out["device_guard"] = _t(paddle.to_tensor([2.]) * 2)
    out["device_guard_bad"] = _error(lambda: base.framework.device_guard("tpu").__enter__())
    with base.framework.name_scope("scope"):
        out["name_scope"] = True
    out["fluid_attr"] = hasattr(paddle, "fluid")
    try:
        import paddle.fluid  # noqa: F401
        out["fluid_import"] = "ok"
    except Exception as e:  # noqa: BLE001
        out["fluid_import"] = type(e).__name__
    return out


def common_ops_import_checks(paddle):
    from paddle.common_ops_import import (
        LayerHelper,
        check_dtype,
        check_type,
        check_variable_and_dtype,
        convert_dtype,
        convert_np_dtype_to_dtype_,
        in_dygraph_mode,
    )

    x = paddle.to_tensor([1., 2.])
    out = {"convert": [convert_dtype(d) for d in (paddle.float32, paddle.bfloat16, paddle.int64, "float16",
                                                   np.float64, np.dtype("int32"), "bool")],
           "convert_bad": _error(lambda: convert_dtype("float128")),
           "check_wrong_dtype": check_variable_and_dtype(x, "x", ["int64"], "op"),
           "check_list": _error(lambda: check_variable_and_dtype([1.], "x", ["float32"], "op")),
           "check_type": check_type(1.0, "k", int, "op"), "check_dtype": check_dtype(x.dtype, "x", ["int8"], "op"),
           "in_dygraph": in_dygraph_mode(), "np_dtype": str(convert_np_dtype_to_dtype_("float32"))}
    helper = LayerHelper("compat_nms", bboxes=x, scores=[x, x], name=None)
    out["helper"] = [_prefix(helper.name), helper.layer_type, _prefix(helper.kwargs["name"]),
                     str(helper.input_dtype("bboxes")), str(helper.input_dtype("scores")),
                     len(helper.multiple_input("scores"))]
    out["helper_input_many"] = _error(lambda: helper.input("scores"))
    out["helper_mismatch"] = _error(lambda: LayerHelper("m", input=[x, x.astype("int32")]).input_dtype())
    named = LayerHelper("compat_fc", name="myfc")
    p = named.create_parameter(None, [2, 3], "float32")
    bias = named.create_parameter(None, [3], "float32", is_bias=True)
    out["create_parameter"] = [p.name, p.shape, str(p.dtype), p.stop_gradient, bias.name, _t(bias)["value"]]
    return out


def _nms_inputs():
    rs = np.random.RandomState(0)
    xy = rs.rand(2, 6, 2).astype("float32") * 10
    wh = rs.rand(2, 6, 2).astype("float32") * 6 + 1
    boxes = np.concatenate([xy, xy + wh], -1)
    scores = rs.rand(2, 3, 6).astype("float32")
    lod_boxes = rs.rand(5, 3, 4).astype("float32") * 5 + np.array([0, 0, 5, 5], "float32")
    lod_scores = rs.rand(5, 3).astype("float32")
    return boxes, scores, lod_boxes, lod_scores


def c_ops_multiclass_nms3(paddle):
    boxes, scores, lod_boxes, lod_scores = (paddle.to_tensor(a) for a in _nms_inputs())
    rois_num = paddle.to_tensor(np.array([2, 3], "int32"))
    ops = paddle._C_ops
    return {
        "dense": _t(ops.multiclass_nms3(boxes, scores, None, 0.3, 4, 5, 0.4, False, 1.0, 0)),
        "dense_normalized_eta": _t(ops.multiclass_nms3(boxes, scores, None, 0.05, -1, -1, 0.6, True, 0.9, -1)),
        "dense_keep": _t(ops.multiclass_nms3(boxes, scores, None, 0.1, 3, 2, 0.5, True, 1.0, 1)),
        "empty": _t(ops.multiclass_nms3(boxes, scores, None, 0.99, 4, 5, 0.4, False, 1.0, 0)),
        "lod": _t(ops.multiclass_nms3(lod_boxes, lod_scores, rois_num, 0.1, -1, -1, 0.5, True, 1.0, -1)),
        "lod_keep": _t(ops.multiclass_nms3(lod_boxes, lod_scores, rois_num, 0.2, 2, 3, 0.3, False, 1.0, 0)),
    }


def legacy_c_ops_detection(paddle):
    boxes, scores, _, _ = (paddle.to_tensor(a) for a in _nms_inputs())
    ops = paddle._legacy_C_ops
    errors = paddle.to_tensor([0.3, 0.1, 0.9, 0.1, 0.5])
    prior = paddle.to_tensor([[0., 0., 4., 4.], [1., 1., 6., 5.]])
    target = paddle.to_tensor([[1., 1., 3., 5.], [0., 2., 5., 6.]])
    out = {
        "argsort": _t(ops.argsort(errors, "axis", 0, "descending", True)),
        "argsort_default": _t(ops.argsort(errors)),
        "multiclass_nms3": _t(ops.multiclass_nms3(
            boxes, scores, None, "background_label", 0, "score_threshold", 0.3, "nms_top_k", 4, "nms_threshold", 0.4,
            "keep_top_k", 5, "nms_eta", 1.0, "normalized", False)),
        "matrix_nms": _t(ops.matrix_nms(
            boxes, scores, "background_label", 0, "score_threshold", 0.3, "post_threshold", 0.2, "nms_top_k", 4,
            "gaussian_sigma", 2.0, "use_gaussian", False, "keep_top_k", 5, "normalized", False)),
        "box_coder_list": _t(ops.box_coder(prior, None, target, "code_type", "encode_center_size", "box_normalized",
                                           False, "axis", 0, "variance", [0.1, 0.1, 0.2, 0.2])),
        "box_coder_tensor": _t(ops.box_coder(prior, paddle.to_tensor([[0.1, 0.1, 0.2, 0.2]] * 2), target,
                                             "code_type", "encode_center_size", "box_normalized", True, "axis", 0)),
    }
    rois = paddle.to_tensor([[0., 0., 10., 10.], [0., 0., 100., 120.], [5., 5., 300., 400.], [1., 1., 3., 3.]])
    out["distribute_fpn_proposals"] = _t(ops.distribute_fpn_proposals(
        rois, paddle.to_tensor(np.array([2, 2], "int32")), 4, 4, "min_level", 2, "max_level", 5, "refer_level", 4,
        "refer_scale", 224, "pixel_offset", True))
    rs = np.random.RandomState(3)
    anchors = paddle.to_tensor((rs.rand(4, 4, 2, 4) * 20 + np.array([0, 0, 10, 10])).astype("float32"))
    out["generate_proposals_v2"] = _t(ops.generate_proposals_v2(
        paddle.to_tensor(rs.rand(1, 2, 4, 4).astype("float32")),
        paddle.to_tensor((rs.rand(1, 8, 4, 4).astype("float32") - 0.5) * 0.2),
        paddle.to_tensor(np.array([[40., 40.]], "float32")), anchors, paddle.ones([4, 4, 2, 4]),
        "pre_nms_topN", 20, "post_nms_topN", 6, "nms_thresh", 0.5, "min_size", 0.1, "eta", 1.0, "pixel_offset",
        False))
    feature = paddle.to_tensor(rs.rand(1, 2, 2, 3).astype("float32"))
    image = paddle.to_tensor(rs.rand(1, 3, 8, 12).astype("float32"))
    out["prior_box"] = _t(ops.prior_box(feature, image, "min_sizes", [2.0, 4.0], "max_sizes", [6.0, 8.0],
                                        "aspect_ratios", [1.0, 2.0], "flip", True, "clip", True,
                                        "variances", [0.1, 0.1, 0.2, 0.2]))  # (left out: uninitialised memory)
    out["yolo_box"] = _t(ops.yolo_box(paddle.to_tensor(rs.rand(1, 14, 2, 2).astype("float32") - 0.5),
                                      paddle.to_tensor(np.array([[64, 64]], "int32")), "anchors", [10, 13, 16, 30],
                                      "class_num", 2, "conf_thresh", 0.01, "downsample_ratio", 32))
    x = paddle.to_tensor([[1.5, -2., 3.], [0.5, 4., -1.]])
    out["softmax"] = _t(ops.softmax(x, "axis", 0))
    out["scale"] = _t(ops.scale(x, "scale", 2.0, "bias", 1.0, "bias_after_scale", False))
    out["matmul_v2"] = _t(ops.matmul_v2(x, x, "trans_y", True))
    out["elementwise_add"] = _t(ops.elementwise_add(x, x[0], "axis", -1))
    out["elementwise_mul"] = _t(ops.elementwise_mul(x, x))
    out["unknown"] = _error(lambda: ops.no_such_op)
    return out


def c_ops_detection(paddle):
    """The positional C forms of the detection ops (attribute order as Paddle's op definitions)."""
    boxes, scores, _, _ = (paddle.to_tensor(a) for a in _nms_inputs())
    ops = paddle._C_ops
    prior = paddle.to_tensor([[0., 0., 4., 4.], [1., 1., 6., 5.]])
    target = paddle.to_tensor([[1., 1., 3., 5.], [0., 2., 5., 6.]])
    rs = np.random.RandomState(5)
    feature = paddle.to_tensor(rs.rand(1, 2, 2, 3).astype("float32"))
    image = paddle.to_tensor(rs.rand(1, 3, 8, 12).astype("float32"))
    rois = paddle.to_tensor([[0., 0., 10., 10.], [0., 0., 100., 120.], [5., 5., 300., 400.], [1., 1., 3., 3.]])
    anchors = paddle.to_tensor((rs.rand(4, 4, 2, 4) * 20 + np.array([0, 0, 10, 10])).astype("float32"))
    yolo_x = paddle.to_tensor(rs.rand(1, 2 * 7, 2, 2).astype("float32") - 0.5)
    return {
        "matrix_nms": _t(ops.matrix_nms(boxes, scores, 0.3, 4, 5, 0.2, True, 2.0, 0, False)),
        "box_coder_decode": _t(ops.box_coder(prior, None, paddle.to_tensor([[[0.1, 0.2, 0.1, -0.1]] * 2]),
                                             "decode_center_size", True, 0, [0.1, 0.1, 0.2, 0.2])),
        "box_coder_encode": _t(ops.box_coder(prior, paddle.to_tensor([[0.1, 0.1, 0.2, 0.2]] * 2), target,
                                             "encode_center_size", False, 0, [])),
        "prior_box": _t(ops.prior_box(feature, image, [2.0, 4.0], [6.0, 8.0], [1.0, 2.0], [0.1, 0.1, 0.2, 0.2],
                                      True, True, 0.0, 0.0, 0.5, False)),
        "distribute_fpn_proposals": _t(ops.distribute_fpn_proposals(
            rois, paddle.to_tensor(np.array([2, 2], "int32")), 2, 5, 4, 224, False)),
        "generate_proposals": _t(ops.generate_proposals(
            paddle.to_tensor(rs.rand(1, 2, 4, 4).astype("float32")),
            paddle.to_tensor((rs.rand(1, 8, 4, 4).astype("float32") - 0.5) * 0.2),
            paddle.to_tensor(np.array([[40., 40.]], "float32")), anchors, paddle.ones([4, 4, 2, 4]),
            20, 6, 0.5, 0.1, 1.0, True)),
        "yolo_box": _t(ops.yolo_box(yolo_x, paddle.to_tensor(np.array([[64, 64]], "int32")), [10, 13, 16, 30], 2,
                                    0.01, 32, True, 1.0, False, 0.5)),
    }


def c_ops_common(paddle):
    ops = paddle._C_ops
    x = paddle.to_tensor([[1.5, -2., 3.], [0.5, 4., -1.]])
    y = paddle.to_tensor([[2., 1., 0.5], [1., -1., 2.]])
    i = paddle.to_tensor([[2, 0, 1], [1, 1, 0]])
    out = {
        "argsort": _t(ops.argsort(x, 1, False)), "argsort_desc": _t(ops.argsort(x, 0, True)),
        "relu": _t(ops.relu(x)), "sigmoid": _t(ops.sigmoid(x)), "tanh": _t(ops.tanh(x)), "exp": _t(ops.exp(x)),
        "abs": _t(ops.abs(x)), "sqrt": _t(ops.sqrt(y.abs())), "square": _t(ops.square(x)),
        "softmax": _t(ops.softmax(x, 0)), "log_softmax": _t(ops.log_softmax(x, -1)),
        "gelu": _t(ops.gelu(x, True)), "leaky_relu": _t(ops.leaky_relu(x, 0.2)),
        "hardsigmoid": _t(ops.hardsigmoid(x, 0.2, 0.5)), "add": _t(ops.add(x, y)), "subtract": _t(ops.subtract(x, y)),
        "multiply": _t(ops.multiply(x, y)), "divide": _t(ops.divide(x, y)), "equal": _t(ops.equal(x, x)),
        "matmul": _t(ops.matmul(x, y, False, True)), "scale": _t(ops.scale(x, 2.0, 1.0, False)),
        "scale_after": _t(ops.scale(x, 2.0, 1.0, True)), "cast": _t(ops.cast(x, paddle.int32)),
        "reshape": _t(ops.reshape(x, [3, 2])), "transpose": _t(ops.transpose(x, [1, 0])),
        "concat": _t(ops.concat([x, y], 1)), "stack": _t(ops.stack([x, y], 0)),
        "split": _t(ops.split(x, [1, 2], 1)), "split_with_num": _t(ops.split_with_num(x, 3, 1)),
        "unsqueeze": _t(ops.unsqueeze(x, [0])), "squeeze": _t(ops.squeeze(ops.unsqueeze(x, [0]), [0])),
        "flatten": _t(ops.flatten(x, 0, -1)), "expand": _t(ops.expand(x[:1], [3, 3])),
        "tile": _t(ops.tile(x, [1, 2])), "gather": _t(ops.gather(x, paddle.to_tensor([1, 0]), 0)),
        "index_select": _t(ops.index_select(x, paddle.to_tensor([2, 0]), 1)),
        "sum_all": _t(ops.sum(x, [], None, False)), "sum_axis": _t(ops.sum(x, [1], None, True)),
        "mean": _t(ops.mean(x, [0], False)), "mean_all": _t(ops.mean(x, [], False)), "max": _t(ops.max(x, [1], False)),
        "min": _t(ops.min(x, [], False)), "argmax": _t(ops.argmax(x, 1, False, False, paddle.int64)),
        "argmax_flat": _t(ops.argmax(x, 0, False, True, paddle.int32)),
        "topk": _t(ops.topk(x, 2, 1, True, True)), "topk_small": _t(ops.topk(x, 1, 0, False, True)),
        "cumsum": _t(ops.cumsum(x, 1, False, False, False)), "cumsum_flat": _t(ops.cumsum(x, 0, True, False, False)),
        "cumsum_excl_rev": _t(ops.cumsum(x, 1, False, True, True)),
        "one_hot": _t(ops.one_hot(paddle.to_tensor([0, 2]), 3)), "clip": _t(ops.clip(x, -1.0, 2.0)),
        "where": _t(ops.where(x > 0, x, y)), "nonzero": _t(ops.nonzero(i)),
        "masked_select": _t(ops.masked_select(x, x > 1)),
        "full": _t(ops.full([2, 2], 3.0, paddle.float32, paddle.CPUPlace())),
        "full_like": _t(ops.full_like(x, 2, paddle.int64, paddle.CPUPlace())),
        "arange": _t(ops.arange(paddle.to_tensor(0.), paddle.to_tensor(5.), paddle.to_tensor(2.), paddle.float32,
                                paddle.CPUPlace())),
        "layer_norm": _t(ops.layer_norm(x, paddle.ones([3]), paddle.zeros([3]), 1e-5, 1)),
        "nms": _t(ops.nms(paddle.to_tensor([[0., 0., 4., 4.], [1., 1., 4., 4.], [5., 5., 8., 8.]]), 0.3)),
        "pow": _t(ops.pow(y, 2.0)), "elementwise_pow": _t(ops.elementwise_pow(y, y)),
        "log": _t(ops.log(y.abs())), "rsqrt": _t(ops.rsqrt(y.abs())), "floor": _t(ops.floor(x)),
        "ceil": _t(ops.ceil(x)), "sign": _t(ops.sign(x)), "silu": _t(ops.silu(x)), "hardswish": _t(ops.hardswish(x)),
        "sin": _t(ops.sin(x)), "cos": _t(ops.cos(x)), "reciprocal": _t(ops.reciprocal(y)), "round": _t(ops.round(x)),
        "isnan": _t(ops.isnan(x)), "isinf": _t(ops.isinf(x)), "shape": _t(ops.shape(x)), "assign": _t(ops.assign(x)),
        "maximum": _t(ops.maximum(x, y)), "minimum": _t(ops.minimum(x, y)), "not_equal": _t(ops.not_equal(x, y)),
        "greater_than": _t(ops.greater_than(x, y)), "greater_equal": _t(ops.greater_equal(x, y)),
        "less_than": _t(ops.less_than(x, y)), "less_equal": _t(ops.less_equal(x, y)),
        "logical_and": _t(ops.logical_and(x > 0, y > 0)), "logical_or": _t(ops.logical_or(x > 0, y > 0)),
        "logical_not": _t(ops.logical_not(x > 0)), "floor_divide": _t(ops.floor_divide(i, i + 1)),
        "remainder": _t(ops.remainder(i + 3, i + 1)), "argmin": _t(ops.argmin(x, 0, True, False, paddle.int64)),
    }
    return out


SCENARIOS = {name: fn for name, fn in dict(globals()).items() if callable(fn) and not name.startswith("_")
             and fn.__module__ == __name__}

# the public APIs each scenario compares with real Paddle (credited by the conformance report)
VERIFIES = {
    "tensor_and_parameter_block": ["paddle.Tensor.block", "paddle.static.default_main_program"],
    "program_objects": ["paddle.static.Program", "paddle.static.program_guard", "paddle.base.Program",
                        "paddle.base.default_main_program", "paddle.base.default_startup_program",
                        "paddle.framework.switch_main_program"],
    "isinstance_checks": ["paddle.base.Variable", "paddle.framework.Parameter"],
    "base_core_queries": ["paddle.base.is_compiled_with_cuda", "paddle.base.is_compiled_with_xpu",
                          "paddle.base.is_compiled_with_rocm", "paddle.base.is_compiled_with_cinn"],
    "base_dygraph_and_framework": ["paddle.base.in_dygraph_mode", "paddle.base.in_pir_mode",
                                   "paddle.base.in_dynamic_or_pir_mode", "paddle.base.cpu_places",
                                   "paddle.base.device_guard", "paddle.base.name_scope",
                                   "paddle.framework.use_pir_api"],
    "common_ops_import_checks": ["paddle.framework.LayerHelper"],
}
