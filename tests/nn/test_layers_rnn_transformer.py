"""RNN wrappers and Transformer behaviour the goldens cannot express (cell objects, caches)."""

import numpy as np
import paddle
import pytest


def _x(*shape, seed=0):
    return paddle.to_tensor(np.random.default_rng(seed).uniform(-1, 1, shape).astype("float32"))


@pytest.mark.parametrize("net, cell", [("LSTM", "LSTMCell"), ("GRU", "GRUCell"), ("SimpleRNN", "SimpleRNNCell")])
def test_rnn_wrapper_matches_fused_network(net, cell):
    n = getattr(paddle.nn, net)(4, 5, direction="bidirect")
    bi = paddle.nn.BiRNN(getattr(paddle.nn, cell)(4, 5), getattr(paddle.nn, cell)(4, 5))
    sd = n.state_dict()
    bi.set_state_dict({k.replace("0.", "", 1): v for k, v in sd.items() if k.startswith("0.")})
    x = _x(3, 6, 4)
    y1, _ = n(x)
    y2, _ = bi(x)
    np.testing.assert_allclose(y1.numpy(), y2.numpy(), rtol=1e-5, atol=1e-6)
    f = paddle.nn.RNN(bi.cell_fw)
    y3, _ = f(x)
    np.testing.assert_allclose(y3.numpy(), y1.numpy()[..., :5], rtol=1e-5, atol=1e-6)


def test_rnn_wrapper_sequence_length_freezes_states():
    cell = paddle.nn.GRUCell(4, 5)
    rnn = paddle.nn.RNN(cell)
    x = _x(2, 6, 4)
    _, h = rnn(x, sequence_length=paddle.to_tensor([6, 3]))
    _, h_short = rnn(paddle.to_tensor(x.numpy()[1:, :3]))
    np.testing.assert_allclose(h.numpy()[1], h_short.numpy()[0], rtol=1e-5, atol=1e-6)


def test_rnn_network_param_names_and_errors():
    lstm = paddle.nn.LSTM(3, 4, num_layers=2, direction="bidirectional")
    names = [n for n, _ in lstm.named_parameters()]
    assert names[:4] == ["weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0"]
    assert "weight_ih_l1_reverse" in names and "1.cell_bw.weight_ih" in lstm.state_dict()
    with pytest.raises(ValueError):
        paddle.nn.GRU(3, 4, direction="backward")
    with pytest.raises(ValueError):
        paddle.nn.SimpleRNNCell(3, 4, activation="sigmoid")
    with pytest.raises(ValueError):
        paddle.nn.LSTMCell(3, 0)
    with pytest.raises(ValueError):
        lstm(_x(2, 5, 7))


def test_rnn_cell_initial_states():
    cell = paddle.nn.LSTMCell(3, 4)
    h, c = cell.get_initial_states(_x(2, 3))
    assert h.shape == [2, 4] and c.shape == [2, 4]
    out, (h1, c1) = cell(_x(2, 3))
    assert out.shape == [2, 4]


def test_mha_incremental_cache_equals_causal_full_pass():
    mha = paddle.nn.MultiHeadAttention(8, 2)
    x = _x(2, 5, 8)
    mask = paddle.to_tensor(np.triu(np.full((5, 5), -1e9, "float32"), 1))
    full = mha(x, attn_mask=mask).numpy()
    cache = mha.gen_cache(x)
    steps = []
    for t in range(5):
        out, cache = mha(paddle.to_tensor(x.numpy()[:, t : t + 1]), cache=cache)
        steps.append(out.numpy())
    np.testing.assert_allclose(np.concatenate(steps, 1), full, rtol=1e-4, atol=1e-5)
    static = mha.gen_cache(x, x, type=paddle.nn.MultiHeadAttention.StaticCache)
    out, _ = mha(x, cache=static)
    np.testing.assert_allclose(out.numpy(), mha(x).numpy(), rtol=1e-5, atol=1e-6)


def test_bool_mask_equals_additive_mask():
    mha = paddle.nn.MultiHeadAttention(8, 2)
    x = _x(2, 4, 8)
    keep = np.random.default_rng(1).integers(0, 2, (2, 1, 4, 4)).astype(bool)
    keep[..., 0] = True
    a = mha(x, attn_mask=paddle.to_tensor(keep)).numpy()
    b = mha(x, attn_mask=paddle.to_tensor(np.where(keep, 0.0, -1e9).astype("float32"))).numpy()
    np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_transformer_helpers_and_errors():
    t = paddle.nn.Transformer(8, 2, 1, 1, 16, dropout=0.0)
    m = t.generate_square_subsequent_mask(3).numpy()
    assert m[0, 1] == -np.inf and m[1, 0] == 0
    assert t(_x(2, 5, 8), _x(2, 3, 8)).shape == [2, 3, 8]
    enc = paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer(8, 2, 16), 3)
    assert len(enc.layers) == 3 and enc.layers[1] is not enc.layers[0]
    with pytest.raises(ValueError):
        paddle.nn.MultiHeadAttention(8, 3)
    with pytest.raises(ValueError):
        paddle.nn.TransformerEncoderLayer(8, 2, 0)


def test_rnn_dropout_only_in_training():
    lstm = paddle.nn.LSTM(4, 5, num_layers=2, dropout=0.5)
    lstm.eval()
    x = _x(2, 3, 4)
    a, _ = lstm(x)
    b, _ = lstm(x)
    np.testing.assert_array_equal(a.numpy(), b.numpy())
