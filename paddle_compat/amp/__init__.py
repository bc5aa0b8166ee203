"""``paddle.amp``: Paddle 2.6.2's dygraph mixed precision (``auto_cast``, ``GradScaler``, ``decorate``).

On a CPU place Paddle warns and runs in float32; so do we unless ``PADDLE_COMPAT_CPU_AMP`` opts in (docs/amp.md).
"""

from . import accuracy_compare, amp_lists, debugging, grad_scaler  # noqa: F401
from .amp_lists import black_list, white_list  # noqa: F401
from .auto_cast import amp_decorate, amp_guard, auto_cast, decorate  # noqa: F401
from .grad_scaler import AmpScaler, GradScaler, OptimizerState  # noqa: F401

__all__ = ["auto_cast", "GradScaler", "decorate", "is_float16_supported", "is_bfloat16_supported"]


def _device_type(device):
    from .._core import place

    if device is None:
        return "cpu" if place.get_device() == "cpu" else "gpu"
    return place.parse_device(device).type


def is_float16_supported(device=None):
    import torch

    if _device_type(device) == "cpu":
        return False
    return torch.cuda.is_available()


def is_bfloat16_supported(device=None):
    import torch

    if _device_type(device) == "cpu":
        return True  # Paddle 2.6.2 answers True on CPU (oneDNN bfloat16 kernels)
    return torch.cuda.is_available() and torch.cuda.is_bf16_supported()


