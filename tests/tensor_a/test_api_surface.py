"""paddle.tensor part A: every name Paddle 2.6.2 exports is here, with Paddle's exact signature."""

import inspect
import os

import paddle
import pytest

import paddle_compat.tensor as pt
from tools.api_diff.common import load_golden_json

API = load_golden_json(os.path.join(os.path.dirname(__file__), "paddle_api_a.json"))


@pytest.mark.parametrize("name", sorted(API["paddle"]))
def test_signature(name):
    f = getattr(paddle, name)
    assert str(inspect.signature(f)) == API["paddle"][name]


@pytest.mark.parametrize("name", sorted(API["methods"]))
def test_tensor_method(name):
    attr = getattr(paddle.Tensor, name)
    assert isinstance(attr, property) if name == "shape" else callable(attr)  # Tensor.shape is a property
    module = getattr(pt, API["methods"][name])
    assert name in getattr(module, "TENSOR_METHODS", ()) or name in paddle.Tensor.__dict__


def test_counts():
    mods = {m: 0 for m in ("creation", "manipulation", "logic", "search", "random", "attribute")}
    for m in mods:
        mods[m] = len([n for n in getattr(pt, m).__all__ if n in API["paddle"]])
    # Paddle 2.6.2: creation 30 (28 here: to_tensor lives in _core, create_parameter in nn), manipulation 63,
    # logic 31, search 15, random 12, attribute 7
    assert mods == {"creation": 28, "manipulation": 63, "logic": 31, "search": 15, "random": 12, "attribute": 7}
