"""MobileNetV2 with ``paddle.vision.models``' sublayer names."""

from ... import nn
from ._blocks import ConvNormActivation
from ._utils import _make_divisible, classifier_head, with_pretrained

__all__ = ["MobileNetV2", "mobilenet_v2"]


class InvertedResidual(nn.Layer):
    def __init__(self, inp, oup, stride, expand_ratio, norm_layer=nn.BatchNorm2D):
        super().__init__()
        if stride not in (1, 2):
            raise ValueError(f"stride must be 1 or 2, but got {stride}")
        self.stride = stride
        hidden_dim = int(round(inp * expand_ratio))
        self.use_res_connect = self.stride == 1 and inp == oup
        layers = []
        if expand_ratio != 1:
            layers.append(ConvNormActivation(inp, hidden_dim, kernel_size=1, norm_layer=norm_layer,
                                             activation_layer=nn.ReLU6))
        layers += [
            ConvNormActivation(hidden_dim, hidden_dim, stride=stride, groups=hidden_dim, norm_layer=norm_layer,
                               activation_layer=nn.ReLU6),
            nn.Conv2D(hidden_dim, oup, 1, 1, 0, bias_attr=False),
            norm_layer(oup),
        ]
        self.conv = nn.Sequential(*layers)

    def forward(self, x):
        return x + self.conv(x) if self.use_res_connect else self.conv(x)


# (expand ratio t, channels c, repeats n, first stride s)
_SETTINGS = [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 3, 2], [6, 64, 4, 2], [6, 96, 3, 1], [6, 160, 3, 2], [6, 320, 1, 1]]


class MobileNetV2(nn.Layer):
    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        norm_layer = nn.BatchNorm2D
        input_channel = _make_divisible(32 * scale, 8)
        self.last_channel = _make_divisible(1280 * max(1.0, scale), 8)
        features = [ConvNormActivation(3, input_channel, stride=2, norm_layer=norm_layer, activation_layer=nn.ReLU6)]
        for t, c, n, s in _SETTINGS:
            output_channel = _make_divisible(c * scale, 8)
            for i in range(n):
                features.append(InvertedResidual(input_channel, output_channel, s if i == 0 else 1, expand_ratio=t,
                                                 norm_layer=norm_layer))
                input_channel = output_channel
        features.append(ConvNormActivation(input_channel, self.last_channel, kernel_size=1, norm_layer=norm_layer,
                                           activation_layer=nn.ReLU6))
        self.features = nn.Sequential(*features)
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if self.num_classes > 0:
            self.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(self.last_channel, num_classes))

    def forward(self, x):
        x = self.features(x)
        return classifier_head(self, x, "pool2d_avg", "classifier")


def mobilenet_v2(pretrained=False, scale=1.0, **kwargs):
    return with_pretrained(MobileNetV2(scale=scale, **kwargs), pretrained, "mobilenetv2_" + str(scale))
