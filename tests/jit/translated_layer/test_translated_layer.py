"""Replay fixtures/golden.json (recorded by real Paddle 2.6.2 with record.py): a jit.save/jit.load round trip
and the loaded TranslatedLayer's methods on paddle-compat."""

from tests.golden_scenarios import replay_tests
from tests.jit.translated_layer import scenarios

# parts not compared: the measured deviation of mappings/jit.toml "paddle.jit.TranslatedLayer" (Paddle 2.6.2's
# loaded layer returns stop_gradient=True outputs and gives its parameters no gradients; ours stays trainable)
DEVIATIONS = {"loaded_layer.out_stop_gradient", "loaded_program_and_state.had_grads"}

test_golden_stamp, test_scenario = replay_tests(scenarios, DEVIATIONS)
