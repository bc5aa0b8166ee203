"""Does code written against paddle.Tensor trace? torch.compile(fullgraph=True), torch.jit.trace, torch.export.

    .venv/bin/python benchmarks/trace_check.py
"""

import paddle
import torch

from paddle_compat._core.tensor import wrap


def f(a, b):  # paddle-style code on paddle Tensors
    return ((a * 2.0 + b).reshape([4, 16]).transpose([1, 0])).sum(axis=0)


def through_torch(ta, tb):  # the torch view: wrap in, unwrap out
    return f(wrap(ta), wrap(tb))._t


def main():
    ta, tb = torch.rand(8, 8), torch.rand(8, 8)
    ref = through_torch(ta, tb)
    try:
        import torch._dynamo as dynamo

        dynamo.reset()
        explain = dynamo.explain(through_torch)(ta, tb)
        print(f"torch._dynamo.explain: graphs={explain.graph_count} graph_breaks={explain.graph_break_count}")
        compiled = torch.compile(through_torch, fullgraph=True, backend="eager")
        out = compiled(ta, tb)
        print("torch.compile(fullgraph=True, backend='eager'):", "OK" if torch.allclose(out, ref) else "WRONG")
    except Exception as e:  # noqa: BLE001 - a finding, not a failure
        print("torch.compile(fullgraph=True): FAILED:", type(e).__name__, str(e).splitlines()[0][:200])
    try:
        traced = torch.jit.trace(through_torch, (ta, tb))
        print("torch.jit.trace:", "OK" if torch.allclose(traced(ta, tb), ref) else "WRONG")
    except Exception as e:  # noqa: BLE001
        print("torch.jit.trace: FAILED:", type(e).__name__, str(e).splitlines()[0][:200])

    class M(torch.nn.Module):
        def forward(self, ta, tb):
            return through_torch(ta, tb)

    try:
        ep = torch.export.export(M(), (ta, tb))
        print("torch.export.export:", "OK" if torch.allclose(ep.module()(ta, tb), ref) else "WRONG",
              f"({len(ep.graph.nodes)} graph nodes)")
    except Exception as e:  # noqa: BLE001
        print("torch.export.export: FAILED:", type(e).__name__, str(e).splitlines()[0][:200])
    _ = paddle


if __name__ == "__main__":
    main()
