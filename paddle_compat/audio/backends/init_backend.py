"""Backend selection. ``wave_backend`` is always there; other backends ('soundfile', ...) come from the
optional ``paddleaudio`` package (>= 1.0.2) when it is installed, as in Paddle 2.6.2."""

import sys
import warnings

from . import backend, wave_backend

__all__ = []

_FUNCTIONS = ("save", "load", "info")


def _check_version(version):
    major, minor, patch = (int(v) for v in version.split('.')[:3])
    return major >= 1 and not (major == 1 and minor == 0 and patch <= 1)


def list_available_backends():
    """Names of the usable backends: paddleaudio's (when installed), then ``'wave_backend'``."""
    backends = []
    try:
        import paddleaudio  # noqa: F401
    except ImportError:
        warnings.warn(
            "Failed importing paddleaudio. \n"
            "only wave_banckend(only can deal with PCM16 WAV) supportted.\n"
            "if want soundfile_backend(more audio type suppported),\n"
            "please manually installed (usually with `pip install paddleaudio >= 1.0.2`). ",
            stacklevel=2,
        )
    if "paddleaudio" in sys.modules:
        paddleaudio = sys.modules["paddleaudio"]
        version = paddleaudio.__version__
        if not _check_version(version):
            raise ImportError(
                f"the version of paddleaudio installed is {version},\nplease ensure the paddleaudio >= 1.0.2."
            )
        backends = paddleaudio.backends.list_audio_backends()
    backends.append("wave_backend")
    return backends


def get_current_backend():
    """Name of the backend that ``paddle.audio.load`` uses now."""
    if "paddleaudio" in sys.modules:
        paddleaudio = sys.modules["paddleaudio"]
        current = paddleaudio.backends.get_audio_backend()
        from ... import audio

        if audio.load == paddleaudio.load:
            return current
    return "wave_backend"


def set_backend(backend_name):
    """Make ``paddle.audio.load/save/info`` use ``backend_name`` (one of ``list_available_backends()``)."""
    if backend_name not in list_available_backends():
        raise NotImplementedError()
    if backend_name == "wave_backend":
        module = wave_backend
    else:
        import paddleaudio

        paddleaudio.backends.set_audio_backend(backend_name)
        module = paddleaudio
    from ... import audio

    for name in _FUNCTIONS:
        setattr(backend, name, getattr(module, name))
        setattr(audio, name, getattr(module, name))


def _init_set_audio_backend():
    for name in _FUNCTIONS:
        setattr(backend, name, getattr(wave_backend, name))
