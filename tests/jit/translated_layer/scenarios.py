"""A Layer saved with paddle.jit.save and loaded back as a TranslatedLayer: its Layer methods, parameters,
program and training, in both interpreters (record.py with real Paddle 2.6.2, test_translated_layer.py with ours).
Each interpreter saves and loads its own model (same weights from paddle.seed)."""

import os
import tempfile

import numpy as np

from tests.golden_scenarios import registry

SCENARIOS, APIS, scenario = registry()

X = np.random.RandomState(0).uniform(-1, 1, size=[4, 3]).astype("float32")



def _outcome(fn):
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the exception class is the outcome
        return "!" + type(e).__name__
    return value


def _saved_and_loaded(paddle, root):
    with paddle.utils.unique_name.guard():  # the loaded layer's full name counts in the guard too
        net = paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.ReLU(), paddle.nn.Linear(4, 2))
        path = os.path.join(root, "net")
        paddle.jit.save(net, path, input_spec=[paddle.static.InputSpec([None, 3], "float32", "x")])
        return net, paddle.jit.load(path)


@scenario("paddle.jit.TranslatedLayer.__call__", "paddle.jit.TranslatedLayer.forward",
          "paddle.jit.TranslatedLayer.eval", "paddle.jit.TranslatedLayer.train",
          "paddle.jit.TranslatedLayer.named_parameters", "paddle.jit.TranslatedLayer.parameters",
          "paddle.jit.TranslatedLayer.state_dict", "paddle.jit.TranslatedLayer.named_sublayers",
          "paddle.jit.TranslatedLayer.sublayers", "paddle.jit.TranslatedLayer.children",
          "paddle.jit.TranslatedLayer.named_children", "paddle.jit.TranslatedLayer.buffers",
          "paddle.jit.TranslatedLayer.named_buffers", "paddle.jit.TranslatedLayer.full_name")
def loaded_layer(paddle):
    with tempfile.TemporaryDirectory() as root:
        net, loaded = _saved_and_loaded(paddle, root)
        x = paddle.to_tensor(X)
        loaded.eval()
        out = loaded(x)
        forward = loaded.forward(x)
        flags = [loaded.training]
        loaded.train()
        flags.append(loaded.training)
        return {"out": out.numpy().tolist(), "forward": forward.numpy().tolist(),
                "out_stop_gradient": out.stop_gradient, "same_as_net": float((out - net(x)).abs().max()) < 1e-6,
                "flags": flags, "type": type(loaded).__name__,
                "params": [[n, list(p.shape), bool(p.stop_gradient)] for n, p in loaded.named_parameters()],
                "param_names": [p.name for p in loaded.parameters()],
                "state_keys": list(loaded.state_dict().keys()),
                "sublayers": [n for n, _ in loaded.named_sublayers()], "n_sublayers": len(loaded.sublayers()),
                "children": [n for n, _ in loaded.named_children()], "n_children": len(list(loaded.children())),
                "buffers": [n for n, _ in loaded.named_buffers()], "n_buffers": len(loaded.buffers()),
                "full_name": _outcome(loaded.full_name)}


@scenario("paddle.jit.TranslatedLayer.program", "paddle.jit.TranslatedLayer.set_state_dict",
          "paddle.jit.TranslatedLayer.set_dict", "paddle.jit.TranslatedLayer.load_dict",
          "paddle.jit.TranslatedLayer.to_static_state_dict", "paddle.jit.TranslatedLayer.clear_gradients")
def loaded_program_and_state(paddle):
    with tempfile.TemporaryDirectory() as root:
        net, loaded = _saved_and_loaded(paddle, root)
        program = loaded.program()
        ops = [op.type for op in program.global_block().ops]
        state = loaded.state_dict()
        zeros = {k: np.zeros(v.shape, "float32") for k, v in state.items()}
        loaded.set_state_dict(zeros)
        x = paddle.to_tensor(X)
        after_zero = loaded(x)
        loaded.set_dict({k: v.numpy() + 1 for k, v in state.items()} if False else state)
        loaded.load_dict({k: np.ones(v.shape, "float32") for k, v in state.items()})
        after_ones = loaded(x)
        static_keys = list(loaded.to_static_state_dict().keys())
        loss = loaded(x).sum()
        loss.backward()
        had_grads = [p.grad is not None for p in loaded.parameters()]
        loaded.clear_gradients()
        cleared = [p.grad is None or float(p.grad.abs().sum()) == 0.0 for p in loaded.parameters()]
        return {"ops": ops, "after_zero": after_zero.numpy().tolist(), "after_ones": after_ones.numpy().tolist(),
                "static_keys": static_keys,
                "had_grads": had_grads, "cleared": cleared}


@scenario("paddle.jit.TranslatedLayer.to", "paddle.jit.TranslatedLayer.astype", "paddle.jit.TranslatedLayer.float",
          "paddle.jit.TranslatedLayer.apply", "paddle.jit.TranslatedLayer.register_forward_post_hook",
          "paddle.jit.TranslatedLayer.register_forward_pre_hook", "paddle.jit.TranslatedLayer.extra_repr",
          "paddle.jit.TranslatedLayer.__repr__", "paddle.jit.TranslatedLayer.__getattr__",
          "paddle.jit.TranslatedLayer.__setattr__", "paddle.jit.TranslatedLayer.__dir__")
def loaded_layer_misc(paddle):
    with tempfile.TemporaryDirectory() as root:
        net, loaded = _saved_and_loaded(paddle, root)
        x = paddle.to_tensor(X)
        calls = []
        pre = loaded.register_forward_pre_hook(lambda layer, inputs: calls.append("pre"))
        post = loaded.register_forward_post_hook(lambda layer, inputs, output: calls.append("post"))
        loaded(x)
        pre.remove()
        post.remove()
        seen = []
        loaded.apply(lambda layer: seen.append(type(layer).__name__))
        loaded.extra_note = 3
        listing = dir(loaded)
        return {"calls": calls, "applied": seen, "extra_repr": loaded.extra_repr(), "repr": repr(loaded),
                "getattr": loaded.extra_note, "dir": ["extra_note" in listing, "forward" in listing],
                "to": _outcome(lambda: [str(p.dtype) for p in loaded.to(dtype="float64").parameters()]),
                "astype": _outcome(lambda: [str(p.dtype) for p in loaded.astype("float32").parameters()]),
                "float": _outcome(lambda: [str(p.dtype) for p in loaded.float().parameters()])}


@scenario("paddle.jit.load", "paddle.jit.TranslatedLayer.parameters")
def loaded_parameter_names(paddle):
    """Loaded persistables are renamed through the unique-name generator: the saved name without its numeric
    suffix is the key (a second load in one guard gets linear_0.w_1, batch_norm1d_0.w_3...)."""

    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(3, 4)
            self.bn = paddle.nn.BatchNorm1D(4)

        def forward(self, x):
            return self.bn(self.fc(x))

    with tempfile.TemporaryDirectory() as root, paddle.utils.unique_name.guard():
        path = os.path.join(root, "net")
        with paddle.utils.unique_name.guard():
            paddle.jit.save(Net(), path, input_spec=[paddle.static.InputSpec([None, 3], "float32", "x")])
        first = sorted(p.name for p in paddle.jit.load(path).parameters())
        paddle.nn.Linear(2, 2)
        second = sorted(p.name for p in paddle.jit.load(path).parameters())
        third = sorted(p.name for p in paddle.jit.load(path).parameters())
    return {"first": first, "second": second, "third": third}
