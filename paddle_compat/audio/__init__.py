"""``paddle.audio``: audio features (STFT/mel/MFCC Layers), their functional helpers and windows, WAV
I/O backends and the ESC-50/TESS data sets, on torch (no torchaudio)."""

from . import backends, datasets, features, functional
from .backends.backend import info, load, save

__all__ = [
    "functional",
    "features",
    "datasets",
    "backends",
    "load",
    "info",
    "save",
]

import paddle_compat as _paddle_compat  # noqa: E402

_paddle_compat._present_classes_as_paddle(__name__)
