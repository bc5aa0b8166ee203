"""Replay fixtures/golden.json (recorded by real Paddle 2.6.2 with record.py): hapi callbacks driving Model.fit
on paddle-compat."""

from tests.golden_scenarios import replay_tests
from tests.hapi.callbacks import scenarios

test_golden_stamp, test_scenario = replay_tests(scenarios)
