"""``paddle.device.xpu``: Baidu Kunlun queries; answered as a build without XPU support does."""

from ...utils import deprecated

__all__ = ["synchronize"]


@deprecated(since="2.5.0", update_to="paddle.device.synchronize", level=1,
            reason="synchronize in paddle.device.xpu will be removed in future")
def synchronize(device=None):
    if device is not None and not isinstance(device, int):
        from .. import _XPUPlace

        if not isinstance(device, _XPUPlace):
            raise ValueError("device type must be int or paddle.XPUPlace")
    raise RuntimeError("(Unavailable) Paddle is not compiled with XPU. Cannot visit device synchronize.")


def device_count():
    return 0
