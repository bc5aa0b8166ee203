"""``paddle.base.incubate.checkpoint``: the auto-checkpoint of the parameter-server trainers; not supported."""

__all__ = []
