"""paddle.io.DataLoader iterators as real Paddle 2.6.2 shows them (found by guides/beginner/train_eval_predict_cn,
whose `train_loader().next()` fails naming Paddle's iterator class) and no torch warning about more workers than
cores (practices/gan/GAN_with_MINIST uses num_workers=4). Golden: tests/goldens/docs_programs.json, recorded by
`.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("dataloader")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_dataloader_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
