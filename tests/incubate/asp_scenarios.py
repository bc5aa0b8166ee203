"""paddle.incubate.asp scenarios run by both interpreters (record_goldens.py with real Paddle, test_asp.py with ours):
the n:m mask generators and checks on numpy inputs (random floats, tie-heavy integers, padded shapes, 1-D..4-D),
their errors, and the dygraph / static-graph ASP workflows (decorate, prune_model, masked SGD steps, excluded
layers). Pure numpy + the given paddle module; each workflow starts from an empty ASP state."""

import numpy as np

SCENARIOS = {}
APIS = {}
ASP = "paddle.incubate.asp."


def scenario(*apis):
    def register(fn):
        SCENARIOS[fn.__name__] = fn
        APIS[fn.__name__] = tuple(ASP + a for a in apis)
        return fn
    return register


class _Dense:
    """A numpy result in the compact dense-tensor encoding of tests/sparse/serialize.py (dtype, shape, values)."""

    stop_gradient = True

    def __init__(self, array):
        self._array = np.asarray(array)
        self.shape, self.dtype = self._array.shape, self._array.dtype

    def is_sparse_coo(self):
        return False

    def is_sparse_csr(self):
        return False

    def numpy(self):
        return self._array


_arr = _Dense


def _inputs():
    rs = np.random.RandomState(7)
    return {
        "f64_8x8": rs.randn(8, 8),
        "f32_5x7": rs.randn(5, 7).astype("float32"),
        "f32_6x12": rs.randn(6, 12).astype("float32"),
        "int_ties_8x8": rs.randint(0, 4, size=(8, 8)),
        "int_ties_4x4_neg": rs.randint(-2, 3, size=(4, 4)),
        "f32_1d_10": rs.randn(10).astype("float32"),
        "f32_3d_2x4x8": rs.randn(2, 4, 8).astype("float32"),
        "f32_4d_3x3x8x4": rs.randn(3, 3, 8, 4).astype("float32"),
        "f32_4d_1x1x6x5": rs.randn(1, 1, 6, 5).astype("float32"),
    }


def _asp(paddle):
    import paddle.incubate.asp as asp

    return asp


@scenario("create_mask", "MaskAlgo", "check_sparsity", "CheckMethod")
def create_mask_all_algos(paddle):
    asp = _asp(paddle)
    out = {}
    for name, x in _inputs().items():
        for algo in (asp.MaskAlgo.MASK_1D, asp.MaskAlgo.MASK_2D_GREEDY, asp.MaskAlgo.MASK_2D_BEST):
            for n, m in ((2, 4), (1, 2)):
                mask = asp.create_mask(x, func_name=algo, n=n, m=m)
                out[f"{name}|{algo.name}|{n}:{m}"] = {
                    "mask": _arr(mask),
                    "check_1d": asp.check_sparsity(mask, func_name=asp.CheckMethod.CHECK_1D, n=n, m=m),
                    "check_2d": asp.check_sparsity(mask, func_name=asp.CheckMethod.CHECK_2D, n=n, m=m),
                    "check_1d_dense": asp.check_sparsity(x, func_name=asp.CheckMethod.CHECK_1D, n=n, m=m),
                }
    return out


@scenario("get_mask_1d", "check_mask_1d")
def mask_1d_wide_groups(paddle):
    asp = _asp(paddle)
    x = np.random.RandomState(3).randn(4, 16)
    out = {}
    for n, m in ((2, 4), (4, 8), (3, 8), (1, 16)):
        mask = asp.get_mask_1d(x, n, m)
        out[f"{n}:{m}"] = {"mask": _arr(mask), "check": asp.check_mask_1d(mask, n, m),
                           "check_dense": asp.check_mask_1d(x, n, m)}
    out["check_1d_vector"] = asp.check_mask_1d(np.array([0, 1, 0, 4, 6, 0]), 2, 4)
    return out


@scenario("get_mask_2d_greedy", "get_mask_2d_best", "check_mask_2d")
def mask_2d_direct(paddle):
    asp = _asp(paddle)
    rs = np.random.RandomState(11)
    out = {}
    for name, x in (("float", rs.randn(6, 10)), ("ties", rs.randint(0, 3, size=(8, 4))),
                    ("int32", rs.randint(-5, 6, size=(4, 8)).astype("int32"))):
        greedy = asp.get_mask_2d_greedy(x, 2, 4)
        best = asp.get_mask_2d_best(x, 2, 4)
        out[name] = {"greedy": _arr(greedy), "best": _arr(best),
                     "greedy_ok": asp.check_mask_2d(greedy, 2, 4), "best_ok": asp.check_mask_2d(best, 2, 4),
                     "l1": [float(np.abs(x * greedy).sum()), float(np.abs(x * best).sum())]}
    # a block with a dense row but sparse columns passes Paddle's check (it needs a bad row AND a bad column)
    out["row_only"] = asp.check_mask_2d(np.array([[1, 1, 1, 0], [0, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0]]), 2, 4)
    out["row_and_col"] = asp.check_mask_2d(np.ones((4, 4)), 2, 4)
    return out


@scenario("calculate_density")
def density(paddle):
    asp = _asp(paddle)
    return [asp.calculate_density(np.array([[0, 1, 3, 0], [1, 1, 0, 1]])),
            asp.calculate_density(np.zeros((3, 5))),
            asp.calculate_density(np.random.RandomState(1).randint(0, 2, size=(7, 9)))]


def _error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the exception Paddle raises is the result
        return [type(e).__name__, str(e)]
    return "no error"


@scenario("create_mask", "check_sparsity", "prune_model", "CheckMethod")
def errors(paddle):
    asp = _asp(paddle)
    x = np.ones((4, 4))
    return {
        "create_mask_str_algo": _error(lambda: asp.create_mask(x, func_name="get_mask_1d")),
        "create_mask_5d": _error(lambda: asp.create_mask(np.ones((1, 1, 1, 4, 4)))),
        "check_sparsity_mask_algo": _error(lambda: asp.check_sparsity(x, func_name=asp.MaskAlgo.MASK_1D)),
        "check_sparsity_0d": _error(lambda: asp.check_sparsity(np.array(1.0))),
        "get_mask_1d_vector": _error(lambda: asp.get_mask_1d(np.ones(8), 2, 4)),
        "checking_method_str": _error(lambda: asp.CheckMethod.get_checking_method("mask_1d")),
        "prune_bad_algo": _error(lambda: asp.prune_model(paddle.nn.Linear(4, 4), mask_algo="mask_3d")),
        "prune_not_layer": _error(lambda: asp.prune_model("net")),
        "checking_methods": [str(asp.CheckMethod.get_checking_method(a)) for a in asp.MaskAlgo],
    }


def _reset_asp_state(asp):
    asp.ASPHelper._ASPHelper__asp_info.clear()


def _net(paddle):
    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = paddle.nn.Conv2D(4, 8, 3)  # weight [8, 4, 3, 3]: pruned along its 4 input channels
            self.small = paddle.nn.Linear(2, 8)  # weight [2, 8]: input dim < m, left dense
            self.fc1 = paddle.nn.Linear(8 * 2 * 2 + 8, 16)
            self.fc2 = paddle.nn.Linear(16, 3)

        def forward(self, img, aux):
            h = paddle.flatten(paddle.nn.functional.relu(self.conv(img)), start_axis=1)
            h = paddle.concat([h, self.small(aux)], axis=1)
            return self.fc2(paddle.nn.functional.relu(self.fc1(h)))

    # no unique_name.guard: dygraph refuses a second mask parameter of the same name, so each net gets fresh
    # parameter names; results are keyed by structured names (fc1.weight) instead
    net = Net()
    rs = np.random.RandomState(5)
    for p in net.parameters():
        p.set_value(rs.randn(*p.shape).astype("float32") * 0.5)
    return net


def _batches(count):
    rs = np.random.RandomState(9)
    return [(rs.randn(4, 4, 4, 4).astype("float32"), rs.randn(4, 2).astype("float32"),
             rs.randn(4, 3).astype("float32")) for _ in range(count)]


def _by_structure(net, by_param_name):
    structured = {p.name: k for k, p in net.named_parameters()}
    return {structured[k]: _arr(v) for k, v in by_param_name.items()}


def _train(paddle, net, opt, steps):
    losses = []
    for img, aux, label in _batches(steps):
        loss = paddle.mean((net(paddle.to_tensor(img), paddle.to_tensor(aux)) - paddle.to_tensor(label)) ** 2)
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss.numpy()))
    return losses


def _dygraph_workflow(paddle, mask_algo, exclude=False):
    asp = _asp(paddle)
    _reset_asp_state(asp)
    net = _net(paddle)
    if exclude:
        asp.set_excluded_layers([net.fc1.full_name()])
    opt = asp.decorate(paddle.optimizer.SGD(learning_rate=0.05, parameters=net.parameters()))
    masks = asp.prune_model(net, mask_algo=mask_algo)
    # one decorated step, then the loss after it: Paddle 2.6.2 freezes the masked weights from the second step on
    # (stop_gradient=True, a deliberate deviation here), so later steps are checked by test_asp.py's reference
    losses = _train(paddle, net, opt, 1)
    weights = {k: _arr(p.numpy()) for k, p in net.named_parameters()}
    sparse_after = {k: asp.check_sparsity(p.numpy().T) for k, p in net.named_parameters() if p.ndim == 2}
    img, aux, label = _batches(2)[1]
    losses.append(float(paddle.mean((net(paddle.to_tensor(img), paddle.to_tensor(aux))
                                     - paddle.to_tensor(label)) ** 2).numpy()))
    result = {
        "masks": _by_structure(net, masks),
        "losses": losses,
        "weights": weights,
        "sparse_after": sparse_after,
        "state_dict_mask_keys": len([k for k in opt.state_dict() if k.endswith(".asp_mask")]),
    }
    if exclude:
        asp.reset_excluded_layers()
    _reset_asp_state(asp)
    return result


@scenario("decorate", "prune_model")
def dygraph_mask_1d(paddle):
    return _dygraph_workflow(paddle, "mask_1d")


@scenario("decorate", "prune_model")
def dygraph_mask_2d_greedy(paddle):
    return _dygraph_workflow(paddle, "mask_2d_greedy")


@scenario("decorate", "prune_model")
def dygraph_mask_2d_best(paddle):
    return _dygraph_workflow(paddle, "mask_2d_best")


@scenario("decorate", "prune_model", "set_excluded_layers", "reset_excluded_layers")
def dygraph_excluded_layer(paddle):
    return _dygraph_workflow(paddle, "mask_1d", exclude=True)


@scenario("prune_model")
def dygraph_prune_without_mask(paddle):
    asp = _asp(paddle)
    _reset_asp_state(asp)
    net = _net(paddle)
    no_decorate = _error(lambda: asp.prune_model(net))
    for k, p in net.named_parameters():
        no_decorate[1] = no_decorate[1].replace(p.name + ".", f"<{k}>.")
    _reset_asp_state(asp)
    net = _net(paddle)
    masks = asp.prune_model(net, n=1, m=2, mask_algo="mask_2d_greedy", with_mask=False)
    out = {"no_decorate": no_decorate, "masks": _by_structure(net, masks),
           "weights": {k: _arr(p.numpy()) for k, p in net.named_parameters()}}
    _reset_asp_state(asp)
    return out


@scenario("add_supported_layer", "prune_model", "decorate")
def dygraph_custom_layer(paddle):
    asp = _asp(paddle)
    _reset_asp_state(asp)

    class CustomLinear(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.w = self.create_parameter([8, 4])

        def forward(self, x):
            return paddle.matmul(x, self.w)

    def keep_largest_half(weight, m, n, func_name, param_name):
        mask = (np.abs(weight) >= np.median(np.abs(weight))).astype(weight.dtype)
        return weight * mask, mask

    with paddle.utils.unique_name.guard():
        layer = CustomLinear()
    layer.w.set_value(np.random.RandomState(2).randn(8, 4).astype("float32"))
    before = asp.prune_model(layer, with_mask=False)  # its layer type is not registered yet
    asp.add_supported_layer(layer.w.name.split(".")[0], keep_largest_half)
    after = asp.prune_model(layer, with_mask=False)
    asp.add_supported_layer(CustomLinear)
    registered = sorted(k for k in asp.supported_layer_list.supported_layers_and_prune_func_map if k)
    del asp.supported_layer_list.supported_layers_and_prune_func_map[layer.w.name.split(".")[0]]
    del asp.supported_layer_list.supported_layers_and_prune_func_map["custom_linear"]
    _reset_asp_state(asp)
    return {"name": layer.w.name, "before": sorted(before), "after": {k: _arr(v) for k, v in after.items()},
            "weight": _arr(layer.w.numpy()), "registered": registered}


@scenario("decorate", "prune_model")
def static_workflow(paddle):
    asp = _asp(paddle)
    _reset_asp_state(asp)
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
            x = paddle.static.data(name="x", shape=[None, 8])
            y = paddle.static.data(name="y", shape=[None, 2])
            fc1, fc2 = paddle.nn.Linear(8, 8), paddle.nn.Linear(8, 2)
            loss = paddle.mean((fc2(paddle.nn.functional.relu(fc1(x))) - y) ** 2)
            opt = asp.decorate(paddle.optimizer.SGD(learning_rate=0.1))
            opt.minimize(loss, startup)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        scope = paddle.static.global_scope()
        rs = np.random.RandomState(0)
        params = [fc1.weight, fc1.bias, fc2.weight, fc2.bias]
        for p in params:
            scope.find_var(p.name).get_tensor().set(rs.randn(*p.shape).astype("float32"), paddle.CPUPlace())
        masks = asp.prune_model(main, mask_algo="mask_2d_best")
        losses = []
        for _ in range(3):
            feed = {"x": rs.randn(4, 8).astype("float32"), "y": rs.randn(4, 2).astype("float32")}
            losses.append(float(exe.run(main, feed=feed, fetch_list=[loss])[0]))
        out = {
            "parameters": [p.name for p in main.global_block().all_parameters()],
            "last_ops": [op.type for op in main.global_block().ops][-2:],
            "masks": {k: _arr(v) for k, v in masks.items()},
            "losses": losses,
            "weights": {p.name: _arr(np.array(scope.find_var(p.name).get_tensor())) for p in params},
            "supported": {p.name: asp.ASPHelper._is_supported_layer(main, p.name)
                          for p in main.global_block().all_parameters()},
        }
    finally:
        paddle.disable_static()
        _reset_asp_state(asp)
    return out


@scenario("calculate_density", "create_mask", "check_sparsity", "get_mask_1d", "check_mask_1d")
def non_numpy_inputs(paddle):
    asp = _asp(paddle)
    t = paddle.to_tensor([[0., 1, 3, 0], [1, 1, 0, 1]])
    return {
        # numpy's nonzero defers to Tensor.nonzero for a paddle Tensor: Paddle's density of a Tensor is 1 / numel
        "density_tensor": asp.calculate_density(t),
        "create_mask_tensor": _error(lambda: asp.create_mask(t)),
        "check_sparsity_tensor": _error(lambda: asp.check_sparsity(t)),
        "get_mask_1d_tensor": _error(lambda: asp.get_mask_1d(t, 2, 4)),
        "create_mask_list": _error(lambda: asp.create_mask([[1, 2, 3, 4]])),
        "density_list": _error(lambda: asp.calculate_density([1, 0])),
        "mask_3_of_4": _arr(asp.create_mask(np.ones((4, 4)), n=3, m=4)),
        "best_1_of_4": _arr(asp.create_mask(np.arange(16.).reshape(4, 4), func_name=asp.MaskAlgo.MASK_2D_BEST,
                                            n=1, m=4)),
    }
