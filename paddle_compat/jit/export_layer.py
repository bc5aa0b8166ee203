"""``paddle.jit.load`` of a ``.pt2`` only (our ``jit.save`` writes one beside the Paddle files): a
TranslatedLayer over ``torch.export``'s module, its parameters shared with the Layer's Paddle Parameters."""

import torch

from .._core.tensor import Parameter, Tensor, to_torch, wrap

__all__ = ["load_exported"]


class _ExportedHolder:
    def __init__(self, exported, module):
        self.exported = exported
        self.module = module
        self.program = exported
        self.feed_names = [s.arg.name for s in exported.graph_signature.input_specs if s.kind.name == "USER_INPUT"]

    def forward(self, inputs):
        outs = self.module(*[i._t if isinstance(i, Tensor) else to_torch(i) for i in inputs])
        if isinstance(outs, (list, tuple)):
            return [wrap(o) for o in outs]
        return wrap(outs)


def _set_by_path(module, dotted, value):
    owner = module
    *parents, leaf = dotted.split(".")
    for p in parents:
        owner = getattr(owner, p)
    owner._parameters[leaf] = value


def load_exported(path):
    from .translated_layer import TranslatedLayer

    exported = torch.export.load(path)
    module = exported.module()
    params = {}
    for name, p in list(module.named_parameters()):
        param = Parameter(_data=p.detach(), name=name, trainable=p.requires_grad)
        _set_by_path(module, name, param._t)
        params[name] = param
    layer = TranslatedLayer({"forward": _ExportedHolder(exported, module)}, params)
    layer.eval()
    return layer
