"""``paddle.vision.models``: architectures with Paddle's layer names and state_dict keys."""

from .alexnet import *
from .densenet import *
from .googlenet import *
from .inceptionv3 import *
from .lenet import *
from .mobilenetv1 import *
from .mobilenetv2 import *
from .mobilenetv3 import *
from .resnet import *
from .shufflenetv2 import *
from .squeezenet import *
from .vgg import *

__all__ = [
    "ResNet", "resnet18", "resnet34", "resnet50", "resnet101", "resnet152", "resnext50_32x4d", "resnext50_64x4d",
    "resnext101_32x4d", "resnext101_64x4d", "resnext152_32x4d", "resnext152_64x4d", "wide_resnet50_2",
    "wide_resnet101_2", "VGG", "vgg11", "vgg13", "vgg16", "vgg19", "MobileNetV1", "mobilenet_v1", "MobileNetV2",
    "mobilenet_v2", "MobileNetV3Small", "MobileNetV3Large", "mobilenet_v3_small", "mobilenet_v3_large", "LeNet",
    "DenseNet", "densenet121", "densenet161", "densenet169", "densenet201", "densenet264", "AlexNet", "alexnet",
    "InceptionV3", "inception_v3", "SqueezeNet", "squeezenet1_0", "squeezenet1_1", "GoogLeNet", "googlenet",
    "ShuffleNetV2", "shufflenet_v2_x0_25", "shufflenet_v2_x0_33", "shufflenet_v2_x0_5", "shufflenet_v2_x1_0",
    "shufflenet_v2_x1_5", "shufflenet_v2_x2_0", "shufflenet_v2_swish",
]
