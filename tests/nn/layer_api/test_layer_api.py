"""Replay fixtures/golden.json (recorded by real Paddle 2.6.2 with record.py): nn.Layer's methods, the
initializers, containers, RNN/Transformer wrappers, Optimizer and GradScaler methods on paddle-compat."""

from tests.golden_scenarios import replay_tests
from tests.nn.layer_api import scenarios

test_golden_stamp, test_scenario = replay_tests(scenarios)
