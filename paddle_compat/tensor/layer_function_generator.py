"""``paddle.tensor.layer_function_generator``: Paddle's generators of operator-calling functions. The activation
and in-place generators produce working functions on our ``_C_ops``; the parts that read Paddle's C++ operator
protos (their comments and argument lists: ``generate_layer_fn``, ``_generate_doc_string_``) are not available,
because paddle-compat has no operator proto registry."""

import re

__all__ = []

_two_dollar_pattern_ = re.compile(r"\$\$([^\$]+)\$\$")
_single_dollar_pattern_ = re.compile(r"\$([^\$]+)\$")
_two_bang_pattern_ = re.compile(r"!!([^!]+)!!")
_NO_PROTOS = ("paddle.tensor.layer_function_generator.{} reads Paddle's C++ operator protos (OpProtoHolder), which "
              "paddle-compat does not have")


def _convert_(name):
    """``CamelCase`` / ``mixedCase`` -> ``snake_case``."""
    first = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z0-9])([A-Z])", r"\1_\2", first).lower()


def _type_to_str_(tp):
    from .._proto.framework import AttrType

    return AttrType(tp).name


def escape_math(text):
    """``$$formula$$`` -> reST ``:math:`formula```."""
    return _two_dollar_pattern_.sub(r":math:`\1`", text)


def _generate_doc_string_(op_proto, additional_args_lines=None, skip_attrs_set=None):
    raise NotImplementedError(_NO_PROTOS.format("_generate_doc_string_"))


def generate_layer_fn(op_type):
    raise NotImplementedError(_NO_PROTOS.format("generate_layer_fn"))


_ANY_NUMBER = ["int32", "int64", "float16", "float32", "float64", "complex64", "complex128", "uint16"]


def _op_function(op_type):
    import paddle_compat

    from .. import _C_ops, _legacy_C_ops

    # our _C_ops covers the functional ops; the in-place ones are the public paddle / Tensor <op>_ functions
    for namespace in (_C_ops, _legacy_C_ops, paddle_compat, paddle_compat.Tensor):
        try:
            return getattr(namespace, op_type)
        except AttributeError:
            continue
    raise AttributeError(f"module 'paddle._C_ops' has no attribute '{op_type}'")


def generate_activation_fn(op_type):
    """``func(x, name=None)`` applying the element-wise operator ``op_type``."""

    def func(x, name=None):
        from ..base.data_feeder import check_variable_and_dtype
        from ..framework.misc import in_dynamic_mode

        if not in_dynamic_mode():
            allowed = _ANY_NUMBER if op_type in ("abs", "exp", "square") else ["float16", "float32", "float64"]
            check_variable_and_dtype(x, "x", allowed, op_type)
        return _op_function(op_type)(x)

    func.__name__ = op_type
    func.__module__ = __name__.replace("paddle_compat", "paddle", 1)
    func.__doc__ = f"Applies the ``{op_type}`` operator element-wise to ``x``."
    return func


def generate_inplace_fn(inplace_op_type):
    """``func(x, name=None)`` applying the in-place operator ``inplace_op_type`` (dygraph only)."""
    origin_op_type = inplace_op_type[:-1]

    def func(x, name=None):
        from ..framework.misc import in_dynamic_mode

        if in_dynamic_mode():
            return _op_function(inplace_op_type)(x)
        return None

    func.__name__ = inplace_op_type
    func.__module__ = __name__.replace("paddle_compat", "paddle", 1)
    func.__doc__ = f"""
Inplace version of ``{origin_op_type}`` API, the output Tensor will be inplaced with input ``x``.
Please refer to :ref:`api_paddle_{origin_op_type}`.
"""
    return func


def templatedoc(op_type=None):
    """Paddle fills ``func.__doc__``'s ``${...}`` placeholders from the operator proto's comments; without
    protos the docstring is left as written."""

    def __impl__(func):
        return func

    return __impl__


def add_sample_code(func, sample_code):
    func.__doc__ = func.__doc__ + sample_code
