"""paddle.onnx.export without the optional `onnx` package: an ImportError that names it (Paddle's own
export raises ImportError naming paddle2onnx in the same place)."""

import sys

import paddle
import pytest


def test_missing_onnx_is_a_clear_import_error(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "onnx", None)
    with pytest.raises(ImportError, match="`onnx` package"):
        paddle.onnx.export(paddle.nn.Linear(2, 2), str(tmp_path / "m"),
                           input_spec=[paddle.static.InputSpec([None, 2], "float32")])
    assert paddle.onnx.__all__ == ["export"]
