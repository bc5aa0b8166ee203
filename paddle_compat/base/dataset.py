"""``paddle.base.dataset``: the parameter-server (PSlib/BoxPS) datasets; not supported by paddle-compat."""

from .._stubs import define_stubs

__all__ = []
_PS = "the parameter-server datasets, trainers and device workers of paddle.base are not supported"
define_stubs(globals(), "paddle.base.dataset", [
    "DatasetFactory", "DatasetBase", "InMemoryDataset", "QueueDataset", "FileInstantDataset", "BoxPSDataset",
], _PS)
