"""``paddle.incubate.optimizer``: LookAhead, ModelAverage, LBFGS; the distributed / static-graph optimizers
are placeholders."""

from ..._stubs import define_stubs
from . import lbfgs, lookahead, modelaverage  # noqa: F401 - Paddle's submodules
from .lbfgs import LBFGS
from .lookahead import LookAhead
from .modelaverage import ModelAverage

__all__ = define_stubs(globals(), "paddle.incubate.optimizer", [
    "LookAhead", "ModelAverage", "LBFGS", "DistributedFusedLamb", "GradientMergeOptimizer",
    "LarsMomentumOptimizer", "PipelineOptimizer", "RecomputeOptimizer",
], "static-graph / distributed optimizers of paddle.incubate are a later milestone")
