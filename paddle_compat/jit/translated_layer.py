"""TranslatedLayer: a model loaded from ``.pdmodel`` + ``.pdiparams`` (or ``.pt2``)."""

from ..nn.layer.layers import Layer


class TranslatedLayer(Layer):
    pass


def load(path, **configs):
    raise NotImplementedError("paddle.jit.load")
