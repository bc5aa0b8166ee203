"""Sparse BatchNorm / SyncBatchNorm: batch normalisation of the stored values [nnz, C] (the channels are the
dense last dimension of an N(D)HWC SparseCooTensor)."""

import warnings

import torch

from ...._core.tensor import wrap
from ....nn.functional.norm import _bn
from ....nn.layer.norm import BatchNorm1D, _BatchNormBase
from ..._base import COO, coo, coo_indices, coo_values, torch_of

__all__ = ["BatchNorm", "SyncBatchNorm"]


def _sparse_batch_norm(layer, x):
    t = torch_of(x)
    if t.layout is not COO:
        raise NotImplementedError("paddle.sparse BatchNorm needs a SparseCooTensor")
    if layer.training:
        warnings.warn("When training, we now always track global mean and variance.")
    if layer._use_global_stats is None:
        # Paddle fixes the mode at the first call: a layer first called in training keeps using (and updating)
        # batch statistics after eval(), as Paddle 2.6.2's sparse BatchNorm does
        layer._use_global_stats = not layer.training
    use_global = layer._use_global_stats
    out = _bn(coo_values(t), layer._mean._t, layer._variance._t,
              None if layer.weight is None else layer.weight._t, None if layer.bias is None else layer.bias._t,
              not use_global, layer._momentum, layer._epsilon, not layer.training)
    if torch.is_grad_enabled():
        # Paddle's in-place kernel leaves the running statistics stop_gradient=False after any call with grad on
        for stat in (layer._mean, layer._variance):
            if stat.stop_gradient:
                stat.stop_gradient = False
    return wrap(coo(coo_indices(t), out, t.shape, t.is_coalesced()))


class BatchNorm(BatchNorm1D):
    """Batch normalisation of a sparse NDHWC / NHWC tensor's values over the channel dimension."""

    _formats = {"NDHWC": True, "NHWC": True}

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NDHWC", use_global_stats=None, name=None):
        super().__init__(num_features, momentum=momentum, epsilon=epsilon, weight_attr=weight_attr,
                         bias_attr=bias_attr, data_format=data_format, use_global_stats=use_global_stats, name=name)

    def forward(self, input):  # noqa: A002 - Paddle's name
        if self._data_format not in ("NDHWC", "NHWC"):
            raise ValueError('sparse BatchNorm only support layout of "NDHWC" and "NHWC"')
        return _sparse_batch_norm(self, input)


class SyncBatchNorm(_BatchNormBase):
    """SyncBatchNorm of a sparse tensor's values; on one process it is BatchNorm over the local batch."""

    _ranks = (2,)
    _formats = {"NCHW": True, "NHWC": True, "NDHWC": True, "NCDHW": True}

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format, None, name)

    def forward(self, x):
        return _sparse_batch_norm(self, x)

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """Replace every sparse BatchNorm in ``layer`` by a SyncBatchNorm sharing its parameters."""
        if isinstance(layer, BatchNorm):
            converted = cls(layer._num_features, layer._momentum, layer._epsilon, layer._weight_attr,
                            layer._bias_attr, layer._data_format, layer._name)
            converted.weight, converted.bias = layer.weight, layer.bias
            converted._mean, converted._variance = layer._mean, layer._variance
            return converted
        for name, sublayer in layer.named_children():
            layer.add_sublayer(name, cls.convert_sync_batchnorm(sublayer))
        return layer
