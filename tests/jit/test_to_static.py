"""paddle.jit.to_static on torch.compile: same values as eager, one graph where promised, training through it.

Expected values are the eager results of the same models (eager numerics are checked against real Paddle by
the conformance goldens); the "eager"/"aot_eager" torch backends keep the compile time low.
"""

import numpy as np
import paddle
import pytest
import torch
import torch._dynamo as dynamo
from paddle.static import InputSpec


def _close(a, b, tol=1e-6):
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=tol, atol=tol)


@pytest.mark.parametrize("name, shape", [("LeNet", [3, 1, 28, 28]), ("resnet18", [2, 3, 32, 32]),
                                         ("mobilenet_v2", [2, 3, 32, 32])])
def test_vision_models_equal_eager(name, shape):
    paddle.seed(7)
    model = getattr(paddle.vision.models, name)()
    model.eval()
    x = paddle.randn(shape)
    expected = model(x)
    static = paddle.jit.to_static(model, backend="eager")
    assert static is model
    assert type(model.forward).__name__ == "SymbolicStaticFunction"
    _close(static(x), expected)


def test_transformer_encoder_equal_eager():
    paddle.seed(3)
    layer = paddle.nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0)
    encoder = paddle.nn.TransformerEncoder(layer, 2)
    x = paddle.randn([2, 5, 16])
    expected = encoder(x)
    _close(paddle.jit.to_static(encoder, backend="aot_eager")(x), expected)


def test_tensor_if_function():
    def f(x):
        if paddle.mean(x) < 0:
            return x - 1
        return x * 2

    static = paddle.jit.to_static(f, backend="eager")
    for x in (paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([-1.0, -5.0])):
        _close(static(x), f(x))


def test_tensor_if_full_graph_becomes_torch_cond():
    """if/return on a tensor condition is rewritten to torch.cond (Paddle: conditional_block): one graph, no
    warning, eager's values and gradients."""
    import warnings

    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(3, 3)

        def forward(self, x):
            h = self.fc(x)
            if h.sum() > 0:
                return paddle.nn.functional.relu(h)
            else:
                return h * 0.5

    paddle.seed(2)
    net = Net()
    eager_forward = net.forward
    static = paddle.jit.to_static(net, backend="aot_eager", full_graph=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for value in (1.0, -1.0):
            x = paddle.full([2, 3], value)
            x.stop_gradient = False
            out = static(x)
            out.sum().backward()
            grad = x.grad.numpy()
            x.clear_grad()
            expected = eager_forward(x)
            expected.sum().backward()
            _close(out, expected)
            np.testing.assert_allclose(grad, x.grad.numpy(), rtol=1e-6, atol=1e-6)
    graph = static.forward.program_cache.last().main_program
    assert any("cond" in str(n.target) for n in graph.graph.nodes)


def test_tensor_if_without_returns_falls_back_with_warning():
    @paddle.jit.to_static(backend="eager", full_graph=True)
    def f(x):
        if paddle.mean(x) < 0:
            x = x - 1
        return x * 2

    with pytest.warns(UserWarning, match="one graph"):
        out = f(paddle.to_tensor([-1.0, -3.0]))
    np.testing.assert_array_equal(out.numpy(), [-4.0, -8.0])
    np.testing.assert_array_equal(f(paddle.to_tensor([1.0, 3.0])).numpy(), [2.0, 6.0])


def _lenet_loss_runner():
    paddle.seed(1)
    net = paddle.vision.models.LeNet()
    loss_fn = paddle.nn.CrossEntropyLoss()

    def step(tx, ty):
        return loss_fn(net(_wrap(tx)), _wrap(ty))._t

    return step


def _wrap(t):
    from paddle_compat._core.tensor import wrap

    return wrap(t)


def test_lenet_forward_loss_fullgraph_zero_breaks():
    step = _lenet_loss_runner()
    x, y = torch.randn(4, 1, 28, 28), torch.randint(0, 10, (4, 1))
    dynamo.reset()
    explain = dynamo.explain(step)(x, y)
    assert explain.graph_count == 1
    assert explain.graph_break_count == 0


def test_lenet_fullgraph_to_static_training_matches_eager():
    def make():
        paddle.seed(11)
        net = paddle.vision.models.LeNet()
        return net, paddle.optimizer.Adam(learning_rate=0.01, parameters=net.parameters())

    loss_fn = paddle.nn.CrossEntropyLoss()
    paddle.seed(5)
    xs = [paddle.randn([4, 1, 28, 28]) for _ in range(3)]
    ys = [paddle.randint(0, 10, [4, 1]) for _ in range(3)]

    def train(net, opt, forward):
        losses = []
        for x, y in zip(xs, ys):
            loss = loss_fn(forward(x), y)
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses.append(float(loss))
        return losses

    net_e, opt_e = make()
    eager = train(net_e, opt_e, net_e)
    net_s, opt_s = make()
    static = paddle.jit.to_static(net_s, backend="aot_eager", full_graph=True)
    compiled = train(net_s, opt_s, static)
    np.testing.assert_allclose(compiled, eager, rtol=1e-6, atol=1e-6)
    for a, b in zip(net_e.parameters(), net_s.parameters()):
        _close(a, b, 1e-5)
    assert len(static.forward.program_cache) >= 1


def test_state_changes_seen_by_compiled_code():
    net = paddle.nn.Linear(3, 2)
    static = paddle.jit.to_static(net, backend="eager")
    x = paddle.ones([1, 3])
    first = static(x).numpy()
    net.set_state_dict({"weight": paddle.zeros([3, 2]), "bias": paddle.full([2], 4.0)})
    np.testing.assert_array_equal(static(x).numpy(), [[4.0, 4.0]])
    assert not np.array_equal(first, [[4.0, 4.0]])


def test_method_decorator_binds_per_instance_and_rollback():
    class Net(paddle.nn.Layer):
        def __init__(self, k):
            super().__init__()
            self.k = k

        @paddle.jit.to_static(backend="eager")
        def forward(self, x):
            return x * self.k

    a, b = Net(2.0), Net(3.0)
    x = paddle.ones([2])
    np.testing.assert_array_equal(a(x).numpy(), [2.0, 2.0])
    np.testing.assert_array_equal(b(x).numpy(), [3.0, 3.0])
    assert a.forward is a.forward and a.forward is not b.forward

    layer = paddle.nn.Linear(2, 2)
    paddle.jit.to_static(layer, backend="eager")
    restored = layer.forward.rollback()
    assert not isinstance(layer.forward, paddle.jit.dy2static.program_translator.StaticFunction)
    assert restored == layer.forward


def test_full_graph_members_and_input_spec():
    @paddle.jit.to_static(input_spec=[InputSpec([None, 3], "float32", "x")], full_graph=True, backend="eager")
    def f(x):
        return x * 2

    program = f.concrete_program  # traced from the InputSpec, before any call
    assert program.inputs[0].name == "x"
    assert isinstance(program.main_program, torch.fx.GraphModule)
    assert f.get_traced_count() == 1
    assert "return x * 2" in f.code
    assert repr(f.function_spec).startswith("function: f(x), input_spec: (InputSpec(shape=(-1, 3)")
    np.testing.assert_array_equal(f(paddle.ones([2, 3])).numpy(), np.full([2, 3], 2.0))


def test_symbolic_members_raise_as_paddle():
    f = paddle.jit.to_static(lambda x: x + 1, backend="eager")
    for member in ("concrete_program", "program_cache", "inputs", "outputs", "main_program", "code"):
        with pytest.raises(RuntimeError, match=f"Can't call {member} when full_graph=False"):
            getattr(f, member)


def test_enable_to_static_false_runs_eagerly():
    calls = []

    def f(x):
        calls.append(1)
        return x + 1

    static = paddle.jit.to_static(f, backend="eager")
    paddle.jit.enable_to_static(False)
    try:
        static(paddle.ones([2]))
        static(paddle.ones([2]))
        assert len(calls) == 2  # Python ran each time: no compiled graph
    finally:
        paddle.jit.enable_to_static(True)


def test_not_to_static_runs_python():
    seen = []

    @paddle.jit.not_to_static
    def side(x):
        seen.append(x.shape)
        return x

    @paddle.jit.to_static(backend="eager")
    def f(x):
        return side(x * 2) + 1

    f(paddle.ones([2]))
    f(paddle.ones([2]))
    assert len(seen) == 2


def test_bad_arguments():
    with pytest.raises(ValueError, match="should be 'CINN' or None"):
        paddle.jit.to_static(lambda x: x, backend="tensorrt")
    with pytest.raises(TypeError, match="build_strategy"):
        paddle.jit.to_static(paddle.nn.Linear(2, 2), build_strategy=3)
    with pytest.raises(TypeError, match="Level is not an integer"):
        paddle.jit.set_code_level("a")
    with pytest.raises(TypeError, match="Level is not an integer"):
        paddle.jit.set_verbosity("a")
    paddle.jit.set_verbosity(0)
    paddle.jit.set_code_level(-1)
    paddle.jit.ignore_module([np])


def test_whole_train_step_inside_to_static():
    """backward and the Adam step inside the compiled function (graph breaks around backward and the one-time
    accumulator creation) give eager's losses and parameters."""
    loss_fn = paddle.nn.CrossEntropyLoss()
    paddle.seed(5)
    xs = [paddle.randn([4, 1, 28, 28]) for _ in range(3)]
    ys = [paddle.randint(0, 10, [4, 1]) for _ in range(3)]

    def run(static):
        paddle.seed(11)
        net = paddle.vision.models.LeNet()
        opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=net.parameters())

        def train_step(x, y):
            loss = loss_fn(net(x), y)
            loss.backward()
            opt.step()
            opt.clear_grad()
            return loss

        step = paddle.jit.to_static(train_step, backend="aot_eager") if static else train_step
        return [float(step(x, y)) for x, y in zip(xs, ys)], net

    eager_losses, eager_net = run(False)
    static_losses, static_net = run(True)
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-6, atol=1e-6)
    for a, b in zip(eager_net.parameters(), static_net.parameters()):
        _close(a, b, 1e-5)


def _fixture_model_with_paddle_weights(name):
    """The fixture model (fixtures/fixture_models.py) carrying the weights real Paddle saved for it."""
    import json
    import os
    import pickle
    import sys

    here = os.path.join(os.path.dirname(__file__), "fixtures")
    sys.path.insert(0, here)
    from fixture_models import MODELS

    from tools.api_diff.common import check_stamp

    golden = json.load(open(os.path.join(here, "jit_paddle_models.json")))
    check_stamp(golden, "tests/jit/fixtures/jit_paddle_models.json")
    prefix = os.path.join(here, name, "model")
    with paddle.utils.unique_name.guard():  # loaded parameters are renamed by the name generator, as in Paddle
        loaded = paddle.jit.load(prefix)
    info = pickle.load(open(prefix + ".pdiparams.info", "rb"))
    by_var = {p.name: p for p in loaded.parameters()}
    state = {}
    for var, extra in info.items():
        state[extra["structured_name"]] = by_var[var]
        if var.endswith(".w_0") and extra["structured_name"].endswith(".weight"):  # batch norm statistics
            layer_prefix = extra["structured_name"][: -len("weight")]
            for suffix, key in ((".w_1", "_mean"), (".w_2", "_variance")):
                stat = var[: -len(".w_0")] + suffix
                if stat in by_var and stat not in info:
                    state[layer_prefix + key] = by_var[stat]
    model = MODELS[name][0]()
    missing = set(model.state_dict()) - set(state)
    assert not missing, missing
    model.set_state_dict(state)
    model.eval()
    return model, golden["models"][name]


@pytest.mark.parametrize("name", ["lenet", "resnet", "transformer"])
@pytest.mark.parametrize("full_graph", [False, True])
def test_to_static_matches_real_paddle(name, full_graph):
    """Same weights as real Paddle's saved model; outputs within 1e-5 of what Paddle computed (golden)."""
    model, golden = _fixture_model_with_paddle_weights(name)
    static = paddle.jit.to_static(model, backend="aot_eager", full_graph=full_graph)
    for batch in golden["batches"]:
        out = static(paddle.to_tensor(np.array(batch["x"], "float32")))
        np.testing.assert_allclose(out.numpy(), np.array(batch["eager"]), rtol=1e-5, atol=1e-5)


class _StridedBNNet(paddle.nn.Layer):
    """Convolutions of different strides sharing one functional code path, and BatchNorm in training mode:
    a BatchNorm warning used to split the graph, and the resumed conv frames then traced the strides as symbolic
    ints (a graph break per conv, and an inductor NameError on the next step of a to_static ResNet)."""

    def __init__(self):
        super().__init__()
        self.conv1 = paddle.nn.Conv2D(3, 4, 3, stride=1, padding=1)
        self.bn1 = paddle.nn.BatchNorm2D(4)
        self.conv2 = paddle.nn.Conv2D(4, 4, 3, stride=2, padding=1)
        self.bn2 = paddle.nn.BatchNorm2D(4)
        self.fc = paddle.nn.Linear(4 * 4 * 4, 3)

    def forward(self, x):
        x = paddle.nn.functional.relu(self.bn1(self.conv1(x)))
        x = paddle.nn.functional.relu(self.bn2(self.conv2(x)))
        return self.fc(paddle.flatten(x, 1))


def test_train_mode_batchnorm_and_strided_convs_trace_without_breaks():
    paddle.seed(3)
    net = _StridedBNNet()
    net.train()
    dynamo.reset()
    explain = dynamo.explain(lambda t: net(_wrap(t))._t)(torch.randn(2, 3, 8, 8))
    assert explain.graph_break_count == 0, explain.break_reasons


def test_to_static_strided_bn_training_matches_eager():
    def make():
        paddle.seed(4)
        net = _StridedBNNet()
        return net, paddle.optimizer.Adam(learning_rate=0.01, parameters=net.parameters())

    paddle.seed(6)
    xs = [paddle.randn([2, 3, 8, 8]) for _ in range(3)]
    ys = [paddle.randint(0, 3, [2, 1]) for _ in range(3)]

    def train(net, opt, forward):
        losses = []
        for x, y in zip(xs, ys):
            loss = paddle.nn.functional.cross_entropy(forward(x), y)
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses.append(float(loss))
        return losses

    net_e, opt_e = make()
    eager = train(net_e, opt_e, net_e)
    net_s, opt_s = make()
    compiled = train(net_s, opt_s, paddle.jit.to_static(net_s, backend="aot_eager"))
    np.testing.assert_allclose(compiled, eager, rtol=1e-5, atol=1e-6)
