"""Tensor-parallel layers: each rank of the model-parallel group holds a shard of the weight (Paddle's shard
shapes) and the group's collectives make the result equal to the dense layer's. With one model-parallel rank
they are the dense layers."""

import contextlib

from ....._core.dtypes import get_default_dtype
from .....nn import Layer
from .....nn import functional as F
from .....nn.initializer import Constant
from . import mp_ops
from .random import get_rng_state_tracker

__all__ = []


def _mp_group_of(mp_group):
    from ...base import topology as tp

    if mp_group is not None:
        return mp_group, mp_group.nranks, mp_group.rank
    hcg = tp._HYBRID_PARALLEL_GROUP
    if hcg is None:
        raise RuntimeError("fleet.init(is_collective=True) must be called before creating tensor-parallel layers "
                           "without an mp_group")
    return (hcg.get_model_parallel_group(), hcg.get_model_parallel_world_size(),
            hcg.get_model_parallel_rank())


def _join_mp_group(layer, mp_group, weight_attr, name, keep_rank=True):
    """What every tensor-parallel layer records: its model-parallel group and size (and this rank's index in
    it, where Paddle keeps one), whether it is really split, the default dtype, the weight attr and its name."""
    layer.model_parallel_group, layer.world_size, rank = _mp_group_of(mp_group)
    if keep_rank:
        layer.rank = rank
    layer.is_mp = layer.world_size > 1
    layer._dtype = get_default_dtype()
    layer._weight_attr = weight_attr
    layer._name = name


def _mp_configs():
    from .... import fleet as fleet_package

    return fleet_package.fleet._user_defined_strategy.hybrid_configs["mp_configs"]


def _check_mp_options(layer, fuse_matmul_bias):
    configs = _mp_configs()
    if layer.is_mp and configs.mp_async_allreduce:
        raise NotImplementedError(
            f"{type(layer).__name__}: hybrid_configs mp_configs mp_async_allreduce (and mp_skip_c_identity, "
            "mp_fused_linear_param_grad_add) is not implemented in paddle-compat")
    if fuse_matmul_bias:
        raise NotImplementedError(
            f"{type(layer).__name__}(fuse_matmul_bias=True) (a CUDA fused GEMM epilogue) is not implemented in "
            "paddle-compat")


def _create_weight(layer, shape, attr, split_axis):
    """This rank's weight shard (drawn from the model-parallel RNG stream when model parallel), marked with the
    axis the full weight is cut along."""
    rng = get_rng_state_tracker().rng_state() if layer.is_mp else contextlib.nullcontext()
    with rng:
        weight = layer.create_parameter(shape=shape, attr=attr, dtype=layer._dtype, is_bias=False)
    weight.is_distributed = layer.is_mp
    if weight.is_distributed:
        weight.split_axis = split_axis
    return weight


def _create_bias(layer, size):
    return layer.create_parameter(shape=[size], attr=Constant(value=0.0), dtype=layer._dtype, is_bias=True)


class VocabParallelEmbedding(Layer):
    """Embedding whose vocabulary (rows) is split evenly over the model-parallel ranks."""

    def __init__(self, num_embeddings, embedding_dim, weight_attr=None, mp_group=None, name=None):
        super().__init__()
        _join_mp_group(self, mp_group, weight_attr, name)
        self.origin_num_embeddings = num_embeddings
        assert num_embeddings % self.world_size == 0, (
            "The length of the vocabulary must be divisible by the parallelism degree of MP")
        per_part_size = num_embeddings // self.world_size
        self.vocab_start_index = self.rank * per_part_size
        self._size = [per_part_size, embedding_dim]
        self.num_embeddings = num_embeddings
        self.weight = _create_weight(self, self._size, self._weight_attr, split_axis=0)

    def forward(self, x):
        if self.is_mp:
            output_parallel = mp_ops._c_lookup_table(self.weight, x, start_index=self.vocab_start_index,
                                                     vocab_size=self.num_embeddings, name=self._name)
            return mp_ops._mp_allreduce(output_parallel, group=self.model_parallel_group)
        return F.embedding(x, weight=self.weight, padding_idx=None, sparse=False, name=self._name)


class ColumnParallelLinear(Layer):
    """Linear whose output features (weight columns) are split over the model-parallel ranks: weight
    ``[in_features, out_features // mp]``; ``gather_output`` concatenates the shards' outputs."""

    def __init__(self, in_features, out_features, weight_attr=None, has_bias=None, gather_output=True,
                 fuse_matmul_bias=False, mp_group=None, name=None):
        super().__init__()
        _join_mp_group(self, mp_group, weight_attr, name, keep_rank=False)
        self.gather_output = gather_output
        assert out_features % self.world_size == 0, (
            f"Number of column of the weight for linear ({out_features}) must be divisible by model parallel "
            f"size ({self.world_size})")
        self.output_size_per_partition = out_features // self.world_size
        _check_mp_options(self, fuse_matmul_bias)
        self.weight = _create_weight(self, [in_features, self.output_size_per_partition], self._weight_attr,
                                     split_axis=1)
        if has_bias:
            self.bias = _create_bias(self, self.output_size_per_partition)
            self.bias.is_distributed = self.is_mp
            if self.bias.is_distributed:
                self.bias.split_axis = 0
        else:
            self.bias = None
        self.linear = F.linear
        self.fuse_matmul_bias = fuse_matmul_bias
        self.mp_async_allreduce = self.mp_skip_c_identity = self.mp_fused_linear_param_grad_add = False

    def forward(self, x):
        input_parallel = mp_ops._c_identity(x, group=self.model_parallel_group) if self.is_mp else x
        output_parallel = self.linear(input_parallel, self.weight, self.bias, name=self._name)
        if self.gather_output and self.is_mp:
            return mp_ops._c_concat(output_parallel, group=self.model_parallel_group)
        return output_parallel


class RowParallelLinear(Layer):
    """Linear whose input features (weight rows) are split over the model-parallel ranks: weight
    ``[in_features // mp, out_features]``; the partial products are summed over the group."""

    def __init__(self, in_features, out_features, weight_attr=None, has_bias=True, input_is_parallel=False,
                 fuse_matmul_bias=False, mp_group=None, name=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.input_is_parallel = input_is_parallel
        _join_mp_group(self, mp_group, weight_attr, name)
        _check_mp_options(self, fuse_matmul_bias)
        self.mp_async_allreduce = self.mp_skip_c_identity = self.mp_fused_linear_param_grad_add = False
        assert in_features % self.world_size == 0, (
            f"Number of row of the weight for linear ({in_features}) must be divisible by model parallel size "
            f"({self.world_size})")
        self.input_size_per_partition = in_features // self.world_size
        self.weight = _create_weight(self, [self.input_size_per_partition, self.out_features], self._weight_attr,
                                     split_axis=0)
        if has_bias:
            self.bias = _create_bias(self, self.out_features)
        else:
            self.bias = None
        self.linear = F.linear
        self.fuse_matmul_bias = fuse_matmul_bias

    def forward(self, x):
        if self.input_is_parallel or not self.is_mp:
            input_parallel = x
        else:
            input_parallel = mp_ops._c_split(x, group=self.model_parallel_group)
        if not self.is_mp:
            return self.linear(input_parallel, self.weight, self.bias, name=self._name)
        output = mp_ops._mp_allreduce(self.linear(input_parallel, self.weight, name=self._name),
                                      group=self.model_parallel_group)
        return output + self.bias if self.bias is not None else output


class ParallelCrossEntropy(Layer):
    """Softmax cross entropy over logits whose class axis is split over the model-parallel ranks; the loss
    has a trailing axis of size 1."""

    def __init__(self, mp_group=None, name=None, ignore_index=-100):
        super().__init__()
        self.name = name
        self.model_parallel_group, self.world_size, self.rank = _mp_group_of(mp_group)
        self.ignore_index = ignore_index

    def forward(self, input, label):
        return mp_ops._c_softmax_with_cross_entropy(input, label, group=self.model_parallel_group,
                                                    ignore_index=self.ignore_index)
