"""DistributedStrategy against real Paddle 2.6.2 (tests/goldens/fleet_strategy.json, recorded by
tests/fleet/record_goldens.py with the oracle)."""

import copy
import json
import logging
import os

import paddle
import pytest
from paddle.distributed import fleet

from tools.api_diff.common import check_stamp

GOLDEN_PATH = os.path.join(os.path.dirname(__file__), "..", "goldens", "fleet_strategy.json")


@pytest.fixture(scope="module")
def golden():
    with open(GOLDEN_PATH) as f:
        data = json.load(f)
    check_stamp(data, GOLDEN_PATH)
    return data


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    return {"__message_text__": str(value)}


def _record(s, golden_record):
    return {
        "configs": {name: _jsonable(getattr(s, name)) for name in golden_record["configs"]},
        "hybrid_configs": _jsonable(s.hybrid_configs),
        "scalars": {name: getattr(s, name) for name in golden_record["scalars"]},
        "repr": str(s),
        "hybrid_parallel_order": list(s.hybrid_parallel_order),
        "sync_param_name": list(s.sync_param_name),
    }


def _configured(golden):
    s = fleet.DistributedStrategy()
    exec(golden["configure_code"], {"s": s})
    return s


def test_default_strategy_fields_and_print(golden):
    s = fleet.DistributedStrategy()
    ours = _record(s, golden["default"])
    for key, expected in golden["default"].items():
        assert ours[key] == expected, key
    assert repr(s) == golden["default"]["repr"]


def test_configured_strategy_fields_and_print(golden):
    s = _configured(golden)
    ours = _record(s, golden["configured"])
    for key, expected in golden["configured"].items():
        assert ours[key] == expected, key


def test_prototxt_round_trip(golden, tmp_path):
    s = _configured(golden)
    path = str(tmp_path / "s.prototxt")
    s.save_to_prototxt(path)
    with open(path) as f:
        assert f.read() == golden["configured_prototxt"]
    loaded = fleet.DistributedStrategy()
    loaded.load_from_prototxt(path)
    assert (str(loaded) == str(s)) == golden["loaded_repr_equal"]


def test_hybrid_configs_nested_sections_are_messages():
    s = fleet.DistributedStrategy()
    s.hybrid_configs = {"dp_degree": 2, "pp_configs": {"dp_comm_overlap": True}, "order": ["dp", "mp", "pp"]}
    assert s.hybrid_configs["pp_configs"].dp_comm_overlap is True
    assert s.hybrid_configs["mp_configs"].sync_param is True
    assert s.hybrid_parallel_order == ["dp", "mp", "pp"]


def test_deepcopy_is_independent(golden):
    s = _configured(golden)
    copied = copy.deepcopy(s)
    assert str(copied) == str(s)
    copied.amp_configs = {"custom_black_list": ["x"]}
    assert s.amp_configs["custom_black_list"] == []


def test_errors(golden):
    for case in golden["errors"]:
        s = fleet.DistributedStrategy()
        if case["type"] is None:
            exec(case["code"], {"s": s})
            name = case["code"].split("=")[0].strip()[2:]
            assert _jsonable(getattr(s, name)) == case["after"], case["code"]
            continue
        with pytest.raises(Exception) as info:
            exec(case["code"], {"s": s})
        assert type(info.value).__name__ == case["type"], case["code"]
        assert str(info.value) == case["message"], case["code"]


def test_non_bool_switches_are_ignored_with_a_warning(golden, caplog):
    logger = logging.getLogger("paddle.distributed.fleet.utils.log_util")
    logger.propagate = True
    try:
        for case in golden["ignored_with_warning"]:
            s = fleet.DistributedStrategy()
            with caplog.at_level(logging.WARNING, logger=logger.name):
                caplog.clear()
                exec(case["code"], {"s": s})
            name = case["code"].split("=")[0].strip()[2:]
            assert getattr(s, name) == case["after"], case["code"]
            assert any("should have value of" in r.getMessage() for r in caplog.records), case["code"]
    finally:
        logger.propagate = False


def test_module_path():
    assert fleet.DistributedStrategy.__module__ == "paddle.distributed.fleet.base.distributed_strategy"
    assert paddle.distributed.fleet.DistributedStrategy is fleet.DistributedStrategy
