"""High-level API: ``paddle.Model``, ``summary``, ``flops``, callbacks."""

from . import callbacks, progressbar
from .dynamic_flops import flops
from .model import Model
from .model_summary import summary

# Paddle exports these at the top level (paddle.Model, ...), not through paddle.hapi.__all__.
__all__ = []
