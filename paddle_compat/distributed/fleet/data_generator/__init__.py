"""``paddle.distributed.fleet.data_generator``: user-side generators that turn raw lines into the MultiSlot text
protocol read by ``InMemoryDataset``/``QueueDataset`` (the dataset's ``pipe_command`` runs such a script)."""

from .data_generator import DataGenerator, MultiSlotDataGenerator  # noqa: F401

__all__ = []
