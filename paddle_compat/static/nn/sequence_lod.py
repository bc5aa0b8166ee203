"""``paddle.static.nn.sequence_*``: Paddle's LoD (level-of-detail) sequence operators.

These take a LoDTensor -- a batch of variable-length sequences packed along dim 0, with the sequence offsets in
the tensor's LoD -- and read those offsets inside the kernel. paddle-compat's static variables carry no LoD
(``static.data(lod_level=1)`` is accepted but feeds are plain dense tensors), so there is no faithful mapping:
on a padded tensor the same call would silently compute something else (e.g. ``sequence_pool`` would pool over
the padding). They raise NotImplementedError in static mode (and Paddle's AssertionError in dygraph mode, as in
Paddle) and are counted as missing. Dense replacement: padded tensors with their lengths and
``paddle.nn.functional.sequence_mask`` for masked reductions.
"""

__all__ = []

_WHY = ("needs LoD (a LoDTensor's per-sequence offsets), which paddle-compat's static variables do not carry; "
        "use padded tensors with lengths and paddle.nn.functional.sequence_mask instead")


def _unsupported(api):
    from ...framework import in_dynamic_mode

    if in_dynamic_mode():
        raise AssertionError("sequence layer is not supported in dygraph mode yet.")
    raise NotImplementedError(f"paddle.static.nn.{api} {_WHY}")


def sequence_conv(input, num_filters, filter_size=3, filter_stride=1, padding=True,  # noqa: A002
                  padding_start=None, bias_attr=None, param_attr=None, act=None, name=None):
    _unsupported("sequence_conv")


def sequence_softmax(input, use_cudnn=False, name=None):  # noqa: A002
    _unsupported("sequence_softmax")


def sequence_pool(input, pool_type, is_test=False, pad_value=0.0):  # noqa: A002
    _unsupported("sequence_pool")


def sequence_concat(input, name=None):  # noqa: A002
    _unsupported("sequence_concat")


def sequence_first_step(input):  # noqa: A002
    _unsupported("sequence_first_step")


def sequence_last_step(input):  # noqa: A002
    _unsupported("sequence_last_step")


def sequence_slice(input, offset, length, name=None):  # noqa: A002
    _unsupported("sequence_slice")


def sequence_expand(x, y, ref_level=-1, name=None):
    _unsupported("sequence_expand")


def sequence_expand_as(x, y, name=None):
    _unsupported("sequence_expand_as")


def sequence_pad(x, pad_value, maxlen=None, name=None):
    _unsupported("sequence_pad")


def sequence_unpad(x, length, name=None):
    _unsupported("sequence_unpad")


def sequence_reshape(input, new_dim):  # noqa: A002
    _unsupported("sequence_reshape")


def sequence_scatter(input, index, updates, name=None):  # noqa: A002
    _unsupported("sequence_scatter")


def sequence_enumerate(input, win_size, pad_value=0, name=None):  # noqa: A002
    _unsupported("sequence_enumerate")


def sequence_reverse(x, name=None):
    _unsupported("sequence_reverse")


for _f in (sequence_conv, sequence_softmax, sequence_pool, sequence_concat, sequence_first_step, sequence_last_step,
           sequence_slice, sequence_expand, sequence_expand_as, sequence_pad, sequence_unpad, sequence_reshape,
           sequence_scatter, sequence_enumerate, sequence_reverse):
    _f.__module__ = "paddle.static.nn.sequence_lod"
    _f.__paddle_compat_stub__ = True  # counted as missing: no LoD
del _f
