"""Goldens: paddle.version queries, paddle.device.xpu / paddle.device.cuda answers of a CPU-only build,
paddle.tensor array ops (dygraph lists)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

for fn in ("cuda", "cudnn", "xpu", "xpu_xccl", "mkl", "cinn"):
    add(case("paddle.version." + fn))
add(case("paddle.device.xpu.device_count"))
add(case("paddle.device.xpu.synchronize"))
add(case("paddle.device.xpu.synchronize", 0))
add(case("paddle.device.xpu.synchronize", "xpu"))
add(case("paddle.device.cuda.extract_cuda_device_id", 0, "op"))
add(case("paddle.device.cuda.extract_cuda_device_id", "gpu:1", "op"))
add(case("paddle.device.cuda.extract_cuda_device_id", "cpu", "op"))
add(case("paddle.device.cuda.extract_cuda_device_id", -1, "op"))
add(case("paddle.tensor.array_length", [T("float32", (2,)), T("float32", (3,))]))
add(case("paddle.tensor.array_read", [T("float32", (2,)), T("float32", (3,))], T("int64", (1,), low=1, high=2)))
add(case("paddle.tensor.array_read", [T("float32", (2,))], T("int64", (), low=0, high=1)))
add(case("paddle.tensor.array_write", T("float32", (2,)), T("int64", (1,), low=0, high=1)))
add(case("paddle.tensor.array_write", T("float32", (2,)), T("int64", (1,), low=1, high=2), [T("float32", (3,))]))
add(case("paddle.tensor.array_write", T("float32", (2,)), T("int64", (1,), low=3, high=4), [T("float32", (3,))]))
add(case("paddle.tensor.create_array", "float32"))
add(case("paddle.tensor.create_array", "float32", [T("float32", (2,)), T("int64", (1,), low=0, high=5)]))
add(case("paddle.tensor.create_array", "float32", [1.0]))
add(case("paddle.tensor.sigmoid", T("float32", (5,)), grad=True))
add(case("paddle.tensor.exp_", T("float32", (5,))))
