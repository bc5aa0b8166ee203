"""Placements of a distributed tensor on a ProcessMesh (Paddle's C++ ``Placement`` family), and their mapping to
torch DTensor placements."""

import enum

_LIBPADDLE = "paddle.base.libpaddle"


class ReduceType(enum.IntEnum):
    kRedSum = 0
    kRedMax = 1
    kRedMin = 2
    kRedProd = 3
    kRedAvg = 4
    kRedAny = 5
    kRedAll = 6

    def __str__(self):
        return f"ReduceType.{self.name}"

    def __repr__(self):
        return f"<ReduceType.{self.name}: {self.value}>"


# Paddle prints the reduce type without its "kRed" prefix, upper case
_REDUCE_NAMES = {ReduceType.kRedSum: "SUM", ReduceType.kRedMax: "MAX", ReduceType.kRedMin: "MIN",
                 ReduceType.kRedProd: "PRODUCT", ReduceType.kRedAvg: "AVG", ReduceType.kRedAny: "ANY",
                 ReduceType.kRedAll: "ALL"}
_TORCH_REDUCE = {ReduceType.kRedSum: "sum", ReduceType.kRedMax: "max", ReduceType.kRedMin: "min",
                 ReduceType.kRedProd: "product", ReduceType.kRedAvg: "avg"}
_FROM_TORCH_REDUCE = {v: k for k, v in _TORCH_REDUCE.items()}


class Placement:
    __slots__ = ()

    def is_shard(self, dim=None):
        return False

    def is_replicated(self):
        return False

    def is_partial(self):
        return False

    def __ne__(self, other):
        return not self == other


class Shard(Placement):
    __slots__ = ("_dim",)

    def __init__(self, dim):
        if not isinstance(dim, int) or isinstance(dim, bool):
            raise TypeError(
                "__init__(): incompatible constructor arguments. The following argument types are supported:\n"
                "    1. paddle.base.libpaddle.Shard(arg0: int)")
        self._dim = dim

    def get_dim(self):
        return self._dim

    def is_shard(self, dim=None):
        return dim is None or dim == self._dim

    def __eq__(self, other):
        return isinstance(other, Shard) and other._dim == self._dim

    def __hash__(self):
        return hash(("Shard", self._dim))

    def __str__(self):
        return f"Shard(dim={self._dim})"


class Replicate(Placement):
    __slots__ = ()

    def is_replicated(self):
        return True

    def __eq__(self, other):
        return isinstance(other, Replicate)

    def __hash__(self):
        return hash("Replicate")

    def __str__(self):
        return "Replicate()"


class Partial(Placement):
    __slots__ = ("_reduce_type",)

    def __init__(self, reduce_type=ReduceType.kRedSum):
        if not isinstance(reduce_type, ReduceType):
            raise TypeError(
                "__init__(): incompatible constructor arguments. The following argument types are supported:\n"
                "    1. paddle.base.libpaddle.Partial(reduce_type: paddle.base.libpaddle.ReduceType = "
                "<ReduceType.kRedSum: 0>)")
        self._reduce_type = reduce_type

    def is_partial(self):
        return True

    def __eq__(self, other):
        return isinstance(other, Partial) and other._reduce_type == self._reduce_type

    def __hash__(self):
        return hash(("Partial", int(self._reduce_type)))

    def __str__(self):
        return f"Partial(reduce_type={_REDUCE_NAMES[self._reduce_type]})"


for _cls in (ReduceType, Placement, Shard, Replicate, Partial):
    _cls.__module__ = _LIBPADDLE


def to_torch_placements(placements, ndim):
    """Paddle placements (one per mesh dimension) as torch DTensor placements, with Paddle's checks."""
    from torch.distributed.tensor import Partial as TorchPartial
    from torch.distributed.tensor import Replicate as TorchReplicate
    from torch.distributed.tensor import Shard as TorchShard

    if not isinstance(placements, (list, tuple)):
        raise TypeError(f"The placements must be a list of paddle.distributed.Placement, but got {type(placements)}")
    torch_placements = []
    sharded = {}
    for mesh_dim, placement in enumerate(placements):
        if isinstance(placement, Shard):
            dim = placement.get_dim()
            if dim < 0 or dim >= ndim or dim in sharded:
                raise ValueError(
                    f"(InvalidArgument) Tensor dim {dim} is already sharded on mesh dim "
                    f"{sharded.get(dim, mesh_dim)}, DistTensor operator implementation does not support things "
                    "like hybrid sharding strategies yet (i.e. [Shard(0), Shard(0)])" if dim in sharded else
                    f"(InvalidArgument) Shard(dim={dim}) is out of range for a tensor of {ndim} dimensions "
                    "(argument `placements`)")
            sharded[dim] = mesh_dim
            torch_placements.append(TorchShard(dim))
        elif isinstance(placement, Replicate):
            torch_placements.append(TorchReplicate())
        elif isinstance(placement, Partial):
            reduce_type = placement._reduce_type
            if reduce_type not in _TORCH_REDUCE:
                raise NotImplementedError(
                    f"paddle.distributed.Partial({reduce_type}): torch DTensor has no {reduce_type.name} reduction")
            torch_placements.append(TorchPartial(_TORCH_REDUCE[reduce_type]))
        else:
            raise TypeError(f"The placements must be paddle.distributed.Placement objects, but got {placement!r}")
    return torch_placements


def from_torch_placements(torch_placements):
    out = []
    for placement in torch_placements:
        if placement.is_shard():
            out.append(Shard(placement.dim))
        elif placement.is_replicate():
            out.append(Replicate())
        else:
            out.append(Partial(_FROM_TORCH_REDUCE.get(getattr(placement, "reduce_op", "sum"), ReduceType.kRedSum)))
    return out


def dims_mapping_of(placements, ndim):
    """Paddle's dims_mapping: for each tensor dimension, the mesh dimension sharding it, else -1."""
    mapping = [-1] * ndim
    for mesh_dim, placement in enumerate(placements):
        if isinstance(placement, Shard):
            mapping[placement.get_dim()] = mesh_dim
    return mapping


def to_placements(dims_mapping, mesh, partial_idx=()):
    placements = [Replicate() for _ in range(len(mesh.shape))]
    for tensor_dim, mesh_dim in enumerate(dims_mapping):
        if mesh_dim >= 0:
            placements[mesh_dim] = Shard(tensor_dim)
    for mesh_dim in partial_idx:
        placements[mesh_dim] = Partial()
    return placements


def get_shard_spec(mesh, placements, tensor_dims):
    """Per tensor dimension, the name of the mesh dimension that shards it (None when not sharded)."""
    spec = [None] * tensor_dims
    for mesh_dim, placement in enumerate(placements):
        if isinstance(placement, Shard):
            spec[placement.get_dim()] = mesh.dim_names[mesh_dim]
    return spec


def check_placements_equal(this, that):
    return list(this) == list(that)
