"""Config scenarios shared by the oracle recorder (record_golden.py) and the replay test: each scenario is a
fresh ``Config()`` and a list of calls; the outcome is what each call returned or raised and the getter values
that changed afterwards. JSON arguments are plain lists; ``{"set": [...]}`` stands for a Python set."""

import re

GETTERS = ("fraction_of_gpu_memory_for_pool", "lite_engine_enabled", "mkldnn_int8_enabled", "model_from_memory",
           "onnxruntime_enabled", "shape_range_info_collected", "shape_range_info_path", "tensorrt_dla_enabled",
           "tensorrt_dynamic_shape_enabled", "tensorrt_explicit_quantization_enabled", "tensorrt_inspector_enabled",
           "tensorrt_optimization_level", "tensorrt_precision_mode", "tensorrt_varseqlen_enabled",
           "trt_allow_build_at_runtime", "tuned_tensorrt_dynamic_shape", "use_opencl", "use_xpu", "xpu_device_id",
           "use_gpu", "ir_optim", "mkldnn_enabled", "glog_info_disabled", "tensorrt_engine_enabled",
           "specify_input_name", "use_feed_fetch_ops_enabled", "cpu_math_library_num_threads", "prog_file",
           "params_file", "model_dir", "memory_pool_init_size_mb", "gpu_device_id")

S = {"set": ["conv2d", "fc"]}
SCENARIOS = {
    "collect_shape_range_info": [("collect_shape_range_info", ["/tmp/shape_range.pbtxt"])],
    "delete_pass": [("delete_pass", ["fc_fuse_pass"]), ("delete_pass", ["no_such_pass"])],
    "disable_mkldnn_fc_passes": [("disable_mkldnn_fc_passes", [])],
    "disable_onnxruntime": [("disable_onnxruntime", [])],
    "enable_custom_device": [("enable_custom_device", ["npu", 1])],
    "enable_dlnne": [("enable_dlnne", [])],
    "enable_ipu": [("enable_ipu", [])],
    "enable_lite_engine": [("enable_lite_engine", [])],
    "enable_low_precision_io": [("enable_low_precision_io", [False]), ("enable_low_precision_io", [])],
    "enable_new_executor": [("enable_new_executor", []), ("enable_new_executor", [False])],
    "enable_onnxruntime": [("enable_onnxruntime", []), ("disable_onnxruntime", [])],
    "enable_opencl": [("enable_opencl", [])],
    "enable_ort_optimization": [("enable_ort_optimization", [])],
    "enable_profile": [("enable_profile", [])],
    "enable_save_optim_model": [("enable_save_optim_model", [True])],
    "enable_tensorrt_dla": [("enable_tensorrt_dla", [1])],
    "enable_tensorrt_explicit_quantization": [("enable_tensorrt_explicit_quantization", [])],
    "enable_tensorrt_inspector": [("enable_tensorrt_inspector", [True])],
    "enable_tensorrt_memory_optim": [("enable_tensorrt_memory_optim", [])],
    "enable_tensorrt_varseqlen": [("enable_tensorrt_varseqlen", [])],
    "enable_tuned_tensorrt_dynamic_shape": [("enable_tuned_tensorrt_dynamic_shape", ["/tmp/shape_range.pbtxt"])],
    "enable_tuned_tensorrt_dynamic_shape_no_build": [("enable_tuned_tensorrt_dynamic_shape",
                                                      ["/tmp/s.pbtxt", False])],
    "exp_mixed_precision_ops": [("exp_enable_mixed_precision_ops", [S]), ("exp_disable_mixed_precision_ops", [S])],
    "exp_disable_tensorrt_ops": [("exp_disable_tensorrt_ops", [["conv2d"]])],
    "exp_enable_use_cutlass": [("exp_enable_use_cutlass", [])],
    "mark_trt_engine_outputs": [("mark_trt_engine_outputs", [["out"]])],
    "set_bfloat16_op": [("set_bfloat16_op", [S])],
    "set_ipu_config": [("set_ipu_config", [True, 2])],
    "set_ipu_custom_info": [("set_ipu_custom_info", [])],
    "load_ipu_config_missing": [("load_ipu_config", ["/nonexistent/ipu.cfg"])],
    "set_mkldnn_cache_capacity": [("set_mkldnn_cache_capacity", [10])],
    "set_mkldnn_op": [("set_mkldnn_op", [S])],
    "set_model_buffer": [("set_model_buffer", ["abcdef", 3, "xyz", 2])],
    "set_model_buffer_then_prog_file": [("set_model_buffer", ["abc", 3, "x", 1]), ("set_prog_file", ["m.pdmodel"])],
    "set_optim_cache_dir": [("set_optim_cache_dir", ["/tmp/optim_cache"])],
    "set_tensorrt_optimization_level": [("set_tensorrt_optimization_level", [5]),
                                        ("set_tensorrt_optimization_level", [9])],
    "set_trt_dynamic_shape_info": [("set_trt_dynamic_shape_info", [{"x": [1, 3]}, {"x": [4, 3]}, {"x": [2, 3]}])],
    "set_xpu_device_id": [("set_xpu_device_id", [3])],
    "switch_ir_debug": [("switch_ir_debug", []), ("switch_ir_debug", [0])],
    "quantizer_config": [("quantizer_config", [])],
    "bad_types": [("set_tensorrt_optimization_level", ["a"]), ("collect_shape_range_info", [3]),
                  ("set_optim_cache_dir", [1]), ("enable_tensorrt_dla", ["a"]), ("delete_pass", [1]),
                  ("enable_lite_engine", [5]), ("set_model_buffer", ["a"])],
}


def arg(value):
    if isinstance(value, dict) and set(value) == {"set"}:
        return set(value["set"])
    return value


def snapshot(config):
    out = {}
    for name in GETTERS:
        value = getattr(config, name)()
        out[name] = value if isinstance(value, (bool, int, float, str)) and type(value) in (bool, int, float, str) \
            else repr(value)
    return out


def run(config_cls, calls):
    """[(result or "Type: first message line", changed getters), ...] for one scenario on a fresh Config."""
    config = config_cls()
    before = snapshot(config)
    outcome = []
    for method, args in calls:
        try:
            result = repr(getattr(config, method)(*[arg(a) for a in args]))
        except Exception as e:  # noqa: BLE001 - the exception is the recorded outcome
            message = str(e).strip().splitlines()[0] if str(e).strip() else ""
            # pybind's TypeError lists its overloads (Python's names Class.method): the type and the method name
            # are what we compare
            if isinstance(e, TypeError):
                message = message.split("(")[0].rsplit(".", 1)[-1]
            # Paddle's enforce messages end with the C++ source location
            result = f"{type(e).__name__}: {re.sub(r' [(]at /paddle/[^)]*[)]$', '', message)}"
        after = snapshot(config)
        outcome.append([result, {k: v for k, v in after.items() if before[k] != v}])
        before = after
    return outcome


def pass_builder_outcome(config_cls):
    config = config_cls()
    builder = config.pass_builder()
    out = {"default": builder.all_passes(), "analysis": builder.analysis_passes()}
    config.delete_pass("fc_fuse_pass")
    out["after_delete_pass"] = config.pass_builder().all_passes()
    builder.append_pass("my_pass")
    builder.insert_pass(0, "first_pass")
    out["after_append_insert"] = builder.all_passes()
    out["debug_string"] = builder.debug_string()
    builder.delete_pass("first_pass")
    builder.set_passes(["a_pass", "b_pass"])
    builder.turn_on_debug()
    out["after_set_and_debug"] = builder.all_passes()
    builder.append_analysis_pass("extra_analysis_pass")
    out["analysis_after_append"] = builder.analysis_passes()
    return out
