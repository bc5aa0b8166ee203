"""Scenarios run by real Paddle (recording) and by paddle-compat (replay) for the doc-example fixes: CPU FFT
values with the signs of zero parts, softmax's floor, get_tensor's printout, hook gradients' stop_gradient,
cov/corrcoef and dot.

Record (oracle): ``.oracle/bin/python -m tests.tensor_b.docfix_scenarios`` writes tests/goldens/docfix2_tensor.json;
tests/tensor_b/test_docfix_tensor.py replays it.
"""

import json
import os

import numpy as np

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "goldens", "docfix2_tensor.json")


def _bits(a):
    """An array as exact values: float.hex of every real component (keeps -0.0)."""
    a = np.asarray(a)
    parts = a.view(a.real.dtype) if a.dtype.kind == "c" else a
    return {"dtype": str(a.dtype), "shape": list(a.shape), "hex": [float(v).hex() for v in parts.ravel()]}


def fft_cases():
    rng = np.random.RandomState(11)
    cases = []
    for api in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
        for suffix, shape, kw in (("", (6,), {}), ("", (4, 5), {"n": 7, "axis": 0}), ("2", (5, 4), {}),
                                  ("n", (3, 4, 5), {"axes": (2, 0)}), ("n", (4, 6), {"s": (3, 8)})):
            for dtype in ("float64", "complex128"):
                if api in ("rfft", "ihfft") and dtype == "complex128":
                    continue
                for norm in ("backward", "ortho", "forward"):
                    a = rng.randn(*shape)
                    a[rng.rand(*shape) < 0.25] = 0
                    if dtype == "complex128":
                        a = a + 1j * rng.randn(*shape) * (rng.rand(*shape) < 0.6)
                    cases.append((api + suffix, a.astype(dtype), norm, kw))
    # integer-valued inputs whose spectra have exact zeros (the doc examples' pattern)
    grid = np.meshgrid(np.arange(5.0), np.arange(5.0), indexing="ij")[0]
    for api in ("rfft2", "ihfft2", "fft2", "ifft2", "fftn"):
        cases.append((api, grid, "backward", {}))
    return cases


def run():
    import paddle

    out = {}
    for i, (name, a, norm, kw) in enumerate(fft_cases()):
        out[f"fft#{i}:{name}"] = _bits(getattr(paddle.fft, name)(paddle.to_tensor(a), norm=norm, **kw).numpy())

    floor_in = np.array([[0, -50, -64, -64.5, -90, -200], [3, 2, 1, -100, -70, 0]], "float32")
    for dtype in ("float32", "float64"):
        x = paddle.to_tensor(floor_in.astype(dtype), stop_gradient=False)
        y = paddle.nn.functional.softmax(x, axis=-1)
        (y * paddle.to_tensor(np.arange(12, dtype=dtype).reshape(2, 6))).sum().backward()
        out[f"softmax:{dtype}"] = _bits(y.numpy())
        out[f"softmax_grad:{dtype}"] = _bits(x.grad.numpy())
        out[f"softmax_axis0:{dtype}"] = _bits(paddle.nn.functional.softmax(paddle.to_tensor(floor_in.astype(dtype)),
                                                                           axis=0).numpy())

    texts = {}
    for label, value in (("float32", np.array([1.0, 0.1, 1e-9, 123456.7], "float32")),
                         ("float64_2d", np.array([[1.5, 2], [3, -4.25]])), ("int64", np.arange(6).reshape(2, 3)),
                         ("scalar", np.float32(3.25)), ("bool", np.array([True, False])),
                         ("complex64", np.array([1.7 + 2.9j, -1.7 - 0.5j], "complex64"))):
        held = paddle.to_tensor(value)  # the DenseTensor view must not outlive its Tensor (Paddle crashes)
        texts[label] = str(held.get_tensor())
    out["get_tensor_str"] = texts

    seen = []
    x = paddle.to_tensor([0.0, 1.0, 2.0], stop_gradient=False)
    x.register_hook(lambda g: seen.append(g.stop_gradient))
    w = x * 3
    w.register_hook(lambda g: seen.append(g.stop_gradient))
    w.sum().backward()
    out["hook_grad_stop_gradient"] = seen

    rng = np.random.RandomState(5)
    for i, shape in enumerate(((3, 4), (4, 9), (2, 30), (5,))):
        a = rng.rand(*shape).astype("float32")
        out[f"cov#{i}"] = _bits(paddle.linalg.cov(paddle.to_tensor(a)).numpy())
        out[f"cov_cols#{i}"] = _bits(paddle.linalg.cov(paddle.to_tensor(a), rowvar=False, ddof=False).numpy())
        out[f"corrcoef#{i}"] = _bits(paddle.linalg.corrcoef(paddle.to_tensor(a)).numpy())
    for i, n in enumerate((3, 17, 110, 1000)):
        a, b = rng.randn(2, n).astype("float32")
        out[f"dot#{i}"] = _bits(paddle.dot(paddle.to_tensor(a), paddle.to_tensor(b)).numpy())
        out[f"dot2d#{i}"] = _bits(paddle.dot(paddle.to_tensor(np.stack([a, b])), paddle.to_tensor(np.stack([b, a])))
                                  .numpy())
    return out


def main():
    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    golden["results"] = run()
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, separators=(",", ":"))
    print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
