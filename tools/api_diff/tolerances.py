"""Comparison tolerances of the golden replay, in ONE place.

``allclose(ours, golden)`` passes when ``|ours - golden| <= atol + rtol * |golden|`` elementwise (NaNs must
match positions). Integers and bools compare exactly. Gradients get GRAD_FACTOR times looser bounds
(they accumulate more rounding). A single case can be loosened from a mappings file ``[tolerance]`` table.
"""

# dtype name -> (rtol, atol)
VALUE = {
    "float16": (1e-3, 1e-3),
    "bfloat16": (1e-2, 1e-2),
    "float32": (1e-5, 1e-6),
    "float64": (1e-10, 1e-12),
    "complex64": (1e-5, 1e-6),
    "complex128": (1e-10, 1e-12),
    # Python floats returned by the API (e.g. Tensor.item() of a float32 tensor): float32-level precision
    "pyfloat": (1e-6, 1e-7),
}
EXACT = ("bool", "int8", "int16", "int32", "int64", "uint8")
GRAD_FACTOR = 10.0

# check="stats": |mean - golden mean| <= STATS_MEAN_SIGMAS * std / sqrt(n) + STATS_ATOL and
#                |std - golden std|   <= STATS_STD_RTOL * golden std + STATS_ATOL
STATS_MEAN_SIGMAS = 6.0
STATS_STD_RTOL = 0.1
STATS_ATOL = 1e-3


def for_dtype(name, grad=False, override=None):
    """(rtol, atol) for a dtype name; None for exact comparison."""
    if override:
        return float(override.get("rtol", 0.0)), float(override.get("atol", 0.0))
    if name in EXACT:
        return None
    rtol, atol = VALUE.get(str(name).replace("paddle.", ""), VALUE["float32"])
    if grad:
        rtol, atol = rtol * GRAD_FACTOR, atol * GRAD_FACTOR
    return rtol, atol
