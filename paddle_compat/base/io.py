"""``paddle.base.io``: the data loaders as 2.6.2 keeps them under ``paddle.base`` (``DataLoader`` is
``paddle.io.DataLoader``)."""

from ..io import DataLoader
from .log_helper import get_logger
from .reader import PyReader

__all__ = []
_ = (DataLoader, get_logger, PyReader)
