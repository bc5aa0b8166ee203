"""paddle.save/paddle.load of a core.LoDTensor (what static ``Variable.get_value()`` returns): Paddle's pickle form
``eval('data', {'data': array})`` both ways. Fixture written by real Paddle 2.6.2 (record_save_fixture.py)."""

import io
import os
import pickle
import pickletools

import numpy as np
import pytest

from tools.api_diff.common import load_golden_json

HERE = os.path.join(os.path.dirname(__file__), "fixtures")
GOLDEN = load_golden_json(os.path.join(HERE, "lodtensor.json"))


@pytest.fixture()
def static_paddle():
    import paddle

    paddle.enable_static()
    yield paddle
    paddle.disable_static()


def test_loads_a_lodtensor_saved_by_paddle(static_paddle):
    loaded = static_paddle.load(os.path.join(HERE, "lodtensor.pdtensor"))
    assert type(loaded) is static_paddle.base.core.LoDTensor
    assert type(loaded).__name__ == GOLDEN["loaded_type"]
    assert loaded.lod() == GOLDEN["loaded_lod"]
    np.testing.assert_array_equal(np.array(loaded), np.array(GOLDEN["value"], dtype="float32"))


def test_saves_a_lodtensor_in_paddles_form(static_paddle):
    value = np.array(GOLDEN["value"], dtype="float32")
    t = static_paddle.base.create_lod_tensor(value, [[1, 3]], static_paddle.CPUPlace())
    buffer = io.BytesIO()
    static_paddle.save(t, buffer)
    strings = [arg for op, arg, _ in pickletools.genops(buffer.getvalue()) if isinstance(arg, str)]
    assert strings[:3] == ["builtins", "eval", "data"]
    assert not any("paddle" in s for s in strings)  # no paddle-compat class is pickled
    buffer.seek(0)
    back = static_paddle.load(buffer)
    np.testing.assert_array_equal(np.array(back), value)
    buffer.seek(0)
    assert isinstance(static_paddle.load(buffer, return_numpy=True), np.ndarray)


class _EvalOther:
    def __reduce__(self):
        return (eval, ("__import__('os').getcwd()", {}))


def test_other_eval_expressions_are_still_refused(static_paddle):
    crafted = pickle.dumps(_EvalOther(), protocol=2)
    with pytest.raises(pickle.UnpicklingError, match="eval"):
        static_paddle.load(io.BytesIO(crafted))


def test_inference_model_with_sequence_ops_is_refused_by_name(static_paddle, tmp_path):
    """Not a Paddle behaviour (Paddle saves it): torch.export cannot take the LoD offsets as an input, so ours
    refuses with NotImplementedError naming the operator instead of tracing something else."""
    static = static_paddle.static
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [-1, 2], "float32", lod_level=1)
        pooled = static.nn.sequence_pool(static.nn.fc(x, 3), "sum")
    exe = static.Executor(static_paddle.CPUPlace())
    with static.scope_guard(static.Scope()):
        exe.run(startup)
        with pytest.raises(NotImplementedError, match="sequence_pool"):
            static.save_inference_model(str(tmp_path / "m"), [x], [pooled], exe, program=main)
