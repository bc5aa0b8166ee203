"""Golden scenario suites: a ``scenarios`` module registers functions that both interpreters run (its record.py
with real Paddle 2.6.2, its test file with ours); results are encoded and compared by tests/sparse/serialize.py.

    SCENARIOS, APIS, scenario = registry()          # in scenarios.py
    test_golden_stamp, test_scenario = replay_tests(scenarios)   # in the test file
    record_main("tests.<dir>.scenarios")   # in record.py, run with .oracle/bin/python

The golden is fixtures/golden.json beside the scenarios module.
"""

import json
import os
import sys

_SERIALIZE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sparse")
if _SERIALIZE not in sys.path:
    sys.path.insert(0, _SERIALIZE)

from serialize import compare, record_scenarios, run_scenario  # noqa: E402


def registry():
    """``(SCENARIOS, APIS, scenario)``: ``@scenario(*apis)`` registers a function and the public APIs it credits."""
    scenarios, apis = {}, {}

    def scenario(*names):
        def register(fn):
            scenarios[fn.__name__] = fn
            apis[fn.__name__] = names
            return fn
        return register

    return scenarios, apis, scenario


def _golden_path(module):
    return os.path.join(os.path.dirname(os.path.abspath(module.__file__)), "fixtures", "golden.json")


def replay_tests(module, deviations=(), before_each=None):
    """The two tests a replay file binds at module level: the golden's oracle stamp, and one test per scenario
    (tagged ``verifies`` with the scenario's APIs), each started from fresh default programs and scope as in a new
    process (earlier tests may have set program seeds or switched programs). ``deviations``: result parts not
    compared (measured deviations, recorded in mappings/); ``before_each(paddle)`` runs before every scenario."""
    import paddle
    import pytest  # not at the top: record_main runs in the oracle's interpreter, which has no pytest

    from tools.api_diff.common import check_stamp
    from tools.api_diff.doc_examples_exec import fresh_default_programs

    golden_path = _golden_path(module)
    with open(golden_path) as f:
        golden = json.load(f)

    def test_golden_stamp():
        check_stamp(golden, golden_path)

    @pytest.mark.parametrize("name", [
        pytest.param(n, marks=pytest.mark.verifies(*module.APIS[n])) for n in module.SCENARIOS
    ])
    def test_scenario(name):
        fresh_default_programs(paddle)
        if before_each is not None:
            before_each(paddle)
        entry = golden["scenarios"][name]
        result = run_scenario(paddle, module, name, entry)
        if result is not None:
            compare(result, entry["result"], name, deviations)

    return test_golden_stamp, test_scenario


def _oracle_paddle():
    """``(paddle, stamp)`` of real Paddle 2.6.2; exits (writing nothing) when ``paddle`` is paddle-compat."""
    import gzip

    gzip.decompress(gzip.compress(bytes(1 << 20)))  # warm zlib before libpaddle (the oracle's zlib clash)
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    import paddle

    return paddle, stamp


def record_main(module_name, before=None):
    """Record ``module_name``'s scenarios into its golden with real Paddle (refuses to run under ours)."""
    import importlib

    paddle, stamp = _oracle_paddle()
    from tools.api_diff.doc_examples_exec import fresh_default_programs

    def prepare(paddle):
        fresh_default_programs(paddle)
        if before is not None:
            before(paddle)

    module = importlib.import_module(module_name)
    golden_path = _golden_path(module)
    os.makedirs(os.path.dirname(golden_path), exist_ok=True)
    record_scenarios(module, golden_path, stamp, prepare)


def record_outcomes(golden_path, outcomes):
    """Write ``{stamp, "outcomes": outcomes(paddle)}`` to ``golden_path`` with real Paddle (a flat outcome table)."""
    paddle, stamp = _oracle_paddle()
    os.makedirs(os.path.dirname(golden_path), exist_ok=True)
    with open(golden_path, "w") as f:
        json.dump({**stamp, "outcomes": outcomes(paddle)}, f, indent=0, sort_keys=True)
        f.write("\n")
