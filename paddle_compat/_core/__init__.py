"""The bridge between Paddle's Python objects and torch. Nothing outside ``_core`` touches the
wrapped ``torch.Tensor`` except through ``x._t`` / :func:`wrap` / :func:`unwrap` / :func:`to_torch`."""

from . import dtypes
from .dtypes import (
    convert_dtype_to_paddle,
    default_float,
    dtype,
    dtype_name,
    get_default_dtype,
    set_default_dtype,
    to_torch_dtype,
)
from .place import (
    CPUPlace,
    CUDAPinnedPlace,
    CUDAPlace,
    Place,
    current_device,
    get_device,
    parse_device,
    place_of,
    set_device,
)
from .tensor import (
    Parameter,
    Tensor,
    data_to_torch,
    to_tensor,
    to_torch,
    unwrap,
    wrap,
    wrap_list,
    wrap_tuple,
)
