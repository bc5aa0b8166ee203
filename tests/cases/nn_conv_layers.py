"""Goldens for paddle.nn Conv*D / Conv*DTranspose layers (real Paddle 2.6.2): parameter names,
state_dict, outputs and input/parameter grads with Paddle's weights loaded."""

from tools.api_diff.casefmt import T, layer

N = "paddle.nn."
CASES = []
add = CASES.append

for pad in (0, 1, "SAME", "VALID", [1, 2], [0, 1, 2, 1]):
    for stride in (1, 2):
        add(layer(N + "Conv2D", 3, 4, 3, stride=stride, padding=pad, inputs=[T("float32", (2, 3, 7, 6))], grad=True))
for pm in ("reflect", "replicate", "circular", "zeros"):
    add(layer(N + "Conv2D", 3, 4, 3, padding=1, padding_mode=pm, inputs=[T("float32", (2, 3, 6, 6))], grad=True))
    add(
        layer(
            N + "Conv2D",
            3,
            4,
            (3, 2),
            padding=2,
            padding_mode=pm,
            data_format="NHWC",
            inputs=[T("float32", (2, 6, 6, 3))],
            grad=True,
        )
    )
    add(layer(N + "Conv1D", 2, 3, 3, padding=1, padding_mode=pm, inputs=[T("float32", (2, 2, 7))], grad=True))
    add(layer(N + "Conv3D", 2, 3, 2, padding=1, padding_mode=pm, inputs=[T("float32", (1, 2, 4, 3, 4))], grad=True))
add(layer(N + "Conv2D", 4, 8, 3, groups=4, inputs=[T("float32", (1, 4, 6, 6))], grad=True))
add(layer(N + "Conv2D", 4, 6, 3, groups=2, dilation=2, padding=2, inputs=[T("float32", (1, 4, 7, 7))], grad=True))
add(layer(N + "Conv2D", 3, 4, 3, bias_attr=False, inputs=[T("float32", (1, 3, 5, 5))], grad=True))
add(layer(N + "Conv2D", 3, 4, 1, data_format="NHWC", inputs=[T("float32", (2, 5, 5, 3))], grad=True))
for k, s, p in ((3, 1, 0), (3, 2, 1), (5, 3, "SAME"), (2, 1, [0, 1])):
    add(layer(N + "Conv1D", 3, 5, k, stride=s, padding=p, inputs=[T("float32", (2, 3, 11))], grad=True))
add(layer(N + "Conv1D", 3, 5, 3, data_format="NLC", inputs=[T("float32", (2, 11, 3))], grad=True))
add(layer(N + "Conv1D", 4, 4, 3, groups=2, dilation=2, inputs=[T("float32", (2, 4, 11))], grad=True))
for k, s, p in ((3, 1, 0), (2, 2, 1), ((1, 2, 3), (1, 2, 1), "SAME")):
    add(layer(N + "Conv3D", 2, 3, k, stride=s, padding=p, inputs=[T("float32", (1, 2, 5, 4, 6))], grad=True))
add(layer(N + "Conv3D", 2, 3, 2, data_format="NDHWC", inputs=[T("float32", (1, 4, 4, 3, 2))], grad=True))

for k, s, p, op in ((3, 1, 0, 0), (3, 2, 1, 1), (4, 2, 1, 0), (3, 2, "SAME", 0), (2, 3, [1, 0], 0)):
    add(
        layer(
            N + "Conv2DTranspose",
            3,
            4,
            k,
            stride=s,
            padding=p,
            output_padding=op,
            inputs=[T("float32", (2, 3, 5, 4))],
            grad=True,
        )
    )
    add(
        layer(
            N + "Conv1DTranspose",
            3,
            4,
            k,
            stride=s,
            padding=p,
            output_padding=op,
            inputs=[T("float32", (2, 3, 6))],
            grad=True,
        )
    )
    add(
        layer(
            N + "Conv3DTranspose",
            2,
            3,
            k,
            stride=s,
            padding=p,
            output_padding=op,
            inputs=[T("float32", (1, 2, 3, 4, 3))],
            grad=True,
        )
    )
add(layer(N + "Conv2DTranspose", 4, 6, 3, groups=2, dilation=2, inputs=[T("float32", (1, 4, 5, 5))], grad=True))
add(layer(N + "Conv2DTranspose", 3, 4, 3, data_format="NHWC", inputs=[T("float32", (2, 5, 5, 3))], grad=True))
add(layer(N + "Conv2DTranspose", 3, 4, 3, bias_attr=False, inputs=[T("float32", (2, 3, 5, 5))], grad=True))
add(layer(N + "Conv1DTranspose", 3, 4, 3, data_format="NLC", inputs=[T("float32", (2, 5, 3))], grad=True))
add(
    layer(
        N + "Conv3DTranspose", 2, 4, 2, groups=2, data_format="NDHWC", inputs=[T("float32", (1, 3, 3, 3, 2))], grad=True
    )
)
add(layer(N + "Conv2DTranspose", 3, 4, 3, stride=2, inputs=[T("float32", (2, 3, 5, 5)), [12, 12]], grad=True))
