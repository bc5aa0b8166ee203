"""Replay fixtures/golden.json (recorded by real Paddle 2.6.2 with record.py): Program methods and the static
program helpers on paddle-compat."""

from tests.golden_scenarios import replay_tests
from tests.static.program_api import scenarios

# parts not compared, each a measured deviation recorded in mappings/static.toml
DEVIATIONS = {
    "serialization.restored_ops",  # serialize_program writes torch.export's ops (reshape2/matmul_v2 for fc's mul)
    "serialization.normalized_ops",  # normalize_program adds no feed/scale/fetch operators
}

# static mode per test: tests/static/conftest.py restores dygraph mode after each
test_golden_stamp, test_scenario = replay_tests(scenarios, DEVIATIONS,
                                                 before_each=lambda paddle: paddle.enable_static())
