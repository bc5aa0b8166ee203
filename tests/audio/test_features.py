"""Feature Layers built from their arguments alone vs real Paddle 2.6.2: buffers (window, filter bank, DCT)
and outputs, no weight loading (tests/goldens/audio_layers.*). The case-format goldens
(tests/cases/audio_features.py) cover more argument combinations with Paddle's buffers loaded."""

import numpy as np
import paddle
import pytest

from tests.audio._golden import assert_close, golden

_DATA, _ARRAYS = golden()


@pytest.mark.parametrize("entry", [pytest.param(e, id=e["name"], marks=pytest.mark.verifies(
    f"paddle.audio.features.{e['class']}")) for e in _DATA["layers"]])
def test_layer_matches_paddle(entry):
    kwargs = dict(entry["kwargs"])
    if isinstance(kwargs.get("window"), list):  # JSON turned the window tuple into a list
        kwargs["window"] = tuple(kwargs["window"])
    lay = getattr(paddle.audio.features, entry["class"])(**kwargs)
    assert repr(lay) == entry["repr"] and type(lay).__module__ == entry["module"]
    state = lay.state_dict()
    assert [(k, str(v.dtype).replace("paddle.", ""), v.shape) for k, v in state.items()] == [
        (b["key"], b["dtype"], b["shape"]) for b in entry["buffers"]]
    for b in entry["buffers"]:
        assert_close(state[b["key"]].numpy(), _ARRAYS[f"{entry['name']}/{b['key']}"], b["dtype"],
                     f"buffer {b['key']}")
    x = np.random.RandomState(entry["input_seed"]).uniform(-1, 1, size=entry["input_shape"]).astype(
        entry["input_dtype"])
    out = lay(paddle.to_tensor(x))
    assert_close(out.numpy(), _ARRAYS[f"{entry['name']}/out"], entry["out_dtype"], "output")


def test_buffers_are_persistable_and_reloadable():
    mel = paddle.audio.features.MelSpectrogram(sr=16000, n_fft=256, n_mels=8)
    other = paddle.audio.features.MelSpectrogram(sr=16000, n_fft=256, n_mels=8, htk=True)
    x = paddle.to_tensor(np.random.RandomState(0).uniform(-1, 1, (1, 800)).astype("float32"))
    before = other(x).numpy()
    other.set_state_dict(mel.state_dict())
    np.testing.assert_allclose(other(x).numpy(), mel(x).numpy(), rtol=1e-6)
    assert not np.allclose(before, other(x).numpy())


def test_one_dimensional_input_gives_unbatched_features():
    x = paddle.to_tensor(np.random.RandomState(1).uniform(-1, 1, 1000).astype("float32"))
    assert paddle.audio.features.Spectrogram(n_fft=128)(x).shape == [65, 2]
    assert paddle.audio.features.MelSpectrogram(n_fft=128, n_mels=10)(x).shape == [10, 2]


def test_features_trace_as_one_graph():
    """Our own property (not a Paddle comparison): a feature Layer called through a torch-facing shim
    compiles with fullgraph=True and gives the eager values."""
    import torch

    from paddle_compat._core.tensor import wrap

    lay = paddle.audio.features.MFCC(sr=16000, n_mfcc=8, n_fft=256, n_mels=16)

    def shim(t):
        return lay(wrap(t))._t

    x = torch.from_numpy(np.random.RandomState(2).uniform(-1, 1, (1, 4000)).astype("float32"))
    compiled = torch.compile(shim, fullgraph=True, backend="eager")
    torch.testing.assert_close(compiled(x), shim(x))
