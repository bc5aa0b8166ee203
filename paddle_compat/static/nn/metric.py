"""``paddle.static.nn.metric``: ``accuracy``, ``auc``, ``ctr_metric_bundle`` -- the objects ``paddle.static``
exports under the same names (resolved on first access: paddle.static imports this package)."""

__all__ = []


def __getattr__(name):
    if name in ("accuracy", "auc", "ctr_metric_bundle"):
        from ... import static

        return getattr(static, name)
    raise AttributeError(f"module 'paddle.static.nn.metric' has no attribute '{name}'")
