"""``paddle.amp`` (milestone: torch.autocast). ``auto_cast(enable=False)`` is already exact."""

import contextlib

from .._stubs import define_stubs

_MILESTONE = "AMP on torch.autocast is a later milestone"


def auto_cast(
    enable=True, custom_white_list=None, custom_black_list=None, level="O1", dtype="float16", use_promote=True
):
    if not enable:
        return contextlib.nullcontext()
    raise NotImplementedError(
        f"paddle.amp.auto_cast(enable=True) is not implemented in paddle-compat yet ({_MILESTONE})."
    )


auto_cast.__paddle_compat_stub__ = True


def is_float16_supported(device=None):
    import torch

    return torch.cuda.is_available()


def is_bfloat16_supported(device=None):
    import torch

    return torch.cuda.is_available() and torch.cuda.is_bf16_supported()


__all__ = ["auto_cast", "is_float16_supported", "is_bfloat16_supported"]
__all__ += define_stubs(globals(), "paddle.amp", ["GradScaler", "decorate"], _MILESTONE)
