"""paddle.inference.convert_to_mixed_precision, XpuConfig, InternalUtils, _get_phi_kernel_name and the wrapper
module against real Paddle 2.6.2 (tests/inference_extras/record_goldens.py, oracle interpreter)."""

import os

import numpy as np
import pytest

from tools.api_diff.common import load_golden_json

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")
GOLDEN = load_golden_json(os.path.join(FIXTURES, "oracle_goldens.json"))
MODEL = os.path.join(FIXTURES, "mlp")


def _outcome(call):
    try:
        value = call()
    except Exception as e:  # noqa: BLE001
        return {"error": type(e).__name__, "message": str(e)}
    return {"value": value}


def _same_error(ours, paddle):
    """Same exception type and the same message up to Paddle's C++ source location."""
    assert ours.get("error") == paddle.get("error"), (ours, paddle)
    assert ours["message"].strip() == paddle["message"].split(" (at /paddle")[0].strip(), (ours, paddle)


def _predict(prefix, x):
    import paddle.inference as inference

    predictor = inference.create_predictor(inference.Config(prefix + ".pdmodel", prefix + ".pdiparams"))
    predictor.get_input_handle("x").copy_from_cpu(x)
    predictor.run()
    name = predictor.get_output_names()[0]
    return name, predictor.get_output_handle(name).copy_to_cpu()


def _input():
    return np.linspace(-2.0, 2.0, 12, dtype="float32").reshape(3, 4)  # as record_goldens.input_batch


@pytest.mark.verifies("paddle.inference.convert_to_mixed_precision", "paddle.inference.wrapper")
@pytest.mark.parametrize("precision,keep_io_types,low", [("Half", True, "float16"), ("Bfloat16", True, "bfloat16"),
                                                         ("Half", False, "float16")])
def test_converted_model_matches_paddles_float32_outputs(tmp_path, precision, keep_io_types, low):
    """Paddle's CPU build has no float16/bfloat16 kernels (it leaves the model in float32), so the converted
    model is checked against Paddle's float32 outputs within the low precision's rounding, and its stored
    parameters must be in the low precision."""
    from paddle.inference import PlaceType, PrecisionType, convert_to_mixed_precision

    from paddle_compat._proto import framework as fw
    from paddle_compat._proto.tensor_stream import read_tensors

    target = str(tmp_path / "mixed")
    convert_to_mixed_precision(MODEL + ".pdmodel", MODEL + ".pdiparams", target + ".pdmodel", target + ".pdiparams",
                               getattr(PrecisionType, precision), PlaceType.GPU, keep_io_types=keep_io_types)
    x = _input() if keep_io_types else _input().astype("float16")
    name, out = _predict(target, x)
    assert name == GOLDEN["mlp_output_name"]
    assert out.dtype == (np.float32 if keep_io_types else np.float16)
    tolerance = 1e-2 if low == "float16" else 4e-2
    np.testing.assert_allclose(out.astype("float64"), GOLDEN["mlp_output"], rtol=tolerance, atol=tolerance)
    with open(target + ".pdmodel", "rb") as f:
        program = fw.ProgramDesc.FromString(f.read())
    block = program.blocks[0]
    params = sorted(v.name for v in block.vars if v.persistable and v.name not in ("feed", "fetch"))
    with open(target + ".pdiparams", "rb") as f:
        stored = read_tensors(f.read(), len(params), names=params)
    want = fw.VarTypeType.FP16 if low == "float16" else fw.VarTypeType.BF16
    assert params and all(data_type == want for _a, _lod, data_type in stored)
    feed_var = next(v for v in block.vars if v.name == "x")
    assert feed_var.type.lod_tensor.tensor.data_type == (fw.VarTypeType.FP32 if keep_io_types else want)


@pytest.mark.verifies("paddle.inference.convert_to_mixed_precision")
def test_black_list_keeps_operators_in_float32(tmp_path):
    from paddle.inference import PlaceType, PrecisionType, convert_to_mixed_precision

    from paddle_compat._proto import framework as fw

    target = str(tmp_path / "mixed")
    convert_to_mixed_precision(MODEL + ".pdmodel", MODEL + ".pdiparams", target + ".pdmodel", target + ".pdiparams",
                               PrecisionType.Half, PlaceType.GPU, black_list={"softmax", "tanh"})
    with open(target + ".pdmodel", "rb") as f:
        block = fw.ProgramDesc.FromString(f.read()).blocks[0]
    dtype = {v.name: v.type.lod_tensor.tensor.data_type for v in block.vars
             if v.type.lod_tensor is not None and v.type.lod_tensor.tensor is not None}
    for op in block.ops:
        if op.type in ("softmax", "tanh"):
            for var in list(op.inputs) + list(op.outputs):
                assert all(dtype[n] == fw.VarTypeType.FP32 for n in var.arguments), op.type
    _name, out = _predict(target, _input())
    np.testing.assert_allclose(out.astype("float64"), GOLDEN["mlp_output"], rtol=1e-2, atol=1e-2)


@pytest.mark.verifies("paddle.inference.convert_to_mixed_precision")
@pytest.mark.parametrize("case", sorted(GOLDEN["convert_errors"]))
def test_convert_errors(tmp_path, case):
    from paddle.inference import PlaceType, PrecisionType, convert_to_mixed_precision

    out = str(tmp_path / "m")
    if case == "missing_model":
        missing = str(tmp_path / "none.pdmodel")
        ours = _outcome(lambda: convert_to_mixed_precision(missing, MODEL + ".pdiparams", out + ".pdmodel",
                                                           out + ".pdiparams", PrecisionType.Half, PlaceType.XPU))
        paddle = dict(GOLDEN["convert_errors"][case])
        paddle["message"] = paddle["message"].replace(paddle["message"].split("Failed to open file ")[1].split(
            ".\n")[0], missing)
        paddle["message"] = paddle["message"].split("\n  [Hint")[0]
    else:
        precision, backend = case.split("/")
        ours = _outcome(lambda: convert_to_mixed_precision(
            MODEL + ".pdmodel", MODEL + ".pdiparams", out + ".pdmodel", out + ".pdiparams",
            getattr(PrecisionType, precision), getattr(PlaceType, backend)))
        paddle = GOLDEN["convert_errors"][case]
    _same_error(ours, paddle)


@pytest.mark.verifies("paddle.inference.XpuConfig")
def test_xpu_config():
    import paddle.inference as inference

    xpu = inference.XpuConfig()
    assert {n: getattr(xpu, n) for n in GOLDEN["xpu_defaults"]} == GOLDEN["xpu_defaults"]
    assert sorted(n for n in dir(xpu) if not n.startswith("_")) == sorted(GOLDEN["xpu_defaults"])
    for key, paddle in GOLDEN["xpu_assignments"].items():
        if key == "unknown_attribute":
            ours = _outcome(lambda: setattr(inference.XpuConfig(), "nope", 1))
        else:
            field, value = key.split("=", 1)

            def assign(field=field, value=eval(value)):  # noqa: S307 - reprs written by the recorder
                config = inference.XpuConfig()
                setattr(config, field, value)
                return getattr(config, field)

            ours = _outcome(assign)
            if "message" in ours:
                ours["message"] = ours["message"].split("Invoked with:")[0]
        assert ours == paddle, key


@pytest.mark.verifies("paddle.inference.InternalUtils")
def test_internal_utils():
    import paddle.inference as inference

    config = inference.Config()
    utils = inference.InternalUtils
    ours = {
        "posid": _outcome(lambda: utils.set_transformer_posid(config, "pos")),
        "maskid": _outcome(lambda: utils.set_transformer_maskid(config, "mask")),
        "half_ops": _outcome(lambda: utils.disable_tensorrt_half_ops(config, {"softmax"})),
        "bad_config": _outcome(lambda: utils.set_transformer_posid(1, "pos")),
        "bad_name": _outcome(lambda: utils.set_transformer_maskid(config, 3)),
        "construct": _outcome(lambda: utils()),
        "members": sorted(n for n in dir(utils) if not n.startswith("_")),
    }
    ours["bad_name"]["message"] = ours["bad_name"]["message"].split("Invoked with:")[0]
    assert ours == GOLDEN["internal_utils"]


@pytest.mark.verifies("paddle.inference._get_phi_kernel_name")
def test_phi_kernel_names():
    import paddle.inference as inference

    assert {n: inference._get_phi_kernel_name(n) for n in GOLDEN["phi_kernel_names"]} == GOLDEN["phi_kernel_names"]
    assert _outcome(lambda: inference._get_phi_kernel_name(1)) == GOLDEN["phi_kernel_name_int"]


@pytest.mark.verifies("paddle.inference.wrapper")
def test_module_paths_and_wrapper_names():
    import paddle.inference as inference
    import paddle.inference.wrapper as wrapper

    assert [inference.XpuConfig.__module__, inference.InternalUtils.__module__,
            inference.convert_to_mixed_precision.__module__] == GOLDEN["modules"]
    names = ("convert_to_mixed_precision", "tensor_copy_from_cpu", "tensor_share_external_data", "Config",
             "Predictor", "Tensor", "PrecisionType", "PlaceType", "DataType")
    assert sorted(n for n in names if hasattr(wrapper, n)) == GOLDEN["wrapper_names"]
