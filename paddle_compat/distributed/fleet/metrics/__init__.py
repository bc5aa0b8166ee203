"""``paddle.distributed.fleet.metrics``: global metrics from per-worker statistics, reduced over the workers."""

from .metric import acc, auc, mae, max, min, mse, rmse, sum  # noqa: F401, A004

__all__ = []
