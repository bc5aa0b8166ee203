"""AlexNet with ``paddle.vision.models``' sublayer names and Uniform(+-1/sqrt(fan_in)) init."""

import math

from ... import nn, tensor
from ...nn import functional as F
from ...nn.initializer import Uniform
from ...nn.param_attr import ParamAttr
from ._utils import with_pretrained

__all__ = ["AlexNet", "alexnet"]


def _uniform_attrs(fan_in):
    stdv = 1.0 / math.sqrt(fan_in)
    return ParamAttr(initializer=Uniform(-stdv, stdv)), ParamAttr(initializer=Uniform(-stdv, stdv))


class ConvPoolLayer(nn.Layer):
    def __init__(self, input_channels, output_channels, filter_size, stride, padding, stdv, groups=1, act=None):
        super().__init__()
        self.relu = nn.ReLU() if act == "relu" else None
        self._conv = nn.Conv2D(in_channels=input_channels, out_channels=output_channels, kernel_size=filter_size,
                               stride=stride, padding=padding, groups=groups,
                               weight_attr=ParamAttr(initializer=Uniform(-stdv, stdv)),
                               bias_attr=ParamAttr(initializer=Uniform(-stdv, stdv)))
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)

    def forward(self, inputs):
        x = self._conv(inputs)
        if self.relu is not None:
            x = self.relu(x)
        return self._pool(x)


class AlexNet(nn.Layer):
    def __init__(self, num_classes=1000):
        super().__init__()
        self.num_classes = num_classes
        self._conv1 = ConvPoolLayer(3, 64, 11, 4, 2, 1.0 / math.sqrt(3 * 11 * 11), act="relu")
        self._conv2 = ConvPoolLayer(64, 192, 5, 1, 2, 1.0 / math.sqrt(64 * 5 * 5), act="relu")
        w, b = _uniform_attrs(192 * 3 * 3)
        self._conv3 = nn.Conv2D(192, 384, 3, stride=1, padding=1, weight_attr=w, bias_attr=b)
        w, b = _uniform_attrs(384 * 3 * 3)
        self._conv4 = nn.Conv2D(384, 256, 3, stride=1, padding=1, weight_attr=w, bias_attr=b)
        self._conv5 = ConvPoolLayer(256, 256, 3, 1, 1, 1.0 / math.sqrt(256 * 3 * 3), act="relu")
        if self.num_classes > 0:
            self._drop1 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            w, b = _uniform_attrs(256 * 6 * 6)
            self._fc6 = nn.Linear(in_features=256 * 6 * 6, out_features=4096, weight_attr=w, bias_attr=b)
            self._drop2 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            w, b = _uniform_attrs(256 * 6 * 6)
            self._fc7 = nn.Linear(in_features=4096, out_features=4096, weight_attr=w, bias_attr=b)
            w, b = _uniform_attrs(256 * 6 * 6)
            self._fc8 = nn.Linear(in_features=4096, out_features=num_classes, weight_attr=w, bias_attr=b)

    def forward(self, inputs):
        x = self._conv2(self._conv1(inputs))
        x = F.relu(self._conv3(x))
        x = F.relu(self._conv4(x))
        x = self._conv5(x)
        if self.num_classes > 0:
            x = tensor.flatten(x, start_axis=1, stop_axis=-1)
            x = F.relu(self._fc6(self._drop1(x)))
            x = F.relu(self._fc7(self._drop2(x)))
            x = self._fc8(x)
        return x


def alexnet(pretrained=False, **kwargs):
    return with_pretrained(AlexNet(**kwargs), pretrained, "alexnet")
