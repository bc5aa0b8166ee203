"""paddle.device / paddle.framework / paddle.static helpers that answer about the build and the places, on a CPU
machine, in both interpreters (record.py with real Paddle 2.6.2, test_device_api.py with ours): what each
returns, or the exception class it raises. (IPUPlace, XPUPlace and CUDAPlace are left out: on a CPU-only build
Paddle aborts the process in C++ when one is constructed.)"""

import numpy as np

from tests.golden_scenarios import registry

SCENARIOS, APIS, scenario = registry()



def _outcome(fn):
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the exception class is the outcome
        return "!" + type(e).__name__
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return value if value is None or isinstance(value, (bool, int, float, str)) else str(value)


@scenario("paddle.device.get_device", "paddle.device.set_device", "paddle.device.get_all_device_type",
          "paddle.device.get_available_device", "paddle.device.get_all_custom_device_type",
          "paddle.device.get_available_custom_device", "paddle.device.get_cudnn_version",
          "paddle.device.is_compiled_with_custom_device", "paddle.device.is_compiled_with_distribute",
          "paddle.device.is_compiled_with_ipu", "paddle.device.is_compiled_with_xpu", "paddle.device.synchronize",
          )
def device_queries(paddle):
    d = paddle.device
    out = {name: _outcome(getattr(d, name)) for name in (
        "get_device", "get_all_device_type", "get_available_device", "get_all_custom_device_type",
        "get_available_custom_device", "get_cudnn_version", "is_compiled_with_distribute", "is_compiled_with_ipu",
        "is_compiled_with_xpu", "synchronize")}
    out["custom_npu"] = _outcome(lambda: d.is_compiled_with_custom_device("npu"))
    out["set_cpu"] = _outcome(lambda: d.set_device("cpu"))
    out["after_set"] = _outcome(d.get_device)
    out["set_gpu"] = _outcome(lambda: d.set_device("gpu:0"))
    out["set_bad"] = _outcome(lambda: d.set_device("tpu"))
    out["set_xpu"] = _outcome(lambda: d.set_device("xpu"))
    d.set_device("cpu")
    return out


@scenario("paddle.device.Stream", "paddle.device.current_stream", "paddle.device.set_stream",
          "paddle.device.stream_guard")
def streams_on_cpu(paddle):
    d = paddle.device
    return {"current": _outcome(d.current_stream), "stream": _outcome(d.Stream),
            "set_stream": _outcome(lambda: d.set_stream(None)),
            "guard": _outcome(lambda: d.stream_guard(None).__enter__())}


@scenario("paddle.framework.is_parameter", "paddle.framework.to_variable",
          "paddle.framework.convert_np_dtype_to_dtype_", "paddle.framework.is_belong_to_optimizer",
          "paddle.framework.seed", "paddle.framework.set_flags")
def framework_helpers(paddle):
    f = paddle.framework
    with paddle.utils.unique_name.guard():
        layer = paddle.nn.Linear(2, 2)
    t = paddle.to_tensor([1.0])
    return {"parameter": [_outcome(lambda: f.is_parameter(layer.weight)), _outcome(lambda: f.is_parameter(t))],
            "to_variable": _outcome(lambda: f.to_variable(np.array([1, 2], "int32")).dtype),
            "np_dtypes": [_outcome(lambda d=d: f.convert_np_dtype_to_dtype_(d)) for d in (
                np.float32, np.int64, np.bool_, np.float16, "uint8", np.complex64)],
            "belongs": _outcome(lambda: f.is_belong_to_optimizer(layer.weight)),
            "seed": _outcome(lambda: type(f.seed(3)).__name__),
            "set_flags": _outcome(lambda: f.set_flags({"FLAGS_check_nan_inf": False})),
            "set_bad_flag": _outcome(lambda: f.set_flags({"FLAGS_no_such_flag": 1}))}


@scenario("paddle.static.cuda_places", "paddle.static.xpu_places", "paddle.static.global_scope",
          "paddle.static.scope_guard", "paddle.static.device_guard", "paddle.static.name_scope")
def static_places_and_scopes(paddle):
    s = paddle.static
    out = {"cuda_places": _outcome(s.cuda_places), "xpu_places": _outcome(s.xpu_places)}
    scope = paddle.static.Scope() if hasattr(paddle.static, "Scope") else paddle.base.core.Scope()
    with s.scope_guard(scope):
        out["guarded"] = s.global_scope() is scope
    out["restored"] = s.global_scope() is not scope
    paddle.enable_static()
    try:
        main = s.Program()
        with s.program_guard(main):
            with s.name_scope("block"):
                x = s.data("x", [2], "float32")
                with s.device_guard("cpu"):
                    y = x * 2
            with s.device_guard("gpu"):
                z = y + 1
        out["ops"] = [op.type for op in main.global_block().ops]
        out["op_devices"] = [op.attr("op_device") if op.has_attr("op_device") else None
                             for op in main.global_block().ops]
        out["bad_device"] = _outcome(lambda: s.device_guard("tpu").__enter__())
        out["z"] = z.name
    finally:
        paddle.disable_static()
    return out
