"""InceptionV3 with ``paddle.vision.models``' sublayer names."""

import math

from ... import nn, tensor
from ...nn.initializer import Uniform
from ...nn.param_attr import ParamAttr
from ._blocks import ConvNormActivation
from ._utils import with_pretrained

__all__ = ["InceptionV3", "inception_v3"]


def _conv(cin, cout, kernel_size, stride=1, padding=0):
    return ConvNormActivation(in_channels=cin, out_channels=cout, kernel_size=kernel_size, stride=stride,
                              padding=padding, activation_layer=nn.ReLU)


def _avg_pool():
    return nn.AvgPool2D(kernel_size=3, stride=1, padding=1, exclusive=False)


class InceptionStem(nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv_1a_3x3 = _conv(3, 32, 3, stride=2)
        self.conv_2a_3x3 = _conv(32, 32, 3)
        self.conv_2b_3x3 = _conv(32, 64, 3, padding=1)
        self.max_pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)
        self.conv_3b_1x1 = _conv(64, 80, 1)
        self.conv_4a_3x3 = _conv(80, 192, 3)

    def forward(self, x):
        x = self.max_pool(self.conv_2b_3x3(self.conv_2a_3x3(self.conv_1a_3x3(x))))
        return self.max_pool(self.conv_4a_3x3(self.conv_3b_1x1(x)))


class InceptionA(nn.Layer):
    def __init__(self, num_channels, pool_features):
        super().__init__()
        self.branch1x1 = _conv(num_channels, 64, 1)
        self.branch5x5_1 = _conv(num_channels, 48, 1)
        self.branch5x5_2 = _conv(48, 64, 5, padding=2)
        self.branch3x3dbl_1 = _conv(num_channels, 64, 1)
        self.branch3x3dbl_2 = _conv(64, 96, 3, padding=1)
        self.branch3x3dbl_3 = _conv(96, 96, 3, padding=1)
        self.branch_pool = _avg_pool()
        self.branch_pool_conv = _conv(num_channels, pool_features, 1)

    def forward(self, x):
        return tensor.concat([
            self.branch1x1(x),
            self.branch5x5_2(self.branch5x5_1(x)),
            self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x))),
            self.branch_pool_conv(self.branch_pool(x)),
        ], axis=1)


class InceptionB(nn.Layer):
    def __init__(self, num_channels):
        super().__init__()
        self.branch3x3 = _conv(num_channels, 384, 3, stride=2)
        self.branch3x3dbl_1 = _conv(num_channels, 64, 1)
        self.branch3x3dbl_2 = _conv(64, 96, 3, padding=1)
        self.branch3x3dbl_3 = _conv(96, 96, 3, stride=2)
        self.branch_pool = nn.MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        return tensor.concat([
            self.branch3x3(x),
            self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x))),
            self.branch_pool(x),
        ], axis=1)


class InceptionC(nn.Layer):
    def __init__(self, num_channels, channels_7x7):
        super().__init__()
        c7 = channels_7x7
        self.branch1x1 = _conv(num_channels, 192, 1)
        self.branch7x7_1 = _conv(num_channels, c7, 1)
        self.branch7x7_2 = _conv(c7, c7, (1, 7), padding=(0, 3))
        self.branch7x7_3 = _conv(c7, 192, (7, 1), padding=(3, 0))
        self.branch7x7dbl_1 = _conv(num_channels, c7, 1)
        self.branch7x7dbl_2 = _conv(c7, c7, (7, 1), padding=(3, 0))
        self.branch7x7dbl_3 = _conv(c7, c7, (1, 7), padding=(0, 3))
        self.branch7x7dbl_4 = _conv(c7, c7, (7, 1), padding=(3, 0))
        self.branch7x7dbl_5 = _conv(c7, 192, (1, 7), padding=(0, 3))
        self.branch_pool = _avg_pool()
        self.branch_pool_conv = _conv(num_channels, 192, 1)

    def forward(self, x):
        # branches run in Paddle's order: paddle.summary lists sublayers as they run
        b1 = self.branch1x1(x)
        b7 = self.branch7x7_3(self.branch7x7_2(self.branch7x7_1(x)))
        dbl = self.branch7x7dbl_2(self.branch7x7dbl_1(x))
        dbl = self.branch7x7dbl_5(self.branch7x7dbl_4(self.branch7x7dbl_3(dbl)))
        return tensor.concat([b1, b7, dbl, self.branch_pool_conv(self.branch_pool(x))], axis=1)


class InceptionD(nn.Layer):
    def __init__(self, num_channels):
        super().__init__()
        self.branch3x3_1 = _conv(num_channels, 192, 1)
        self.branch3x3_2 = _conv(192, 320, 3, stride=2)
        self.branch7x7x3_1 = _conv(num_channels, 192, 1)
        self.branch7x7x3_2 = _conv(192, 192, (1, 7), padding=(0, 3))
        self.branch7x7x3_3 = _conv(192, 192, (7, 1), padding=(3, 0))
        self.branch7x7x3_4 = _conv(192, 192, 3, stride=2)
        self.branch_pool = nn.MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        b3 = self.branch3x3_2(self.branch3x3_1(x))
        b7 = self.branch7x7x3_2(self.branch7x7x3_1(x))
        b7 = self.branch7x7x3_4(self.branch7x7x3_3(b7))
        return tensor.concat([b3, b7, self.branch_pool(x)], axis=1)


class InceptionE(nn.Layer):
    def __init__(self, num_channels):
        super().__init__()
        self.branch1x1 = _conv(num_channels, 320, 1)
        self.branch3x3_1 = _conv(num_channels, 384, 1)
        self.branch3x3_2a = _conv(384, 384, (1, 3), padding=(0, 1))
        self.branch3x3_2b = _conv(384, 384, (3, 1), padding=(1, 0))
        self.branch3x3dbl_1 = _conv(num_channels, 448, 1)
        self.branch3x3dbl_2 = _conv(448, 384, 3, padding=1)
        self.branch3x3dbl_3a = _conv(384, 384, (1, 3), padding=(0, 1))
        self.branch3x3dbl_3b = _conv(384, 384, (3, 1), padding=(1, 0))
        self.branch_pool = _avg_pool()
        self.branch_pool_conv = _conv(num_channels, 192, 1)

    def forward(self, x):
        b1 = self.branch1x1(x)
        b3 = self.branch3x3_1(x)
        b3 = tensor.concat([self.branch3x3_2a(b3), self.branch3x3_2b(b3)], axis=1)
        dbl = self.branch3x3dbl_2(self.branch3x3dbl_1(x))
        dbl = tensor.concat([self.branch3x3dbl_3a(dbl), self.branch3x3dbl_3b(dbl)], axis=1)
        return tensor.concat([b1, b3, dbl, self.branch_pool_conv(self.branch_pool(x))], axis=1)


class InceptionV3(nn.Layer):
    def __init__(self, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.layers_config = {
            "inception_a": [[192, 256, 288], [32, 64, 64]],
            "inception_b": [288],
            "inception_c": [[768, 768, 768, 768], [128, 160, 160, 192]],
            "inception_d": [768],
            "inception_e": [1280, 2048],
        }
        cfg = self.layers_config
        self.inception_stem = InceptionStem()
        self.inception_block_list = nn.LayerList()
        for channels, pool_features in zip(*cfg["inception_a"]):
            self.inception_block_list.append(InceptionA(channels, pool_features))
        for channels in cfg["inception_b"]:
            self.inception_block_list.append(InceptionB(channels))
        for channels, c7 in zip(*cfg["inception_c"]):
            self.inception_block_list.append(InceptionC(channels, c7))
        for channels in cfg["inception_d"]:
            self.inception_block_list.append(InceptionD(channels))
        for channels in cfg["inception_e"]:
            self.inception_block_list.append(InceptionE(channels))
        if with_pool:
            self.avg_pool = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.dropout = nn.Dropout(p=0.2, mode="downscale_in_infer")
            stdv = 1.0 / math.sqrt(2048 * 1.0)
            self.fc = nn.Linear(2048, num_classes, weight_attr=ParamAttr(initializer=Uniform(-stdv, stdv)),
                                bias_attr=ParamAttr())

    def forward(self, x):
        x = self.inception_stem(x)
        for block in self.inception_block_list:
            x = block(x)
        if self.with_pool:
            x = self.avg_pool(x)
        if self.num_classes > 0:
            x = self.fc(self.dropout(tensor.reshape(x, shape=[-1, 2048])))
        return x


def inception_v3(pretrained=False, **kwargs):
    return with_pretrained(InceptionV3(**kwargs), pretrained, "inception_v3")
