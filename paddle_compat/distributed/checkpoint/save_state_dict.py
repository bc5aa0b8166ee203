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
        def __init__(self, path, file_name, unique_id, coordinator_rank, keys):
            super().__init__()
            self.path = path
            self.file_name = file_name
            self.unique_id = unique_id
            self.coordinator_rank = coordinator_rank
            self.keys = keys

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
            import torch
            from torch.distributed.checkpoint.storage import WriteResult
            from torch.futures import Future

            from ..._core.tensor import wrap
            from ...framework.io import save

            local = {}
            results = []
            for item in plan.items:
                data = planner.resolve_data(item)
                if not isinstance(data, torch.Tensor):
                    raise TypeError(f"save_state_dict: {item.index.fqn} is not a Tensor")
                data = data.detach()
                local[item.index.fqn] = wrap(data.cpu() if data.device.type != "cpu" else data)
                results.append(WriteResult(index=item.index, size_in_bytes=data.numel() * data.element_size(),
                                           storage_data=self.file_name))
            # Paddle's file lists the keys in the state dict's order
            ordered = {key: local[key] for key in self.keys if key in local}
            save(ordered, os.path.join(self.path, self.file_name))
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
            from ...framework.io import save

            save(Metadata(state_dict_metadata, storage_metadata),
                 os.path.join(self.path, f"{self.unique_id}.metadata"))

    return PaddleStorageWriter


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
    writer = _writer_class()(path, file_name, unique_id, coordinator_rank, list(state_dict.keys()))
    torch_state = {key: value._t for key, value in state_dict.items()}
    group = torch_group(process_group)
    if distributed and coordinator_rank != 0:
        raise NotImplementedError("paddle.distributed.save_state_dict: argument `coordinator_rank` other than 0 is "
                                  "not supported by paddle-compat (torch.distributed.checkpoint writes the metadata "
                                  "on rank 0 of the group)")
    dcp.save(torch_state, storage_writer=writer, process_group=group, no_dist=not distributed)
