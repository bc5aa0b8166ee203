"""``paddle.distributed.save_state_dict`` on ``torch.distributed.checkpoint.save`` with a storage writer that
writes Paddle's files: ``{rank}_{id}.distcp`` (paddle.save of this rank's local tensors) and, on the
coordinator, ``{id}.metadata`` (pickled ``Metadata``: every local tensor's global offset and shape, and the
file that holds it)."""

import os

from .metadata import LocalTensorIndex, LocalTensorMetadata, Metadata
from .utils import check_state_dict_values, ensure_initialized, flatten_state_dict, torch_group, use_dist


def _writer_class():
    from torch.distributed.checkpoint import StorageWriter

    class PaddleStorageWriter(StorageWriter):
        def __init__(self, path, file_name, unique_id, coordinator_rank, state):
            super().__init__()
            self.state = state
            self.keys = list(state)
            self.path = path
            self.file_name = file_name
            self.unique_id = unique_id
            self.coordinator_rank = coordinator_rank
            self.metadata = None
            from ..parallel import get_rank

            self.rank = get_rank()

        def reset(self, checkpoint_id=None):
            pass

        def set_up_storage_writer(self, is_coordinator, *args, **kwargs):
            pass

        def prepare_local_plan(self, plan):
            return plan

        def prepare_global_plan(self, plans):
            return plans

        def storage_meta(self):
            return None

        @classmethod
        def validate_checkpoint_id(cls, checkpoint_id):
            return True

        def write_data(self, plan, planner):
            # Like Paddle, every rank writes its local value of every key (replicated ones included, which
            # torch's planner would write once); the metadata points each piece at the lowest rank's file
            from torch.distributed.checkpoint.metadata import MetadataIndex
            from torch.distributed.checkpoint.storage import WriteResult
            from torch.futures import Future

            from ..._core.tensor import wrap
            from ...framework.io import save

            local = {}
            results = []
            for key in self.keys:
                data, offset = _local_piece(self.state[key])
                if data is None:
                    continue
                local[key] = wrap(data.cpu() if data.device.type != "cpu" else data)
                results.append(WriteResult(index=MetadataIndex(key, offset),
                                           size_in_bytes=data.numel() * data.element_size(),
                                           storage_data=self.file_name))
            save(local, os.path.join(self.path, self.file_name))
            done = Future()
            done.set_result(results)
            return done

        def finish(self, metadata, results):
            state_dict_metadata = {}
            for key in self.keys:
                entry = metadata.state_dict_metadata.get(key)
                if entry is None:
                    continue
                state_dict_metadata[key] = [LocalTensorMetadata(tuple(chunk.offsets), tuple(chunk.sizes))
                                            for chunk in entry.chunks]
            storage_metadata = {}
            for rank_results in results:
                for result in rank_results:
                    index = LocalTensorIndex(result.index.fqn, tuple(result.index.offset))
                    storage_metadata.setdefault(index, result.storage_data)
            self.metadata = Metadata(state_dict_metadata, storage_metadata)
            if self.coordinator_rank == self.rank:
                self.write_metadata()

        def write_metadata(self):
            from ...framework.io import save

            save(self.metadata, os.path.join(self.path, f"{self.unique_id}.metadata"))

    return PaddleStorageWriter


def _local_piece(t):
    """This rank's local tensor of ``t`` and its offset in the global tensor (None for a rank outside the
    tensor's mesh, as Paddle skips it)."""
    import torch

    from ..auto_parallel.api import _dtensor

    if isinstance(t, _dtensor()):
        from torch.distributed.tensor._utils import compute_local_shape_and_global_offset

        if t.device_mesh.get_coordinate() is None:
            return None, None
        _, offset = compute_local_shape_and_global_offset(t.shape, t.device_mesh, t.placements)
        return t.to_local().detach(), torch.Size(offset)
    return t.detach(), torch.Size([0] * t.dim())


def _check_same_across_ranks(value, what, process_group):
    from ..communication import all_gather_object

    values = []
    all_gather_object(values, value, process_group)
    for other in values[1:]:
        assert other == values[0], f"{what}:{other} != first: {values[0]}"


def save_state_dict(state_dict, path, process_group=None, coordinator_rank=0) -> None:
    """
    Save ``state_dict`` (dist or dense Tensors) to the directory ``path``: each rank writes its local tensors,
    the coordinator rank writes the metadata.

    Args:
        state_dict(Dict[str, paddle.Tensor]): The state_dict to save.
        path(str): The directory to save state_dict.
        process_group(paddle.distributed.collective.Group): the group to synchronise in (default: all ranks).
        coordinator_rank(int): The rank that writes the metadata. Rank0 by default.
    """
    import torch.distributed.checkpoint as dcp

    from ..parallel import get_rank

    check_state_dict_values(state_dict, "Only support dygraph Tensor now, support static DistributedTensor later")
    state_dict = flatten_state_dict(state_dict)
    os.makedirs(path, exist_ok=True)
    distributed = use_dist()
    ensure_initialized(process_group)
    rank = get_rank()
    unique_id = 0
    while os.path.exists(os.path.join(path, f"{rank}_{unique_id}.distcp")):
        unique_id += 1
    file_name = f"{rank}_{unique_id}.distcp"
    if distributed:
        _check_same_across_ranks(unique_id, "id", process_group)
        _check_same_across_ranks(list(state_dict.keys()), "keys", process_group)
    torch_state = {key: value._t for key, value in state_dict.items()}
    writer = _writer_class()(path, file_name, unique_id, coordinator_rank, torch_state)
    group = torch_group(process_group)
    dcp.save(torch_state, storage_writer=writer, process_group=group, no_dist=not distributed)
    if distributed and coordinator_rank != 0:
        # torch's checkpoint finishes on rank 0 of the group; hand the metadata to the coordinator rank
        from ..communication import broadcast_object_list

        box = [writer.metadata]
        broadcast_object_list(box, src=0, group=process_group)
        writer.metadata = box[0]
        if coordinator_rank == writer.rank:
            writer.write_metadata()
