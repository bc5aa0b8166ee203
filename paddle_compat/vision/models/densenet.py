"""DenseNet 121/161/169/201/264 with ``paddle.vision.models``' sublayer names."""

import math

from ... import nn, tensor
from ...nn.initializer import Uniform
from ...nn.param_attr import ParamAttr
from ._utils import classifier_head, with_pretrained

__all__ = ["DenseNet", "densenet121", "densenet161", "densenet169", "densenet201", "densenet264"]


class BNACConvLayer(nn.Layer):
    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1, act="relu"):
        super().__init__()
        self._batch_norm = nn.BatchNorm(num_channels, act=act)
        self._conv = nn.Conv2D(in_channels=num_channels, out_channels=num_filters, kernel_size=filter_size,
                               stride=stride, padding=pad, groups=groups, weight_attr=ParamAttr(), bias_attr=False)

    def forward(self, input):  # noqa: A002
        return self._conv(self._batch_norm(input))


class DenseLayer(nn.Layer):
    def __init__(self, num_channels, growth_rate, bn_size, dropout):
        super().__init__()
        self.dropout = dropout
        self.bn_ac_func1 = BNACConvLayer(num_channels=num_channels, num_filters=bn_size * growth_rate, filter_size=1,
                                         pad=0, stride=1)
        self.bn_ac_func2 = BNACConvLayer(num_channels=bn_size * growth_rate, num_filters=growth_rate, filter_size=3,
                                         pad=1, stride=1)
        if dropout:
            self.dropout_func = nn.Dropout(p=dropout, mode="downscale_in_infer")

    def forward(self, input):  # noqa: A002
        conv = self.bn_ac_func2(self.bn_ac_func1(input))
        if self.dropout:
            conv = self.dropout_func(conv)
        return tensor.concat([input, conv], axis=1)


class DenseBlock(nn.Layer):
    def __init__(self, num_channels, num_layers, bn_size, growth_rate, dropout, name=None):
        super().__init__()
        self.dropout = dropout
        self.dense_layer_func = []
        channels = num_channels
        for i in range(num_layers):
            layer = DenseLayer(num_channels=channels, growth_rate=growth_rate, bn_size=bn_size, dropout=dropout)
            self.dense_layer_func.append(self.add_sublayer(f"{name}_{i + 1}", layer))
            channels += growth_rate

    def forward(self, input):  # noqa: A002
        conv = input
        for layer in self.dense_layer_func:
            conv = layer(conv)
        return conv


class TransitionLayer(nn.Layer):
    def __init__(self, num_channels, num_output_features):
        super().__init__()
        self.conv_ac_func = BNACConvLayer(num_channels=num_channels, num_filters=num_output_features, filter_size=1,
                                          pad=0, stride=1)
        self.pool2d_avg = nn.AvgPool2D(kernel_size=2, stride=2, padding=0)

    def forward(self, input):  # noqa: A002
        return self.pool2d_avg(self.conv_ac_func(input))


class ConvBNLayer(nn.Layer):
    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1, act="relu"):
        super().__init__()
        self._conv = nn.Conv2D(in_channels=num_channels, out_channels=num_filters, kernel_size=filter_size,
                               stride=stride, padding=pad, groups=groups, weight_attr=ParamAttr(), bias_attr=False)
        self._batch_norm = nn.BatchNorm(num_filters, act=act)

    def forward(self, input):  # noqa: A002
        return self._batch_norm(self._conv(input))


_SPECS = {121: (64, 32, [6, 12, 24, 16]), 161: (96, 48, [6, 12, 36, 24]), 169: (64, 32, [6, 12, 32, 32]),
          201: (64, 32, [6, 12, 48, 32]), 264: (64, 32, [6, 12, 64, 48])}


class DenseNet(nn.Layer):
    def __init__(self, layers=121, bn_size=4, dropout=0.0, num_classes=1000, with_pool=True):
        super().__init__()
        if layers not in _SPECS:
            raise AssertionError(f"supported layers are {sorted(_SPECS)} but input layer is {layers}")  # as Paddle
        self.num_classes = num_classes
        self.with_pool = with_pool
        num_init_features, growth_rate, block_config = _SPECS[layers]
        self.conv1_func = ConvBNLayer(num_channels=3, num_filters=num_init_features, filter_size=7, stride=2, pad=3,
                                      act="relu")
        self.pool2d_max = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self.block_config = block_config
        self.dense_block_func_list = []
        self.transition_func_list = []
        channels = num_features = num_init_features
        for i, num_layers in enumerate(block_config):
            block = DenseBlock(num_channels=channels, num_layers=num_layers, bn_size=bn_size,
                               growth_rate=growth_rate, dropout=dropout, name="conv" + str(i + 2))
            self.dense_block_func_list.append(self.add_sublayer(f"db_conv_{i + 2}", block))
            num_features += num_layers * growth_rate
            channels = num_features
            if i != len(block_config) - 1:
                transition = TransitionLayer(num_channels=channels, num_output_features=num_features // 2)
                self.transition_func_list.append(self.add_sublayer(f"tr_conv{i + 2}_blk", transition))
                channels = num_features = num_features // 2
        self.batch_norm = nn.BatchNorm(num_features, act="relu")
        if self.with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if self.num_classes > 0:
            stdv = 1.0 / math.sqrt(num_features * 1.0)
            self.out = nn.Linear(num_features, num_classes, weight_attr=ParamAttr(initializer=Uniform(-stdv, stdv)),
                                 bias_attr=ParamAttr())

    def forward(self, input):  # noqa: A002
        conv = self.pool2d_max(self.conv1_func(input))
        for i in range(len(self.block_config)):
            conv = self.dense_block_func_list[i](conv)
            if i != len(self.block_config) - 1:
                conv = self.transition_func_list[i](conv)
        y = self.batch_norm(conv)
        return classifier_head(self, y, "pool2d_avg", "out")


def _densenet(arch, layers, pretrained, **kwargs):
    return with_pretrained(DenseNet(layers=layers, **kwargs), pretrained, arch)


def densenet121(pretrained=False, **kwargs):
    return _densenet("densenet121", 121, pretrained, **kwargs)


def densenet161(pretrained=False, **kwargs):
    return _densenet("densenet161", 161, pretrained, **kwargs)


def densenet169(pretrained=False, **kwargs):
    return _densenet("densenet169", 169, pretrained, **kwargs)


def densenet201(pretrained=False, **kwargs):
    return _densenet("densenet201", 201, pretrained, **kwargs)


def densenet264(pretrained=False, **kwargs):
    return _densenet("densenet264", 264, pretrained, **kwargs)
