"""``paddle.incubate.optimizer``: LookAhead, ModelAverage, LBFGS, LarsMomentumOptimizer; the static-graph meta
optimizers refuse dygraph as Paddle does (``static_only.py``)."""

from ..._stubs import define_stubs
from . import (  # noqa: F401 - Paddle's submodules
    distributed_fused_lamb, functional, gradient_merge, lars_momentum, lbfgs, lookahead, modelaverage, pipeline,
    recompute,
)
from .lbfgs import LBFGS
from .lookahead import LookAhead
from .lars_momentum import LarsMomentumOptimizer
from .modelaverage import ModelAverage
from .static_only import DistributedFusedLamb, GradientMergeOptimizer, PipelineOptimizer, RecomputeOptimizer

__all__ = define_stubs(globals(), "paddle.incubate.optimizer", [
    "LookAhead", "ModelAverage", "LBFGS", "DistributedFusedLamb", "GradientMergeOptimizer",
    "LarsMomentumOptimizer", "PipelineOptimizer", "RecomputeOptimizer",
], "")
