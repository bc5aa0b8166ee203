"""``paddle.framework``: save/load, seeds and RNG state, grad mode, flags, dtype info, mode switches.

``__all__`` is star-exported into the top-level ``paddle`` namespace.
"""

from .._core import CPUPlace, CUDAPinnedPlace, CUDAPlace, Parameter, dtype, get_default_dtype, set_default_dtype
from . import dygraph, io, misc, random
from .dygraph import enable_grad, grad, is_grad_enabled, no_grad, set_grad_enabled
from .io import load, save
from .misc import *  # noqa: F403
from .misc import __all__ as _misc_all
from .random import get_cuda_rng_state, get_rng_state, seed, set_cuda_rng_state, set_rng_state

__all__ = [
    "save", "load", "seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state", "set_cuda_rng_state",
    "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "grad",
    "CPUPlace", "CUDAPlace", "CUDAPinnedPlace", "dtype", "get_default_dtype", "set_default_dtype",
] + list(_misc_all)
