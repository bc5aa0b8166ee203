"""BeamSearchDecoder / dynamic_decode vs goldens recorded with real paddlepaddle 2.6.2
(tests/nn/make_decode_goldens.py)."""
import os

import numpy as np
import paddle
import pytest

from tools.api_diff.common import load_golden_json

GOLD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens")
VOCAB, EMB, HID = 12, 8, 16
GOLDENS = load_golden_json(os.path.join(GOLD, "nn_decode.json"))["configs"]
CUSTOM = GOLDENS.pop("__custom__")


class Model(paddle.nn.Layer):
    def __init__(self, cell):
        super().__init__()
        self.emb = paddle.nn.Embedding(VOCAB, EMB)
        self.cell = paddle.nn.GRUCell(EMB, HID) if cell == "gru" else paddle.nn.LSTMCell(EMB, HID)
        self.out = paddle.nn.Linear(HID, VOCAB)


@pytest.mark.verifies("paddle.nn.BeamSearchDecoder", "paddle.nn.dynamic_decode")
@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_decode_golden(name):
    g = GOLDENS[name]
    m = Model(g["cell"])
    m.set_state_dict(paddle.load(os.path.join(GOLD, f"nn_decode_{name}.pdparams")))
    init = paddle.to_tensor(np.linspace(-1, 1, 2 * HID).reshape(2, HID).astype("float32"))
    inits = init if g["cell"] == "gru" else (init, init * 0.5)
    dec = paddle.nn.BeamSearchDecoder(m.cell, start_token=0, end_token=g.get("end", 1), beam_size=g["beam"],
                                      embedding_fn=m.emb, output_fn=m.out)
    res = paddle.nn.dynamic_decode(dec, inits=inits, max_step_num=g["max_step"], output_time_major=g["time_major"],
                                   impute_finished=g["impute"], return_length=g["ret_len"])
    assert len(res) == (3 if g["ret_len"] else 2)
    ids, states = res[0], res[1]
    assert list(ids.shape) == g["ids_shape"]
    assert str(ids.numpy().dtype) == g["ids_dtype"] == "int64"
    np.testing.assert_array_equal(ids.numpy(), np.array(g["ids"]))
    assert isinstance(states, paddle.nn.BeamSearchDecoder.StateWrapper)
    np.testing.assert_allclose(states.log_probs.numpy(), np.array(g["log_probs"]), rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(states.lengths.numpy(), np.array(g["lengths_state"]))
    np.testing.assert_array_equal(states.finished.numpy(), np.array(g["finished"]))
    cs = states.cell_states if g["cell"] == "gru" else states.cell_states[0]
    np.testing.assert_allclose(cs.numpy(), np.array(g["cell_state0"]), rtol=1e-5, atol=1e-5)
    if g["ret_len"]:
        assert str(res[2].numpy().dtype) == g["seq_len_dtype"]
        np.testing.assert_array_equal(res[2].numpy(), np.array(g["seq_len"]))


class CountDecoder(paddle.nn.decode.Decoder):
    def initialize(self, inits):
        return inits, inits, paddle.zeros([3], dtype="bool")

    def step(self, time, inputs, states, **kwargs):
        t = int(time)
        fin = paddle.to_tensor([False, True, False]) if t < 2 else paddle.to_tensor([True, True, t >= 3])
        return inputs * 2, states + kwargs.get("inc", 1), inputs + 1, fin


@pytest.mark.verifies("paddle.nn.dynamic_decode")
@pytest.mark.parametrize("name", sorted(CUSTOM))
def test_custom_decoder_golden(name):
    g = CUSTOM[name]
    x = paddle.to_tensor(np.arange(6, dtype="float32").reshape(3, 2))
    o, s, n = paddle.nn.dynamic_decode(CountDecoder(), inits=x, return_length=True, **g["kw"])
    np.testing.assert_allclose(o.numpy(), np.array(g["outputs"]))
    np.testing.assert_allclose(s.numpy(), np.array(g["states"]))
    np.testing.assert_array_equal(n.numpy(), np.array(g["lengths"]))
    assert str(n.numpy().dtype) == g["lengths_dtype"]


def test_base_decoder_not_implemented():
    with pytest.raises(NotImplementedError):
        paddle.nn.dynamic_decode(paddle.nn.decode.Decoder(), inits=paddle.zeros([2, 2]))
    assert paddle.nn.decode.Decoder().tracks_own_finished is False


def test_helpers():
    dec = paddle.nn.BeamSearchDecoder(paddle.nn.GRUCell(2, 2), 0, 1, 3)
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    t = paddle.nn.BeamSearchDecoder.tile_beam_merge_with_batch(x, 3)
    np.testing.assert_array_equal(t.numpy(), np.repeat(x.numpy(), 3, axis=0))
    e = dec._expand_to_beam_size(x)
    assert list(e.shape) == [2, 3, 2]
    assert list(dec._merge_batch_beams(e).shape) == [6, 2]
    assert list(dec._split_batch_beams(dec._merge_batch_beams(e)).shape) == [2, 3, 2]
    idx = paddle.to_tensor([[2, 0, 0], [1, 1, 2]], dtype="int64")
    g = dec._gather(e * paddle.to_tensor([[[1.0], [10.0], [100.0]]]), idx, paddle.to_tensor([2]))
    np.testing.assert_allclose(g.numpy()[0, 0], [100.0, 200.0])
    assert dec.tracks_own_finished is True
    assert paddle.nn.BeamSearchDecoder.OutputWrapper._fields == ("scores", "predicted_ids", "parent_ids")
    assert paddle.nn.BeamSearchDecoder.StateWrapper._fields == ("cell_states", "log_probs", "finished", "lengths")


def test_initialize_structure():
    cell = paddle.nn.LSTMCell(4, 5)
    dec = paddle.nn.BeamSearchDecoder(cell, 0, 1, 2)
    h = paddle.zeros([3, 5])
    inputs, states, finished = dec.initialize((h, h))
    assert inputs.dtype == paddle.int64 and list(inputs.shape) == [3, 2]
    assert list(states.cell_states[0].shape) == [3, 2, 5]
    np.testing.assert_allclose(states.log_probs.numpy(), [[0.0, -1e9]] * 3)
    assert finished.dtype == paddle.bool and not finished.numpy().any()
    assert states.lengths.dtype == paddle.int64


@pytest.mark.parametrize("beam", [0, -1])
def test_bad_beam_size(beam):
    cell = paddle.nn.GRUCell(4, 4)
    dec = paddle.nn.BeamSearchDecoder(cell, 0, 1, beam)  # Paddle accepts it in the constructor
    with pytest.raises(ValueError):
        paddle.nn.dynamic_decode(dec, inits=paddle.zeros([2, 4]), max_step_num=2)


def test_bad_cell():
    dec = paddle.nn.BeamSearchDecoder(None, 0, 1, 2)
    with pytest.raises(TypeError):
        paddle.nn.dynamic_decode(dec, inits=paddle.zeros([2, 4]), max_step_num=2)
