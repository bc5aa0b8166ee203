"""Paddle 2.6.2's CPU kernel rules as data: per op, the torch function, the dtypes Paddle's CPU kernel accepts,
the result-dtype rule, how a mixed-dtype pair is answered, and the error kind.

The table (``_TABLE`` below) is parsed once at import into ``OPS``; ``tensor/math.py`` and ``tensor/logic.py``
build their unary/binary/comparison functions from it, and ``tensor/manipulation.py`` its kernel checks. The
accepted dtypes were read from real Paddle (``.oracle/bin/python -m tools.api_diff.probe_op_table``, stored as
the stamped golden ``tests/goldens/optable_kernels.json``; ``tests/core/test_op_table.py`` checks this table and
our functions against it).

API (for any module that needs Paddle's kernel rules)
----------------------------------------------------
``OPS[name]`` -> ``OpSpec(name, kernel, torch, dtypes, result, mixed, error)``:

* ``kernel``: the kernel name Paddle's message names (``pow`` -> ``elementwise_pow``).
* ``torch``: the name of the torch function (``torch.<name>``) that computes it, or ``None`` where the module
  supplies its own composition.
* ``dtypes``: frozenset of torch dtypes the CPU kernel accepts. Hot path: ``if t.dtype not in spec.dtypes``
  (one set lookup), then ``raise kernel_error(name, t.dtype)`` on the slow path.
* ``result``: ``same`` | ``float`` (integer inputs give the default float dtype) | ``bool`` | ``real`` (complex
  gives its real dtype) | ``float64`` (integer inputs give float64: atan2) | ``sum`` (bool and int32 give int64)
  | ``int64``.
* ``mixed`` (binary ops, two operand dtypes): ``float`` (two floating dtypes, or floating + complex, promote to
  the wider; other pairs ValueError), ``complex`` (only floating + complex promote, to the complex; float64 with
  complex64 is Paddle's NotImplementedError: it cannot cast complex64 to complex128), ``y`` / ``x``
  (no promotion: Paddle selects the kernel by that operand's dtype, so that dtype not accepted is NotFound, and
  otherwise the other operand's dtype is a ValueError), ``none`` (unary ops).
* ``error``: the exception kind when the dtype is not accepted: ``NotFound`` (RuntimeError "kernel ... not
  registered", Paddle's C++ dispatch) or ``TypeError`` (a check Paddle does in Python).

Declaring an op of another module (at import of that module, once)::

    from paddle_compat._core.op_table import declare, kernel_error
    _RELU = declare("relu", "f32 f64 f16 bf16").dtypes       # tokens: b u8 i8 i16 i32 i64 f16 bf16 f32 f64
    ...                                                      # c64 c128, groups F (f32 f64) C (c64 c128)
    if t.dtype not in _RELU:                                 # I (i32 i64) INTS (b u8 i8 i16 i32 i64) ALL,
        raise kernel_error("relu", t.dtype)                  # "-x" removes a dtype: "ALL -b -c64"

``check(name, t)`` does both steps (for code that is not on a hot path). ``result_dtype(name, d)`` applies the
result rule to an accepted dtype; ``promote(name, a, b)`` applies the mixed rule to two dtypes (returns the
common dtype or raises Paddle's error). Paddle's error messages themselves live in ``_core/errors.py``.
"""

from typing import NamedTuple

import torch

from . import errors

_ABBREV = {
    "b": torch.bool, "u8": torch.uint8, "i8": torch.int8, "i16": torch.int16, "i32": torch.int32,
    "i64": torch.int64, "f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32, "f64": torch.float64,
    "c64": torch.complex64, "c128": torch.complex128,
}
_GROUPS = {
    "F": "f32 f64", "C": "c64 c128", "I": "i32 i64", "INTS": "b u8 i8 i16 i32 i64",
    "ALL": "b u8 i8 i16 i32 i64 f16 bf16 f32 f64 c64 c128",
}


def dtypes(spec):
    """A dtype spec string (see the module docstring) -> frozenset of torch dtypes."""
    out = set()
    for tok in spec.split():
        if tok.startswith("-"):
            out -= dtypes(tok[1:])
        elif tok in _GROUPS:
            out |= dtypes(_GROUPS[tok])
        else:
            out.add(_ABBREV[tok])
    return frozenset(out)


class OpSpec(NamedTuple):
    name: str
    kernel: str
    torch: str
    dtypes: frozenset
    result: str
    mixed: str
    error: str


OPS = {}


def declare(name, accepted, *, kernel=None, torch_fn=None, result="same", mixed="none", error="NotFound"):
    """Add (or replace) one op's rules; returns its OpSpec."""
    spec = OpSpec(name, kernel or name, torch_fn, dtypes(accepted), result, mixed, error)
    OPS[name] = spec
    return spec


def kernel_error(name, dtype):
    """The exception Paddle raises when op ``name`` gets a dtype its kernel does not take."""
    spec = OPS.get(name)
    if spec is not None and spec.error == "TypeError":
        allowed = [errors.dtype_name(d) for d in sorted(spec.dtypes, key=str)]
        return TypeError(f"The data type of input must be one of {allowed}, but got {errors.dtype_name(dtype)}")
    return errors.kernel_not_registered(spec.kernel if spec else name, dtype, spec.dtypes if spec else None)


def check(name, t):
    """Raise Paddle's error unless op ``name``'s CPU kernel takes torch tensor ``t``'s dtype."""
    if t.dtype not in OPS[name].dtypes:
        raise kernel_error(name, t.dtype)


_INT_KINDS = dtypes("INTS")


def result_dtype(name, d, default_float=torch.float32):
    rule = OPS[name].result
    if rule == "same":
        return d
    if rule == "bool":
        return torch.bool
    if rule == "real":
        return {torch.complex64: torch.float32, torch.complex128: torch.float64}.get(d, d)
    if rule == "float":
        return default_float if d in _INT_KINDS else d
    if rule == "float64":
        return torch.float64 if d in _INT_KINDS else d
    if rule == "sum":  # bool and int32 accumulate in int64; the other dtypes keep theirs
        return torch.int64 if d in (torch.bool, torch.int32) else d
    if rule == "int64":
        return torch.int64
    raise KeyError(rule)


_FLOATS = dtypes("f16 bf16 f32 f64")
_COMPLEX = dtypes("C")
_COMPLEX_OF = {torch.float64: torch.complex128, torch.complex128: torch.complex128}


def _to_complex(a, b):
    c = a if a in _COMPLEX else b
    r = b if a in _COMPLEX else a
    return torch.complex128 if torch.complex128 in (c, _COMPLEX_OF.get(r)) else torch.complex64


def promote(name, a, b):
    """The dtype both operands of binary op ``name`` are computed in, for operand dtypes ``a`` != ``b``, or
    Paddle's exception for that pair (raised)."""
    spec = OPS[name]
    mixed = spec.mixed
    if mixed in ("float", "complex"):
        fa, fb = a in _FLOATS, b in _FLOATS
        if (fa and b in _COMPLEX) or (fb and a in _COMPLEX):
            common = _to_complex(a, b)
            if common is not (a if a in _COMPLEX else b):  # complex64 with float64: Paddle cannot cast complex64
                raise NotImplementedError("(Unimplemented) Data type (complex64) is not supported when casting data "
                                          "type.")
            return common
        if mixed == "float" and fa and fb:
            return torch.promote_types(a, b) if {a, b} != {torch.float16, torch.bfloat16} else torch.float32
    elif mixed in ("x", "y"):
        key = a if mixed == "x" else b
        if key not in spec.dtypes:
            raise kernel_error(name, key)
    raise errors.dtype_mismatch(a, b)


# name           accepted CPU dtypes                 result  mixed    torch fn (- : the module's own)  kernel
_TABLE = """
abs              I F C                               real    -        abs
acos             F C                                 same    -        acos
acosh            F C                                 same    -        acosh
asin             F C                                 same    -        asin
asinh            F C                                 same    -        asinh
atan             F C                                 same    -        atan
atanh            F C                                 same    -        atanh
ceil             F                                   same    -        ceil
cos              F C                                 same    -        cos
cosh             F C                                 same    -        cosh
erf              f16 F                               same    -        erf
exp              I f16 F C                           float   -        exp
expm1            I f16 F C                           float   -        expm1
floor            F                                   same    -        floor
reciprocal       F                                   same    -        reciprocal
round            F                                   same    -        -
rsqrt            F                                   same    -        rsqrt
sin              F C                                 same    -        sin
sinh             F C                                 same    -        sinh
sqrt             F                                   same    -        sqrt
square           I F                                 same    -        square
tan              F C                                 same    -        tan
tanh             F C                                 same    -        tanh
sigmoid          F C                                 same    -        sigmoid
log              I f16 bf16 F                        float   -        log
log2             I f16 bf16 F                        float   -        log2
log10            I f16 bf16 F                        float   -        log10
log1p            I f16 bf16 F                        float   -        log1p
sign             u8 i8 i16 I F                       same    -        sign
neg              ALL                                 same    -        neg        scale
lgamma           F                                   same    -        lgamma
digamma          F                                   same    -        digamma
erfinv           F                                   same    -        -
i0               F                                   same    -        -
i0e              F                                   same    -        -
i1               F                                   same    -        -
i1e              F                                   same    -        -
isnan            I f16 bf16 F                        bool    -        isnan
isinf            I f16 bf16 F                        bool    -        isinf
isfinite         I f16 bf16 F                        bool    -        isfinite
angle            F C                                 real    -        angle
conj             I F C                               same    -        -
trunc            I F                                 same    -        trunc
logit            F                                   same    -        logit
stanh            F C                                 same    -        -
polygamma        F                                   same    -        polygamma
multigammaln     F                                   same    -        -
add              i16 I F C                           same    float    add
subtract         i16 I bf16 F C                      same    float    sub
multiply         b I bf16 F C                        same    float    mul
divide           b u8 i8 i16 I F C                   same    complex  -
floor_divide     u8 i8 i16 I f16 bf16 F              same    y        -
remainder        I F                                 same    y        -
mod              I F                                 same    y        -          remainder
floor_mod        I F                                 same    y        -          remainder
maximum          I bf16 F                            same    y        -
minimum          I bf16 F                            same    y        -
fmax             I F                                 same    y        fmax
fmin             I F                                 same    y        fmin
heaviside        I F                                 same    y        heaviside
nextafter        F                                   same    x        nextafter
atan2            I f16 F                             float64 y        -
logaddexp        I F                                 float   y        -
pow              I bf16 F                            same    y        pow        elementwise_pow
pow_scalar       I F                                 same    -        pow        pow
lerp             F                                   same    x        -
equal            b u8 i8 i16 I f16 bf16 F            bool    y        eq
not_equal        b u8 i8 i16 I f16 bf16 F            bool    y        ne
greater_equal    b u8 i8 i16 I f16 bf16 F            bool    y        ge
greater_than     b u8 i8 i16 I f16 bf16 F            bool    y        gt
less_equal       b u8 i8 i16 I f16 bf16 F            bool    y        le
less_than        b u8 i8 i16 I f16 bf16 F            bool    y        lt
equal_all        b I F                               bool    y        -
logical_and      b i8 i16 I F C                      bool    x        logical_and
logical_or       b i8 i16 I F C                      bool    x        logical_or
logical_xor      b i8 i16 I F C                      bool    x        logical_xor
logical_not      b i8 i16 I F C                      bool    none     logical_not
bitwise_and      INTS                                same    y        bitwise_and
bitwise_or       INTS                                same    y        bitwise_or
bitwise_xor      INTS                                same    y        bitwise_xor
bitwise_not      INTS                                same    -        bitwise_not
allclose         F                                   bool    x        -
isclose          F C                                 bool    x        -
inner            I F C                               same    complex  -          matmul
outer            I F C                               same    complex  -          matmul
kron             I f16 F C                           same    complex  kron
sum              ALL                                 sum      -        sum
nansum           I F                                 sum      -        -          sum
prod             I F                                 same     -        prod
mean             b I F C                             same     -        mean
logsumexp        F                                   same     -        logsumexp
max              I F                                 same     -        amax
min              I F                                 same     -        amin
amax             I F                                 same     -        amax
amin             I F                                 same     -        amin
all              b I F                               bool     -        all
any              b I F                               bool     -        any
count_nonzero    ALL                                 int64    -        -
nanmean          i64 F                               same     -        -
cumsum           i16 I F                             same     -        cumsum
cumprod          I F C                               same     -        cumprod
logcumsumexp     F                                   same     -        logcumsumexp
cummax           I F                                 same     -        cummax
cummin           I F                                 same     -        cummin
trace            I f16 F C                           same     -        -
clip             I F                                 same     -        clamp
renorm           F                                   same     -        -
diff             b i16 I bf16 F C                    same     -        -          subtract
nan_to_num       F                                   same     -        nan_to_num
frexp            F                                   same     -        frexp
scale            ALL                                 same     -        -
"""

# Ops whose CPU kernel rejects a few dtypes (probed on real Paddle; manipulation/search/creation kernels).
_DENY = {
    "arange": "bf16", "argmax": "b f16 i8 c64 bf16", "argmin": "b f16 i8 c64 bf16",
    "argsort": "b f16 u8 i8 i16 c64 bf16", "bucketize": "b f16 u8 i8 i16 c64", "compare": "c64 c128",
    "crop": "b f16 u8 i8 i16 c64 bf16", "diag": "b u8 i8 i16 c64 bf16", "diag_embed": "b f16 u8 i8 i16 c64 bf16",
    "diagflat": "b u8 i8 i16 c64 bf16", "exponential": "bf16", "eye": "bf16",
    "flip": "f16 u8 i8 i16 bf16", "full_like": "i8", "gather": "b f16 i8 i16 c64", "gather_nd": "f16 bf16",
    "gaussian": "bf16", "index_add": "b u8 i8 i16 c64 bf16", "index_sample": "b f16 u8 i8 i16 bf16",
    "index_select": "b f16 u8 i8 i16", "is_empty": "f16 bf16", "kthvalue": "b f16 u8 i8 i16 c64 bf16",
    "linspace": "bf16", "logical": "f16 u8 bf16", "masked_fill": "b f16 u8 i8 i16 c64 bf16",
    "masked_select": "b f16 u8 i8 i16 c64 bf16", "meshgrid": "b f16 u8 i8 i16 c64",
    "mode": "b f16 u8 i8 i16 c64 bf16", "nonzero": "f16 u8 i8 c64", "put_along_axis": "b f16 i8 i16 c64 bf16",
    "repeat_interleave": "b f16 u8 i8 i16 c64", "roll": "b f16 u8 i8 i16 bf16", "rot90": "f16 u8 i8 i16 bf16",
    "scatter": "b f16 u8 i8 i16 c64 bf16", "scatter_nd_add": "b f16 i8 i16 c64 bf16",
    "searchsorted": "b f16 u8 i8 i16 c64 bf16", "shape": "f16 bf16", "sort": "b f16 u8 i8 i16 c64 bf16",
    "split": "i16 c64", "take_along_axis": "b f16 i8 i16 c64 bf16", "tensordot": "b f16 u8 i8 i16",
    "tile": "f16 u8 i8 i16 bf16", "topk": "b f16 u8 i8 i16 c64 bf16", "tril": "u8 i8 i16 bf16",
    "triu": "u8 i8 i16 bf16", "uniform_": "bf16", "unique": "b f16 u8 i8 i16 c64 bf16",
    "unique_consecutive": "b f16 u8 i8 i16 c64", "unstack": "b f16 u8 i8 i16 bf16",
    "where": "b f16 u8 i8 i16 c64 bf16",
}


_RESULTS = ("same", "float", "bool", "real", "float64", "sum", "int64")


def _load():
    for line in _TABLE.strip().splitlines():
        cols = line.split()
        # name, dtype tokens..., result, mixed, torch fn[, kernel]: no dtype token is a result word
        name = cols[0]
        i = next(k for k in range(1, len(cols)) if cols[k] in _RESULTS)
        toks, (result, mixed, fn), kernel = cols[1:i], cols[i:i + 3], (cols[i + 3:] or [None])[0]
        declare(name, " ".join(toks), kernel=kernel, torch_fn=None if fn == "-" else fn, result=result,
                mixed="none" if mixed == "-" else mixed)
    for name, deny in _DENY.items():
        if name not in OPS:
            declare(name, "ALL " + " ".join("-" + d for d in deny.split()))


_load()
OPS["frac"] = OPS["trunc"]._replace(name="frac", kernel="frac", torch=None, error="TypeError")
OPS["frexp"] = OPS["frexp"]._replace(error="TypeError")
