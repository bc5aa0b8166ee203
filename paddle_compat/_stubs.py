"""Placeholders for Paddle names whose implementation belongs to a later milestone.

Each stub exists (so ``import`` and attribute access work), raises NotImplementedError naming the API
and the milestone when used, and carries ``__paddle_compat_stub__ = True`` so the conformance report
counts it as missing, never as present.
"""

__all__ = ["define_stubs", "stub_function", "stub_class"]


def _message(qualname, milestone):
    return f"{qualname} is not implemented in paddle-compat yet ({milestone})."


def stub_function(qualname, milestone):
    def stub(*args, **kwargs):
        raise NotImplementedError(_message(qualname, milestone))

    stub.__name__ = qualname.rsplit(".", 1)[-1]
    stub.__qualname__ = stub.__name__
    stub.__doc__ = _message(qualname, milestone)
    stub.__paddle_compat_stub__ = True
    return stub


def stub_class(qualname, milestone):
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(_message(qualname, milestone))

    name = qualname.rsplit(".", 1)[-1]
    return type(name, (), {"__init__": __init__, "__doc__": _message(qualname, milestone),
                           "__paddle_compat_stub__": True})


def define_stubs(namespace, module_name, names, milestone):
    """Add a stub for each name missing from ``namespace`` (a module's globals); returns the names."""
    for name in names:
        if name in namespace:
            continue
        qualname = f"{module_name}.{name}"
        namespace[name] = stub_class(qualname, milestone) if name[:1].isupper() else stub_function(qualname, milestone)
    return list(names)
