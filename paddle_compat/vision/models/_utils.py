"""Pretrained weights: Paddle's released files, through ``paddle.utils.download`` (its cache, else a download,
else a clear error saying where to put the file)."""

from ... import tensor

# arch -> (url, md5) of Paddle's released weights (paddle/vision/models/*.py model_urls, 2.6.2)
PRETRAINED = {
    "alexnet": (
        "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/AlexNet_pretrained.pdparams",
        "7f0f9f737132e02732d75a1459d98a43",
    ),
    "densenet121": (
        "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet121_pretrained.pdparams",
        "db1b239ed80a905290fd8b01d3af08e4",
    ),
    "densenet161": (
        "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet161_pretrained.pdparams",
        "62158869cb315098bd25ddbfd308a853",
    ),
    "densenet169": (
        "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet169_pretrained.pdparams",
        "82cc7c635c3f19098c748850efb2d796",
    ),
    "densenet201": (
        "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet201_pretrained.pdparams",
        "16ca29565a7712329cf9e36e02caaf58",
    ),
    "densenet264": (
        "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/DenseNet264_pretrained.pdparams",
        "3270ce516b85370bba88cfdd9f60bff4",
    ),
    "googlenet": (
        "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/GoogLeNet_pretrained.pdparams",
        "80c06f038e905c53ab32c40eca6e26ae",
    ),
    "inception_v3": (
        "https://paddle-hapi.bj.bcebos.com/models/inception_v3.pdparams",
        "649a4547c3243e8b59c656f41fe330b8",
    ),
    "mobilenetv1_1.0": (
        "https://paddle-hapi.bj.bcebos.com/models/mobilenetv1_1.0.pdparams",
        "3033ab1975b1670bef51545feb65fc45",
    ),
    "mobilenetv2_1.0": (
        "https://paddle-hapi.bj.bcebos.com/models/mobilenet_v2_x1.0.pdparams",
        "0340af0a901346c8d46f4529882fb63d",
    ),
    "mobilenet_v3_small_x1.0": (
        "https://paddle-hapi.bj.bcebos.com/models/mobilenet_v3_small_x1.0.pdparams",
        "34fe0e7c1f8b00b2b056ad6788d0590c",
    ),
    "mobilenet_v3_large_x1.0": (
        "https://paddle-hapi.bj.bcebos.com/models/mobilenet_v3_large_x1.0.pdparams",
        "118db5792b4e183b925d8e8e334db3df",
    ),
    "resnet18": (
        "https://paddle-hapi.bj.bcebos.com/models/resnet18.pdparams",
        "cf548f46534aa3560945be4b95cd11c4",
    ),
    "resnet34": (
        "https://paddle-hapi.bj.bcebos.com/models/resnet34.pdparams",
        "8d2275cf8706028345f78ac0e1d31969",
    ),
    "resnet50": (
        "https://paddle-hapi.bj.bcebos.com/models/resnet50.pdparams",
        "ca6f485ee1ab0492d38f323885b0ad80",
    ),
    "resnet101": (
        "https://paddle-hapi.bj.bcebos.com/models/resnet101.pdparams",
        "02f35f034ca3858e1e54d4036443c92d",
    ),
    "resnet152": (
        "https://paddle-hapi.bj.bcebos.com/models/resnet152.pdparams",
        "7ad16a2f1e7333859ff986138630fd7a",
    ),
    "resnext50_32x4d": (
        "https://paddle-hapi.bj.bcebos.com/models/resnext50_32x4d.pdparams",
        "dc47483169be7d6f018fcbb7baf8775d",
    ),
    "resnext50_64x4d": (
        "https://paddle-hapi.bj.bcebos.com/models/resnext50_64x4d.pdparams",
        "063d4b483e12b06388529450ad7576db",
    ),
    "resnext101_32x4d": (
        "https://paddle-hapi.bj.bcebos.com/models/resnext101_32x4d.pdparams",
        "967b090039f9de2c8d06fe994fb9095f",
    ),
    "resnext101_64x4d": (
        "https://paddle-hapi.bj.bcebos.com/models/resnext101_64x4d.pdparams",
        "98e04e7ca616a066699230d769d03008",
    ),
    "resnext152_32x4d": (
        "https://paddle-hapi.bj.bcebos.com/models/resnext152_32x4d.pdparams",
        "18ff0beee21f2efc99c4b31786107121",
    ),
    "resnext152_64x4d": (
        "https://paddle-hapi.bj.bcebos.com/models/resnext152_64x4d.pdparams",
        "77c4af00ca42c405fa7f841841959379",
    ),
    "wide_resnet50_2": (
        "https://paddle-hapi.bj.bcebos.com/models/wide_resnet50_2.pdparams",
        "0282f804d73debdab289bd9fea3fa6dc",
    ),
    "wide_resnet101_2": (
        "https://paddle-hapi.bj.bcebos.com/models/wide_resnet101_2.pdparams",
        "d4360a2d23657f059216f5d5a1a9ac93",
    ),
    "shufflenet_v2_x0_25": (
        "https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x0_25.pdparams",
        "1e509b4c140eeb096bb16e214796d03b",
    ),
    "shufflenet_v2_x0_33": (
        "https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x0_33.pdparams",
        "3d7b3ab0eaa5c0927ff1026d31b729bd",
    ),
    "shufflenet_v2_x0_5": (
        "https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x0_5.pdparams",
        "5e5cee182a7793c4e4c73949b1a71bd4",
    ),
    "shufflenet_v2_x1_0": (
        "https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x1_0.pdparams",
        "122d42478b9e81eb49f8a9ede327b1a4",
    ),
    "shufflenet_v2_x1_5": (
        "https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x1_5.pdparams",
        "faced5827380d73531d0ee027c67826d",
    ),
    "shufflenet_v2_x2_0": (
        "https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_x2_0.pdparams",
        "cd3dddcd8305e7bcd8ad14d1c69a5784",
    ),
    "shufflenet_v2_swish": (
        "https://paddle-hapi.bj.bcebos.com/models/shufflenet_v2_swish.pdparams",
        "adde0aa3b023e5b0c94a68be1c394b84",
    ),
    "squeezenet1_0": (
        "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/SqueezeNet1_0_pretrained.pdparams",
        "30b95af60a2178f03cf9b66cd77e1db1",
    ),
    "squeezenet1_1": (
        "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/SqueezeNet1_1_pretrained.pdparams",
        "a11250d3a1f91d7131fd095ebbf09eee",
    ),
    "vgg16": (
        "https://paddle-hapi.bj.bcebos.com/models/vgg16.pdparams",
        "89bbffc0f87d260be9b8cdc169c991c4",
    ),
    "vgg19": (
        "https://paddle-hapi.bj.bcebos.com/models/vgg19.pdparams",
        "23b18bb13d8894f60f54e642be79a0dd",
    ),
}


def classifier_head(model, x, pool, classifier):
    """The classification models' common ending: the sublayer named ``pool`` when ``model.with_pool``, then
    the one named ``classifier`` on the flattened features when ``model.num_classes > 0``."""
    if model.with_pool:
        x = getattr(model, pool)(x)
    if model.num_classes > 0:
        x = getattr(model, classifier)(tensor.flatten(x, 1))
    return x


def with_pretrained(model, pretrained, arch):
    """``model``, with Paddle's released ``arch`` weights loaded when ``pretrained`` (every constructor)."""
    if pretrained:
        load_pretrained(model, arch)
    return model


def load_pretrained(model, arch):
    """Load Paddle's released ``arch`` weights (cached in ``~/.cache/paddle/hapi/weights``) into ``model``."""
    from ...framework import load
    from ...utils.download import get_weights_path_from_url

    if arch not in PRETRAINED:
        raise ValueError(f"{arch} model do not have a pretrained model now, you should set pretrained=False")
    url, md5sum = PRETRAINED[arch]
    path = get_weights_path_from_url(url, md5sum)
    model.set_state_dict(load(path))
    return model


def _make_divisible(v, divisor=8, min_value=None):
    """Round a channel count to a multiple of ``divisor`` without dropping more than 10%."""
    min_value = divisor if min_value is None else min_value
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v
