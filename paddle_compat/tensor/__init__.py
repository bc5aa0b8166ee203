"""``paddle.tensor``: the functional tensor API, one module per Paddle source file.

Each module's ``__all__`` lists what ``paddle.*`` exports from it. Functions named in
``TENSOR_METHODS`` (Paddle's own ``tensor_method_func`` list) also become ``paddle.Tensor`` methods.
"""

from .._core import Tensor
from . import attribute, creation, einsum, linalg, logic, manipulation, math, random, search, sparse_members, stat
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

# Also in paddle.tensor (though not in paddle.*) in Paddle 2.6:
create_tensor, fill_constant = creation.create_tensor, creation.fill_constant
flatten_, put_along_axis_ = manipulation.flatten_, manipulation.put_along_axis_
exponential_, uniform_ = random.exponential_, random.uniform_
top_p_sampling = search.top_p_sampling

# paddle.tensor.<name> spellings of APIs exported elsewhere (Paddle 2.6 has them here as the same objects).
from . import array, ops, to_string  # noqa: E402
from .._core.printing import set_printoptions  # noqa: E402
from .._core.tensor import to_tensor  # noqa: E402
from ..nn.param_attr import create_parameter  # noqa: E402
from ..signal import istft, stft  # noqa: E402
from .array import array_length, array_read, array_write, create_array  # noqa: E402
from .linalg import (  # noqa: E402
    cholesky_solve, cond, corrcoef, cov, eig, eigh, eigvals, householder_product, lstsq, lu, lu_unpack,
    matrix_power, multi_dot, pca_lowrank, pinv, qr, solve, svd,
)
from .math import (  # noqa: E402
    add_, ceil_, clip_, erfinv_, exp_, floor_, lerp_, reciprocal_, round_, rsqrt_, scale_, sigmoid, sigmoid_,
    sqrt_, subtract_,
)


def _import_spellings():
    """Public APIs Paddle's tensor submodules import from their sibling modules, so that user code reaches
    them there too (``from paddle.tensor.math import cast``); the same objects as paddle.<name>."""
    from ..nn.param_attr import create_parameter as _create_parameter

    for module, names in (
        (math, {"cast": manipulation.cast, "cast_": manipulation.cast_}),
        (creation, {"create_parameter": _create_parameter}),
        (manipulation, {"fill_constant": creation.fill_constant, "zeros": creation.zeros}),
        (linalg, {"cast": manipulation.cast, "full": creation.full}),
        (logic, {"broadcast_shape": math.broadcast_shape, "full": creation.full}),
        (stat, {"where": search.where}),
        (attribute, {"assign": creation.assign}),
    ):
        for name, value in names.items():
            if not hasattr(module, name):
                setattr(module, name, value)


_import_spellings()

_MODULES = (attribute, creation, einsum, linalg, logic, manipulation, math, random, search, stat)


def _attach_methods():
    """Bind each module's ``TENSOR_METHODS`` onto Tensor, never replacing a method _core defines."""
    for module in _MODULES:
        for name in getattr(module, "TENSOR_METHODS", ()):
            if name not in Tensor.__dict__:
                setattr(Tensor, name, getattr(module, name))


_attach_methods()


def _attach_members():
    """Sparse / selected-rows / auto-parallel / static-graph members (``sparse_members.TENSOR_MEMBERS``)."""
    for name, member in sparse_members.TENSOR_MEMBERS.items():
        if name not in Tensor.__dict__:
            setattr(Tensor, name, member)


_attach_members()

# ``from .tensor import *`` (in paddle/__init__) must export only the modules' public names; without this
# the submodule ``linalg`` shadowed ``paddle.linalg`` (and paddle.math / paddle.random... appeared).
# (``einsum`` in _MODULES is the function by now, hence the lookup by module name.)
__all__ = [n for m in _MODULES for n in __import__(getattr(m, "__module__", None) if callable(m) else m.__name__,
                                                  fromlist=["__all__"]).__all__]
