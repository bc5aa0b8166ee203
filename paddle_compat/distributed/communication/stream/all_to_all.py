"""``paddle.distributed.communication.stream.all_to_all``: the module holding the stream forms of alltoall."""

from ..collectives import alltoall, alltoall_single  # noqa: F401
