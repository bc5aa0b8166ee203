"""Sparse scenarios run by both interpreters: the oracle records them (record_goldens.py), our package replays
them (test_sparse_goldens.py). Each scenario takes the ``paddle`` module and returns a dict of results
(tensors dense or sparse, Python values); inputs come from a seeded numpy stream, so both sides see the same
data. Pure numpy + the given paddle; never imports paddle itself.
"""

import numpy as np

SCENARIOS = {}
# the Paddle APIs each scenario exercises (for the `verifies` marker)
APIS = {}


def scenario(*apis):
    def register(fn):
        SCENARIOS[fn.__name__] = fn
        APIS[fn.__name__] = apis
        return fn
    return register


def _dense(seed, shape, density=0.4, dtype="float32", positive=False):
    rng = np.random.RandomState(seed)
    values = rng.uniform(0.1 if positive else -1.0, 1.0, size=shape).astype(dtype)
    mask = rng.uniform(size=shape) < density
    return values * mask


def _coo(paddle, seed, shape, sparse_dim=None, **kw):
    return paddle.to_tensor(_dense(seed, shape, **kw)).to_sparse_coo(sparse_dim or len(shape))


def _csr(paddle, seed, shape, **kw):
    return paddle.to_tensor(_dense(seed, shape, **kw)).to_sparse_csr()


def _grid_input(paddle, seed, batch, spatial, channels, count, stop_gradient=True):
    """An N(D)HWC SparseCooTensor with ``count`` distinct random sites per batch."""
    rng = np.random.RandomState(seed)
    cells = int(np.prod(spatial))
    rows = []
    for b in range(batch):
        picks = np.sort(rng.choice(cells, size=count, replace=False))
        rows.append(np.concatenate([[np.full(count, b)], np.array(np.unravel_index(picks, spatial))]))
    indices = np.concatenate(rows, axis=1).astype("int64")
    values = rng.uniform(-1, 1, size=(indices.shape[1], channels)).astype("float32")
    values = paddle.to_tensor(values)
    x = paddle.sparse.sparse_coo_tensor(paddle.to_tensor(indices), values, [batch] + list(spatial) + [channels],
                                        stop_gradient=stop_gradient)
    return (x, values) if not stop_gradient else x


def _weight(paddle, seed, shape):
    rng = np.random.RandomState(seed)
    w = paddle.to_tensor(rng.uniform(-0.5, 0.5, size=shape).astype("float32"))
    w.stop_gradient = False
    return w


@scenario("paddle.sparse.sparse_coo_tensor")
def coo_creation(paddle):
    x = paddle.sparse.sparse_coo_tensor([[1, 0, 1], [2, 0, 2]], [1.0, 2.0, 3.0], [3, 3])
    inferred = paddle.sparse.sparse_coo_tensor([[0, 1, 3], [2, 0, 1]], [[1, 2], [3, 4], [5, 6]])
    typed = paddle.sparse.sparse_coo_tensor([[0, 1]], [4, 5], [4], dtype="float64")
    return {"x": x, "inferred": inferred, "typed": typed, "nnz": x.nnz(), "repr": str(x),
            "dense": inferred.to_dense(), "coalesced": paddle.sparse.coalesce(x)}


@scenario("paddle.sparse.sparse_coo_tensor")
def coo_creation_errors(paddle):
    out = {}
    for key, call in {
        "indices_1d": lambda: paddle.sparse.sparse_coo_tensor([0, 1], [1.0, 2.0], [2]),
        "nnz_mismatch": lambda: paddle.sparse.sparse_coo_tensor([[0, 1]], [1.0, 2.0, 3.0], [2]),
        "shape_small": lambda: paddle.sparse.sparse_coo_tensor([[0, 3]], [1.0, 2.0], [2]),
        "float_indices": lambda: paddle.sparse.sparse_coo_tensor(paddle.to_tensor([[0.0, 1.0]]), [1.0, 2.0], [2]),
    }.items():
        try:
            call()
            out[key] = "ok"
        except Exception as e:  # noqa: BLE001 - the exception type is the result
            out[key] = type(e).__name__
    return out


@scenario("paddle.sparse.sparse_csr_tensor")
def csr_creation(paddle):
    x = paddle.sparse.sparse_csr_tensor([0, 2, 3, 5], [1, 3, 2, 0, 1], [1.0, 2, 3, 4, 5], [3, 4])
    batched = paddle.sparse.sparse_csr_tensor([0, 1, 2, 0, 1, 2], [0, 1, 1, 0], [1.0, 2, 3, 4], [2, 2, 2])
    errors = {}
    for key, call in {
        "crows_len": lambda: paddle.sparse.sparse_csr_tensor([0, 2, 3], [1, 3, 2], [1.0, 2, 3], [3, 4]),
        "cols_len": lambda: paddle.sparse.sparse_csr_tensor([0, 1, 2, 3], [1, 3], [1.0, 2, 3], [3, 4]),
        "last_crow": lambda: paddle.sparse.sparse_csr_tensor([0, 1, 2, 2], [1, 3, 2], [1.0, 2, 3], [3, 4]),
    }.items():
        try:
            call()
            errors[key] = "ok"
        except Exception as e:  # noqa: BLE001
            errors[key] = type(e).__name__
    return {"x": x, "batched": batched, "dense": x.to_dense(), "batched_dense": batched.to_dense(),
            "errors": errors, "repr": str(x)}


_UNARY = ["sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh", "sqrt", "square", "log1p", "abs",
          "neg", "expm1", "rad2deg", "deg2rad", "isnan"]


@scenario(*[f"paddle.sparse.{n}" for n in _UNARY])
def unary_coo(paddle):
    x = _coo(paddle, 1, [3, 4], density=0.5, positive=True)
    y = _coo(paddle, 2, [3, 4], density=0.5)
    out = {}
    for name in _UNARY:
        src = x if name in ("sqrt", "log1p", "asin", "atanh") else y
        out[name] = getattr(paddle.sparse, name)(src)
    return out


@scenario(*[f"paddle.sparse.{n}" for n in _UNARY])
def unary_csr(paddle):
    x = _csr(paddle, 3, [4, 3], density=0.5, positive=True)
    return {name: getattr(paddle.sparse, name)(x) for name in _UNARY}


@scenario("paddle.sparse.sin", "paddle.sparse.pow", "paddle.sparse.tanh")
def unary_grad(paddle):
    values = paddle.to_tensor(np.array([0.5, -0.3, 0.8], dtype="float32"), stop_gradient=False)
    x = paddle.sparse.sparse_coo_tensor(paddle.to_tensor([[0, 1, 2], [1, 0, 2]]), values, [3, 3],
                                        stop_gradient=False)
    y = paddle.sparse.pow(paddle.sparse.tanh(paddle.sparse.sin(x)), 3)
    y.to_dense().sum().backward()
    return {"y": y, "grad": values.grad}


@scenario("paddle.sparse.pow", "paddle.sparse.cast", "paddle.sparse.neg")
def pow_cast(paddle):
    x = _coo(paddle, 4, [2, 5], density=0.6)
    c = _csr(paddle, 5, [3, 3], density=0.6)
    return {"pow2": paddle.sparse.pow(x, 2), "pow3_csr": paddle.sparse.pow(c, 3.0),
            "cast64": paddle.sparse.cast(x, value_dtype="float64"),
            "neg_csr": paddle.sparse.neg(c), "cast_csr": paddle.sparse.cast(c, None, "float64")}


@scenario("paddle.sparse.add", "paddle.sparse.subtract", "paddle.sparse.multiply", "paddle.sparse.divide")
def binary_coo(paddle):
    a = _coo(paddle, 6, [3, 4], density=0.5)
    b = _coo(paddle, 7, [3, 4], density=0.5, positive=True)
    out = {}
    for name in ("add", "subtract", "multiply", "divide"):
        out[name] = getattr(paddle.sparse, name)(a, b)
        out[name + "_same"] = getattr(paddle.sparse, name)(b, b)
    out["multiply_scalar"] = paddle.sparse.multiply(a, 2.5)
    out["divide_scalar"] = paddle.sparse.divide(a, 2.0)
    return out


@scenario("paddle.sparse.add", "paddle.sparse.subtract", "paddle.sparse.multiply")
def binary_csr(paddle):
    a = _csr(paddle, 8, [4, 3], density=0.5)
    b = _csr(paddle, 9, [4, 3], density=0.5)
    return {name: getattr(paddle.sparse, name)(a, b) for name in ("add", "subtract", "multiply")}


@scenario("paddle.sparse.add")
def add_grad(paddle):
    av = paddle.to_tensor(np.array([1.0, 2.0, 3.0], dtype="float32"), stop_gradient=False)
    bv = paddle.to_tensor(np.array([4.0, 5.0], dtype="float32"), stop_gradient=False)
    a = paddle.sparse.sparse_coo_tensor(paddle.to_tensor([[0, 1, 2], [0, 1, 2]]), av, [3, 3], stop_gradient=False)
    b = paddle.sparse.sparse_coo_tensor(paddle.to_tensor([[0, 2], [1, 2]]), bv, [3, 3], stop_gradient=False)
    y = paddle.sparse.add(a, b)
    (y.to_dense() * paddle.to_tensor(np.arange(9, dtype="float32").reshape(3, 3))).sum().backward()
    return {"y": y, "grad_a": av.grad, "grad_b": bv.grad}


@scenario("paddle.sparse.sum")
def sum_coo(paddle):
    x = _coo(paddle, 10, [3, 4], density=0.5)
    h = _coo(paddle, 11, [2, 3, 4], sparse_dim=2, density=0.6)
    i = paddle.to_tensor((_dense(12, [3, 3], density=0.6) * 10).astype("int32")).to_sparse_coo(2)
    return {"all": paddle.sparse.sum(x), "axis0": paddle.sparse.sum(x, axis=0),
            "axis1": paddle.sparse.sum(x, axis=1), "axis_neg_keep": paddle.sparse.sum(x, axis=-1, keepdim=True),
            "dtype64": paddle.sparse.sum(x, dtype="float64"), "hybrid_last": paddle.sparse.sum(h, axis=-1),
            "hybrid_first": paddle.sparse.sum(h, axis=0), "int32": paddle.sparse.sum(i, axis=1)}


@scenario("paddle.sparse.sum")
def sum_csr(paddle):
    x = _csr(paddle, 13, [4, 5], density=0.5)
    b = paddle.to_tensor(np.array([[[1.0, 0, 2], [0, 3, 0]], [[0, 4, 0], [5, 0, 6]]], dtype="float32"))
    b = b.to_sparse_csr()
    return {"all": paddle.sparse.sum(x), "last": paddle.sparse.sum(x, axis=-1),
            "last_keep": paddle.sparse.sum(x, axis=-1, keepdim=True), "batched_last": paddle.sparse.sum(b, axis=-1)}


@scenario("paddle.sparse.reshape", "paddle.sparse.transpose")
def reshape_transpose(paddle):
    x = _coo(paddle, 14, [2, 3, 4], density=0.4)
    h = _coo(paddle, 15, [4, 3, 2], sparse_dim=2, density=0.6)
    c = _csr(paddle, 16, [3, 4], density=0.5)
    unordered = paddle.sparse.sparse_coo_tensor([[2, 0, 1], [1, 2, 0]], [1.0, 2.0, 3.0], [3, 3])
    return {"reshape": paddle.sparse.reshape(x, [6, 4]), "reshape_inferred": paddle.sparse.reshape(x, [-1, 0, 2]),
            "reshape_hybrid": paddle.sparse.reshape(h, [2, 6, 2]), "reshape_csr": paddle.sparse.reshape(c, [2, 6]),
            "reshape_unordered": paddle.sparse.reshape(unordered, [9]),
            "transpose": paddle.sparse.transpose(x, [2, 0, 1]), "transpose_csr": paddle.sparse.transpose(c, [1, 0]),
            "transpose_unordered": paddle.sparse.transpose(unordered, [1, 0])}


@scenario("paddle.sparse.slice")
def slice_ops(paddle):
    x = _coo(paddle, 17, [4, 5, 3], density=0.4)
    c = _csr(paddle, 18, [4, 5], density=0.5)
    return {"coo": paddle.sparse.slice(x, [0, 2], [1, 0], [3, 2]), "coo_neg": paddle.sparse.slice(x, [1], [-3], [5]),
            "csr": paddle.sparse.slice(c, [0, 1], [1, 1], [4, 4])}


@scenario("paddle.sparse.is_same_shape", "paddle.sparse.coalesce", "paddle.sparse.isnan")
def misc(paddle):
    x = _coo(paddle, 19, [3, 4])
    dup = paddle.sparse.sparse_coo_tensor([[2, 0, 2, 1], [1, 1, 1, 0]], [1.0, 2.0, 3.0, float("nan")], [3, 2])
    return {"same": paddle.sparse.is_same_shape(x, paddle.zeros([3, 4])),
            "different": paddle.sparse.is_same_shape(x, _csr(paddle, 20, [4, 3])),
            "coalesce": paddle.sparse.coalesce(dup), "isnan": paddle.sparse.isnan(dup)}


@scenario("paddle.sparse.nn.functional.relu", "paddle.sparse.nn.functional.relu6",
          "paddle.sparse.nn.functional.leaky_relu", "paddle.sparse.nn.functional.softmax", "paddle.sparse.nn.ReLU",
          "paddle.sparse.nn.ReLU6", "paddle.sparse.nn.LeakyReLU", "paddle.sparse.nn.Softmax")
def activations(paddle):
    x = paddle.to_tensor((_dense(21, [3, 5], density=0.6) * 8).astype("float32")).to_sparse_coo(2)
    c = paddle.to_tensor(_dense(22, [3, 4], density=0.6) * 3).to_sparse_csr()
    F = paddle.sparse.nn.functional
    return {"relu": F.relu(x), "relu6": F.relu6(x), "leaky": F.leaky_relu(x, 0.2), "softmax_csr": F.softmax(c),
            "ReLU": paddle.sparse.nn.ReLU()(x), "ReLU6": paddle.sparse.nn.ReLU6()(x),
            "LeakyReLU": paddle.sparse.nn.LeakyReLU(0.1)(x), "Softmax": paddle.sparse.nn.Softmax()(c),
            "reprs": [repr(paddle.sparse.nn.ReLU()), repr(paddle.sparse.nn.LeakyReLU(0.1, name="lr")),
                      repr(paddle.sparse.nn.Softmax())]}


def _conv_case(paddle, subm, **kw):
    x, values = _grid_input(paddle, 23, 2, [5, 4, 6], 3, 12, stop_gradient=False)
    w = _weight(paddle, 24, [3, 3, 3, 3, 4])
    b = _weight(paddle, 25, [4])
    fn = paddle.sparse.nn.functional.subm_conv3d if subm else paddle.sparse.nn.functional.conv3d
    y = fn(x, w, b, **kw)
    (y.values() * paddle.to_tensor(np.linspace(-1, 1, y.values().size).reshape(y.values().shape)
                                   .astype("float32"))).sum().backward()
    return {"y": y, "w_grad": w.grad, "b_grad": b.grad, "x_grad": values.grad}


@scenario("paddle.sparse.nn.functional.conv3d")
def conv3d_basic(paddle):
    return _conv_case(paddle, False)


@scenario("paddle.sparse.nn.functional.conv3d")
def conv3d_stride_pad(paddle):
    return _conv_case(paddle, False, stride=2, padding=1)


@scenario("paddle.sparse.nn.functional.conv3d")
def conv3d_dilation(paddle):
    return _conv_case(paddle, False, padding=[1, 2, 0], dilation=[1, 2, 1], stride=[1, 1, 2])


@scenario("paddle.sparse.nn.functional.subm_conv3d")
def subm_conv3d_basic(paddle):
    return _conv_case(paddle, True, padding=1)


@scenario("paddle.sparse.nn.functional.subm_conv3d")
def subm_conv3d_dilation(paddle):
    return _conv_case(paddle, True, padding=1, dilation=2)


@scenario("paddle.sparse.nn.functional.conv3d")
def conv3d_input_grad(paddle):
    rng = np.random.RandomState(26)
    indices = paddle.to_tensor(np.array([[0, 0, 0, 0], [0, 1, 2, 3], [1, 1, 0, 2], [0, 2, 2, 1]], dtype="int64"))
    values = paddle.to_tensor(rng.uniform(-1, 1, size=(4, 2)).astype("float32"), stop_gradient=False)
    x = paddle.sparse.sparse_coo_tensor(indices, values, [1, 4, 3, 3, 2], stop_gradient=False)
    w = _weight(paddle, 27, [2, 2, 2, 2, 3])
    y = paddle.sparse.nn.functional.conv3d(x, w, stride=1, padding=0)
    y.values().sum().backward()
    return {"y": y, "values_grad": values.grad, "w_grad": w.grad}


@scenario("paddle.sparse.nn.functional.conv2d", "paddle.sparse.nn.functional.subm_conv2d")
def conv2d_cases(paddle):
    x = _grid_input(paddle, 28, 2, [6, 5], 2, 8)
    w = _weight(paddle, 29, [3, 3, 2, 3])
    return {"conv": paddle.sparse.nn.functional.conv2d(x, w, padding=1, stride=2),
            "subm": paddle.sparse.nn.functional.subm_conv2d(x, w, padding=1)}


@scenario("paddle.sparse.nn.Conv3D", "paddle.sparse.nn.SubmConv3D", "paddle.sparse.nn.Conv2D",
          "paddle.sparse.nn.SubmConv2D")
def conv_layers(paddle):
    with paddle.utils.unique_name.guard():
        layers = {"conv": paddle.sparse.nn.Conv3D(3, 4, 3, stride=2, padding=1),
                  "subm": paddle.sparse.nn.SubmConv3D(3, 4, (3, 1, 3), padding=1, key="k"),
                  "conv2d": paddle.sparse.nn.Conv2D(3, 2, 2), "subm2d": paddle.sparse.nn.SubmConv2D(3, 2, 3)}
    out = {}
    for key, layer in layers.items():
        out[key + "_repr"] = repr(layer)
        out[key + "_params"] = [[n, p.shape, str(p.dtype)] for n, p in layer.named_parameters()]
    x = _grid_input(paddle, 30, 1, [4, 4, 4], 3, 10)
    for key in ("conv", "subm"):
        layer = layers[key]
        layer.weight.set_value(_weight(paddle, 31, layer.weight.shape))
        layer.bias.set_value(_weight(paddle, 32, layer.bias.shape))
        out[key] = layer(x)
    return out


@scenario("paddle.sparse.nn.MaxPool3D", "paddle.sparse.nn.functional.max_pool3d")
def max_pool(paddle):
    x = _grid_input(paddle, 33, 2, [4, 6, 4], 3, 15)
    return {"pool": paddle.sparse.nn.functional.max_pool3d(x, 2), "pool_s1": paddle.sparse.nn.MaxPool3D(3, 1, 1)(x),
            "repr": repr(paddle.sparse.nn.MaxPool3D(3, 1, 1))}


@scenario("paddle.sparse.nn.BatchNorm")
def batch_norm(paddle):
    x = _grid_input(paddle, 34, 2, [3, 3, 3], 4, 9)
    with paddle.utils.unique_name.guard():
        bn = paddle.sparse.nn.BatchNorm(4)
    train = bn(x)
    bn.eval()
    evaluated = bn(x)
    return {"train": train, "eval": evaluated, "mean": bn._mean, "variance": bn._variance, "repr": repr(bn),
            "params": [[n, p.shape] for n, p in bn.named_parameters()]}


@scenario("paddle.sparse.nn.SubmConv3D", "paddle.sparse.nn.BatchNorm", "paddle.sparse.nn.ReLU")
def small_network_grad(paddle):
    x, values = _grid_input(paddle, 35, 1, [5, 5, 5], 2, 20, stop_gradient=False)
    with paddle.utils.unique_name.guard():
        conv = paddle.sparse.nn.SubmConv3D(2, 3, 3, padding=1)
        bn = paddle.sparse.nn.BatchNorm(3)
    conv.weight.set_value(_weight(paddle, 36, conv.weight.shape))
    y = paddle.sparse.nn.ReLU()(bn(conv(x)))
    y.values().sum().backward()
    return {"y": y, "w_grad": conv.weight.grad, "b_grad": conv.bias.grad, "bn_w_grad": bn.weight.grad,
            "x_grad": values.grad}


@scenario("paddle.sparse.cast", "paddle.sparse.abs", "paddle.sparse.add", "paddle.sparse.sparse_coo_tensor")
def index_dtypes_and_to_dense(paddle):
    x = paddle.to_tensor([[-2., 0., 1.], [0., 3., 0.]])
    coo32 = paddle.sparse.cast(x.to_sparse_coo(2), "int32", "float64")
    csr16 = paddle.sparse.cast(x.to_sparse_csr(), "int16", "float32")
    csr32 = paddle.sparse.cast(x.to_sparse_csr(), "int32", "float32")
    back64 = paddle.sparse.cast(coo32, "int64", "float64")
    # uncoalesced duplicates and a stored -0.: Paddle's to_dense assigns (last duplicate wins, -0. kept)
    dup = paddle.sparse.sparse_coo_tensor([[0, 0, 1], [1, 1, 2]], [1.0, 2.0, -0.0], [2, 3])
    csr_neg_zero = paddle.sparse.sparse_csr_tensor([0, 1, 2], [1, 2], [-0.0, 3.0], [2, 3])
    dense_dup, dense_csr = dup.to_dense(), csr_neg_zero.to_dense()
    return {"coo32": coo32, "csr16": csr16, "abs32": paddle.sparse.abs(coo32),
            "add32": paddle.sparse.add(coo32, coo32), "add_csr32": paddle.sparse.add(csr32, csr32),
            "back64": back64, "dense_dup": dense_dup, "dense_csr": dense_csr,
            "signbits": [np.signbit(dense_dup.numpy()).tolist(), np.signbit(dense_csr.numpy()).tolist()]}


@scenario("paddle.sparse.sum")
def sum_full(paddle):
    x = paddle.to_tensor([[[-2., 0.], [1., 2.]], [[0., 0.], [3., -1.]]])
    out = {}
    for sparse_dim in (1, 2, 3):
        s = x.to_sparse_coo(sparse_dim)
        out[f"all_{sparse_dim}"] = paddle.sparse.sum(s)
        out[f"keep_{sparse_dim}"] = paddle.sparse.sum(s, keepdim=True)
        out[f"all_{sparse_dim}_dense"] = paddle.sparse.sum(s).to_dense()
    return out
