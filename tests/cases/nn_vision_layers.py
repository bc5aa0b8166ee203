"""Goldens for paddle.nn PixelShuffle / PixelUnshuffle / ChannelShuffle (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, layer

N = "paddle.nn."
CASES = []
add = CASES.append

for r in (1, 2, 3):
    add(layer(N + "PixelShuffle", r, inputs=[T("float32", (2, 2 * r * r, 3, 4))], grad=True))
    add(layer(N + "PixelShuffle", r, data_format="NHWC", inputs=[T("float32", (2, 3, 4, 2 * r * r))], grad=True))
    add(layer(N + "PixelUnshuffle", r, inputs=[T("float32", (2, 2, 6, 6))], grad=True))
    add(layer(N + "PixelUnshuffle", r, data_format="NHWC", inputs=[T("float32", (2, 6, 6, 2))], grad=True))
for g in (1, 2, 3):
    add(layer(N + "ChannelShuffle", g, inputs=[T("float32", (2, 6, 3, 4))], grad=True))
    add(layer(N + "ChannelShuffle", g, data_format="NHWC", inputs=[T("float32", (2, 3, 4, 6))], grad=True))
