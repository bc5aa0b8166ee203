"""``paddle.geometric.sampling``."""

from . import neighbors  # noqa: F401 - Paddle's submodule
from .neighbors import sample_neighbors, weighted_sample_neighbors

__all__ = ["sample_neighbors", "weighted_sample_neighbors"]
