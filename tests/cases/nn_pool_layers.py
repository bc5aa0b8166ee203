"""Goldens for paddle.nn pooling layers (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, layer

N = "paddle.nn."
CASES = []
add = CASES.append

x1, x2, x3 = T("float32", (2, 3, 9)), T("float32", (2, 3, 7, 6)), T("float32", (1, 2, 5, 4, 6))
for k, s, p, ceil in ((2, None, 0, False), (3, 2, 1, True), (3, 1, "SAME", False), (4, 3, [1, 2], True)):
    add(layer(N + "AvgPool1D", k, s, p, ceil_mode=ceil, inputs=[x1], grad=True))
    add(layer(N + "AvgPool1D", k, s, p, exclusive=False, ceil_mode=ceil, inputs=[x1], grad=True))
    add(layer(N + "MaxPool1D", k, s, p, ceil_mode=ceil, inputs=[x1], grad=True))
    add(layer(N + "AvgPool2D", k, s, p, ceil_mode=ceil, inputs=[x2], grad=True))
    add(layer(N + "AvgPool2D", k, s, p, ceil_mode=ceil, exclusive=False, inputs=[x2], grad=True))
    add(layer(N + "MaxPool2D", k, s, p, ceil_mode=ceil, inputs=[x2], grad=True))
    add(layer(N + "AvgPool3D", k, s, p, ceil_mode=ceil, inputs=[x3], grad=True))
    add(layer(N + "MaxPool3D", k, s, p, ceil_mode=ceil, inputs=[x3], grad=True))
add(layer(N + "MaxPool2D", 2, return_mask=True, inputs=[x2], grad=True))
add(layer(N + "MaxPool1D", 3, 2, 1, return_mask=True, inputs=[x1], grad=True))
add(layer(N + "MaxPool3D", 2, return_mask=True, inputs=[x3], grad=True))
add(layer(N + "AvgPool2D", 2, divisor_override=3, inputs=[x2], grad=True))
add(layer(N + "AvgPool2D", 2, data_format="NHWC", inputs=[x2], grad=True))
add(layer(N + "MaxPool2D", 2, data_format="NHWC", inputs=[x2], grad=True))
add(layer(N + "AvgPool3D", 2, data_format="NDHWC", inputs=[x3], grad=True))
for o in (1, 2, 4):
    add(layer(N + "AdaptiveAvgPool1D", o, inputs=[x1], grad=True))
    add(layer(N + "AdaptiveMaxPool1D", o, inputs=[x1], grad=True))
    add(layer(N + "AdaptiveMaxPool1D", o, return_mask=True, inputs=[x1], grad=True))
    add(layer(N + "AdaptiveAvgPool2D", o, inputs=[x2], grad=True))
    add(layer(N + "AdaptiveAvgPool2D", [o, None], data_format="NHWC", inputs=[x2], grad=True))
    add(layer(N + "AdaptiveMaxPool2D", o, inputs=[x2], grad=True))
    add(layer(N + "AdaptiveMaxPool2D", [o, 3], return_mask=True, inputs=[x2], grad=True))
    add(layer(N + "AdaptiveAvgPool3D", o, inputs=[x3], grad=True))
    add(layer(N + "AdaptiveAvgPool3D", o, data_format="NDHWC", inputs=[x3], grad=True))
    add(layer(N + "AdaptiveMaxPool3D", o, inputs=[x3], grad=True))
    add(layer(N + "AdaptiveMaxPool3D", [o, 2, None], return_mask=True, inputs=[x3], grad=True))
