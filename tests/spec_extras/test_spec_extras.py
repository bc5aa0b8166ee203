"""paddle.framework.io_utils, paddle.tensor.layer_function_generator, paddle.distributed.utils and
paddle.distributed.cloud_utils against real Paddle 2.6.2 (goldens: tests/spec_extras/record_goldens.py)."""

import json
import os

import pytest

from tests.ps_data.test_ps_data import assert_same
from tests.spec_extras import scenarios
from tools.api_diff.common import load_golden_json

GOLDEN = load_golden_json(os.path.join(os.path.dirname(__file__), "fixtures", "oracle_goldens.json"))


def _normalised(value):
    return json.loads(json.dumps(value, default=repr))


@pytest.mark.verifies("paddle.framework.io_utils")
def test_io_utils():
    assert_same(_normalised(scenarios.io_utils()), GOLDEN["io_utils"], "io_utils")


@pytest.mark.verifies("paddle.tensor.layer_function_generator")
def test_layer_function_generator():
    ours = _normalised(scenarios.layer_function_generator())
    assert_same(ours, GOLDEN["layer_function_generator"], "layer_function_generator", rel=1e-6)


@pytest.mark.verifies("paddle.distributed.utils")
def test_distributed_utils():
    assert_same(_normalised(scenarios.distributed_utils()), GOLDEN["distributed_utils"], "distributed_utils")


@pytest.mark.verifies("paddle.distributed.cloud_utils")
def test_cloud_utils():
    assert_same(_normalised(scenarios.cloud_utils()), GOLDEN["cloud_utils"], "cloud_utils")


@pytest.mark.verifies("paddle.incubate.autograd.primitives", "paddle.incubate.autograd.utils")
def test_incubate_autograd():
    assert_same(_normalised(scenarios.incubate_autograd()), GOLDEN["incubate_autograd"], "incubate_autograd")


@pytest.mark.verifies("paddle.distributed.shard_op")
def test_shard_op():
    assert_same(_normalised(scenarios.shard_op()), GOLDEN["shard_op"], "shard_op")


def test_shard_op_annotates_static_operators():
    """Our own bookkeeping (Paddle keeps it in its DistributedContext): the operators the call appended carry the
    dims mappings of the annotated variables."""
    import paddle
    import paddle.distributed as dist

    mesh = dist.ProcessMesh([0, 1], dim_names=["x"])
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            a = paddle.static.data("shard_a", [4, 6])
            out = dist.shard_op(paddle.nn.functional.relu, mesh, [["x", None]], [[None, "x"]])(a)
            ops = paddle.static.default_main_program().global_block().ops
            annotated = [op for op in ops if getattr(op, "dist_dims_mapping", None)]
            assert annotated and annotated[-1].dist_dims_mapping == {"shard_a": [0, -1], out.name: [-1, 0]}
            assert annotated[-1].dist_process_mesh == mesh
    finally:
        paddle.disable_static()


@pytest.mark.verifies("paddle.distributed.to_static")
def test_dist_to_static_on_a_cpu_build():
    import torch

    if torch.cuda.is_available():
        pytest.skip("the golden is Paddle's CPU-only build")
    assert_same(_normalised(scenarios.dist_to_static()), GOLDEN["dist_to_static"], "dist_to_static")


@pytest.mark.verifies("paddle.distributed.fleet.runtime")
def test_fleet_runtime():
    assert_same(_normalised(scenarios.fleet_runtime()), GOLDEN["fleet_runtime"], "fleet_runtime")


def test_parameter_server_runtimes_refuse_their_work():
    import paddle.distributed.fleet.runtime as rt

    for cls in (rt.ParameterServerRuntime, rt.TheOnePSRuntime):
        with pytest.raises(NotImplementedError, match="parameter-server runtime"):
            cls()._init_worker()
