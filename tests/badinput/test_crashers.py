"""Calls that crash (segfault/abort) or hang real Paddle 2.6.2 (found and left out of the goldens by
gen_cases.py): ours must answer with a clear Python exception that names the problem, quickly. A deliberate
deviation (Paddle has no answer to copy), listed in mappings/badinput.toml."""

import warnings

import pytest

from tests.badinput.crashers import CRASHERS
from tools.api_diff import casefmt, common

NS = {"T": casefmt.T, "A": casefmt.A, "case": casefmt.case, "layer": casefmt.layer}


def _run(c):
    import paddle

    rng = __import__("numpy").random.RandomState(common.case_seed("crasher"))
    leaves = common.all_leaves(c)
    data = [common.gen_array(s, rng) for s in leaves]

    def make(spec, k):
        return paddle.to_tensor(data[k]) if not isinstance(spec, casefmt.A) else data[k]

    args, kwargs, inputs = common.build_all(c, make)
    if c.is_layer:
        _, cls = common.resolve(paddle, c.api)
        return cls(*args, **kwargs)(*inputs)
    return common.invoke(paddle, c, args, kwargs)


@pytest.mark.parametrize("expr,why", CRASHERS, ids=[e for e, _ in CRASHERS])
def test_ours_raises_clear_error(expr, why):
    c = eval(expr, NS)  # noqa: S307 - committed literal case expressions
    c.id = "crasher"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises((ValueError, TypeError, RuntimeError, IndexError)) as info:
            _run(c)
    assert str(info.value).strip(), f"{expr}: empty error message"
