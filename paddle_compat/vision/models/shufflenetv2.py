"""ShuffleNetV2 with ``paddle.vision.models``' sublayer names (``2_1`` ... blocks)."""

from ... import nn, tensor
from ._blocks import ConvNormActivation
from ._utils import classifier_head, with_pretrained

__all__ = ["ShuffleNetV2", "shufflenet_v2_x0_25", "shufflenet_v2_x0_33", "shufflenet_v2_x0_5", "shufflenet_v2_x1_0",
           "shufflenet_v2_x1_5", "shufflenet_v2_x2_0", "shufflenet_v2_swish"]


def create_activation_layer(act):
    if act == "swish":
        return nn.Swish
    if act == "relu":
        return nn.ReLU
    if act is None:
        return None
    raise RuntimeError(f"The activation function is not supported: {act}")


def channel_shuffle(x, groups):
    batch_size, num_channels, height, width = x.shape[0:4]
    x = tensor.reshape(x, shape=[batch_size, groups, num_channels // groups, height, width])
    x = tensor.transpose(x, perm=[0, 2, 1, 3, 4])
    return tensor.reshape(x, shape=[batch_size, num_channels, height, width])


def _pointwise(in_channels, out_channels, activation_layer):
    """1x1 conv + BN + activation of the ShuffleNetV2 units."""
    return ConvNormActivation(in_channels, out_channels, kernel_size=1, stride=1, padding=0, groups=1,
                              activation_layer=activation_layer)


def _depthwise(channels, stride):
    """3x3 depthwise conv + BN, no activation."""
    return ConvNormActivation(channels, channels, kernel_size=3, stride=stride, padding=1, groups=channels,
                              activation_layer=None)


class InvertedResidual(nn.Layer):
    def __init__(self, in_channels, out_channels, stride, activation_layer=nn.ReLU):
        super().__init__()
        half = out_channels // 2
        self._conv_pw = _pointwise(in_channels // 2, half, activation_layer)
        self._conv_dw = _depthwise(half, stride)
        self._conv_linear = _pointwise(half, half, activation_layer)

    def forward(self, inputs):
        half = inputs.shape[1] // 2
        x1, x2 = tensor.split(inputs, num_or_sections=[half, half], axis=1)
        x2 = self._conv_linear(self._conv_dw(self._conv_pw(x2)))
        return channel_shuffle(tensor.concat([x1, x2], axis=1), 2)


class InvertedResidualDS(nn.Layer):
    def __init__(self, in_channels, out_channels, stride, activation_layer=nn.ReLU):
        super().__init__()
        half = out_channels // 2
        self._conv_dw_1 = _depthwise(in_channels, stride)
        self._conv_linear_1 = _pointwise(in_channels, half, activation_layer)
        self._conv_pw_2 = _pointwise(in_channels, half, activation_layer)
        self._conv_dw_2 = _depthwise(half, stride)
        self._conv_linear_2 = _pointwise(half, half, activation_layer)

    def forward(self, inputs):
        x1 = self._conv_linear_1(self._conv_dw_1(inputs))
        x2 = self._conv_linear_2(self._conv_dw_2(self._conv_pw_2(inputs)))
        return channel_shuffle(tensor.concat([x1, x2], axis=1), 2)


_STAGE_CHANNELS = {0.25: [-1, 24, 24, 48, 96, 512], 0.33: [-1, 24, 32, 64, 128, 512],
                   0.5: [-1, 24, 48, 96, 192, 1024], 1.0: [-1, 24, 116, 232, 464, 1024],
                   1.5: [-1, 24, 176, 352, 704, 1024], 2.0: [-1, 24, 224, 488, 976, 2048]}


class ShuffleNetV2(nn.Layer):
    def __init__(self, scale=1.0, act="relu", num_classes=1000, with_pool=True):
        super().__init__()
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        activation_layer = create_activation_layer(act)
        if scale not in _STAGE_CHANNELS:
            raise NotImplementedError("This scale size:[" + str(scale) + "] is not implemented!")
        channels = _STAGE_CHANNELS[scale]
        self._conv1 = ConvNormActivation(3, channels[1], kernel_size=3, stride=2, padding=1,
                                         activation_layer=activation_layer)
        self._max_pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self._block_list = []
        for stage_id, repeats in enumerate([4, 8, 4]):
            for i in range(repeats):
                if i == 0:
                    block = InvertedResidualDS(channels[stage_id + 1], channels[stage_id + 2], stride=2,
                                               activation_layer=activation_layer)
                else:
                    block = InvertedResidual(channels[stage_id + 2], channels[stage_id + 2], stride=1,
                                             activation_layer=activation_layer)
                self._block_list.append(self.add_sublayer(sublayer=block, name=f"{stage_id + 2}_{i + 1}"))
        self._last_conv = ConvNormActivation(channels[-2], channels[-1], kernel_size=1, stride=1, padding=0,
                                             activation_layer=activation_layer)
        if with_pool:
            self._pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self._out_c = channels[-1]
            self._fc = nn.Linear(channels[-1], num_classes)

    def forward(self, inputs):
        x = self._max_pool(self._conv1(inputs))
        for block in self._block_list:
            x = block(x)
        x = self._last_conv(x)
        return classifier_head(self, x, "_pool2d_avg", "_fc")


def _shufflenet_v2(arch, pretrained=False, **kwargs):
    return with_pretrained(ShuffleNetV2(**kwargs), pretrained, arch)


def _variant(arch, **config):
    def build(pretrained=False, **kwargs):
        return _shufflenet_v2(arch, **config, pretrained=pretrained, **kwargs)

    build.__name__ = build.__qualname__ = arch
    return build


shufflenet_v2_x0_25 = _variant("shufflenet_v2_x0_25", scale=0.25)
shufflenet_v2_x0_33 = _variant("shufflenet_v2_x0_33", scale=0.33)
shufflenet_v2_x0_5 = _variant("shufflenet_v2_x0_5", scale=0.5)
shufflenet_v2_x1_0 = _variant("shufflenet_v2_x1_0", scale=1.0)
shufflenet_v2_x1_5 = _variant("shufflenet_v2_x1_5", scale=1.5)
shufflenet_v2_x2_0 = _variant("shufflenet_v2_x2_0", scale=2.0)
shufflenet_v2_swish = _variant("shufflenet_v2_swish", scale=1.0, act="swish")
