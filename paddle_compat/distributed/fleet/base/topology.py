"""``CommunicateTopology`` (the rank grid of the hybrid degrees) and ``HybridCommunicateGroup`` (one process
group per axis, made with ``paddle.distributed.new_group`` on torch.distributed)."""

import collections
import itertools
import math

from ..utils.log_util import logger

__all__ = ["CommunicateTopology", "HybridCommunicateGroup"]

_HYBRID_PARALLEL_GROUP = None


class ParallelMode:
    """The kind of parallelism a ``HybridCommunicateGroup`` runs, by which degrees exceed 1."""

    DATA_PARALLEL = 0
    TENSOR_PARALLEL = 1
    PIPELINE_PARALLEL = 2
    SHARDING_PARALLEL = 3
    SEGMENT_PARALLEL = 4


class CommunicateTopology:
    """Ranks laid out on a grid with one axis per parallel kind; rank = row-major index of the coordinate."""

    def __init__(self, hybrid_group_names=["data", "pipe", "sharding", "sep", "model"],  # noqa: B006 - Paddle's
                 dims=[1, 1, 1, 1, 1]):  # noqa: B006
        self._parallel_names = hybrid_group_names
        self._dims = dims
        self.coordinate = collections.namedtuple("Coordinate", self._parallel_names)
        self._world_size = math.prod(self._dims)
        coords = [self.coordinate(*c) for c in itertools.product(*[range(d) for d in self._dims])]
        self._coord2rank = dict(zip(coords, range(len(coords))))
        self._rank2coord = dict(zip(self._coord2rank.values(), self._coord2rank.keys()))

    def get_hybrid_group_names(self):
        return self._parallel_names

    def get_dim(self, axis_name):
        return self._dims[self._parallel_names.index(axis_name)]

    def world_size(self):
        return self._world_size

    def get_rank(self, **args):
        assert len(args) == len(self._dims)
        key = self.coordinate(**args)
        assert key in self._coord2rank
        return self._coord2rank[key]

    def get_coord(self, rank):
        assert rank < self._world_size
        assert rank in self._rank2coord
        return self._rank2coord[rank]

    def get_axis_list(self, axis_name, index):
        """Sorted ranks whose coordinate on ``axis_name`` equals ``index``."""
        axis = self._parallel_names.index(axis_name)
        return sorted(rank for coord, rank in self._coord2rank.items() if coord[axis] == index)

    def get_dim_size(self, axis_name):
        assert axis_name in self._parallel_names
        return self._dims[self._parallel_names.index(axis_name)]

    def get_fused_ranks(self, fused_axis):
        """For every position on the other axes, the ranks that vary only along ``fused_axis``."""
        # Paddle iterates a set here, so its list order varies with the hash seed; ours follows the axis order.
        non_fused = [name for name in self._parallel_names if name not in fused_axis]
        non_fused_ranges = [range(self.get_dim(name)) for name in non_fused]
        fused_ranges = [range(self.get_dim(name)) for name in fused_axis]
        rank_lists = []
        for outer in itertools.product(*non_fused_ranges):
            ranks = []
            for inner in itertools.product(*fused_ranges):
                coord = dict(zip(non_fused, outer))
                coord.update(zip(fused_axis, inner))
                ranks.append(self._coord2rank[self.coordinate(**coord)])
            rank_lists.append(ranks)
        return rank_lists

    def get_comm_list(self, axis_name):
        """The communication groups along ``axis_name``: ranks that differ only on that axis."""
        assert axis_name in self._parallel_names
        others = [name for name in self._parallel_names if name != axis_name]
        result = []
        for outer in itertools.product(*[range(self.get_dim_size(name)) for name in others]):
            coord = dict(zip(others, outer))
            ranks = []
            for index in range(self.get_dim_size(axis_name)):
                coord[axis_name] = index
                ranks.append(self._coord2rank[self.coordinate(**coord)])
            result.append(ranks)
        return result

    def get_rank_from_stage(self, global_rank, **kwargs):
        coord = self.get_coord(global_rank)
        return self.get_rank(**coord._replace(**kwargs)._asdict())


def _new_group(ranks):
    from ... import collective
    from ...communication.group import Group, _add_new_group
    from ...parallel import get_world_size

    if get_world_size() > 1:
        return collective.new_group(ranks=ranks)
    # One process has no global group to split; a one-member group stands for every axis.
    gid = collective._new_ring_id()
    group = Group(0, gid, list(ranks), name=collective._default_group_name + str(gid))
    _add_new_group(group)
    return group


class HybridCommunicateGroup:
    """This rank's data/model/pipe/sharding/sep groups for ``topology``, whose size must be the world size."""

    def __init__(self, topology):
        from ...parallel import get_rank, get_world_size

        self.nranks = get_world_size()
        self.global_rank = get_rank()
        self._topo = topology
        self._dp_degree = topology.get_dim("data")
        self._mp_degree = topology.get_dim("model")
        self._pp_degree = topology.get_dim("pipe")
        self._sharding_degree = topology.get_dim("sharding")
        self._sep_degree = topology.get_dim("sep")
        coord = topology.get_coord(self.global_rank)
        self._data_parallel_id = coord.data
        self._model_parallel_id = coord.model
        self._sharding_parallel_id = coord.sharding
        self._sep_parallel_id = coord.sep
        self.stage_id = coord.pipe
        assert self._check_vaild_topo(), (
            f"mp_num: {self.nranks}, sharding_num: {self._mp_degree}, pp_num: {self._sharding_degree}, "
            f"dp_num: {self._pp_degree}, sep_num: {self._dp_degree}")

        # Every rank creates every group in the same order (torch.distributed requires it).
        self._pp_group, self._pp_comm_group = self._set_comm_group("pipe")
        self._dp_group, self._dp_comm_group = self._set_comm_group("data")
        self._mp_group, self._mp_comm_group = self._set_comm_group("model")
        self._sharding_group, self._sharding_comm_group = self._set_comm_group("sharding")
        self._sep_group = None
        if self._sep_degree > 1:
            self._sep_group, self._sep_comm_group = self._set_comm_group("sep")
        self._check_group, self._check_comm_group = self._set_check_group("data")
        if self._sep_degree > 1:
            self._dp_sep_group, self._dp_sep_comm_group = self.create_fuse_group(["data", "sep"])
            self._pp_mp_group, self._pp_mp_comm_group = self.create_fuse_group(["pipe", "model"])
        self.sharding_check_group, self.sharding_check_comm_group = self._set_check_group("sharding")
        self.is_first_stage = self.stage_id == 0
        self.is_last_stage = self.stage_id == self._pp_degree - 1
        if self._pp_degree > 1:
            self._set_p2p_prev_next()
        logger.info(
            f"HybridParallelInfo: rank_id: {self.global_rank}, mp_degree: {self._mp_degree}, "
            f"sharding_degree: {self._sharding_degree}, pp_degree: {self._pp_degree}, dp_degree: "
            f"{self._dp_degree}, sep_degree: {self._sep_degree}, mp_group: {self._mp_group},  sharding_group: "
            f"{self._sharding_group}, pp_group: {self._pp_group}, dp_group: {self._dp_group}, sep:group: "
            f"{self._sep_group}, check/clip group: {self._check_group}")
        global _HYBRID_PARALLEL_GROUP
        _HYBRID_PARALLEL_GROUP = self

    def get_parallel_mode(self):
        """DATA/SHARDING/SEGMENT/TENSOR/PIPELINE_PARALLEL by the degrees; None when every degree is 1."""
        if self._pp_degree == 1 and self._mp_degree == 1 and self._sep_degree == 1:
            if self._sharding_degree == 1 and self._dp_degree > 1:
                return ParallelMode.DATA_PARALLEL
            if self._sharding_degree > 1:
                return ParallelMode.SHARDING_PARALLEL
        if self._pp_degree == 1 and self._mp_degree == 1 and self._sep_degree > 1:
            return ParallelMode.SEGMENT_PARALLEL
        if self._pp_degree == 1 and self._mp_degree > 1:
            return ParallelMode.TENSOR_PARALLEL
        if self._pp_degree > 1:
            return ParallelMode.PIPELINE_PARALLEL
        return None

    def _check_vaild_topo(self):
        return (self._dp_degree * self._mp_degree * self._pp_degree * self._sharding_degree
                * self._sep_degree == self.nranks)

    def _check_sep_exist(self):
        assert self._sep_degree > 1, "sep not exist"

    def _own_group(self, rank_lists):
        """Create a group for each rank list (every rank creates all of them, in the same order) and return
        this rank's (ranks, group)."""
        parallel_group, parallel_comm_group = [], None
        for ranks in rank_lists:
            comm_group = _new_group(ranks)
            if self.global_rank in ranks:
                parallel_group, parallel_comm_group = ranks, comm_group
        assert len(parallel_group) > 0
        assert parallel_comm_group is not None
        return parallel_group, parallel_comm_group

    def _set_comm_group(self, parallel_method="data"):
        comm_lists = self._topo.get_comm_list(parallel_method)
        own = self._own_group(comm_lists)
        logger.info(f"Total {len(comm_lists)} {parallel_method} comm group(s) create successfully!")
        return own

    def _set_check_group(self, parallel_method="data"):
        return self._own_group(self._topo.get_axis_list(parallel_method, index)
                               for index in range(self._topo.get_dim(parallel_method)))

    def _set_p2p_prev_next(self):
        for ranks in self._topo.get_comm_list("pipe"):
            assert len(ranks) == self._pp_degree
            for index, rank in enumerate(ranks):
                if rank == self.global_rank:
                    self.next_rank = ranks[(index + 1) % self._pp_degree]
                    self.prev_rank = ranks[(index - 1) % self._pp_degree]

    def _get_p2p_next_rank(self):
        assert hasattr(self, "next_rank"), "next_rank has not been inited"
        return self.next_rank

    def _get_p2p_prev_rank(self):
        assert hasattr(self, "prev_rank"), "prev_rank has not been inited"
        return self.prev_rank

    def topology(self):
        return self._topo

    def get_global_rank(self):
        return self.global_rank

    def get_p2p_groups(self):
        raise NotImplementedError(
            "HybridCommunicateGroup.get_p2p_groups (four-direction p2p groups, "
            "PADDLE_USE_FOUR_DIRECTIONS_P2P) is not implemented in paddle-compat")

    def get_check_parallel_group(self, sharding=False):
        return self.sharding_check_comm_group if sharding else self._check_comm_group

    def get_rank_from_stage(self, stage_id, **kwargs):
        return self._topo.get_rank_from_stage(self.global_rank, pipe=stage_id, **kwargs)

    def get_dp_sep_parallel_group(self):
        self._check_sep_exist()
        return self._dp_sep_comm_group

    def get_pp_mp_parallel_group(self):
        self._check_sep_exist()
        return self._pp_mp_comm_group

    def create_fuse_group(self, fused_strategy_list):
        """Groups over the fused axes; returns this rank's (ranks, group), as lists when it is in several."""
        assert len(fused_strategy_list) > 0, "the length of fused_strategy_list must be greater than 0."
        parallel_group, parallel_comm_group = [], []
        for ranks in sorted(self._topo.get_fused_ranks(fused_strategy_list)):
            comm_group = _new_group(ranks)
            if self.global_rank in ranks:
                parallel_group.append(ranks)
                parallel_comm_group.append(comm_group)
        assert len(parallel_group) > 0
        assert len(parallel_comm_group) > 0
        if len(parallel_group) == 1:
            return parallel_group[0], parallel_comm_group[0]
        return parallel_group, parallel_comm_group


def _axis_queries(axis, short, rank_query=None, id_attr=None, with_src_rank=True):
    """HybridCommunicateGroup's queries of one parallel axis: this rank's index on it, its size, this rank's
    group and that group's first global rank (the sep group's queries first assert that sep exists)."""
    id_attr = id_attr or f"_{axis}_parallel_id"
    degree_attr, group_attr = f"_{short}_degree", f"_{short}_comm_group"

    def rank(self):
        return getattr(self, id_attr)

    def world_size(self):
        return getattr(self, degree_attr)

    def group(self):
        if axis == "sep":
            self._check_sep_exist()
        return getattr(self, group_attr)

    def group_src_rank(self):
        return group(self).ranks[0]

    queries = {rank_query or f"get_{axis}_parallel_rank": rank, f"get_{axis}_parallel_world_size": world_size,
               f"get_{axis}_parallel_group": group}
    if with_src_rank:
        queries[f"get_{axis}_parallel_group_src_rank"] = group_src_rank
    for name, query in queries.items():
        query.__name__ = name
        query.__qualname__ = f"HybridCommunicateGroup.{name}"
        setattr(HybridCommunicateGroup, name, query)


for _axis, _short in (("data", "dp"), ("model", "mp"), ("sharding", "sharding"), ("sep", "sep")):
    _axis_queries(_axis, _short)
# Paddle's pipe axis has no group-source query and calls its rank query get_stage_id
_axis_queries("pipe", "pp", rank_query="get_stage_id", id_attr="stage_id", with_src_rank=False)
del _axis, _short
