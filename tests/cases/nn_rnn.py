"""Goldens for paddle.nn RNN cells / networks (real Paddle 2.6.2): Paddle's weights are loaded into ours,
so gate order, reset-gate placement, directions, time_major, initial states and sequence_length are
all compared."""

from tools.api_diff.casefmt import T, layer

N = "paddle.nn."
CASES = []
add = CASES.append

B, L, I, H = 3, 5, 4, 6
x = T("float32", (B, L, I))
xt = T("float32", (L, B, I))
lens = T("int64", (B,), values=[5, 2, 4])

# cells
add(layer(N + "SimpleRNNCell", I, H, inputs=[T("float32", (B, I))], grad=True))
add(layer(N + "SimpleRNNCell", I, H, inputs=[T("float32", (B, I)), T("float32", (B, H))], grad=True))
add(layer(N + "SimpleRNNCell", I, H, activation="relu", inputs=[T("float32", (B, I)), T("float32", (B, H))], grad=True))
add(layer(N + "LSTMCell", I, H, inputs=[T("float32", (B, I))], grad=True))
add(layer(N + "LSTMCell", I, H, inputs=[T("float32", (B, I)), (T("float32", (B, H)), T("float32", (B, H)))], grad=True))
add(layer(N + "GRUCell", I, H, inputs=[T("float32", (B, I))], grad=True))
add(layer(N + "GRUCell", I, H, inputs=[T("float32", (B, I)), T("float32", (B, H))], grad=True))
for cell in ("SimpleRNNCell", "LSTMCell", "GRUCell"):
    add(layer(N + cell, I, H, bias_ih_attr=False, bias_hh_attr=False, inputs=[T("float32", (B, I))], grad=True))
    add(layer(N + cell, I, H, inputs=[T("float64", (B, I))], grad=True, id=f"{N}{cell}#f64"))

# networks
for net in ("SimpleRNN", "LSTM", "GRU"):
    for direction in ("forward", "bidirect", "bidirectional"):
        for nl in (1, 2):
            add(layer(N + net, I, H, num_layers=nl, direction=direction, inputs=[x], grad=True))
            add(layer(N + net, I, H, num_layers=nl, direction=direction, time_major=True, inputs=[xt], grad=True))
            add(layer(N + net, I, H, num_layers=nl, direction=direction, inputs=[x, None, lens], grad=True))
    nd = 2
    st = (T("float32", (2 * nd, B, H)), T("float32", (2 * nd, B, H))) if net == "LSTM" else T("float32", (2 * nd, B, H))
    add(layer(N + net, I, H, num_layers=2, direction="bidirect", inputs=[x, st], grad=True))
    add(layer(N + net, I, H, num_layers=2, direction="bidirect", inputs=[x, st, lens], grad=True))
    add(layer(N + net, I, H, num_layers=3, inputs=[x], grad=True))
add(layer(N + "SimpleRNN", I, H, activation="relu", direction="bidirect", inputs=[x], grad=True))
add(layer(N + "SimpleRNN", I, H, activation="relu", inputs=[x, None, lens], grad=True))
# RNN / BiRNN wrappers take a cell object (not expressible as a case literal): tests/nn/test_layers_rnn.py
# training-mode dropout between layers: Paddle's CPU rnn kernel draws one keep mask from the global engine
# (after paddle.seed) over the time-major output and applies it before every later layer
for net in ("SimpleRNN", "LSTM", "GRU"):
    add(layer(N + net, I, H, num_layers=3, dropout=0.3, inputs=[x], grad=True, id=f"{N}{net}#dropout3"))
    add(layer(N + net, I, H, num_layers=2, dropout=0.5, direction="bidirect", inputs=[x, None, lens], grad=True,
              id=f"{N}{net}#dropout_bidirect_lens"))
    add(layer(N + net, I, H, num_layers=2, dropout=0.4, time_major=True, inputs=[xt], grad=True,
              id=f"{N}{net}#dropout_time_major"))
