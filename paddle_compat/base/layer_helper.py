"""``paddle.base.layer_helper.LayerHelper``: the per-op helper Paddle's functional code (and model code copied
from it, e.g. PaddleDetection's ``ppdet/modeling/ops.py``) constructs before branching on the mode.

Construction, input access, ``create_parameter`` and the dtype queries work in dygraph as in Paddle; the
methods that append operators or variables to a static program raise NotImplementedError naming them.
"""

from .._core import dtypes as _dt
from .._core.tensor import Tensor, to_tensor
from ..framework.program import default_main_program, default_startup_program, static_only_error
from ..utils import unique_name


class LayerHelper:
    def __init__(self, layer_type, **kwargs):
        self.kwargs = kwargs
        self.layer_type = layer_type
        name = self.kwargs.get("name", None)
        self.kwargs["name"] = unique_name.generate(layer_type) if name is None else name
        self._dtype = None

    @property
    def name(self):
        return self.kwargs["name"]

    @property
    def main_program(self):
        return default_main_program()

    @property
    def startup_program(self):
        return default_startup_program()

    @property
    def param_attr(self):
        from ..nn.param_attr import ParamAttr

        return ParamAttr._to_attr(self.kwargs.get("param_attr", None))

    @property
    def bias_attr(self):
        from ..nn.param_attr import ParamAttr

        return ParamAttr._to_attr(self.kwargs.get("bias_attr", None))

    def get_default_dtype(self):
        return self._dtype

    def set_default_dtype(self, dtype):
        self._dtype = dtype

    def to_variable(self, value, name=None):
        return to_tensor(value)

    def multiple_input(self, input_param_name="input"):
        inputs = self.kwargs.get(input_param_name, [])
        if isinstance(inputs, Tensor):
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
        import copy

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

    def create_parameter(self, attr, shape, dtype=None, is_bias=False, default_initializer=None, stop_gradient=False,
                         type=None):  # noqa: A002 - Paddle's argument name
        from ..nn.param_attr import _make_parameter

        param = _make_parameter(self.name, attr, shape, dtype or self._dtype or _dt.get_default_dtype(), is_bias,
                                default_initializer)
        if param is not None and stop_gradient:
            param.stop_gradient = True
        return param

    def get_parameter(self, name):
        raise static_only_error("LayerHelper.get_parameter")

    def create_variable_for_type_inference(self, dtype, stop_gradient=False, shape=None):
        raise static_only_error(f"LayerHelper('{self.layer_type}').create_variable_for_type_inference")

    def create_sparse_variable_for_type_inference(self, dtype, stop_gradient=False, shape=None):
        raise static_only_error(f"LayerHelper('{self.layer_type}').create_sparse_variable_for_type_inference")

    def create_variable(self, *args, **kwargs):
        raise static_only_error(f"LayerHelper('{self.layer_type}').create_variable")

    def create_global_variable(self, persistable=False, *args, **kwargs):
        raise static_only_error(f"LayerHelper('{self.layer_type}').create_global_variable")

    def create_or_get_global_variable(self, name, *args, **kwargs):
        raise static_only_error(f"LayerHelper('{self.layer_type}').create_or_get_global_variable")

    def set_variable_initializer(self, var, initializer):
        raise static_only_error(f"LayerHelper('{self.layer_type}').set_variable_initializer")

    def append_op(self, *args, **kwargs):
        raise static_only_error(f"LayerHelper('{self.layer_type}').append_op")

    def append_bias_op(self, input_var, dim_start=1, dim_end=None):
        raise static_only_error(f"LayerHelper('{self.layer_type}').append_bias_op")

    def append_activation(self, input_var):
        raise static_only_error(f"LayerHelper('{self.layer_type}').append_activation")

    def is_instance(self, param_name, cls):
        param = self.kwargs.get(param_name, None)
        if not isinstance(param, cls):
            raise TypeError(f"The input {param_name} parameter of method {self.layer_type} must be {cls}")


LayerHelper.__module__ = "paddle.base.layer_helper"
