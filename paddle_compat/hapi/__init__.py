"""High-level API: ``paddle.Model``, ``summary``, ``flops``, callbacks."""

__all__ = []
