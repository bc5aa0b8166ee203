"""Errors raised inside ``paddle.jit.to_static`` code: the scenarios recorded from real Paddle 2.6.2 by
``record_goldens.py`` (golden tests/goldens/jit_errors_scenarios.json) and replayed with ours by
``test_errors_goldens.py``.

Each scenario is the source of a small module. It is written to ``<dir>/jst_<name>.py`` and imported with the
global ``FULL_GRAPH`` set first (``@paddle.jit.to_static(full_graph=FULL_GRAPH)``), so Paddle's messages point at
a real file; ``CALLS`` lists the argument tuples the decorated ``fn`` is called with, in order. The outcome of
every call (result shape, or exception class and message) is what is compared.
"""

import importlib.util
import os
import sys

_HEAD = "import paddle\n\n"

SCENARIOS = {
    # a user ValueError that only fires for the second input's shape (the first call compiles fine)
    "value_error_second_call": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    y = x * 2
    if x.shape[0] > 3:
        raise ValueError("too many rows: %d" % x.shape[0])
    return y


CALLS = [(paddle.ones([2, 3]),), (paddle.ones([5, 3]),), (paddle.ones([5, 3]),)]
''',
    "type_error": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    y = x + 1
    raise TypeError("unsupported input kind")
    return y


CALLS = [(paddle.ones([2]),), (paddle.ones([2]),)]
''',
    "index_error": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    parts = [x, x * 2]
    return parts[3]


CALLS = [(paddle.ones([2]),), (paddle.ones([2]),)]
''',
    "key_error": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    table = {"a": x}
    return table["b"]


CALLS = [(paddle.ones([2]),), (paddle.ones([2]),)]
''',
    "assert_shape": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    assert x.shape[0] == 3, "expected 3 rows"
    return x + 1


CALLS = [(paddle.ones([3]),), (paddle.ones([4]),), (paddle.ones([4]),)]
''',
    "runtime_error": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    y = paddle.nn.functional.relu(x)
    raise RuntimeError("custom failure")
    return y


CALLS = [(paddle.ones([2]),), (paddle.ones([2]),)]
''',
    "attribute_error": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    return x.no_such_method()


CALLS = [(paddle.ones([2]),)]
''',
    "zero_division": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    scale = 1 / (x.shape[0] - 2)
    return x * scale


CALLS = [(paddle.ones([3]),), (paddle.ones([2]),)]
''',
    # a paddle op's own error: matmul of [2, 4] by [3, 5]
    "matmul_shape": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x, w):
    h = paddle.matmul(x, w)
    return h.sum()


CALLS = [(paddle.ones([2, 4]), paddle.ones([4, 5])), (paddle.ones([2, 4]), paddle.ones([3, 5]))]
''',
    "reshape_capacity": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    return paddle.reshape(x, [4, 5])


CALLS = [(paddle.ones([3, 4]),)]
''',
    # an index value (not a shape) out of range: the compiled graph's kernel fails at run time
    "gather_index_value": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x, index):
    return paddle.gather(x, index) * 2


x = paddle.arange(4, dtype="float32")
CALLS = [(x, paddle.to_tensor([0, 1])), (x, paddle.to_tensor([0, 7])), (x, paddle.to_tensor([1, 2]))]
''',
    "concat_rank": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x, y):
    return paddle.concat([x, y], axis=0)


CALLS = [(paddle.ones([2, 3]), paddle.ones([2, 4]))]
''',
    "nested_function": _HEAD + '''
def check_positive(n):
    if n <= 0:
        raise ValueError(f"n must be positive, got {n}")
    return n


def helper(x):
    n = check_positive(x.shape[0] - 3)
    return x * n


@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    return helper(x) + 1


CALLS = [(paddle.ones([4]),), (paddle.ones([2]),)]
''',
    # a to_static function called from another one raises
    "nested_to_static": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def inner(x):
    if x.shape[0] > 2:
        raise ValueError("inner: %d rows" % x.shape[0])
    return x * 2


@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    return inner(x) + 1


CALLS = [(paddle.ones([2]),), (paddle.ones([3]),), (paddle.ones([3]),), (paddle.ones([2]),)]
''',
    # a sublayer's Linear gets the wrong feature size
    "sublayer_shape": _HEAD + '''
class Block(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def forward(self, x):
        return self.block(x) * 2


paddle.seed(1)
net = paddle.jit.to_static(Net(), full_graph=FULL_GRAPH)
fn = net
CALLS = [(paddle.ones([2, 4]),), (paddle.ones([2, 3]),)]
''',
    # a user error raised by a sublayer's forward, the model decorated on forward
    "sublayer_raise": _HEAD + '''
class Gate(paddle.nn.Layer):
    def forward(self, x):
        if x.ndim != 2:
            raise ValueError("Gate expects a 2-D input, got %d-D" % x.ndim)
        return x


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.gate = Gate()

    @paddle.jit.to_static(full_graph=FULL_GRAPH)
    def forward(self, x):
        return self.gate(x) + 1


fn = Net()
CALLS = [(paddle.ones([2, 2]),), (paddle.ones([2]),)]
''',
    # control flow: a raise inside a loop over a shape
    "loop_index_error": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    weights = [1.0, 2.0, 3.0]
    total = x * 0
    for i in range(x.shape[0]):
        total = total + x * weights[i]
    return total


CALLS = [(paddle.ones([3]),), (paddle.ones([4]),)]
''',
    # control flow on a tensor value: the branch that raises is taken
    "tensor_if_raise": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    if x.mean() > 0:
        y = x + 1
    else:
        y = x - 1
    if x.shape[0] == 2:
        raise ValueError("two elements are not allowed")
    return y


CALLS = [(paddle.ones([3]),), (paddle.ones([2]),)]
''',
    # paddle.jit.save traces forward for the InputSpec; forward refuses the feature size
    "save_forward_error": _HEAD + '''
import os
import tempfile


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 2)

    def forward(self, x):
        if x.shape[-1] != 4:
            raise TypeError("Net wants 4 features, got %d" % x.shape[-1])
        return self.fc(x)


net = Net()
SAVE_DIR = tempfile.mkdtemp()


def fn(features):
    spec = [paddle.static.InputSpec([None, features], "float32")]
    paddle.jit.save(net, os.path.join(SAVE_DIR, "m"), input_spec=spec)
    return paddle.to_tensor(os.path.exists(os.path.join(SAVE_DIR, "m.pdmodel")))


CALLS = [(4,), (3,)]
''',
    # a raise under an if on a Tensor's value: Paddle's AST mode traces both branches, so it raises whatever the
    # value (a recorded deviation: ours raises only when the branch is taken, as dygraph and SOT do)
    "tensor_value_if_raise": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    if x.mean() > 5:
        raise ValueError("mean too large")
    return x + 1


CALLS = [(paddle.full([2], 1.0),), (paddle.full([2], 9.0),)]
''',
    # a raise under elif inside a while loop: one header frame per enclosing statement in Paddle's message
    "while_elif_raise": _HEAD + '''
@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    n = x.shape[0]
    i = 0
    while i < 3:
        if n == 1:
            x = x + 1
        elif n == 2:
            raise ValueError("two rows at step %d" % i)
        i += 1
    return x


CALLS = [(paddle.ones([1]),), (paddle.ones([2]),)]
''',
    "user_exception_class": _HEAD + '''
class ShapeCheckError(Exception):
    pass


@paddle.jit.to_static(full_graph=FULL_GRAPH)
def fn(x):
    if x.shape[-1] != 4:
        raise ShapeCheckError("last dim must be 4")
    return x


CALLS = [(paddle.ones([2, 4]),), (paddle.ones([2, 3]),)]
''',
}


MODES = ("sot", "full_graph", "dygraph")  # to_static(full_graph=False), (full_graph=True), enable_to_static(False)


def load(name, directory, mode):
    """Writes the scenario to ``directory/jst_<name>.py`` and imports it as module ``jst_<name>_<mode>``."""
    path = os.path.join(directory, f"jst_{name}.py")
    with open(path, "w") as f:
        f.write(SCENARIOS[name])
    spec = importlib.util.spec_from_file_location(f"jst_{name}_{mode}", path)
    module = importlib.util.module_from_spec(spec)
    module.FULL_GRAPH = mode == "full_graph"
    sys.modules[spec.name] = module  # as an imported user module is
    spec.loader.exec_module(module)
    return module, path


def _package_dir():
    import paddle

    return os.path.dirname(os.path.abspath(paddle.__file__))


def outcomes(name, directory, mode):
    """One entry per call: ``{"shape": [...]}`` or ``{"error": class name, "module": its module,
    "message": str(error)}`` with the scenario's path written as <file> and the paddle package's as <paddle>."""
    import paddle

    module, path = load(name, directory, mode)
    package = _package_dir()
    results = []
    paddle.jit.enable_to_static(mode != "dygraph")
    try:
        for args in module.CALLS:
            try:
                out = module.fn(*args)
            except Exception as error:  # noqa: BLE001 - the error is the thing recorded
                message = str(error).replace(path, "<file>").replace(package, "<paddle>")
                results.append({"error": type(error).__name__, "module": type(error).__module__,
                                "message": message})
            else:
                results.append({"shape": list(out.shape)})
    finally:
        paddle.jit.enable_to_static(True)
    return results
