"""Case definitions of the ``paddle.static.nn.sequence_*`` goldens, run by the recorder (real Paddle) and by the
replay test (paddle-compat) through the same ``run_case``.

A case builds one program: ``data`` declares feed variables ``(name, shape, dtype, lod_level, stop_gradient)``,
``args`` are the op's keyword arguments (``"@x"`` names a data variable, ``{"assign": array}`` a ParamAttr with an
Assign initializer), ``feed`` maps names to ``(array, recursive_seq_lens or None)``, ``grads`` lists variables
whose gradient of ``mean(out * out)`` (first output) is fetched too.
"""

import numpy as np


def _f(rows, cols, start=0, dtype="float32"):
    return (np.arange(rows * cols, dtype="float64").reshape(rows, cols) * 0.5 - 1.0 + start).astype(dtype)


_X5 = _f(5, 2)
_X10 = np.array([[0.3], [-1.2], [2.0], [0.7], [1.5], [-0.4], [0.0], [2.5], [-2.0], [1.1]], "float32")
_IDS = np.array([[3], [1], [4], [1], [5], [9], [2]], "int64")
_W6x3 = (np.arange(18, dtype="float64").reshape(6, 3) * 0.1 - 0.7).astype("float32")


def _pool_cases():
    out = []
    for pool in ("sum", "average", "sqrt", "max", "last", "first"):
        out.append(dict(id=f"pool_{pool}_l1", op="sequence_pool", data=[("x", [-1, 2], "float32", 1, False)],
                        args={"input": "@x", "pool_type": pool}, feed={"x": (_X5, [[2, 3]])}, grads=["x"]))
        out.append(dict(id=f"pool_{pool}_l2", op="sequence_pool", data=[("x", [-1, 2], "float32", 2, False)],
                        args={"input": "@x", "pool_type": pool}, feed={"x": (_X5, [[1, 2], [2, 1, 2]])},
                        grads=["x"]))
        out.append(dict(id=f"pool_{pool}_empty", op="sequence_pool", data=[("x", [-1, 2], "float32", 1, True)],
                        args={"input": "@x", "pool_type": pool, "pad_value": 7.5},
                        feed={"x": (_X5, [[2, 0, 3]])}))
    out.append(dict(id="pool_max_ties", op="sequence_pool", data=[("x", [-1, 2], "float32", 1, False)],
                    args={"input": "@x", "pool_type": "max"},
                    feed={"x": (np.array([[1, 2], [1, 5], [3, 5], [0, 0]], "float32"), [[3, 1]])}, grads=["x"]))
    out.append(dict(id="pool_f64", op="sequence_pool", data=[("x", [-1, 3], "float64", 1, False)],
                    args={"input": "@x", "pool_type": "average"}, feed={"x": (_f(4, 3, dtype="float64"), [[1, 3]])},
                    grads=["x"]))
    out.append(dict(id="pool_sum_3d", op="sequence_pool", data=[("x", [-1, 2, 2], "float32", 1, False)],
                    args={"input": "@x", "pool_type": "sum"}, feed={"x": (_f(5, 4).reshape(5, 2, 2), [[4, 1]])},
                    grads=["x"]))
    out.append(dict(id="first_step", op="sequence_first_step", data=[("x", [-1, 2], "float32", 1, False)],
                    args={"input": "@x"}, feed={"x": (_X5, [[3, 2]])}, grads=["x"]))
    out.append(dict(id="last_step", op="sequence_last_step", data=[("x", [-1, 2], "float32", 1, False)],
                    args={"input": "@x"}, feed={"x": (_X5, [[3, 2]])}, grads=["x"]))
    out.append(dict(id="pool_nolod", op="sequence_pool", data=[("x", [-1, 2], "float32", 1, True)],
                    args={"input": "@x", "pool_type": "sum"}, feed={"x": (_X5, None)}))
    out.append(dict(id="pool_bad_type", op="sequence_pool", data=[("x", [-1, 2], "float32", 1, True)],
                    args={"input": "@x", "pool_type": "min"}, feed={"x": (_X5, [[2, 3]])}))
    out.append(dict(id="pool_int_dtype", op="sequence_pool", data=[("x", [-1, 1], "int64", 1, True)],
                    args={"input": "@x", "pool_type": "sum"}, feed={"x": (_IDS, [[3, 4]])}))
    out.append(dict(id="pool_fetch_numpy", op="sequence_pool", data=[("x", [-1, 2], "float32", 2, True)],
                    args={"input": "@x", "pool_type": "sum"}, feed={"x": (_X5, [[1, 2], [2, 1, 2]])},
                    return_numpy=True))
    return out


CASES = _pool_cases() + [
    dict(id="softmax_l1", op="sequence_softmax", data=[("x", [-1, 1], "float32", 1, False)],
         args={"input": "@x"}, feed={"x": (_X10, [[4, 6]])}, grads=["x"]),
    dict(id="softmax_l2", op="sequence_softmax", data=[("x", [-1, 1], "float32", 2, False)],
         args={"input": "@x"}, feed={"x": (_X10, [[1, 2], [4, 3, 3]])}, grads=["x"]),
    dict(id="softmax_1d", op="sequence_softmax", data=[("x", [-1], "float32", 1, False)],
         args={"input": "@x"}, feed={"x": (_X10.reshape(10), [[3, 0, 7]])}, grads=["x"]),
    dict(id="softmax_width2", op="sequence_softmax", data=[("x", [-1, 2], "float32", 1, True)],
         args={"input": "@x"}, feed={"x": (_X5, [[2, 3]])}),
    dict(id="softmax_nolod", op="sequence_softmax", data=[("x", [-1, 1], "float32", 1, True)],
         args={"input": "@x"}, feed={"x": (_X10, None)}),
    dict(id="reverse_l1", op="sequence_reverse", data=[("x", [-1, 2], "float32", 1, False)],
         args={"x": "@x"}, feed={"x": (_X5, [[2, 3]])}, grads=["x"]),
    dict(id="reverse_int", op="sequence_reverse", data=[("x", [-1, 1], "int64", 1, True)],
         args={"x": "@x"}, feed={"x": (_IDS, [[1, 4, 0, 2]])}),
    dict(id="reverse_l2", op="sequence_reverse", data=[("x", [-1, 2], "float32", 2, True)],
         args={"x": "@x"}, feed={"x": (_X5, [[1, 1], [2, 3]])}),
    dict(id="reverse_nolod", op="sequence_reverse", data=[("x", [-1, 2], "float32", 1, True)],
         args={"x": "@x"}, feed={"x": (_X5, None)}),
    dict(id="concat_2", op="sequence_concat",
         data=[("x", [-1, 2], "float32", 1, False), ("y", [-1, 2], "float32", 1, False)],
         args={"input": ["@x", "@y"]}, feed={"x": (_X5, [[2, 3]]), "y": (_f(3, 2, 10), [[1, 2]])}, grads=["x", "y"]),
    dict(id="concat_3_empty", op="sequence_concat",
         data=[("x", [-1, 2], "float32", 1, True), ("y", [-1, 2], "float32", 1, True),
               ("z", [-1, 2], "float32", 1, True)],
         args={"input": ["@x", "@y", "@z"]},
         feed={"x": (_X5, [[2, 0, 3]]), "y": (_f(3, 2, 10), [[1, 2, 0]]), "z": (_f(1, 2, 20), [[0, 0, 1]])}),
    dict(id="concat_int64", op="sequence_concat",
         data=[("x", [-1, 1], "int64", 1, True), ("y", [-1, 1], "int64", 1, True)],
         args={"input": ["@x", "@y"]}, feed={"x": (_IDS, [[3, 4]]), "y": (_IDS[:3], [[2, 1]])}),
    dict(id="concat_mismatch", op="sequence_concat",
         data=[("x", [-1, 2], "float32", 1, True), ("y", [-1, 2], "float32", 1, True)],
         args={"input": ["@x", "@y"]}, feed={"x": (_X5, [[2, 3]]), "y": (_f(3, 2), [[1, 1, 1]])}),
    dict(id="concat_not_list", op="sequence_concat", data=[("x", [-1, 2], "float32", 1, True)],
         args={"input": "@x"}, feed={"x": (_X5, [[2, 3]])}),
    dict(id="reshape_down", op="sequence_reshape", data=[("x", [-1, 2], "float32", 1, False)],
         args={"input": "@x", "new_dim": 1}, feed={"x": (_X5, [[2, 3]])}, grads=["x"]),
    dict(id="reshape_up", op="sequence_reshape", data=[("x", [-1, 2], "float32", 1, False)],
         args={"input": "@x", "new_dim": 4}, feed={"x": (_f(6, 2), [[2, 4]])}, grads=["x"]),
    dict(id="reshape_bad", op="sequence_reshape", data=[("x", [-1, 2], "float32", 1, True)],
         args={"input": "@x", "new_dim": 4}, feed={"x": (_X5, [[2, 3]])}),
    dict(id="pad_default", op="sequence_pad",
         data=[("x", [-1, 2], "float32", 1, False), ("p", [1], "float32", 0, True)],
         args={"x": "@x", "pad_value": "@p"}, feed={"x": (_X5, [[2, 3]]), "p": (np.array([0.5], "float32"), None)},
         grads=["x"]),
    dict(id="pad_maxlen", op="sequence_pad",
         data=[("x", [-1, 2], "float32", 1, True), ("p", [1], "float32", 0, True)],
         args={"x": "@x", "pad_value": "@p", "maxlen": 4},
         feed={"x": (_X5, [[2, 0, 3]]), "p": (np.array([0.5], "float32"), None)}),
    dict(id="pad_vector", op="sequence_pad",
         data=[("x", [-1, 2], "float32", 1, True), ("p", [2], "float32", 0, True)],
         args={"x": "@x", "pad_value": "@p"},
         feed={"x": (_X5, [[2, 3]]), "p": (np.array([0.5, 1.5], "float32"), None)}),
    dict(id="pad_int", op="sequence_pad",
         data=[("x", [-1, 1], "int64", 1, True), ("p", [1], "int64", 0, True)],
         args={"x": "@x", "pad_value": "@p"}, feed={"x": (_IDS, [[3, 4]]), "p": (np.array([-1], "int64"), None)}),
    dict(id="pad_short", op="sequence_pad",
         data=[("x", [-1, 2], "float32", 1, True), ("p", [1], "float32", 0, True)],
         args={"x": "@x", "pad_value": "@p", "maxlen": 2},
         feed={"x": (_X5, [[2, 3]]), "p": (np.array([0.5], "float32"), None)}),
    dict(id="pad_l2", op="sequence_pad",
         data=[("x", [-1, 2], "float32", 2, True), ("p", [1], "float32", 0, True)],
         args={"x": "@x", "pad_value": "@p"},
         feed={"x": (_X5, [[1, 1], [2, 3]]), "p": (np.array([0.5], "float32"), None)}),
    dict(id="unpad", op="sequence_unpad",
         data=[("x", [-1, 3, 2], "float32", 0, False), ("l", [-1], "int64", 0, True)],
         args={"x": "@x", "length": "@l"},
         feed={"x": (_f(6, 2).reshape(2, 3, 2), None), "l": (np.array([2, 3], "int64"), None)}, grads=["x"]),
    dict(id="unpad_zero", op="sequence_unpad",
         data=[("x", [-1, 4], "float32", 0, True), ("l", [-1], "int64", 0, True)],
         args={"x": "@x", "length": "@l"},
         feed={"x": (_f(3, 4), None), "l": (np.array([1, 0, 4], "int64"), None)}),
    dict(id="unpad_len_int32", op="sequence_unpad",
         data=[("x", [-1, 4], "float32", 0, True), ("l", [-1], "int32", 0, True)],
         args={"x": "@x", "length": "@l"},
         feed={"x": (_f(3, 4), None), "l": (np.array([1, 0, 4], "int32"), None)}),
    dict(id="enumerate_w3", op="sequence_enumerate", data=[("x", [-1, 1], "int64", 1, True)],
         args={"input": "@x", "win_size": 3, "pad_value": 0}, feed={"x": (_IDS, [[2, 5]])}),
    dict(id="enumerate_int32_pad", op="sequence_enumerate", data=[("x", [-1, 1], "int32", 1, True)],
         args={"input": "@x", "win_size": 2, "pad_value": -7}, feed={"x": (_IDS.astype("int32"), [[1, 0, 6]])}),
    dict(id="enumerate_1d", op="sequence_enumerate", data=[("x", [-1], "int64", 1, True)],
         args={"input": "@x", "win_size": 2}, feed={"x": (_IDS.reshape(7), [[2, 5]])}),
    dict(id="enumerate_float", op="sequence_enumerate", data=[("x", [-1, 1], "float32", 1, True)],
         args={"input": "@x", "win_size": 2}, feed={"x": (_X10, [[2, 8]])}),
    dict(id="expand_xlod", op="sequence_expand",
         data=[("x", [-1, 2], "float32", 1, False), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(4, 2), [[1, 3]]), "y": (np.zeros((5, 1), "float32"), [[2, 3]])}, grads=["x"]),
    dict(id="expand_xnolod", op="sequence_expand",
         data=[("x", [-1, 2], "float32", 0, False), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(3, 2), None), "y": (np.zeros((6, 1), "float32"), [[2, 0, 4]])}, grads=["x"]),
    dict(id="expand_ref0", op="sequence_expand",
         data=[("x", [-1, 2], "float32", 1, True), ("y", [-1, 1], "float32", 2, True)],
         args={"x": "@x", "y": "@y", "ref_level": 0},
         feed={"x": (_f(4, 2), [[2, 2]]), "y": (np.zeros((5, 1), "float32"), [[2, 1], [1, 1, 3]])}),
    dict(id="expand_ref_last_l2", op="sequence_expand",
         data=[("x", [-1, 2], "float32", 1, True), ("y", [-1, 1], "float32", 2, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(4, 2), [[1, 3]]), "y": (np.zeros((5, 1), "float32"), [[1, 1], [2, 3]])}),
    dict(id="expand_int", op="sequence_expand",
         data=[("x", [-1, 1], "int64", 0, True), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_IDS[:2], None), "y": (np.zeros((4, 1), "float32"), [[1, 3]])}),
    dict(id="expand_count_mismatch", op="sequence_expand",
         data=[("x", [-1, 2], "float32", 0, True), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(3, 2), None), "y": (np.zeros((5, 1), "float32"), [[2, 3]])}),
    dict(id="expand_y_nolod", op="sequence_expand",
         data=[("x", [-1, 2], "float32", 0, True), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(2, 2), None), "y": (np.zeros((5, 1), "float32"), None)}),
    dict(id="expand_as", op="sequence_expand_as",
         data=[("x", [-1, 2], "float32", 0, False), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(3, 2), None), "y": (np.zeros((6, 1), "float32"), [[2, 1, 3]])}, grads=["x"]),
    dict(id="expand_as_zero", op="sequence_expand_as",
         data=[("x", [-1, 2], "float32", 0, True), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(3, 2), None), "y": (np.zeros((4, 1), "float32"), [[2, 0, 2]])}),
    dict(id="expand_as_mismatch", op="sequence_expand_as",
         data=[("x", [-1, 2], "float32", 0, True), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(2, 2), None), "y": (np.zeros((6, 1), "float32"), [[2, 1, 3]])}),
    dict(id="slice", op="sequence_slice",
         data=[("x", [-1, 2], "float32", 1, False), ("o", [-1, 1], "int64", 0, True),
               ("l", [-1, 1], "int64", 0, True)],
         args={"input": "@x", "offset": "@o", "length": "@l"},
         feed={"x": (_X5, [[2, 3]]), "o": (np.array([[0], [1]], "int64"), None),
               "l": (np.array([[1], [2]], "int64"), None)}, grads=["x"]),
    dict(id="slice_int32_zero", op="sequence_slice",
         data=[("x", [-1, 2], "float32", 1, True), ("o", [-1, 1], "int32", 0, True),
               ("l", [-1, 1], "int32", 0, True)],
         args={"input": "@x", "offset": "@o", "length": "@l"},
         feed={"x": (_X5, [[2, 3]]), "o": (np.array([[1], [0]], "int32"), None),
               "l": (np.array([[0], [3]], "int32"), None)}),
    dict(id="slice_out_of_range", op="sequence_slice",
         data=[("x", [-1, 2], "float32", 1, True), ("o", [-1, 1], "int64", 0, True),
               ("l", [-1, 1], "int64", 0, True)],
         args={"input": "@x", "offset": "@o", "length": "@l"},
         feed={"x": (_X5, [[2, 3]]), "o": (np.array([[0], [2]], "int64"), None),
               "l": (np.array([[1], [2]], "int64"), None)}),
    dict(id="slice_negative", op="sequence_slice",
         data=[("x", [-1, 2], "float32", 1, True), ("o", [-1, 1], "int64", 0, True),
               ("l", [-1, 1], "int64", 0, True)],
         args={"input": "@x", "offset": "@o", "length": "@l"},
         feed={"x": (_X5, [[2, 3]]), "o": (np.array([[-1], [0]], "int64"), None),
               "l": (np.array([[1], [2]], "int64"), None)}),
    dict(id="scatter", op="sequence_scatter",
         data=[("x", [3, 6], "float32", 0, False), ("i", [-1, 1], "int64", 1, True),
               ("u", [-1, 1], "float32", 1, False)],
         args={"input": "@x", "index": "@i", "updates": "@u"},
         feed={"x": (_f(3, 6), None), "i": (np.array([[0], [1], [2], [5], [4], [3], [4]], "int64"), [[3, 1, 3]]),
               "u": (_f(7, 1), [[3, 1, 3]])}, grads=["x", "u"]),
    dict(id="scatter_int32_ids", op="sequence_scatter",
         data=[("x", [2, 4], "float32", 0, True), ("i", [-1, 1], "int32", 1, True),
               ("u", [-1, 1], "float32", 1, True)],
         args={"input": "@x", "index": "@i", "updates": "@u"},
         feed={"x": (_f(2, 4), None), "i": (np.array([[3], [0], [1]], "int32"), [[1, 2]]),
               "u": (_f(3, 1, 5), [[1, 2]])}),
    dict(id="conv_k3", op="sequence_conv", data=[("x", [-1, 2], "float32", 1, False)],
         args={"input": "@x", "num_filters": 3, "param_attr": {"assign": _W6x3}, "bias_attr": False},
         feed={"x": (_X5, [[2, 3]])}, grads=["x", "sequence_conv_0.w_0"]),
    dict(id="conv_k2_start0_bias_act", op="sequence_conv", data=[("x", [-1, 2], "float32", 1, False)],
         args={"input": "@x", "num_filters": 2, "filter_size": 2, "padding_start": 0,
               "param_attr": {"assign": _W6x3[:4, :2]}, "bias_attr": {"assign": np.array([0.5, -0.25], "float32")},
               "act": "tanh"},
         feed={"x": (_X5, [[1, 4]])}, grads=["x"]),
    dict(id="conv_k4_start_neg3", op="sequence_conv", data=[("x", [-1, 3], "float32", 1, True)],
         args={"input": "@x", "num_filters": 1, "filter_size": 4, "padding_start": -3,
               "param_attr": {"assign": _W6x3[:, :2].reshape(12, 1)}, "bias_attr": False},
         feed={"x": (_f(6, 3), [[4, 0, 2]])}),
    dict(id="conv_l2", op="sequence_conv", data=[("x", [-1, 2], "float32", 2, True)],
         args={"input": "@x", "num_filters": 3, "param_attr": {"assign": _W6x3}, "bias_attr": False},
         feed={"x": (_X5, [[1, 1], [2, 3]])}),
    dict(id="conv_stride2", op="sequence_conv", data=[("x", [-1, 2], "float32", 1, True)],
         args={"input": "@x", "num_filters": 3, "filter_stride": 2, "param_attr": {"assign": _W6x3},
               "bias_attr": False},
         feed={"x": (_X5, [[2, 3]])}),
    dict(id="conv_int", op="sequence_conv", data=[("x", [-1, 1], "int64", 1, True)],
         args={"input": "@x", "num_filters": 3}, feed={"x": (_IDS, [[2, 5]])}),
]


# inputs without LoD, and multi-level LoD where only one level is supported: Paddle's runtime errors
CASES += [
    dict(id="concat_nolod", op="sequence_concat",
         data=[("x", [-1, 2], "float32", 1, True), ("y", [-1, 2], "float32", 1, True)],
         args={"input": ["@x", "@y"]}, feed={"x": (_X5, None), "y": (_f(3, 2), [[1, 2]])}),
    dict(id="conv_nolod", op="sequence_conv", data=[("x", [-1, 2], "float32", 1, True)],
         args={"input": "@x", "num_filters": 3, "param_attr": {"assign": _W6x3}, "bias_attr": False},
         feed={"x": (_X5, None)}),
    dict(id="slice_nolod", op="sequence_slice",
         data=[("x", [-1, 2], "float32", 1, True), ("o", [-1, 1], "int64", 0, True),
               ("l", [-1, 1], "int64", 0, True)],
         args={"input": "@x", "offset": "@o", "length": "@l"},
         feed={"x": (_X5, None), "o": (np.array([[0]], "int64"), None), "l": (np.array([[1]], "int64"), None)}),
    dict(id="slice_l2", op="sequence_slice",
         data=[("x", [-1, 2], "float32", 2, True), ("o", [-1, 1], "int64", 0, True),
               ("l", [-1, 1], "int64", 0, True)],
         args={"input": "@x", "offset": "@o", "length": "@l"},
         feed={"x": (_X5, [[1, 1], [2, 3]]), "o": (np.array([[0], [1]], "int64"), None),
               "l": (np.array([[1], [1]], "int64"), None)}),
    dict(id="pad_nolod", op="sequence_pad",
         data=[("x", [-1, 2], "float32", 1, True), ("p", [1], "float32", 0, True)],
         args={"x": "@x", "pad_value": "@p"}, feed={"x": (_X5, None), "p": (np.array([0.5], "float32"), None)}),
    dict(id="scatter_nolod", op="sequence_scatter",
         data=[("x", [2, 4], "float32", 0, True), ("i", [-1, 1], "int64", 1, True),
               ("u", [-1, 1], "float32", 1, True)],
         args={"input": "@x", "index": "@i", "updates": "@u"},
         feed={"x": (_f(2, 4), None), "i": (np.array([[3], [0], [1]], "int64"), None),
               "u": (_f(3, 1, 5), None)}),
    dict(id="expand_as_nolod", op="sequence_expand_as",
         data=[("x", [-1, 2], "float32", 0, True), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"}, feed={"x": (_f(2, 2), None), "y": (np.zeros((5, 1), "float32"), None)}),
    dict(id="enumerate_nolod", op="sequence_enumerate", data=[("x", [-1, 1], "int64", 1, True)],
         args={"input": "@x", "win_size": 2}, feed={"x": (_IDS, None)}),
    dict(id="reshape_nolod", op="sequence_reshape", data=[("x", [-1, 2], "float32", 1, True)],
         args={"input": "@x", "new_dim": 1}, feed={"x": (_X5, None)}),
    dict(id="reshape_l2", op="sequence_reshape", data=[("x", [-1, 2], "float32", 2, True)],
         args={"input": "@x", "new_dim": 1}, feed={"x": (_X5, [[1, 1], [2, 3]])}),
    dict(id="expand_as_l2", op="sequence_expand_as",
         data=[("x", [-1, 2], "float32", 0, True), ("y", [-1, 1], "float32", 2, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(2, 2), None), "y": (np.zeros((5, 1), "float32"), [[1, 1], [2, 3]])}),
    dict(id="expand_xlod_l2", op="sequence_expand",
         data=[("x", [-1, 2], "float32", 2, True), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y"},
         feed={"x": (_f(4, 2), [[1, 1], [1, 3]]), "y": (np.zeros((5, 1), "float32"), [[2, 3]])}),
    dict(id="expand_bad_ref_level", op="sequence_expand",
         data=[("x", [-1, 2], "float32", 0, True), ("y", [-1, 1], "float32", 1, True)],
         args={"x": "@x", "y": "@y", "ref_level": 3},
         feed={"x": (_f(2, 2), None), "y": (np.zeros((5, 1), "float32"), [[2, 3]])}),
    dict(id="scatter_l2", op="sequence_scatter",
         data=[("x", [2, 4], "float32", 0, True), ("i", [-1, 1], "int64", 2, True),
               ("u", [-1, 1], "float32", 2, True)],
         args={"input": "@x", "index": "@i", "updates": "@u"},
         feed={"x": (_f(2, 4), None), "i": (np.array([[3], [0], [1]], "int64"), [[1, 1], [1, 2]]),
               "u": (_f(3, 1, 5), [[1, 1], [1, 2]])}),
    dict(id="softmax_empty_only", op="sequence_softmax", data=[("x", [-1, 1], "float32", 1, True)],
         args={"input": "@x"}, feed={"x": (_X10[:2], [[0, 2, 0]])}),
    dict(id="pool_all_empty", op="sequence_pool", data=[("x", [-1, 2], "float32", 1, True)],
         args={"input": "@x", "pool_type": "max", "pad_value": -3.0},
         feed={"x": (np.zeros((0, 2), "float32"), [[0, 0]])}),
]


def _dtype_name(dtype):
    return str(dtype).replace("paddle.", "")


def run_case(paddle, case):
    """Build and run ``case`` with the given ``paddle`` module; returns a JSON-able dict of what happened."""
    static = paddle.static
    main, startup = static.Program(), static.Program()
    result = {}
    paddle.utils.unique_name.switch()
    try:
        with static.program_guard(main, startup):
            variables = {}
            for name, shape, dtype, lod_level, stop_gradient in case["data"]:
                v = static.data(name, shape, dtype, lod_level=lod_level)
                v.stop_gradient = stop_gradient
                variables[name] = v

            def resolve(a):
                if isinstance(a, str) and a.startswith("@"):
                    return variables[a[1:]]
                if isinstance(a, list):
                    return [resolve(b) for b in a]
                if isinstance(a, dict) and "assign" in a:
                    return paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(a["assign"]))
                return a

            kwargs = {k: resolve(v) for k, v in case["args"].items()}
            out = getattr(static.nn, case["op"])(**kwargs)
            outs = list(out) if isinstance(out, (list, tuple)) else [out]
            result["compiled"] = [[o.name, list(o.shape), _dtype_name(o.dtype), o.lod_level] for o in outs]
            fetch = list(outs)
            grads = case.get("grads", ())
            if grads:
                loss = paddle.mean(outs[0] * outs[0])
                wrt = [main.global_block().var(g) for g in grads]
                fetch += static.gradients([loss], wrt)
            result["op_types"] = [op.type for op in main.global_block().ops if op.attr("op_role") == 0]
    except Exception as e:  # noqa: BLE001 - recorded as the case's outcome
        result["error"] = {"stage": "build", "type": type(e).__name__, "message": _first_line(e)}
        return result
    exe = static.Executor(paddle.CPUPlace())
    scope = static.Scope()
    feed = {}
    for name, (array, lens) in case["feed"].items():
        array = np.asarray(array)
        feed[name] = array if lens is None else paddle.base.create_lod_tensor(array, lens, paddle.CPUPlace())
    try:
        with static.scope_guard(scope):
            exe.run(startup)
            values = exe.run(main, feed=feed, fetch_list=fetch, return_numpy=case.get("return_numpy", False))
    except Exception as e:  # noqa: BLE001
        result["error"] = {"stage": "run", "type": type(e).__name__, "message": _first_line(e)}
        return result
    result["outputs"] = [{"value": np.array(v).tolist(), "dtype": str(np.array(v).dtype), "lod": v.lod()}
                         for v in values]
    return result


def _first_line(error):
    """The error's own sentence: Paddle's executor errors carry the user-code traceback before it."""
    text = str(error)
    for line in text.splitlines():
        line = line.strip()
        for prefix in ("InvalidArgumentError: ", "OutOfRangeError: ", "NotFoundError: ", "UnimplementedError: ",
                       "PreconditionNotMetError: "):
            if line.startswith(prefix):
                return line[len(prefix):]
    return text.strip().splitlines()[0] if text.strip() else ""
