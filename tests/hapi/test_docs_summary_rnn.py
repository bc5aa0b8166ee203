"""paddle.summary lists SimpleRNN/LSTM/GRU layers (Paddle's RNNs are LayerLists, registered through their
could_use_cudnn flag) with their parameters, as in practices/time_series/temperature_forecast (ours dropped the LSTM
and its 295,936 parameters). Golden: tests/goldens/docs_programs.json, recorded by
`.oracle/bin/python -m tests.docs_programs`."""
import re

import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("summary_rnn")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_summary_lists_rnns_like_paddle(case, code, expected):
    got = outcome(code)
    # layer names carry process-wide counters (Linear-9 vs Linear-10) that shift the table's centred columns: the
    # table is compared with runs of spaces folded, so earlier tests creating layers do not change the verdict
    fold = {"result": [re.sub(r" +", " ", expected["result"][0]), expected["result"][1]]}
    assert {"result": [re.sub(r" +", " ", got["result"][0]), got["result"][1]]} == fold, code
