"""Zero-copy interop between ``paddle_compat`` Tensors and ``torch.Tensor``.

``to_torch(x)`` returns the very ``torch.Tensor`` a Paddle Tensor wraps, and ``from_torch(t)`` wraps a
``torch.Tensor`` as a Paddle Tensor; neither copies, so a write through one is seen through the other, and
the autograd graph is the same one (a ``torch.Tensor`` with ``requires_grad=True`` gives a Tensor with
``stop_gradient=False``). For the DLPack route (numpy, other frameworks) see ``paddle.utils.dlpack``.

    >>> import paddle, paddle_compat.interop as interop
    >>> x = paddle.ones([2])
    >>> t = interop.to_torch(x)
    >>> t[0] = 5.0                       # x is now [5., 1.]
    >>> y = interop.from_torch(t * 2)    # a Paddle Tensor over torch's result
"""

import torch

from ._core.tensor import Tensor, wrap

__all__ = ["to_torch", "from_torch"]


def to_torch(x):
    """The ``torch.Tensor`` underlying the Paddle Tensor ``x`` (same storage, same autograd node)."""
    if not isinstance(x, Tensor):
        raise TypeError(f"The type of 'x' in to_torch must be paddle.Tensor, but received {type(x)}.")
    return x._t


def from_torch(t):
    """A Paddle Tensor over the ``torch.Tensor`` ``t`` (same storage, same autograd node)."""
    if not isinstance(t, torch.Tensor):
        raise TypeError(f"The type of 't' in from_torch must be torch.Tensor, but received {type(t)}.")
    return wrap(t)
