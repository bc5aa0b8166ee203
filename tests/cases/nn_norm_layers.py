"""Goldens for paddle.nn normalisation layers (real Paddle 2.6.2), layers in their default (train) mode."""

from tools.api_diff.casefmt import T, layer

N = "paddle.nn."
CASES = []
add = CASES.append

add(layer(N + "BatchNorm1D", 3, inputs=[T("float32", (4, 3))], grad=True))
add(layer(N + "BatchNorm1D", 3, inputs=[T("float32", (4, 3, 5))], grad=True))
add(layer(N + "BatchNorm1D", 3, data_format="NLC", inputs=[T("float32", (4, 5, 3))], grad=True))
add(layer(N + "BatchNorm1D", 3, momentum=0.5, epsilon=1e-3, inputs=[T("float32", (4, 3, 5))], grad=True))
add(layer(N + "BatchNorm1D", 3, use_global_stats=True, inputs=[T("float32", (4, 3, 5))], grad=True))
add(layer(N + "BatchNorm2D", 3, inputs=[T("float32", (2, 3, 4, 5))], grad=True))
add(layer(N + "BatchNorm2D", 3, data_format="NHWC", inputs=[T("float32", (2, 4, 5, 3))], grad=True))
add(layer(N + "BatchNorm2D", 3, weight_attr=False, bias_attr=False, inputs=[T("float32", (2, 3, 4, 5))], grad=True))
add(layer(N + "BatchNorm2D", 3, use_global_stats=True, inputs=[T("float32", (2, 3, 4, 5))], grad=True))
add(layer(N + "BatchNorm2D", 3, inputs=[T("float32", (2, 4, 4, 5))]))
add(layer(N + "BatchNorm2D", 3, inputs=[T("float32", (2, 3, 4))]))
add(layer(N + "BatchNorm3D", 3, inputs=[T("float32", (2, 3, 2, 3, 4))], grad=True))
add(layer(N + "BatchNorm3D", 3, data_format="NDHWC", inputs=[T("float32", (2, 2, 3, 4, 3))], grad=True))
add(layer(N + "BatchNorm", 3, inputs=[T("float32", (2, 3, 4, 5))], grad=True))
add(layer(N + "BatchNorm", 3, act="relu", inputs=[T("float32", (2, 3, 4, 5))], grad=True))
add(layer(N + "BatchNorm", 3, data_layout="NHWC", inputs=[T("float32", (2, 4, 5, 3))], grad=True))
add(layer(N + "BatchNorm", 3, use_global_stats=True, inputs=[T("float32", (2, 3, 4, 5))], grad=True))
add(layer(N + "BatchNorm", 3, inputs=[T("float32", (4, 3))], grad=True))
# SyncBatchNorm: real Paddle's CPU build has no sync_batch_norm kernel -> tested in tests/nn/test_layers_norm.py
for shape, ns in (((2, 3, 4), 4), ((2, 3, 4), [3, 4]), ((2, 3, 4, 5), (4, 5)), ((6, 8), [8])):
    add(layer(N + "LayerNorm", ns, inputs=[T("float32", shape)], grad=True))
add(layer(N + "LayerNorm", 4, epsilon=1e-3, weight_attr=False, inputs=[T("float32", (2, 4))], grad=True))
add(layer(N + "LayerNorm", 4, bias_attr=False, inputs=[T("float32", (2, 4))], grad=True))
for g in (1, 2, 4):
    add(layer(N + "GroupNorm", g, 4, inputs=[T("float32", (2, 4, 3, 5))], grad=True))
    add(layer(N + "GroupNorm", g, 4, data_format="NHWC", inputs=[T("float32", (2, 3, 5, 4))], grad=True))
add(layer(N + "GroupNorm", 2, 4, inputs=[T("float32", (2, 4, 6))], grad=True))
add(layer(N + "GroupNorm", 2, 4, inputs=[T("float32", (2, 4, 2, 3, 2))], grad=True))
add(
    layer(
        N + "GroupNorm",
        2,
        4,
        epsilon=1e-2,
        weight_attr=False,
        bias_attr=False,
        inputs=[T("float32", (2, 4, 3, 5))],
        grad=True,
    )
)
add(layer(N + "InstanceNorm1D", 3, inputs=[T("float32", (2, 3, 7))], grad=True))
add(layer(N + "InstanceNorm2D", 3, inputs=[T("float32", (2, 3, 4, 5))], grad=True))
add(
    layer(
        N + "InstanceNorm2D",
        3,
        epsilon=1e-2,
        weight_attr=False,
        bias_attr=False,
        inputs=[T("float32", (2, 3, 4, 5))],
        grad=True,
    )
)
add(layer(N + "InstanceNorm3D", 3, inputs=[T("float32", (2, 3, 2, 3, 4))], grad=True))
add(layer(N + "InstanceNorm2D", 3, inputs=[T("float32", (2, 3, 4))]))
for size in (1, 3, 4):
    add(layer(N + "LocalResponseNorm", size, inputs=[T("float32", (2, 6, 3, 4))], grad=True))
    add(
        layer(
            N + "LocalResponseNorm",
            size,
            alpha=0.1,
            beta=0.5,
            k=2.0,
            data_format="NHWC",
            inputs=[T("float32", (2, 3, 4, 6))],
            grad=True,
        )
    )
for shape, dim, iters in (((4, 5), 0, 1), ((4, 5), 1, 2), ((3, 4, 5), 1, 3), ((2, 3, 2, 2), 0, 1)):
    add(layer(N + "SpectralNorm", list(shape), dim=dim, power_iters=iters, inputs=[T("float32", shape)], grad=True))
    add(
        layer(
            N + "SpectralNorm",
            list(shape),
            dim=dim,
            power_iters=iters,
            inputs=[T("float32", shape)],
            id=f"paddle.nn.SpectralNorm#nograd{len(shape)}{dim}{iters}",
        )
    )
add(layer(N + "InstanceNorm1D", 3, inputs=[T("float32", (4, 3))], grad=True))
