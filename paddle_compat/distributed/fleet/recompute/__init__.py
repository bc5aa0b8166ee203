from .recompute import recompute, recompute_sequential

__all__ = []
