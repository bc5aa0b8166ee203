"""Helpers of Paddle's message passing module (kept for its import paths)."""

__all__ = []
