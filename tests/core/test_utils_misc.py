"""paddle.utils.{run_check, require_version, try_import, deprecated}: outputs and errors as real Paddle
2.6.2 gives them (texts taken from the oracle)."""

import warnings

import paddle
import pytest


def test_run_check_prints_paddles_lines(capsys):
    paddle.utils.run_check()
    assert capsys.readouterr().out == (
        "Running verify PaddlePaddle program ... \n"
        "PaddlePaddle works well on 1 CPU.\n"
        "PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.\n"
    )


def test_require_version():
    assert paddle.utils.require_version("2.0.0") is None
    assert paddle.utils.require_version("2.6.2", "2.6.2") is None
    with pytest.raises(Exception, match="PaddlePaddle version 9.0.0 or higher is required, but 2.6.2 installed"):
        paddle.utils.require_version("9.0.0")
    with pytest.raises(TypeError, match="'min_version' in require_version must be str"):
        paddle.utils.require_version(2)


def test_try_import():
    assert paddle.utils.try_import("json").dumps([1]) == "[1]"
    with pytest.raises(ImportError, match="Failed importing no_such_mod_x.*pip install no_such_mod_x"):
        paddle.utils.try_import("no_such_mod_x")


def test_deprecated_warns_and_level_two_raises():
    @paddle.utils.deprecated(since="2.0.0", update_to="paddle.new_api", level=1)
    def old():
        return 3

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert old() == 3
    assert any("deprecated since 2.0.0" in str(w.message) for w in caught)

    @paddle.utils.deprecated(level=2)
    def gone():
        return 4

    with pytest.raises(RuntimeError, match="is deprecated"):
        gone()
