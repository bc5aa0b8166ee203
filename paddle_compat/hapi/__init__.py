"""High-level API: ``paddle.Model``, ``summary``, ``flops``, callbacks."""

from . import callbacks, progressbar
from .dynamic_flops import flops
from .model import Model
from .model_summary import summary

__all__ = ["Model", "summary", "flops"]
