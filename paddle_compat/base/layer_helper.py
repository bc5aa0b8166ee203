"""``paddle.base.layer_helper.LayerHelper``: the per-op helper of Paddle's layer functions (``paddle.static.nn``,
and model code copied from Paddle, e.g. PaddleDetection's ``ppdet/modeling/ops.py``).

As in Paddle, one helper serves both modes. In static mode variables and parameters are created in the current
program and ``append_op`` appends an operator of the given Paddle type. In dygraph, ``create_variable*`` return
placeholder tensors and ``append_op`` runs the op's torch kernel at once (Paddle's tracer), filling them.
Kernels: ``paddle_compat.static.nn._kernels`` (falling back to the ``.pdmodel`` interpreter's table).
"""

import copy
from operator import attrgetter

from .._core import dtypes as _dt
from .._core.tensor import Tensor, to_tensor
from ..framework.program import default_main_program, default_startup_program
from ..utils import unique_name


def _in_dygraph():
    from ..framework import in_dynamic_mode

    return in_dynamic_mode()


def _as_list(value):
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _placeholder(dtype, stop_gradient=True):
    import torch

    from .._core.tensor import wrap

    result = wrap(torch.empty(0, dtype=_dt.to_torch_dtype(dtype) if dtype is not None else torch.float32))
    result.stop_gradient = stop_gradient
    return result


def run_op_eagerly(op_type, inputs, outputs, attrs):
    """Paddle's dygraph tracer for one op: run the kernel of ``op_type`` and fill the output tensors.

    An output that is also an input (batch_norm's ``MeanOut`` is its ``Mean``) is updated in place, without
    recording the update for autograd, as Paddle's kernel writes it."""
    import torch

    from ..static.nn._kernels import kernel_for

    kernel = kernel_for(op_type)
    if kernel is None:
        raise NotImplementedError(f"paddle-compat has no kernel for the Paddle operator '{op_type}'")
    torch_inputs = {slot: [v._t for v in _as_list(vs)] for slot, vs in inputs.items() if vs is not None}
    attrs = dict(attrs or {})
    results = kernel(torch_inputs, attrs, not attrs.get("is_test", False))
    input_ids = {id(v) for vs in inputs.values() for v in _as_list(vs)}
    for slot, variables in (outputs or {}).items():
        produced = results.get(slot)
        if produced is None:
            continue
        for variable, value in zip(_as_list(variables), produced):
            if id(variable) in input_ids:
                with torch.no_grad():
                    variable._t.copy_(value.reshape(variable._t.shape))
            else:
                variable._t = value
                if value.requires_grad:
                    variable.stop_gradient = False


class LayerHelperBase:
    """Parameters, variables and the default programs of one layer call (``name``: ``fc_0``)."""

    def __init__(self, name, layer_type):
        self._layer_type = layer_type
        self._name = name
        self._dtype = None

    name = property(attrgetter("_name"))
    layer_type = property(attrgetter("_layer_type"))
    main_program = property(lambda self: default_main_program())
    startup_program = property(lambda self: default_startup_program())

    def get_default_dtype(self):
        return self._dtype

    def set_default_dtype(self, dtype):
        self._dtype = dtype

    def to_variable(self, value, name=None):
        return to_tensor(value)

    # ------------------------------------------------------------------ parameters and variables
    def create_parameter(self, attr, shape, dtype=None, is_bias=False, default_initializer=None, stop_gradient=False,
                         type=None):  # noqa: A002 - Paddle's argument name
        from ..nn.param_attr import _make_parameter

        # _make_parameter makes a static Parameter (initialised by the startup program) in static mode
        param = _make_parameter(self.name, attr, shape, dtype or self._dtype or _dt.get_default_dtype(), is_bias,
                                default_initializer)
        if param is not None and stop_gradient:
            param.stop_gradient = True
        return param

    def get_parameter(self, name):
        param = self.main_program.global_block().var(name)
        from ..framework.program import Parameter

        if not isinstance(param, Parameter):
            raise ValueError(f"no Parameter name {name} found")
        return param

    def create_variable_for_type_inference(self, dtype, stop_gradient=False, shape=None):
        dtype = dtype or self._dtype
        if _in_dygraph():
            return _placeholder(dtype, stop_gradient)
        return self.main_program.current_block().create_var(
            name=unique_name.generate_with_ignorable_key(self.name + ".tmp"), dtype=dtype, shape=shape,
            persistable=False, stop_gradient=stop_gradient)

    def create_sparse_variable_for_type_inference(self, dtype, stop_gradient=False, shape=None):
        if _in_dygraph():
            return _placeholder(dtype, stop_gradient)
        from .core import VarDesc

        return self.main_program.current_block().create_var(
            name=unique_name.generate_with_ignorable_key(self.name + ".tmp"), dtype=dtype, shape=shape,
            type=VarDesc.VarType.SELECTED_ROWS, persistable=False, stop_gradient=stop_gradient)

    def create_variable(self, *args, **kwargs):
        if _in_dygraph():
            return _placeholder(kwargs.get("dtype"), kwargs.get("stop_gradient", True))
        if "name" not in kwargs and not args:
            kwargs["name"] = unique_name.generate("_generated_var")
        kwargs.setdefault("stop_gradient", False)  # Paddle's Variable default
        return self.main_program.current_block().create_var(*args, **kwargs)

    def create_global_variable(self, persistable=False, *args, **kwargs):
        if _in_dygraph():
            return _placeholder(kwargs.get("dtype"), kwargs.get("stop_gradient", True))
        if "name" not in kwargs and not args:
            kwargs["name"] = unique_name.generate("_generated_var")
        return self.main_program.global_block().create_var(*args, persistable=persistable, **kwargs)

    def create_or_get_global_variable(self, name, *args, **kwargs):
        block = self.main_program.global_block()
        if not _in_dygraph() and block.has_var(name):
            return block.var(name), False
        return self.create_global_variable(*args, name=name, **kwargs), True

    def set_variable_initializer(self, var, initializer):
        if _in_dygraph():
            initializer(var)
            return var
        raise NotImplementedError(f"LayerHelper('{self.layer_type}').set_variable_initializer in static mode: "
                                  "create the variable with create_parameter instead")


class LayerHelper(LayerHelperBase):
    def __init__(self, layer_type, **kwargs):
        self.kwargs = kwargs
        name = self.kwargs.get("name", None)
        self.kwargs["name"] = unique_name.generate(layer_type) if name is None else name
        super().__init__(self.kwargs["name"], layer_type)

    @property
    def name(self):
        return self.kwargs["name"]

    @property
    def param_attr(self):
        from ..nn.param_attr import ParamAttr

        return ParamAttr._to_attr(self.kwargs.get("param_attr", None))

    @property
    def bias_attr(self):
        from ..nn.param_attr import ParamAttr

        return ParamAttr._to_attr(self.kwargs.get("bias_attr", None))

    def multiple_input(self, input_param_name="input"):
        from ..framework.program import Variable

        inputs = self.kwargs.get(input_param_name, [])
        if isinstance(inputs, (Tensor, Variable)):
            return [inputs]
        if isinstance(inputs, (list, tuple)):
            return list(inputs)
        raise TypeError("The type of input value is invalid, expected type is 'ndarray' or 'Variable', but "
                        f"received {type(inputs)}")

    def input(self, input_param_name="input"):
        inputs = self.multiple_input(input_param_name)
        if len(inputs) != 1:
            raise f"{self.layer_type} layer only takes one input"  # Paddle raises a str here (a TypeError)
        return inputs[0]

    def input_dtype(self, input_param_name="input"):
        dtype = None
        for each in self.multiple_input(input_param_name):
            if dtype is None:
                dtype = each.dtype
            elif dtype != each.dtype:
                raise ValueError(f"Data Type mismatch: {dtype} to {each.dtype}")
        return dtype

    def multiple_param_attr(self, length):
        from ..nn.param_attr import ParamAttr

        attr = self.param_attr
        if isinstance(attr, ParamAttr):
            attr = [attr]
        if len(attr) != 1 and len(attr) != length:
            raise ValueError(f"parameter number mismatch in {self.name}")
        if len(attr) == 1 and length != 1:
            attr = [copy.deepcopy(attr[0]) for _ in range(length)]
        return attr

    def iter_inputs_and_params(self, input_param_name="input"):
        inputs = self.multiple_input(input_param_name)
        yield from zip(inputs, self.multiple_param_attr(len(inputs)))

    # ------------------------------------------------------------------ operators
    def append_op(self, *args, **kwargs):
        if _in_dygraph():
            op_type = kwargs.get("type", args[0] if args else None)
            run_op_eagerly(op_type, kwargs.get("inputs") or {}, kwargs.get("outputs") or {}, kwargs.get("attrs"))
            return None
        from ..static.nn._static_support import append_kernel_op

        names = ("type", "inputs", "outputs", "attrs")
        kwargs.update(zip(names, args))
        return append_kernel_op(self.main_program.current_block(), kwargs.get("type"), kwargs.get("inputs"),
                                kwargs.get("outputs"), kwargs.get("attrs"))

    def append_bias_op(self, input_var, dim_start=1, dim_end=None):
        size = list(input_var.shape[dim_start:dim_end])
        bias_attr = self.bias_attr
        if not bias_attr:
            return input_var
        bias = self.create_parameter(attr=bias_attr, shape=size, dtype=input_var.dtype, is_bias=True)
        out = self.create_variable_for_type_inference(dtype=input_var.dtype)
        self.append_op(type="elementwise_add", inputs={"X": [input_var], "Y": [bias]}, outputs={"Out": [out]},
                       attrs={"axis": dim_start})
        return out

    def append_activation(self, input_var):
        act = self.kwargs.get("act", None)
        if act is None:
            return input_var
        if not isinstance(act, str):
            raise TypeError(str(act) + " should be unicode or str")
        attrs = {}
        if self.kwargs.get("use_cudnn"):
            attrs["use_cudnn"] = self.kwargs["use_cudnn"]
        out = self.create_variable_for_type_inference(dtype=input_var.dtype)
        self.append_op(type=act, inputs={"X": [input_var]}, outputs={"Out": [out]}, attrs=attrs)
        return out

    def is_instance(self, param_name, cls):
        param = self.kwargs.get(param_name, None)
        if not isinstance(param, cls):
            raise TypeError(f"The input {param_name} parameter of method {self.layer_type} must be {cls}")


LayerHelperBase.__module__ = "paddle.base.layer_helper_base"
LayerHelper.__module__ = "paddle.base.layer_helper"
