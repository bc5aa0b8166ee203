"""``paddle.base.data_feed_desc``: the protobuf data-feed description of the parameter-server datasets."""

from .._stubs import define_stubs

__all__ = []
_PS = "the parameter-server datasets, trainers and device workers of paddle.base are not supported"
define_stubs(globals(), "paddle.base.data_feed_desc", ["DataFeedDesc"], _PS)
