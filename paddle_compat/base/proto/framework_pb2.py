"""``paddle.base.proto.framework_pb2``: the ``framework.proto`` messages (``ProgramDesc``, ``BlockDesc``,
``OpDesc``, ``VarDesc``, ``VarType``...) with protobuf's ``SerializeToString``/``ParseFromString``/``FromString``,
from paddle-compat's codec."""

from ..._proto.framework import (  # noqa: F401 - the public messages
    PROGRAM_VERSION,
    AttrType,
    BlockDesc,
    OpDesc,
    OpVersion,
    OpVersionMap,
    ProgramDesc,
    VarDesc,
    VarType,
    Version,
)

__all__ = []
