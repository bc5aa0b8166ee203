"""Record tests/inference_extras/fixtures/ from REAL Paddle 2.6.2 (run with the oracle):

    .oracle/bin/python -m tests.inference_extras.record_goldens

Writes a small float32 inference model saved by Paddle (mlp.pdmodel / mlp.pdiparams), its outputs on a fixed
input, what convert_to_mixed_precision raises for each unsupported precision/backend pair, and XpuConfig /
InternalUtils / _get_phi_kernel_name behaviour (oracle_goldens.json)."""

import json
import os
import tempfile

from tools.api_diff.common import oracle_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")
KERNEL_NAME_SAMPLES = ["conv2d", "matmul_v2", "elementwise_add", "reduce_sum", "fill_constant", "lookup_table_v2",
                       "softmax_with_cross_entropy", "reshape2", "transpose2", "flatten_contiguous_range",
                       "bilinear_interp", "bilinear_interp_v2", "relu_grad", "not_an_operator", ""]
CONVERT_ERRORS = [("Float32", "GPU"), ("Int8", "GPU"), ("Float32", "XPU"), ("Bfloat16", "XPU"), ("Half", "CPU"),
                  ("Bfloat16", "CPU"), ("Half", "UNK")]


def _outcome(call):
    try:
        value = call()
    except Exception as e:  # noqa: BLE001 - the golden records whatever Paddle raises
        return {"error": type(e).__name__, "message": str(e)}
    return {"value": value}


def input_batch():
    import numpy as np

    return np.linspace(-2.0, 2.0, 12, dtype="float32").reshape(3, 4)


def record_model(golden):
    import numpy as np
    import paddle

    paddle.seed(7)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 8), paddle.nn.Tanh(),
                               paddle.nn.Linear(8, 3), paddle.nn.Softmax())
    net.eval()
    prefix = os.path.join(FIXTURES, "mlp")
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    os.remove(prefix + ".pdiparams.info")
    config = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    predictor = paddle.inference.create_predictor(config)
    predictor.get_input_handle("x").copy_from_cpu(input_batch())
    predictor.run()
    out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
    golden["mlp_output"] = np.asarray(out, dtype="float64").tolist()
    golden["mlp_output_name"] = predictor.get_output_names()[0]


def record_convert_errors(golden):
    from paddle.inference import PlaceType, PrecisionType, convert_to_mixed_precision

    model = os.path.join(FIXTURES, "mlp")
    errors = {}
    with tempfile.TemporaryDirectory() as out:
        for precision, backend in CONVERT_ERRORS:
            errors[f"{precision}/{backend}"] = _outcome(lambda p=precision, b=backend: convert_to_mixed_precision(
                model + ".pdmodel", model + ".pdiparams", os.path.join(out, "m.pdmodel"),
                os.path.join(out, "m.pdiparams"), getattr(PrecisionType, p), getattr(PlaceType, b)))
        errors["missing_model"] = _outcome(lambda: convert_to_mixed_precision(
            os.path.join(out, "none.pdmodel"), model + ".pdiparams", os.path.join(out, "m.pdmodel"),
            os.path.join(out, "m.pdiparams"), PrecisionType.Half, PlaceType.XPU))
    golden["convert_errors"] = errors


def record_native(golden):
    import paddle.inference as inference

    xpu = inference.XpuConfig()
    fields = sorted(n for n in dir(xpu) if not n.startswith("_"))
    golden["xpu_defaults"] = {n: getattr(xpu, n) for n in fields}
    checks = {}
    for field, value in (("device_id", "a"), ("device_id", 2.5), ("l3_size", 1 << 20),
                         ("quant_post_static_gelu_out_threshold", 3), ("quant_post_dynamic_op_types", ["fc", "conv"]),
                         ("quant_post_dynamic_op_types", [1]), ("conv_autotune_file", "f.txt"),
                         ("conv_autotune_file", 3),
                         ("transformer_encoder_adaptive_seqlen", False), ("l3_ptr", 5), ("stream", None)):
        def assign(field=field, value=value):
            config = inference.XpuConfig()
            setattr(config, field, value)
            return getattr(config, field)
        result = _outcome(assign)
        if "message" in result:  # pybind prints the object's address: keep the part before it
            result["message"] = result["message"].split("Invoked with:")[0]
        checks[f"{field}={value!r}"] = result
    checks["unknown_attribute"] = _outcome(lambda: setattr(inference.XpuConfig(), "nope", 1))
    golden["xpu_assignments"] = checks
    config = inference.Config()
    golden["internal_utils"] = {
        "posid": _outcome(lambda: inference.InternalUtils.set_transformer_posid(config, "pos")),
        "maskid": _outcome(lambda: inference.InternalUtils.set_transformer_maskid(config, "mask")),
        "half_ops": _outcome(lambda: inference.InternalUtils.disable_tensorrt_half_ops(config, {"softmax"})),
        "bad_config": _outcome(lambda: inference.InternalUtils.set_transformer_posid(1, "pos")),
        "bad_name": _outcome(lambda: inference.InternalUtils.set_transformer_maskid(config, 3)),
        "construct": _outcome(lambda: inference.InternalUtils()),
        "members": sorted(n for n in dir(inference.InternalUtils) if not n.startswith("_")),
    }
    for key in ("bad_name",):
        result = golden["internal_utils"][key]
        if "message" in result:
            result["message"] = result["message"].split("Invoked with:")[0]
    golden["phi_kernel_names"] = {n: inference._get_phi_kernel_name(n) for n in KERNEL_NAME_SAMPLES}
    golden["phi_kernel_name_int"] = _outcome(lambda: inference._get_phi_kernel_name(1))
    golden["modules"] = [inference.XpuConfig.__module__, inference.InternalUtils.__module__,
                         inference.convert_to_mixed_precision.__module__]
    import paddle.inference.wrapper as wrapper

    golden["wrapper_names"] = sorted(n for n in ("convert_to_mixed_precision", "tensor_copy_from_cpu",
                                                 "tensor_share_external_data", "Config", "Predictor", "Tensor",
                                                 "PrecisionType", "PlaceType", "DataType") if hasattr(wrapper, n))


def main():
    golden = dict(oracle_stamp())
    os.makedirs(FIXTURES, exist_ok=True)
    record_model(golden)
    record_convert_errors(golden)
    record_native(golden)
    with open(os.path.join(FIXTURES, "oracle_goldens.json"), "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print("wrote", os.path.relpath(FIXTURES))


if __name__ == "__main__":
    main()
