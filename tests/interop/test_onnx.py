"""paddle.onnx.export on torch.onnx: the exported LeNet run by onnxruntime equals our forward within 1e-5.
Needs the optional packages `onnx` (the exporter) and `onnxruntime` (to run the model); skipped without
them. Real Paddle needs paddle2onnx here, so there is no Paddle golden: the reference is our own forward."""

import os

import numpy as np
import paddle
import pytest
from paddle.static import InputSpec

onnx = pytest.importorskip("onnx", reason="paddle.onnx.export needs the optional `onnx` package")
ort = pytest.importorskip("onnxruntime", reason="running the exported model needs `onnxruntime`")


def _session(path):
    return ort.InferenceSession(path, providers=["CPUExecutionProvider"])


def test_lenet_export_runs_in_onnxruntime_with_a_dynamic_batch(tmp_path):
    paddle.seed(11)
    model = paddle.vision.models.LeNet()
    model.eval()
    prefix = str(tmp_path / "lenet")
    assert paddle.onnx.export(model, prefix, input_spec=[InputSpec([None, 1, 28, 28], "float32")]) is None
    onnx.checker.check_model(onnx.load(prefix + ".onnx"))
    session = _session(prefix + ".onnx")
    (inp,) = session.get_inputs()
    assert inp.name == "inputs" and inp.shape[1:] == [1, 28, 28] and isinstance(inp.shape[0], str)
    for batch in (1, 5):
        x = np.random.RandomState(batch).rand(batch, 1, 28, 28).astype("float32")
        got = session.run(None, {inp.name: x})[0]
        want = model(paddle.to_tensor(x)).numpy()
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_example_tensor_spec_named_input_and_opset(tmp_path):
    class TwoInputs(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(4, 3)

        def forward(self, x, y):
            return paddle.nn.functional.relu(self.fc(x)) * y

    model = TwoInputs()
    model.eval()
    x = paddle.rand([2, 4])
    prefix = os.path.join(str(tmp_path), "sub", "two")
    paddle.onnx.export(model, prefix, input_spec=[x, InputSpec([2, 3], "float32", name="scale")], opset_version=11,
                       enable_onnx_checker=True)
    proto = onnx.load(prefix + ".onnx")
    assert max(op.version for op in proto.opset_import if op.domain in ("", "ai.onnx")) == 11
    session = _session(prefix + ".onnx")
    # an example Tensor gives its name to the input, as InputSpec.from_tensor does
    assert [i.name for i in session.get_inputs()] == [x.name, "scale"]
    assert session.get_inputs()[0].shape == [2, 4]
    y = np.random.rand(2, 3).astype("float32")
    got = session.run(None, {x.name: x.numpy(), "scale": y})[0]
    np.testing.assert_allclose(got, model(x, paddle.to_tensor(y)).numpy(), rtol=1e-5, atol=1e-6)


def test_bad_arguments(tmp_path):
    model = paddle.nn.Linear(2, 2)
    spec = [InputSpec([None, 2], "float32")]
    with pytest.raises(ValueError, match="file_prefix is empty"):
        paddle.onnx.export(model, str(tmp_path) + os.sep, input_spec=spec)
    with pytest.raises(NotImplementedError, match="output_spec"):
        paddle.onnx.export(model, str(tmp_path / "m"), input_spec=spec, output_spec=[])
    with pytest.raises(ValueError, match="input_spec"):
        paddle.onnx.export(model, str(tmp_path / "m"))
