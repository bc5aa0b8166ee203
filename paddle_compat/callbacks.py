"""``paddle.callbacks``."""

from .hapi.callbacks import (
    Callback,
    EarlyStopping,
    LRScheduler,
    ModelCheckpoint,
    ProgBarLogger,
    ReduceLROnPlateau,
    VisualDL,
    WandbCallback,
)

__all__ = [
    "Callback",
    "ProgBarLogger",
    "ModelCheckpoint",
    "VisualDL",
    "LRScheduler",
    "EarlyStopping",
    "ReduceLROnPlateau",
    "WandbCallback",
]
