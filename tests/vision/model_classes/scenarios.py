"""paddle.vision.models classes constructed directly (not through the resnet18()-style builders, which
tests/vision/test_model_keys.py covers) with non-default arguments, in both interpreters (record.py with real Paddle
2.6.2, test_model_classes.py with ours): state_dict keys and shapes, parameter names, the output shape of a small
eval-mode input, and the errors for bad arguments."""

import numpy as np

from tests.golden_scenarios import registry

SCENARIOS, APIS, scenario = registry()



def _summary(paddle, net, size):
    net.eval()
    x = paddle.to_tensor(np.random.RandomState(0).uniform(-1, 1, size=[1, 3, size, size]).astype("float32"))
    with paddle.no_grad():
        out = net(x)
    state = net.state_dict()
    return {"keys": list(state.keys()), "shapes": [list(v.shape) for v in state.values()],
            "names": [p.name for p in net.parameters()][:6], "count": len(net.parameters()),
            "out_shape": list(out.shape)}


def _build(paddle, make, size):
    with paddle.utils.unique_name.guard():
        net = make()
    return _summary(paddle, net, size)


def _outcome(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the exception class is the outcome
        return type(e).__name__
    return "ok"


@scenario("paddle.vision.models.AlexNet", "paddle.vision.models.SqueezeNet", "paddle.vision.models.VGG")
def small_classics(paddle):
    M = paddle.vision.models
    with paddle.utils.unique_name.guard():
        features = M.vgg.make_layers([8, "M", 16, "M"], batch_norm=True)
    return {"alexnet": _build(paddle, lambda: M.AlexNet(num_classes=7), 224),
            "squeezenet_1_1": _build(paddle, lambda: M.SqueezeNet("1.1", num_classes=5), 64),
            "squeezenet_nopool": _build(paddle, lambda: M.SqueezeNet("1.0", num_classes=5, with_pool=False), 64),
            "squeezenet_bad": _outcome(lambda: M.SqueezeNet("2.0")),
            "vgg_pooled": _build(paddle, lambda: M.VGG(features, num_classes=0), 32),  # its head wants 512 channels
            "vgg_headless": _build(paddle, lambda: M.VGG(features, num_classes=0, with_pool=False), 32)}


@scenario("paddle.vision.models.ResNet", "paddle.vision.models.DenseNet")
def resnet_densenet(paddle):
    M = paddle.vision.models
    return {"resnet18_w32": _build(paddle, lambda: M.ResNet(M.resnet.BasicBlock, 18, width=32, num_classes=4), 32),
            "resnet50_groups": _build(paddle, lambda: M.ResNet(M.resnet.BottleneckBlock, 50, width=4, groups=32,
                                                               num_classes=3), 32),
            "resnet_nohead": _build(paddle, lambda: M.ResNet(M.resnet.BasicBlock, 34, num_classes=0,
                                                             with_pool=False), 32),
            "resnet_bad_depth": _outcome(lambda: M.ResNet(M.resnet.BasicBlock, 19)),
            "densenet121": _build(paddle, lambda: M.DenseNet(121, bn_size=2, num_classes=6), 32),
            "densenet_bad": _outcome(lambda: M.DenseNet(100))}


@scenario("paddle.vision.models.MobileNetV1", "paddle.vision.models.MobileNetV2",
          "paddle.vision.models.MobileNetV3Large", "paddle.vision.models.MobileNetV3Small",
          "paddle.vision.models.ShuffleNetV2")
def mobile_nets(paddle):
    M = paddle.vision.models
    return {"v1_half": _build(paddle, lambda: M.MobileNetV1(scale=0.5, num_classes=5), 32),
            "v2_075": _build(paddle, lambda: M.MobileNetV2(scale=0.75, num_classes=5), 32),
            "v3_large": _build(paddle, lambda: M.MobileNetV3Large(scale=0.5, num_classes=4), 32),
            "v3_small_nopool": _build(paddle, lambda: M.MobileNetV3Small(num_classes=0, with_pool=False), 32),
            "shufflenet_swish": _build(paddle, lambda: M.ShuffleNetV2(scale=0.5, act="swish", num_classes=3), 32),
            "shufflenet_bad": _outcome(lambda: M.ShuffleNetV2(scale=0.7))}


@scenario("paddle.vision.models.GoogLeNet", "paddle.vision.models.InceptionV3")
def inception_family(paddle):
    M = paddle.vision.models
    with paddle.utils.unique_name.guard():
        google = M.GoogLeNet(num_classes=4)
    google.eval()
    x = paddle.to_tensor(np.random.RandomState(1).uniform(-1, 1, size=[1, 3, 224, 224]).astype("float32"))
    with paddle.no_grad():
        outs = google(x)  # the auxiliary heads need 224 x 224
    return {"googlenet_keys": list(google.state_dict().keys())[:20], "googlenet_count": len(google.parameters()),
            "googlenet_outs": [list(o.shape) for o in outs],
            "inception_v3": _build(paddle, lambda: M.InceptionV3(num_classes=3), 96)}
