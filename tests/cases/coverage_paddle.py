"""Goldens for top-level paddle.* names that had no case yet (real Paddle 2.6.2, CPU build).

Not covered here (see the final notes of the coverage work): the dtype constants (paddle.float32, ...) are
not callable objects, so a case can only call them; paddle.ParamAttr returns an object whose only printable
form is Python's default ``<... object at 0x...>`` repr.
"""

from tools.api_diff.casefmt import A, T, case

P = "paddle."
CASES = []
add = CASES.append

# ---- places
add(case(P + "CPUPlace"))
add(case(P + "CPUPlace", 0, raises="TypeError"))
add(case(P + "CUDAPinnedPlace"))  # a CPU-only build refuses it
add(case(P + "CUDAPinnedPlace", 0, raises="TypeError"))

# ---- paddle.Tensor constructor (from a numpy array)
add(case(P + "Tensor", A("float32", (2, 3))))
add(case(P + "Tensor", A("int64", (4,))))
add(case(P + "Tensor", A("float64", (2, 1, 2))))
add(case(P + "Tensor", [1, 2], raises="ValueError"))

# ---- paddle.dtype: the VarType enum, constructed from its integer code
for code in (5, 6, 3, 0, 22, 24):
    add(case(P + "dtype", code))
add(case(P + "dtype", "float32", raises="TypeError"))

# ---- check_shape: a no-op in dynamic mode (Paddle skips static checks in dygraph)
add(case(P + "check_shape", [2, 3], "reshape"))
add(case(P + "check_shape", (2, 3.0), "reshape"))
add(case(P + "check_shape", 5, "fill_constant"))

# ---- create_parameter: bias parameters are zero-initialised; the default initializer is random
add(case(P + "create_parameter", [2, 3], "float32", is_bias=True))
add(case(P + "create_parameter", [4], "float64", is_bias=True))
add(case(P + "create_parameter", [64, 128], "float32", check="stats"))
add(case(P + "create_parameter", [32, 64], "float64", check="stats"))
add(case(P + "create_parameter", [2, 3], "int32", raises="TypeError"))

# ---- misc framework functions
add(case(P + "disable_signal_handler"))
add(case(P + "disable_signal_handler", 1, raises="TypeError"))
add(case(P + "get_default_dtype"))
add(case(P + "in_dynamic_mode"))
add(case(P + "in_dynamic_mode", 1, raises="TypeError"))
add(case(P + "is_grad_enabled"))
add(case(P + "get_flags", "FLAGS_check_nan_inf"))
add(case(P + "get_flags", ["FLAGS_check_nan_inf", "FLAGS_use_mkldnn"]))
add(case(P + "get_flags", ("FLAGS_check_nan_inf",)))
add(case(P + "get_flags", "FLAGS_no_such_flag", raises="ValueError"))
add(case(P + "get_flags", 1, raises="TypeError"))

# the replay restores the default dtype after every case
for d in ("float64", "float16", "float32", "bfloat16"):
    add(case(P + "set_default_dtype", d))
add(case(P + "set_default_dtype", "int32", raises="TypeError"))

# only Paddle's default values: the print options are global and must not leak into other cases
add(case(P + "set_printoptions"))
add(case(P + "set_printoptions", precision=8, threshold=1000))
add(case(P + "set_printoptions", edgeitems=3, linewidth=80, sci_mode=False))

# ---- finfo / iinfo (compared through their str())
for d in ("float32", "float64", "float16", "complex64", "complex128"):
    add(case(P + "finfo", d))
add(case(P + "finfo", "int32", raises="ValueError"))
for d in ("int32", "int64", "int8", "int16", "uint8"):
    add(case(P + "iinfo", d))
add(case(P + "iinfo", "float32", raises="ValueError"))

# ---- in-place special functions
add(case(P + "multigammaln_", T("float32", (2, 3), low=1.5, high=4.0), 2))
add(case(P + "multigammaln_", T("float64", (5,), low=2.0, high=6.0), 3))
add(case(P + "multigammaln_", T("float32", (3,), low=0.1, high=0.4), 2))  # below (p-1)/2: Paddle gives nan
add(case(P + "polygamma_", T("float32", (2, 3), low=0.5, high=3.0), 1))
add(case(P + "polygamma_", T("float64", (4,), low=0.5, high=3.0), 2))
add(case(P + "polygamma_", T("float64", (2, 2), low=0.5, high=3.0), 0))
add(case(P + "polygamma_", T("float32", (3,), low=0.5, high=3.0), -1, raises="ValueError"))
