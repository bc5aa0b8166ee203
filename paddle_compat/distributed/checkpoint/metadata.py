"""The records of Paddle's distributed checkpoint ``{id}.metadata`` file (pickled; the class paths are part of
the on-disk format, so they are Paddle's: ``paddle.distributed.checkpoint.metadata.*``)."""

from dataclasses import dataclass


@dataclass
class LocalTensorMetadata:
    """Where one saved local tensor lies in its global tensor."""

    global_offset: tuple[int]
    local_shape: tuple[int]


@dataclass(frozen=True)
class LocalTensorIndex:
    """The key of one saved local tensor."""

    tensor_key: str
    global_offset: tuple[int]


@dataclass
class Metadata:
    state_dict_metadata: dict[str, list[LocalTensorMetadata]] = None
    storage_metadata: dict[LocalTensorIndex, str] = None


for _cls in (LocalTensorMetadata, LocalTensorIndex, Metadata):
    _cls.__module__ = "paddle.distributed.checkpoint.metadata"
