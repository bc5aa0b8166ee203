"""``paddle.base.proto``: Paddle's generated protobuf modules. paddle-compat reads and writes the same wire
format with a hand-written codec (``paddle_compat._proto``); ``framework_pb2`` gives its message classes."""

from . import framework_pb2

__all__ = []
_ = framework_pb2
