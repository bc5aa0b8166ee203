"""paddle.version, paddle.sysconfig, paddle.reader, paddle.device.xpu/cuda and the paddle.tensor spellings
against facts recorded from real Paddle 2.6.2 (tests/misc_ns/scenarios.py --record)."""

import json

import pytest

from tests.misc_ns import scenarios
from tools.api_diff.common import check_stamp

with open(scenarios.FIXTURE) as _f:
    GOLDEN = json.load(_f)
check_stamp(GOLDEN, scenarios.FIXTURE)

VERIFIES = {
    "version_values": ["paddle.version.cuda", "paddle.version.cudnn", "paddle.version.show", "paddle.version.xpu",
                       "paddle.version.xpu_xccl"],
    "sysconfig_paths": ["paddle.sysconfig.get_include", "paddle.sysconfig.get_lib"],
    "device_xpu": ["paddle.device.xpu.synchronize"],
}

# paddle.tensor.layer_function_generator is Paddle's static-graph op-wrapper generator (OpProtoHolder,
# framework_pb2): nothing in it applies to this package, so it is not provided.
NOT_PROVIDED = {"layer_function_generator"}


def _marks(name):
    names = [n for n in VERIFIES.get(name, [])]
    return [pytest.mark.verifies(*names)] if names else []


@pytest.mark.parametrize("name", [pytest.param(n, marks=_marks(n)) for n in scenarios.SCENARIOS
                                  if n != "tensor_spellings"])
def test_scenario(name):
    import paddle

    assert json.loads(json.dumps(scenarios.SCENARIOS[name](paddle))) == GOLDEN["scenarios"][name]


def test_tensor_spellings():
    import paddle

    expected = {k: v for k, v in GOLDEN["scenarios"]["tensor_spellings"].items() if k not in NOT_PROVIDED}
    actual = scenarios.SCENARIOS["tensor_spellings"](paddle)
    missing = sorted(set(expected) - set(actual))
    assert not missing, f"paddle.tensor lacks {missing}"
    # the same object as Paddle's other spelling wherever ours provides that spelling at all
    differing = {}
    for name, places in expected.items():
        if places == "module":
            assert actual[name] == "module", name
            continue
        ours_present = [p for p in places if _has(paddle, p, name) and not _core_method(paddle, p, name)]
        if sorted(set(ours_present) - set(actual[name])):
            differing[name] = (actual[name], places)
    assert not differing


def _has(paddle, place, name):
    owner = {"paddle": paddle, "paddle.linalg": paddle.linalg, "paddle.signal": paddle.signal,
             "paddle.Tensor": paddle.Tensor}[place]
    return hasattr(owner, name)


def _core_method(paddle, place, name):
    """A Tensor method our Tensor class defines apart from the functional API (its core: cast, numel,
    is_complex...; create_parameter): same behaviour, another object than paddle.<name>, unlike Paddle. That
    identity belongs to paddle.Tensor, not to the paddle.tensor spellings checked here."""
    if place != "paddle.Tensor":
        return False
    method = paddle.Tensor.__dict__.get(name)
    return method is not None and method is not getattr(paddle, name, None)
