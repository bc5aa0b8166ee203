"""``paddle.ParamAttr`` / ``WeightNormParamAttr`` and parameter creation (``paddle.create_parameter``,
``Layer.create_parameter``): Paddle's naming (``<layer>.w_<n>`` / ``.b_<n>``), default initializers
(XavierUniform for weights, Constant(0) for biases, or the global ones) and the duplicate-name check.

Paddle's ``paddle.nn`` exports neither name; the top level imports them from here.
"""

import copy

import numpy as np
import torch

from .._core import Parameter
from .._core.dtypes import convert_dtype_to_paddle
from .._core.place import current_device

__all__ = []

_FLOAT_DEFAULT_OK = ("float16", "float32", "float64", "bfloat16", "int8")


class ParamAttr:
    def __init__(self, name=None, initializer=None, learning_rate=1.0, regularizer=None, trainable=True,
                 do_model_average=True, need_clip=True):
        from ..regularizer import WeightDecayRegularizer
        from .initializer import Initializer

        _check_type(name, "name", (str, type(None)))
        _check_type(learning_rate, "learning_rate", (float, int))
        _check_type(trainable, "trainable", (bool,))
        _check_type(do_model_average, "do_model_average", (bool,))
        _check_type(need_clip, "need_clip", (bool,))
        _check_type(initializer, "initializer", (Initializer, type(None)))
        _check_type(regularizer, "regularizer", (WeightDecayRegularizer, type(None)))
        self.name = name
        if self.name == "":
            raise ValueError("name of ParamAttr can not be empty str")
        self.initializer = initializer
        self.learning_rate = learning_rate
        self.regularizer = regularizer
        self.trainable = trainable
        self.do_model_average = do_model_average
        self.need_clip = need_clip

    def _set_default_initializer(self, initializer):
        if initializer is None:
            if self.initializer is None:
                raise ValueError("ParamAttr.initializer is not set")
            return
        if self.initializer is not None:
            return
        self.initializer = initializer

    def _set_default_param_initializer(self):
        from .initializer import XavierUniform

        self._set_default_initializer(XavierUniform())

    def _set_default_bias_initializer(self):
        from .initializer import Constant

        self._set_default_initializer(Constant(0.0))

    @staticmethod
    def _to_attr(arg):
        from ..regularizer import WeightDecayRegularizer
        from .initializer import Initializer

        if arg is None:
            return ParamAttr()
        if isinstance(arg, (list, tuple)):
            return [ParamAttr._to_attr(a) for a in arg]
        if isinstance(arg, ParamAttr):
            return arg
        if isinstance(arg, str):
            return ParamAttr(name=arg)
        if isinstance(arg, Initializer):
            return ParamAttr(initializer=arg)
        if isinstance(arg, WeightDecayRegularizer):
            return ParamAttr(regularizer=arg)
        if isinstance(arg, bool):
            return ParamAttr._to_attr(None) if arg else False
        raise TypeError(f"{type(arg)} cast to ParamAttr")

    def _to_kwargs(self, with_initializer=False):
        kwargs = {
            "name": self.name,
            "optimize_attr": {"learning_rate": self.learning_rate},
            "regularizer": self.regularizer,
            "trainable": self.trainable,
            "do_model_average": self.do_model_average,
            "need_clip": self.need_clip,
        }
        if with_initializer:
            kwargs["initializer"] = self.initializer
        return kwargs


class WeightNormParamAttr(ParamAttr):
    """Static-graph weight normalisation attribute. In dygraph use ``paddle.nn.utils.weight_norm``;
    creating a parameter with this attribute raises NotImplementedError."""

    params_with_weight_norm = []

    def __init__(self, dim=None, name=None, initializer=None, learning_rate=1.0, regularizer=None,
                 trainable=True, do_model_average=False, need_clip=True):
        super().__init__(name=name, initializer=initializer, learning_rate=learning_rate,
                         regularizer=regularizer, trainable=trainable, do_model_average=do_model_average,
                         need_clip=need_clip)
        self.dim = dim


def _check_type(value, arg, types):
    # Paddle's check_type returns early in dygraph: only a static-mode ParamAttr rejects these (PaddleSeg's
    # UNet3Plus passes the class KaimingNormal as initializer; calling it then just builds an initializer)
    from ..framework.program import _Mode

    if not _Mode.static:
        return
    if not isinstance(value, types):
        names = ", ".join(t.__name__ for t in types)
        raise TypeError(
            f"The type of '{arg}' in ParamAttr must be ({names}), but received {type(value)}. "
        )


def _make_parameter(helper_name, attr, shape, dtype, is_bias=False, default_initializer=None):
    """The body of LayerHelper.create_parameter: returns a Parameter or None (attr False)."""
    from ..utils import unique_name
    from . import initializer as _init

    attr = ParamAttr._to_attr(copy.deepcopy(attr))
    if not attr:
        return None
    shape = shape.tolist() if isinstance(shape, np.ndarray) else list(shape)
    for i, size in enumerate(shape):
        assert size > 0, (  # a str/None dim fails here with Python's TypeError, as in Paddle
            "Expected every dim's size to be larger than 0, "
            f"but the size of the {i}-th dim is {size}"
        )
    for i, size in enumerate(shape):
        if type(size) is not int and not isinstance(size, np.generic) or isinstance(size, np.bool_):
            raise ValueError(
                f"(InvalidArgument) argument (position 2) must be list of int, but got {type(size).__name__} at "
                f"pos {i}"
            )
    shape = [int(s) for s in shape]
    dtype = convert_dtype_to_paddle(dtype if dtype else "float32")
    if is_bias:
        suffix = "b"
        g = _init._global_bias_initializer()
    else:
        suffix = "w"
        g = _init._global_weight_initializer()
    if g is not None:
        default_initializer = g
    if attr.name is None:
        attr.name = unique_name.generate(helper_name + "." + suffix)
    if default_initializer is None and attr.initializer is None:
        if dtype.name not in _FLOAT_DEFAULT_OK:
            raise TypeError(
                "Can not create parameter with default initializer when dtype is not ['float16', 'float32', "
                "'float64', 'bfloat16', 'float'] type. Set default_initializer to fit the parameter dtype!"
            )
        if is_bias:
            attr._set_default_bias_initializer()
        else:
            attr._set_default_param_initializer()
    else:
        attr._set_default_initializer(default_initializer)
    from ..framework.program import _Mode

    if isinstance(attr, WeightNormParamAttr):
        if not _Mode.static:
            raise NotImplementedError(
                "WeightNormParamAttr is static-graph only; use paddle.nn.utils.weight_norm in dygraph mode"
            )
        from ..framework.program import _static_weight_norm_parameter

        return _static_weight_norm_parameter(attr, shape, dtype)
    if _Mode.static:  # a static Parameter: a program variable initialised by the startup program
        from ..framework.program import _static_parameter

        return _static_parameter(attr.name, shape, dtype, attr.initializer, trainable=attr.trainable,
                                 optimize_attr={"learning_rate": attr.learning_rate}, regularizer=attr.regularizer,
                                 do_model_average=attr.do_model_average, need_clip=attr.need_clip)
    if unique_name.dygraph_parameter_name_checker(attr.name):
        raise ValueError(
            f"parameter name [{attr.name}] have be been used. In dygraph mode, the name of parameter can't be "
            "same.Please check the parameter attr value passed to self.create_parameter or constructor of "
            "dygraph Layers"
        )
    data = torch.empty(shape, dtype=dtype.torch, device=current_device())
    p = Parameter(_data=data, name=attr.name, trainable=attr.trainable,
                  optimize_attr={"learning_rate": attr.learning_rate}, regularizer=attr.regularizer,
                  do_model_average=attr.do_model_average, need_clip=attr.need_clip)
    attr.initializer(p)
    from ..framework.misc import LazyGuard

    if LazyGuard._active:
        # Paddle's LazyGuard defers the initializer to Parameter.initialize() (which asserts that
        # _init_func is set, calls it and clears it); here the values exist already, so it is a no-op
        p._init_func = _lazy_init_done
    return p


def _lazy_init_done(param, block=None):
    return None


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False, default_initializer=None):
    """``paddle.create_parameter``: a standalone Parameter named ``create_parameter_<n>.w_0``."""
    from ..utils import unique_name
    from .initializer import Initializer

    if not isinstance(shape, (list, tuple, np.ndarray)):
        raise TypeError(
            f"The type of 'shape' in create_parameter must be (list, tuple, numpy.ndarray), but received "
            f"{type(shape)}."
        )
    # Paddle checks the attr type only in static mode (check_type returns early in dygraph); in dygraph any
    # ParamAttr._to_attr argument works (PaddleSeg's MSCAN passes attr=Assign(...)) and the rest fails there.
    from ..framework.misc import in_dynamic_mode

    if attr is not None and not isinstance(attr, ParamAttr) and not in_dynamic_mode():
        raise TypeError(
            f"The type of 'attr' in create_parameter must be (NoneType, ParamAttr), but received {type(attr)}."
        )
    if default_initializer is not None and not isinstance(default_initializer, Initializer):
        raise TypeError(
            "The type of 'default_initializer' in create_parameter must be (NoneType, Initializer), but "
            f"received {type(default_initializer)}."
        )
    helper_name = name if name else unique_name.generate("create_parameter")
    if attr is None:
        attr = ParamAttr(name=name)
    return _make_parameter(helper_name, attr, shape, dtype, is_bias, default_initializer)
