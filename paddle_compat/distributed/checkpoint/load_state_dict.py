"""``paddle.distributed.load_state_dict`` on ``torch.distributed.checkpoint.load``: a storage reader turns
Paddle's metadata into torch's (chunks per key) so torch's load planner computes, for each rank, which pieces of
which saved local tensors overlap its own local tensors (resharding: save as Shard(0), load as Shard(1) or
Replicate), and reads them from the ``.distcp`` files."""

import os

from .utils import (
    check_state_dict_values,
    ensure_initialized,
    flatten_state_dict,
    read_metadata_files,
    torch_group,
    use_dist,
)


def _reader_class():
    from torch.distributed.checkpoint import StorageReader

    class PaddleStorageReader(StorageReader):
        def __init__(self, path, paddle_metadata):
            super().__init__()
            self.path = path
            self.paddle_metadata = paddle_metadata
            self.files = {}

        def reset(self, checkpoint_id=None):
            pass

        @classmethod
        def validate_checkpoint_id(cls, checkpoint_id):
            return True

        def read_metadata(self, *args, **kwargs):
            import torch
            from torch.distributed.checkpoint.metadata import (
                ChunkStorageMetadata,
                Metadata,
                MetadataIndex,
                TensorProperties,
                TensorStorageMetadata,
            )

            state_dict_metadata = {}
            storage_data = {}
            for metadata in self.paddle_metadata:
                for key, chunks in metadata.state_dict_metadata.items():
                    entry = state_dict_metadata.setdefault(key, [])
                    for chunk in chunks:
                        if chunk not in entry:
                            entry.append(chunk)
                for index, file_name in metadata.storage_metadata.items():
                    storage_data[MetadataIndex(index.tensor_key, torch.Size(index.global_offset))] = file_name
            torch_metadata = {}
            for key, chunks in state_dict_metadata.items():
                ndim = len(chunks[0].local_shape)
                size = [max(c.global_offset[d] + c.local_shape[d] for c in chunks) for d in range(ndim)]
                torch_metadata[key] = TensorStorageMetadata(
                    TensorProperties(dtype=torch.float32), torch.Size(size),
                    [ChunkStorageMetadata(torch.Size(c.global_offset), torch.Size(c.local_shape)) for c in chunks])
            return Metadata(state_dict_metadata=torch_metadata, storage_data=storage_data)

        def set_up_storage_reader(self, metadata, is_coordinator, *args, **kwargs):
            self.storage_data = metadata.storage_data

        def prepare_local_plan(self, plan):
            return plan

        def prepare_global_plan(self, plans):
            return plans

        def _file(self, name):
            found = self.files.get(name)
            if found is None:
                from ...framework.io import load

                found = self.files[name] = load(os.path.join(self.path, name), return_numpy=True)
            return found

        def read_data(self, plan, planner):
            import torch
            from torch.futures import Future

            for item in plan.items:
                stored = self._file(self.storage_data[item.storage_index])[item.storage_index.fqn]
                piece = torch.from_numpy(stored)
                for dim, (offset, length) in enumerate(zip(item.storage_offsets, item.lengths)):
                    piece = piece.narrow(dim, offset, length)
                target = planner.resolve_tensor(item).detach()
                target.copy_(piece)
                planner.commit_tensor(item, target)
            done = Future()
            done.set_result(None)
            return done

    return PaddleStorageReader


def load_state_dict(state_dict, path, process_group=None, coordinator_rank=0) -> None:
    """
    Load a checkpoint written by ``save_state_dict`` into ``state_dict`` in place, whatever the placements it
    was saved with.

    Args:
        state_dict(Dict[str, paddle.Tensor]): The state_dict to load into (modified in place).
        path(str): The checkpoint directory.
        process_group(paddle.distributed.collective.Group): the group to synchronise in (default: all ranks).
        coordinator_rank(int): The rank used to coordinate the checkpoint. Rank0 by default (Paddle 2.6.2 does
            not use it either).
    """
    import torch.distributed.checkpoint as dcp

    check_state_dict_values(state_dict, "Only support dygraph Tensor now, but is {}")
    state_dict = flatten_state_dict(state_dict)
    distributed = use_dist()
    ensure_initialized(process_group)
    paddle_metadata = read_metadata_files(path)
    saved_keys = set()
    for metadata in paddle_metadata:
        saved_keys.update(metadata.state_dict_metadata)
    if not any(key in saved_keys for key in state_dict):
        # Paddle: nothing to read, a warning and no change
        import logging

        logging.getLogger(__name__).warning(
            f"No necessary data files found in the checkpoint directory:{path}. Please check the metadata_files.")
        return
    for key in state_dict:
        assert key in saved_keys, f"tensor_key:{key} not found in the checkpoint metadata of {path}."
    torch_state = {key: value._t for key, value in state_dict.items()}
    reader = _reader_class()(path, paddle_metadata)
    dcp.load(torch_state, storage_reader=reader, process_group=torch_group(process_group), no_dist=not distributed)
