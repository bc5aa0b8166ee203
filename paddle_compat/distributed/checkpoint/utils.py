"""Shared pieces of save_state_dict/load_state_dict: argument checks, the torch process group, the metadata
file reader."""

import os

from ...framework.io import _SafeUnpickler
from . import metadata as _metadata

_METADATA_CLASSES = {"LocalTensorMetadata", "LocalTensorIndex", "Metadata"}


def check_state_dict_values(state_dict, message):
    from ..._core.tensor import Tensor

    assert isinstance(state_dict, dict), "The state_dict should be a dictionary."
    for val in state_dict.values():
        assert isinstance(val, Tensor), message.format(val)


def torch_group(process_group):
    return None if process_group is None else process_group._pg


def use_dist():
    from ..parallel import get_world_size

    return get_world_size() > 1


def ensure_initialized(process_group):
    import torch.distributed

    from ..parallel import init_parallel_env

    if use_dist() and process_group is None and not torch.distributed.is_initialized():
        init_parallel_env()


class _MetadataUnpickler(_SafeUnpickler):
    """paddle.load's restricted unpickler, plus the three checkpoint metadata records."""

    def find_class(self, module, name):
        if module == "paddle.distributed.checkpoint.metadata" and name in _METADATA_CLASSES:
            return getattr(_metadata, name)
        return super().find_class(module, name)


def read_metadata_files(path):
    """Every ``*.metadata`` file of the checkpoint directory ``path``, unpickled (Paddle reads them all)."""
    names = sorted(f for f in os.listdir(path) if f.endswith(".metadata"))
    assert len(names) > 0, f"No metadata file found in the checkpoint directory:{path}."
    found = []
    for name in names:
        with open(os.path.join(path, name), "rb") as f:
            found.append(_MetadataUnpickler(f).load())
    return found


def flatten_state_dict(state_dict):
    return state_dict



