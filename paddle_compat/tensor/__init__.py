"""``paddle.tensor``: the functional tensor API, one module per Paddle source file.

Each module's ``__all__`` lists what ``paddle.*`` exports from it. Functions named in
``TENSOR_METHODS`` (Paddle's own ``tensor_method_func`` list) also become ``paddle.Tensor`` methods.
"""

from .._core import Tensor
from . import attribute, creation, einsum, linalg, logic, manipulation, math, random, search, stat
from .attribute import *
from .creation import *
from .einsum import *
from .linalg import *
from .logic import *
from .manipulation import *
from .math import *
from .random import *
from .search import *
from .stat import *

_MODULES = (attribute, creation, einsum, linalg, logic, manipulation, math, random, search, stat)


def _attach_methods():
    """Bind each module's ``TENSOR_METHODS`` onto Tensor, never replacing a method _core defines."""
    for module in _MODULES:
        for name in getattr(module, "TENSOR_METHODS", ()):
            if name not in Tensor.__dict__:
                setattr(Tensor, name, getattr(module, name))


_attach_methods()
