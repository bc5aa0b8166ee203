"""Code written against paddle.Tensor must stay traceable by torch.compile (the jit.to_static plan).

The hot paths build results with object.__new__ and call torch._C._VariableFunctions directly; both are
understood by dynamo. A C-level shortcut or a metaclass on Tensor would break this test (see
docs/architecture.md, "Hot path").
"""

import paddle
import pytest
import torch

from paddle_compat._core.tensor import wrap


def _paddle_style(a, b):
    c = (a * 2.0 + b).reshape([4, 16]).transpose([1, 0])
    d = paddle.concat([c, c], axis=0) > 0.5
    return paddle.where(d, paddle.concat([c, c], axis=0), -c.tile([2, 1])).sum(axis=0) + paddle.exp(b).mean()


def _through_torch(ta, tb):
    return _paddle_style(wrap(ta), wrap(tb))._t


def test_fullgraph_compile_of_paddle_style_code():
    ta, tb = torch.rand(8, 8), torch.rand(8, 8)
    expected = _through_torch(ta, tb)
    try:
        import torch._dynamo as dynamo
    except ImportError:  # pragma: no cover
        pytest.skip("torch._dynamo unavailable")
    dynamo.reset()
    compiled = torch.compile(_through_torch, fullgraph=True, backend="eager")
    torch.testing.assert_close(compiled(ta, tb), expected)
    explain = dynamo.explain(_through_torch)(ta, tb)
    assert explain.graph_break_count == 0
