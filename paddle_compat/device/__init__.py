"""``paddle.device``: device selection and queries, on torch's device model."""

from .._core.place import get_device, set_device

__all__ = ["get_device", "set_device"]
