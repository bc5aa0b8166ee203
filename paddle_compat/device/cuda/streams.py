"""``paddle.device.cuda.streams``: where Paddle's CUDA ``Stream`` and ``Event`` classes live."""

from . import Event, Stream  # noqa: F401
