"""Static-mode cases for ``paddle.static.nn``, shared by the oracle recorder (``record_goldens.py``, run with real
Paddle 2.6.2) and the replay test (run with paddle-compat). Each builder receives the ``paddle`` module in use and
the ``static.data`` variables named in ``inputs``; it returns the variable(s) to fetch.

Cases flagged ``values=False`` draw random numbers inside the op (nce's negative sampler), so only the program
structure (parameters, op types, output names/shapes) is compared for them.
"""

F32, F64, I64 = "float32", "float64", "int64"


def _cond(paddle, x):
    return paddle.static.nn.cond(paddle.mean(x) > 0, lambda: x + 1, lambda: x - 1)


def _cond_false(paddle, x):
    return paddle.static.nn.cond(paddle.mean(x) > 10, lambda: x * 2, lambda: x - 1)


def _cond_tuple(paddle, x):
    return paddle.static.nn.cond(paddle.mean(x) < 10, lambda: (x + 1, x * 3), lambda: (x - 1, x * 0))


def _cond_nested(paddle, x):
    out = paddle.static.nn.cond(paddle.mean(x) < 10, lambda: {"a": x + 1, "b": [x * 2, x - 3]},
                                lambda: {"a": x - 1, "b": [x * 0, x]})
    return [out["a"]] + list(out["b"])


def _case(paddle, x):
    m = paddle.mean(x)
    return paddle.static.nn.case([(m > 10, lambda: x + 1), (m < 10, lambda: x * 2)], lambda: x - 1)


def _case_default(paddle, x):
    m = paddle.mean(x)
    return paddle.static.nn.case([(m > 10, lambda: x + 1)], lambda: x - 1)


def _switch(paddle, x):
    index = paddle.full([1], 2, "int64")
    return paddle.static.nn.switch_case(index, {1: lambda: x + 1, 2: lambda: x * 2}, lambda: x - 1)


def _switch_default(paddle, x):
    index = paddle.full([1], 7, "int32")
    return paddle.static.nn.switch_case(index, [(1, lambda: x + 1), (2, lambda: x * 2)], lambda: x - 1)


def _while(paddle, x):
    i = paddle.full([1], 0, "int64")
    return paddle.static.nn.while_loop(lambda i, s: i < 3, lambda i, s: [i + 1, s * 2], [i, x])


CASES = [
    # name, inputs [(name, shape, dtype)], builder, compare values
    ("fc", [("x", [2, 3], F32)], lambda p, x: p.static.nn.fc(x, 4, activation="relu"), True),
    ("fc_flatten2", [("x", [2, 3, 4], F32)], lambda p, x: p.static.nn.fc(x, 5, num_flatten_dims=2), True),
    ("fc_multi", [("a", [2, 3], F32), ("b", [2, 5], F32)], lambda p, a, b: p.static.nn.fc([a, b], 4), True),
    ("fc_nobias_f64", [("x", [-1, 3], F64)], lambda p, x: p.static.nn.fc(x, 4, bias_attr=False, name="myfc"), True),
    ("fc_flatten_neg", [("x", [2, 3, 4], F32)], lambda p, x: p.static.nn.fc(x, 2, num_flatten_dims=-1), True),
    ("conv2d", [("x", [1, 3, 5, 5], F32)], lambda p, x: p.static.nn.conv2d(x, 2, 3, padding=1, act="relu"), True),
    ("conv2d_nhwc_groups", [("x", [1, 5, 5, 4], F32)],
     lambda p, x: p.static.nn.conv2d(x, 4, 3, stride=2, groups=2, data_format="NHWC"), True),
    ("conv2d_same", [("x", [1, 2, 5, 5], F32)],
     lambda p, x: p.static.nn.conv2d(x, 3, [2, 3], padding="SAME", dilation=1, bias_attr=False), True),
    ("conv2d_transpose", [("x", [1, 3, 4, 4], F32)],
     lambda p, x: p.static.nn.conv2d_transpose(x, 2, filter_size=3, stride=2), True),
    ("conv2d_transpose_outsize", [("x", [1, 3, 4, 4], F32)],
     lambda p, x: p.static.nn.conv2d_transpose(x, 2, output_size=[8, 8], padding=1, stride=2, act="sigmoid"), True),
    ("conv3d", [("x", [1, 3, 3, 4, 4], F32)], lambda p, x: p.static.nn.conv3d(x, 2, 2, padding=1), True),
    ("conv3d_transpose", [("x", [1, 3, 3, 3, 3], F32)],
     lambda p, x: p.static.nn.conv3d_transpose(x, 2, filter_size=2, stride=2), True),
    ("batch_norm", [("x", [2, 3, 4, 4], F32)], lambda p, x: p.static.nn.batch_norm(x, act="relu"), True),
    ("batch_norm_test", [("x", [2, 3, 4, 4], F32)], lambda p, x: p.static.nn.batch_norm(x, is_test=True), True),
    ("batch_norm_nhwc_names", [("x", [2, 4, 4, 3], F32)],
     lambda p, x: p.static.nn.batch_norm(x, data_layout="NHWC", moving_mean_name="mm", moving_variance_name="mv",
                                        momentum=0.5), True),
    ("batch_norm_2d", [("x", [4, 3], F32)], lambda p, x: p.static.nn.batch_norm(x), True),
    ("layer_norm", [("x", [2, 3, 4], F32)], lambda p, x: p.static.nn.layer_norm(x, begin_norm_axis=1), True),
    ("layer_norm_axis2_noscale", [("x", [2, 3, 4], F32)],
     lambda p, x: p.static.nn.layer_norm(x, scale=False, begin_norm_axis=2, act="relu"), True),
    ("instance_norm", [("x", [2, 3, 4, 4], F32)], lambda p, x: p.static.nn.instance_norm(x), True),
    ("instance_norm_params", [("x", [2, 3, 4, 4], F32)],
     lambda p, x: p.static.nn.instance_norm(x, param_attr=p.ParamAttr(name="s"), bias_attr=p.ParamAttr(name="b")),
     True),
    ("group_norm", [("x", [2, 4, 3, 3], F32)], lambda p, x: p.static.nn.group_norm(x, 2), True),
    ("group_norm_params", [("x", [2, 4, 3, 3], F32)],
     lambda p, x: p.static.nn.group_norm(x, 2, param_attr=p.ParamAttr(name="gs"), bias_attr=p.ParamAttr(name="gb"),
                                        act="tanh"), True),
    ("embedding", [("x", [2, 1], I64)], lambda p, x: p.static.nn.embedding(x, (10, 3), padding_idx=0), True),
    ("embedding_3d", [("x", [2, 4], I64)], lambda p, x: p.static.nn.embedding(x, [6, 2]), True),
    ("sparse_embedding", [("x", [2, 1], I64)], lambda p, x: p.static.nn.sparse_embedding(x, (10, 3)), True),
    ("prelu_all", [("x", [2, 3, 4, 4], F32)], lambda p, x: p.static.nn.prelu(x, "all"), True),
    ("prelu_channel", [("x", [2, 3, 4, 4], F32)], lambda p, x: p.static.nn.prelu(x, "channel"), True),
    ("prelu_element_nhwc", [("x", [2, 4, 4, 3], F32)],
     lambda p, x: p.static.nn.prelu(x, "element", data_format="NHWC"), True),
    ("bilinear_tensor_product", [("x", [2, 3], F32), ("y", [2, 5], F32)],
     lambda p, x, y: p.static.nn.bilinear_tensor_product(x, y, 4, act="tanh"), True),
    ("spectral_norm", [("w", [2, 3, 4], F32)], lambda p, w: p.static.nn.spectral_norm(w, 1, power_iters=2), True),
    ("data_norm", [("x", [3, 4], F32)], lambda p, x: p.static.nn.data_norm(x), True),
    ("nce", [("x", [2, 3], F32), ("label", [2, 1], I64)], lambda p, x, y: p.static.nn.nce(x, y, 5), False),
    ("row_conv", [("x", [2, 3, 4], F32)], lambda p, x: p.static.nn.row_conv(x, 2, act="relu"), True),
    ("deform_conv2d", [("x", [1, 2, 4, 4], F32), ("o", [1, 18, 2, 2], F32), ("m", [1, 9, 2, 2], F32)],
     lambda p, x, o, m: p.static.nn.deform_conv2d(x, o, m, 2, 3), True),
    ("deform_conv2d_v1", [("x", [1, 2, 4, 4], F32), ("o", [1, 18, 4, 4], F32)],
     lambda p, x, o: p.static.nn.deform_conv2d(x, o, None, 2, 3, padding=1, bias_attr=False), True),
    ("cond", [("x", [2, 3], F32)], _cond, True),
    ("cond_false", [("x", [2, 3], F32)], _cond_false, True),
    ("cond_tuple", [("x", [2, 3], F32)], _cond_tuple, True),
    ("case", [("x", [2, 3], F32)], _case, True),
    ("case_default", [("x", [2, 3], F32)], _case_default, True),
    ("switch_case", [("x", [2, 3], F32)], _switch, True),
    ("switch_case_default", [("x", [2, 3], F32)], _switch_default, True),
    ("while_loop", [("x", [2, 3], F32)], _while, True),
    ("fc_named_attr", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.fc(x, 2, weight_attr=p.ParamAttr(name="W", initializer=p.nn.initializer.Constant(0.3)),
                                 bias_attr=p.ParamAttr(name="B")), True),
    ("conv2d_asym_pad", [("x", [1, 2, 5, 5], F32)],
     lambda p, x: p.static.nn.conv2d(x, 3, 3, padding=[0, 1, 2, 1]), True),
    ("conv2d_pad_pairs_dil", [("x", [1, 2, 6, 6], F32)],
     lambda p, x: p.static.nn.conv2d(x, 2, 3, padding=[[0, 0], [0, 0], [1, 1], [2, 2]], dilation=2), True),
    ("conv2d_transpose_same", [("x", [1, 2, 3, 3], F32)],
     lambda p, x: p.static.nn.conv2d_transpose(x, 3, filter_size=3, stride=2, padding="SAME"), True),
    ("conv2d_transpose_nhwc_groups", [("x", [1, 3, 3, 4], F32)],
     lambda p, x: p.static.nn.conv2d_transpose(x, 4, filter_size=2, groups=2, data_format="NHWC"), True),
    ("conv3d_ndhwc", [("x", [1, 3, 4, 4, 2], F32)],
     lambda p, x: p.static.nn.conv3d(x, 2, 2, stride=[1, 2, 2], data_format="NDHWC", act="relu"), True),
    ("batch_norm_global_stats", [("x", [2, 3, 2, 2], F32)],
     lambda p, x: p.static.nn.batch_norm(x, use_global_stats=True, epsilon=1e-3), True),
    ("layer_norm_noshift", [("x", [2, 3, 4], F32)], lambda p, x: p.static.nn.layer_norm(x, shift=False), True),
    ("embedding_neg_pad", [("x", [3, 2], I64)], lambda p, x: p.static.nn.embedding(x, (5, 2), padding_idx=-1), True),
    ("group_norm_nhwc", [("x", [2, 3, 3, 4], F32)],
     lambda p, x: p.static.nn.group_norm(x, 2, param_attr=p.ParamAttr(name="s"), bias_attr=p.ParamAttr(name="b"),
                                        data_layout="NHWC"), True),
    ("cond_nested", [("x", [2, 3], F32)], _cond_nested, True),
    ("static_pylayer", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.static_pylayer(lambda a: p.tanh(a) * 2, [x], lambda g: g * 2), True),
]


# calls whose arguments Paddle rejects while building the program: exception type and message are recorded
BAD_CASES = [
    ("fc_bad_size_type", [("x", [2, 3], F32)], lambda p, x: p.static.nn.fc(x, "4")),
    ("fc_int_input", [("x", [2, 3], I64)], lambda p, x: p.static.nn.fc(x, 4)),
    ("conv2d_bad_format", [("x", [1, 3, 5, 5], F32)], lambda p, x: p.static.nn.conv2d(x, 2, 3, data_format="NCDHW")),
    ("conv2d_bad_groups", [("x", [1, 3, 5, 5], F32)], lambda p, x: p.static.nn.conv2d(x, 2, 3, groups=2)),
    ("conv2d_bad_channels", [("x", [1, -1, 5, 5], F32)], lambda p, x: p.static.nn.conv2d(x, 2, 3)),
    ("conv3d_bad_format", [("x", [1, 3, 3, 5, 5], F32)], lambda p, x: p.static.nn.conv3d(x, 2, 3, data_format="NCHW")),
    ("conv2d_transpose_no_size", [("x", [1, 3, 4, 4], F32)], lambda p, x: p.static.nn.conv2d_transpose(x, 2)),
    ("conv2d_transpose_bad_rank", [("x", [1, 3, 4], F32)],
     lambda p, x: p.static.nn.conv2d_transpose(x, 2, filter_size=3)),
    ("group_norm_bad_layout", [("x", [2, 4, 3, 3], F32)],
     lambda p, x: p.static.nn.group_norm(x, 2, data_layout="NCDHW")),
    ("group_norm_rank1", [("x", [4], F32)], lambda p, x: p.static.nn.group_norm(x, 2)),
    ("instance_norm_rank1", [("x", [4], F32)], lambda p, x: p.static.nn.instance_norm(x)),
    ("prelu_bad_mode", [("x", [2, 3, 4, 4], F32)], lambda p, x: p.static.nn.prelu(x, "foo")),
    ("prelu_bad_format", [("x", [2, 3, 4, 4], F32)], lambda p, x: p.static.nn.prelu(x, "all", data_format="NCDHW")),
    ("embedding_float_ids", [("x", [2, 1], F32)], lambda p, x: p.static.nn.embedding(x, (10, 3))),
    ("layer_norm_int", [("x", [2, 3], I64)], lambda p, x: p.static.nn.layer_norm(x)),
    ("batch_norm_int", [("x", [2, 3, 4, 4], I64)], lambda p, x: p.static.nn.batch_norm(x)),
    ("cond_pred_float", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.cond(p.mean(x), lambda: x + 1, lambda: x - 1)),
    ("cond_pred_shape", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.cond(x > 0, lambda: x + 1, lambda: x - 1)),
    ("cond_true_fn_not_callable", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.cond(p.mean(x) > 0, 1, lambda: x - 1)),
    ("cond_mismatch", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.cond(p.mean(x) > 0, lambda: (x, x), lambda: x)),
    ("case_not_list", [("x", [2, 3], F32)], lambda p, x: p.static.nn.case(p.mean(x) > 0, lambda: x)),
    ("case_pair_not_tuple", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.case([[p.mean(x) > 0, lambda: x]], lambda: x)),
    ("switch_case_float_index", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.switch_case(p.full([1], 1.0, "float32"), {1: lambda: x})),
    ("switch_case_bad_key", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.switch_case(p.full([1], 1, "int64"), {"a": lambda: x})),
    ("while_loop_cond_not_callable", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.while_loop(1, lambda i: [i], [x])),
    ("while_loop_empty_vars", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.while_loop(lambda i: i < 3, lambda i: [i], [])),
    ("sequence_softmax", [("x", [2, 3], F32)], lambda p, x: p.static.nn.sequence_softmax(x)),
    ("fc_list_bad_item", [("x", [2, 3], F32)], lambda p, x: p.static.nn.fc([x, 3], 4)),
    ("batch_norm_bad_layout", [("x", [2, 3, 4, 4], F32)], lambda p, x: p.static.nn.batch_norm(x, data_layout="NCW")),
    ("batch_norm_rank1", [("x", [3], F32)], lambda p, x: p.static.nn.batch_norm(x)),
    ("conv2d_bad_padding_str", [("x", [1, 3, 5, 5], F32)],
     lambda p, x: p.static.nn.conv2d(x, 2, 3, padding="FULL")),
    ("conv2d_bad_batch_pad", [("x", [1, 3, 5, 5], F32)],
     lambda p, x: p.static.nn.conv2d(x, 2, 3, padding=[[1, 1], [0, 0], [1, 1], [1, 1]])),
    ("conv2d_bad_use_cudnn", [("x", [1, 3, 5, 5], F32)], lambda p, x: p.static.nn.conv2d(x, 2, 3, use_cudnn=1)),
    ("conv2d_filter_len", [("x", [1, 3, 5, 5], F32)], lambda p, x: p.static.nn.conv2d(x, 2, [3, 3, 3])),
    ("conv3d_transpose_bad_format", [("x", [1, 3, 3, 3, 3], F32)],
     lambda p, x: p.static.nn.conv3d_transpose(x, 2, filter_size=2, data_format="NCHW")),
    ("bilinear_rank3", [("x", [2, 3, 1], F32), ("y", [2, 5], F32)],
     lambda p, x, y: p.static.nn.bilinear_tensor_product(x, y, 4)),
    ("spectral_norm_bad_dim", [("w", [2, 3], F32)], lambda p, w: p.static.nn.spectral_norm(w, 2)),
    ("spectral_norm_int_iters", [("w", [2, 3], F32)], lambda p, w: p.static.nn.spectral_norm(w, 0, power_iters=1.5)),
    ("nce_rank3", [("x", [2, 3, 1], F32), ("label", [2, 1], I64)], lambda p, x, y: p.static.nn.nce(x, y, 5)),
    ("nce_bad_sampler", [("x", [2, 3], F32), ("label", [2, 1], I64)],
     lambda p, x, y: p.static.nn.nce(x, y, 5, sampler="gauss")),
    ("deform_rank3", [("x", [1, 2, 4], F32), ("o", [1, 18, 2, 2], F32)],
     lambda p, x, o: p.static.nn.deform_conv2d(x, o, None, 2, 3)),
    ("switch_case_dup_key", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.switch_case(p.full([1], 1, "int64"), [(1, lambda: x), (1, lambda: x)])),
    ("case_default_not_callable", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.case([(p.mean(x) > 0, lambda: x)], default=3)),
    ("while_loop_body_arity", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.while_loop(lambda i: p.mean(i) < 3, lambda i: [i, i], [x])),
    ("static_pylayer_needs_backward", [("x", [2, 3], F32)],
     lambda p, x: p.static.nn.static_pylayer(lambda a: a * 2, [p.nn.functional.relu(x * 1.0)])),
]


def _t(paddle, shape, dtype="float32", seed=0):
    import numpy as np

    rng = np.random.RandomState(seed)
    if dtype == "int64":
        return paddle.to_tensor(rng.randint(0, 5, shape).astype("int64"))
    return paddle.to_tensor(rng.uniform(-1, 1, shape).astype(dtype))


# dygraph mode: what each function does outside static mode (some raise, some run eagerly). ``values``: the
# result does not depend on randomly initialised parameters, so its values are compared too.
DYGRAPH_CASES = [
    ("fc", lambda p: p.static.nn.fc(_t(p, [2, 3]), 4), False),
    ("conv2d", lambda p: p.static.nn.conv2d(_t(p, [1, 3, 4, 4]), 2, 3), False),
    ("conv2d_transpose", lambda p: p.static.nn.conv2d_transpose(_t(p, [1, 3, 4, 4]), 2, filter_size=3), False),
    ("conv3d", lambda p: p.static.nn.conv3d(_t(p, [1, 2, 3, 3, 3]), 2, 2), False),
    ("conv3d_transpose", lambda p: p.static.nn.conv3d_transpose(_t(p, [1, 2, 3, 3, 3]), 2, filter_size=2), False),
    ("batch_norm", lambda p: p.static.nn.batch_norm(_t(p, [2, 3, 4, 4])), True),
    ("layer_norm", lambda p: p.static.nn.layer_norm(_t(p, [2, 3, 4])), True),
    ("instance_norm", lambda p: p.static.nn.instance_norm(_t(p, [2, 3, 4, 4])), True),
    ("group_norm", lambda p: p.static.nn.group_norm(_t(p, [2, 4, 3, 3]), 2), True),
    ("embedding", lambda p: p.static.nn.embedding(_t(p, [2, 1], "int64"), (5, 3)), False),
    ("sparse_embedding", lambda p: p.static.nn.sparse_embedding(_t(p, [2, 1], "int64"), (5, 3)), False),
    ("prelu", lambda p: p.static.nn.prelu(_t(p, [2, 3, 4, 4]), "all"), True),
    ("bilinear_tensor_product", lambda p: p.static.nn.bilinear_tensor_product(_t(p, [2, 3]), _t(p, [2, 5], seed=1),
                                                                             4), False),
    ("spectral_norm", lambda p: p.static.nn.spectral_norm(_t(p, [2, 3]), 0), False),
    ("data_norm", lambda p: p.static.nn.data_norm(_t(p, [2, 3])), True),
    ("nce", lambda p: p.static.nn.nce(_t(p, [2, 3]), _t(p, [2, 1], "int64"), 5), False),
    ("row_conv", lambda p: p.static.nn.row_conv(_t(p, [2, 3, 4]), 2), False),
    ("deform_conv2d", lambda p: p.static.nn.deform_conv2d(_t(p, [1, 2, 4, 4]), _t(p, [1, 18, 2, 2]), None, 2, 3),
     False),
    ("cond", lambda p: p.static.nn.cond(p.to_tensor(True), lambda: _t(p, [2, 3]) + 1, lambda: _t(p, [2, 3]) - 1),
     True),
    ("cond_false", lambda p: p.static.nn.cond(p.to_tensor(False), lambda: _t(p, [2]) + 1, lambda: _t(p, [2]) - 1),
     True),
    ("case", lambda p: p.static.nn.case([(p.to_tensor(False), lambda: _t(p, [2]) + 1),
                                         (p.to_tensor(True), lambda: _t(p, [2]) * 3)], lambda: _t(p, [2]) - 1), True),
    ("switch_case", lambda p: p.static.nn.switch_case(p.to_tensor(1), {1: lambda: _t(p, [2]) + 1},
                                                      lambda: _t(p, [2]) - 1), True),
    ("switch_case_default", lambda p: p.static.nn.switch_case(p.to_tensor(3), {1: lambda: _t(p, [2]) + 1},
                                                              lambda: _t(p, [2]) - 1), True),
    ("while_loop", lambda p: p.static.nn.while_loop(lambda i, s: i < 3, lambda i, s: [i + 1, s * 2],
                                                    [p.to_tensor(0), _t(p, [2])]), True),
    ("static_pylayer", lambda p: p.static.nn.static_pylayer(lambda a: a * 2, [_t(p, [2])]), True),
    ("py_func", lambda p: p.static.nn.py_func(lambda a: a, _t(p, [2]), None), True),
    ("sequence_pool", lambda p: p.static.nn.sequence_pool(_t(p, [2, 3]), "sum"), True),
]


def _train_convnet(paddle, x, y):
    nn = paddle.static.nn
    h = nn.conv2d(x, 4, 3, padding=1, act="relu")
    h = nn.batch_norm(h)
    h = nn.group_norm(h, 2, param_attr=paddle.ParamAttr(name="gn_s"), bias_attr=paddle.ParamAttr(name="gn_b"))
    h = nn.prelu(h, "channel")
    h = nn.fc(h, 3, activation="tanh")
    h = nn.cond(paddle.mean(h) > -10.0, lambda: h * 2.0, lambda: h - 1.0)
    h = nn.layer_norm(h)
    return paddle.mean((h - y) ** 2)


def _train_embedding(paddle, ids, y):
    nn = paddle.static.nn
    e = nn.embedding(ids, (8, 4), padding_idx=0)
    h = nn.fc(e, 4, num_flatten_dims=2)
    h = nn.bilinear_tensor_product(paddle.mean(h, axis=1), paddle.mean(e, axis=1), 2)
    h = nn.spectral_norm(paddle.reshape(h, [2, 2]), 0) + h
    return paddle.mean((h - y) ** 2)


def _train_transposed(paddle, x, y):
    nn = paddle.static.nn
    h = nn.conv2d_transpose(x, 2, filter_size=3, stride=2, padding=1)
    h = nn.instance_norm(h, param_attr=paddle.ParamAttr(name="in_s"), bias_attr=paddle.ParamAttr(name="in_b"))
    h = nn.row_conv(paddle.reshape(h, [2, 14, 7]), 2)  # no act: see while_loop in mappings/static_nn.toml
    i = paddle.full([1], 0, "int64")
    _, h = nn.while_loop(lambda i, h: i < 2, lambda i, h: [i + 1, paddle.tanh(h) * 1.5], [i, h])
    h = nn.switch_case(paddle.full([1], 1, "int64"), {0: lambda: h * 3.0, 1: lambda: h + 0.5})
    return paddle.mean((paddle.mean(h, axis=[1, 2]) - y) ** 2)


def _np_tanh(x):
    import numpy as np

    return np.tanh(np.array(x))


def _np_tanh_grad(y, dy):
    import numpy as np

    return np.array(dy) * (1 - np.square(np.array(y)))


def _train_py_func(paddle, x, y):
    h = paddle.static.nn.fc(x, 3)
    out = paddle.static.default_main_program().current_block().create_var(name="py_out", dtype="float32",
                                                                           shape=[2, 3])
    paddle.static.nn.py_func(func=_np_tanh, x=h, out=out, backward_func=_np_tanh_grad,
                             skip_vars_in_backward_input=h)
    return paddle.mean((out - y) ** 2)


# static training: the builder returns the loss; SGD(0.1).minimize(loss), then STEPS Executor runs
TRAIN_STEPS = 3
TRAIN_CASES = [
    ("convnet", [("x", [2, 3, 4, 4], F32), ("y", [2, 3], F32)], _train_convnet),
    ("embedding", [("ids", [2, 3], I64), ("y", [2, 2], F32)], _train_embedding),
    ("transposed_loops", [("x", [2, 3, 4, 4], F32), ("y", [2], F32)], _train_transposed),
    ("py_func_backward", [("x", [2, 3], F32), ("y", [2, 3], F32)], _train_py_func),
]
