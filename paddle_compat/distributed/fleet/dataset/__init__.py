"""``paddle.distributed.fleet.dataset``: the slot datasets (MultiSlot text files read through a pipe command)."""

from .dataset import (  # noqa: F401
    BoxPSDataset,
    DatasetBase,
    FileInstantDataset,
    InMemoryDataset,
    QueueDataset,
)

__all__ = []
