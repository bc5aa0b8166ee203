"""``paddle.framework.framework``: the default-dtype switches (and ``convert_dtype``) under Paddle's module path."""

from .._core import get_default_dtype, set_default_dtype


def convert_dtype(dtype):
    from ..base.data_feeder import convert_dtype as convert

    return convert(dtype)


__all__ = []
_ = (get_default_dtype, set_default_dtype)
