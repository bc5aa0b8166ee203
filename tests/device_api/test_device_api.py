"""Replay fixtures/golden.json (recorded by real Paddle 2.6.2 with record.py): device, framework and static
place/scope helpers on a CPU machine, on paddle-compat."""


from tests.device_api import scenarios
from tests.golden_scenarios import replay_tests

test_golden_stamp, test_scenario = replay_tests(scenarios)
