"""Small helpers shared by paddle-compat's static engine, op tables and public classes: the registration decorator
of the op-kernel tables (``jit.program_ops.OPS``, ``static.nn._kernels.KERNELS``) and of the ATen handlers of
``jit.pdmodel_export``, what those kernels share (input slots, channels-last layouts, conv paddings), getter
methods made from a table, and ``clone_function`` for a public name that must stay a separate function object (its
own ``__name__``/``__qualname__``/``__module__``) while running the same code."""

import types


def registrar(table):
    """A decorator factory: ``@register("a", "b")`` enters the decorated function in ``table`` under each name."""

    def register(*names):
        def enter(fn):
            for name in names:
                table[name] = fn
            return fn

        return enter

    return register


def first_input(inputs, slot):
    """The first tensor of an input slot (``inputs`` maps a slot name to a list), or None when it is empty."""
    values = inputs.get(slot)
    return values[0] if values else None


# data layouts with the channels last (Paddle's data_format / data_layout attrs)
CHANNELS_LAST_LAYOUTS = frozenset({"NHWC", "NDHWC", "NLC", "NWC"})


def channels_first(x, layout):
    """``x`` with its channels moved to dim 1 when ``layout`` puts them last (torch's convention)."""
    return x.movedim(-1, 1) if layout in CHANNELS_LAST_LAYOUTS else x


def channels_back(y, layout):
    """The inverse of ``channels_first``."""
    return y.movedim(1, -1) if layout in CHANNELS_LAST_LAYOUTS else y


def conv_padding_pairs(x, kernel_sizes, attrs, spatial):
    """Paddle's (begin, end) padding of each spatial dim of a conv-type op from its ``paddings`` and
    ``padding_algorithm`` attrs; ``x`` is channels-first. SAME is computed from the input size (for transposed
    convolutions too, as Paddle does)."""
    paddings = list(attrs.get("paddings", [0] * spatial))
    algorithm = attrs.get("padding_algorithm", "EXPLICIT")
    strides = list(attrs.get("strides", [1] * spatial))
    dilations = list(attrs.get("dilations", [1] * spatial))
    if algorithm == "VALID":
        return [(0, 0)] * spatial
    if algorithm == "SAME":
        pairs = []
        for i in range(spatial):
            size = x.shape[2 + i]
            out = (size + strides[i] - 1) // strides[i]
            need = max((out - 1) * strides[i] + (kernel_sizes[i] - 1) * dilations[i] + 1 - size, 0)
            pairs.append((need // 2, need - need // 2))
        return pairs
    if len(paddings) == spatial:
        return [(p, p) for p in paddings]
    return [(paddings[2 * i], paddings[2 * i + 1]) for i in range(spatial)]


def attribute_getter(attr):
    """A method ``(self)`` answering ``self.<attr>``; ``name_methods`` names it after its class attribute."""

    def get(self):
        return getattr(self, attr)

    return get


def name_methods(cls):
    """Give the methods of ``cls`` made by factories (their qualname has ``<locals>``) the name, qualname and
    module that a ``def`` in the class body would have."""
    for name, value in list(vars(cls).items()):
        if isinstance(value, types.FunctionType) and "<locals>" in value.__qualname__:
            value.__name__, value.__qualname__ = name, f"{cls.__qualname__}.{name}"
            value.__module__ = cls.__module__
    return cls


def clone_function(fn, name=None, qualname=None, defaults=None):
    """A new function object running ``fn``'s code with the same globals and signature, under another
    name/qualname (tracebacks name it too); ``defaults`` ({parameter: value}) replaces some positional defaults.
    ``fn`` must not use zero-argument ``super()`` (its class cell would still be ``fn``'s class)."""
    if "__class__" in fn.__code__.co_freevars:
        raise TypeError(f"clone_function: {fn.__qualname__} uses super(); write the override instead")
    name = name or fn.__name__
    qualname = qualname or name
    code = fn.__code__.replace(co_name=name, co_qualname=qualname)
    positional_defaults = fn.__defaults__
    if defaults:
        with_defaults = code.co_varnames[code.co_argcount - len(positional_defaults):code.co_argcount]
        unknown = set(defaults) - set(with_defaults)
        if unknown:
            raise TypeError(f"clone_function: {fn.__qualname__} has no positional default for {sorted(unknown)}")
        positional_defaults = tuple(defaults.get(p, d) for p, d in zip(with_defaults, positional_defaults))
    clone = types.FunctionType(code, fn.__globals__, name, positional_defaults, fn.__closure__)
    clone.__kwdefaults__ = dict(fn.__kwdefaults__) if fn.__kwdefaults__ else None
    clone.__qualname__ = qualname
    clone.__module__ = fn.__module__
    clone.__doc__ = fn.__doc__
    clone.__annotations__ = dict(fn.__annotations__)
    clone.__dict__.update(fn.__dict__)
    return clone
