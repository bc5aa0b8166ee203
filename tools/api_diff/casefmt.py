"""Golden case definitions: data, one short line per case.

Imported by the recorder (run with the oracle's python, real Paddle) and by the replaying tests
(our package). Pure Python + numpy; never imports paddle or torch.

A case file is ``tests/cases/<group>.py`` holding ``CASES = [...]`` built with:

    case(api, *args, grad=False, check="value", id=None, raises=None, **kwargs)
        Call ``api`` with args/kwargs. ``api`` is a dotted name:
          "paddle.add", "paddle.nn.functional.relu", "paddle.linalg.svd"  -> that function
          "Tensor.transpose"                                              -> method of args[0]
          "operator.add", "operator.getitem", "operator.setitem"          -> Python operators
          "builtins.repr", "builtins.len"                                 -> builtins on args[0]
        grad=True: floating T inputs get stop_gradient=False; after the call, sum(out_i * w_i) over
          floating outputs (w_i fixed random, stored in the golden) is backpropagated and the
          inputs' grads are recorded.
        check: "value" (default; dtype, shape, stop_gradient, values), "meta" (dtype/shape only,
          e.g. random ops), "stats" (dtype/shape + mean/std within tolerance), "repr" (str(result)).
        raises: the exception type name expected (e.g. "ValueError"); the recorder always records what
          real Paddle raised, `raises` only documents intent and is checked at record time.

    layer(api, *args, inputs=(), grad=False, call="forward", check="value", id=None, **kwargs)
        Construct ``api(*args, **kwargs)`` (a Layer class, e.g. "paddle.nn.Conv2D") under
        ``paddle.utils.unique_name.guard()``; record parameter names, state_dict keys/shapes/dtypes and
        values; call it on ``inputs``; record outputs, input grads and parameter grads when grad=True.
        Replay loads Paddle's recorded weights with set_state_dict before calling. ``raises`` documents an
        expected exception (from construction or the call) as for ``case``.

    T(dtype, shape, low=None, high=None, values=None, stop_gradient=True, kind=None)
        A Tensor input. Random (uniform in [low, high); defaults -1..1 for floats, -5..5 for ints,
        0..2 for uint8, random bools) unless ``values`` is given. The recorder stores the generated
        array, so replay uses exactly the same data. kind="param" makes a Parameter
        (paddle.create_parameter) instead of to_tensor.

    A(dtype, shape, ...)   same as T, but passed as a numpy array instead of a Tensor.

Any other argument (int, float, list, tuple, str, None, dtype strings, slices) is passed literally.
Case ids are "<api>#<n>" numbered per api in file order unless ``id`` is given; they must stay stable
(goldens are keyed by id).
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class T:
    dtype: str
    shape: tuple
    low: float = None
    high: float = None
    values: object = None
    stop_gradient: bool = True
    kind: str = None

    def __init__(self, dtype, shape=(), low=None, high=None, values=None, stop_gradient=True, kind=None):
        object.__setattr__(self, "dtype", dtype)
        object.__setattr__(self, "shape", tuple(shape))
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "stop_gradient", stop_gradient)
        object.__setattr__(self, "kind", kind)


class A(T):
    """A numpy-array input."""


@dataclass
class Case:
    api: str
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    grad: bool = False
    check: str = "value"
    id: str = None
    raises: str = None
    is_layer: bool = False
    inputs: tuple = ()
    call: str = "forward"
    weights: str = "recorded"


def case(api, *args, grad=False, check="value", id=None, raises=None, **kwargs):  # noqa: A002
    return Case(api, args, kwargs, grad=grad, check=check, id=id, raises=raises)


def layer(api, *args, inputs=(), grad=False, call="forward", check="value", id=None, raises=None,  # noqa: A002
          weights="recorded", **kwargs):
    if weights not in ("recorded", "seeded"):
        raise ValueError(f"weights must be 'recorded' or 'seeded', got {weights!r}")
    return Case(api, args, kwargs, grad=grad, check=check, id=id, raises=raises, is_layer=True,
                inputs=tuple(inputs), call=call, weights=weights)


def assign_ids(cases):
    """Give every case its stable id ("<api>#<n>" unless explicit); duplicates are an error."""
    counters, seen = {}, set()
    for c in cases:
        if c.id is None:
            n = counters.get(c.api, 0)
            counters[c.api] = n + 1
            c.id = f"{c.api}#{n}"
        if c.id in seen:
            raise ValueError(f"duplicate case id {c.id}")
        seen.add(c.id)
    return cases
