"""Golden cases for paddle.vision.models, the same weights fed to both sides (seeded, regenerated, not
stored): small configurations and building blocks, since full ImageNet-size models would make the goldens
too large (their state_dict layouts are checked in tests/vision/test_model_keys.py). Only dropout-free
configurations: layer cases run in training mode."""

from functools import partial

from tools.api_diff.casefmt import T, layer

M = "paddle.vision.models."
_layer = partial(layer, weights="seeded")
CASES = [
    _layer(M + "LeNet", inputs=[T("float32", [2, 1, 28, 28])], grad=True),
    _layer(M + "LeNet", num_classes=0, inputs=[T("float32", [1, 1, 28, 28])]),
    _layer(M + "shufflenetv2.InvertedResidual", 16, 16, 1, inputs=[T("float32", [2, 16, 5, 5])], grad=True),
    _layer(M + "shufflenetv2.InvertedResidualDS", 8, 16, 2, inputs=[T("float32", [2, 8, 6, 6])]),
    _layer(M + "mobilenet_v1", scale=0.25, num_classes=10, inputs=[T("float32", [2, 3, 64, 64])]),
    _layer(M + "mobilenet_v2", scale=0.25, num_classes=0, with_pool=False, inputs=[T("float32", [2, 3, 64, 64])]),
    _layer(M + "mobilenet_v3_small", scale=0.25, num_classes=0, inputs=[T("float32", [2, 3, 64, 64])]),
    _layer(M + "resnet.BasicBlock", 8, 8, inputs=[T("float32", [2, 8, 6, 6])], grad=True),
    _layer(M + "resnet.BottleneckBlock", 16, 4, inputs=[T("float32", [1, 16, 6, 6])], grad=True),
    _layer(
        M + "resnet.BottleneckBlock",
        16,
        8,
        2,
        groups=2,
        base_width=8,
        inputs=[T("float32", [1, 16, 6, 6])],
        id="bottleneck_grouped_strided_no_downsample_shape_error",
    ),
    _layer(M + "vgg.make_layers", [8, "M", 16, "M"], batch_norm=True, inputs=[T("float32", [1, 3, 16, 16])]),
    _layer(M + "vgg.make_layers", [8, 8, "M"], inputs=[T("float32", [1, 3, 8, 8])], grad=True),
    _layer(M + "alexnet.ConvPoolLayer", 3, 8, 3, 1, 1, 0.1, act="relu", inputs=[T("float32", [1, 3, 9, 9])]),
    _layer(M + "squeezenet.MakeFire", 8, 4, 8, 8, inputs=[T("float32", [1, 8, 6, 6])], grad=True),
    _layer(M + "googlenet.Inception", 8, 8, 4, 4, 8, 2, 4, 4, inputs=[T("float32", [1, 8, 6, 6])]),
    _layer(M + "densenet.DenseLayer", 8, 4, 2, 0.0, inputs=[T("float32", [1, 8, 5, 5])]),
    _layer(M + "densenet.TransitionLayer", 8, 4, inputs=[T("float32", [1, 8, 6, 6])]),
    _layer(M + "inceptionv3.InceptionC", 16, 8, inputs=[T("float32", [1, 16, 7, 7])]),
    _layer(M + "mobilenetv3.SqueezeExcitation", 16, 8, inputs=[T("float32", [1, 16, 4, 4])]),
]
