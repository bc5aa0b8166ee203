"""``paddle.static.nn`` layer functions (``fc``, ``conv2d``..., ``batch_norm``, ``embedding``, ``prelu``...).

Each one creates its parameters through ``LayerHelper`` (Paddle's names: ``fc_0.w_0``, ``batch_norm_0.w_1``;
Paddle's shapes and default initializers) and appends the Paddle operator types Paddle appends (``mul``,
``elementwise_add``, ``batch_norm``...), whose torch kernels are in ``_kernels.py``. Functions that Paddle 2.6.2
runs in dygraph mode (its tracer executes the same op) run eagerly here too; the others raise Paddle's
AssertionError outside static mode.
"""

import functools
import math

import numpy as np

from ...base.data_feeder import check_dtype, check_type, check_variable_and_dtype
from ...base.layer_helper import LayerHelper
from ...framework.program import Variable

__all__ = []

_FLOATS = ["float16", "uint16", "float32", "float64"]


def _in_dygraph():
    from ...framework import in_dynamic_mode

    return in_dynamic_mode()


def static_only(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if _in_dygraph():
            raise AssertionError(
                "In PaddlePaddle 2.x, we turn on dynamic graph mode by default, and "
                f"'{func.__name__}()' is only supported in static graph mode. So if you want to use this api, please "
                "call 'paddle.enable_static()' before this api to enter static graph mode.")
        return func(*args, **kwargs)

    return wrapper


def _to_list(value, n, name):
    from ...nn.layer.conv import _convert_to_list

    return list(_convert_to_list(value, n, name))


def _shape(var):
    return tuple(var.shape)


def _constant(value):
    from ...nn.initializer import Constant

    return Constant(value)


def _normal(mean, std):
    from ...nn.initializer import Normal

    return Normal(mean, std)


# ---------------------------------------------------------------------------------------------------- fc
@static_only
def fc(x, size, num_flatten_dims=1, weight_attr=None, bias_attr=None, activation=None, name=None):
    helper = LayerHelper("fc", input=x, size=size, num_flatten_dims=num_flatten_dims, param_attr=weight_attr,
                         bias_attr=bias_attr, act=activation, name=name)
    check_type(x, "input", (list, tuple, Variable), "fc")
    if isinstance(x, (list, tuple)):
        for i, each in enumerate(x):
            check_type(each, f"input[{i}]", Variable, "fc")
    dtype = helper.input_dtype()
    check_dtype(dtype, "input", _FLOATS, "fc")
    products = []
    for each, attr in helper.iter_inputs_and_params():
        shape = _shape(each)
        flatten = len(shape) - 1 if num_flatten_dims == -1 else num_flatten_dims
        weight = helper.create_parameter(attr=attr, shape=[math.prod(shape[flatten:])] + [size], dtype=dtype)
        product = helper.create_variable_for_type_inference(dtype)
        helper.append_op(type="mul", inputs={"X": each, "Y": weight}, outputs={"Out": product},
                         attrs={"x_num_col_dims": flatten, "y_num_col_dims": 1})
        products.append(product)
        num_flatten_dims = flatten
    if len(products) == 1:
        summed = products[0]
    else:
        summed = helper.create_variable_for_type_inference(dtype)
        helper.append_op(type="sum", inputs={"X": products}, outputs={"Out": summed}, attrs={"use_mkldnn": False})
    return helper.append_activation(helper.append_bias_op(summed, dim_start=num_flatten_dims))


# ---------------------------------------------------------------------------------------------------- conv
def _padding_argument(padding, data_format, spatial):
    """The ``padding`` argument of a conv layer as Paddle first reads it: a string upper-cased ('SAME'/'VALID'),
    a per-dimension list of [before, after] pairs (batch and channel pairs must be zero) flattened to the spatial
    dims' 2*spatial values; anything else unchanged."""
    if isinstance(padding, str):
        padding = padding.upper()
        if padding not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{padding}'. It can only be 'SAME' or 'VALID'.")
        return padding
    channel_last = data_format in ("NHWC", "NDHWC")
    if isinstance(padding, (list, tuple)) and len(padding) == spatial + 2 and isinstance(padding[0], (list, tuple)):
        batch_channel = (padding[0], padding[-1]) if channel_last else (padding[0], padding[1])
        if any(list(p) != [0, 0] for p in batch_channel):
            raise ValueError(f"Non-zero padding({padding}) in the batch or channel dimensions is not supported.")
        kept = padding[1:-1] if channel_last else padding[2:]
        padding = [e for pair in kept for e in pair]
    return padding


def _channels_of(shape, data_layout):
    if data_layout == "NCHW":
        return shape[1]
    if data_layout == "NHWC":
        return shape[-1]
    raise ValueError("unsupported data layout:" + data_layout)


def _conv_filter(helper, shape, fan_in, dtype):
    """The filter parameter of a conv layer: Paddle's default initializer is Normal(0, sqrt(2 / fan_in))."""
    if fan_in <= 0:
        raise ValueError(f"Invalid filter number, excepted number is larger than 0, but received {fan_in}, please "
                         "check the input shape and filter size.")
    return helper.create_parameter(attr=helper.param_attr, shape=shape, dtype=dtype,
                                   default_initializer=_normal(0.0, (2.0 / fan_in) ** 0.5))


def _conv_padding(padding, data_format, spatial):
    """(paddings attr, padding_algorithm) from the ``padding`` argument, as Paddle normalises it."""
    algorithm = "EXPLICIT"
    padding = _padding_argument(padding, data_format, spatial)
    if isinstance(padding, str):
        return [0] * spatial, padding
    if isinstance(padding, (list, tuple)) and len(padding) == 2 * spatial:
        padding = _to_list(padding, 2 * spatial, "padding")
        if all(padding[2 * i] == padding[2 * i + 1] for i in range(spatial)):
            padding = padding[0::2]
        return padding, algorithm
    return _to_list(padding, spatial, "padding"), algorithm


def _conv_nd(spatial, input, num_filters, filter_size, stride, padding, dilation, groups, param_attr,  # noqa: A002
             bias_attr, use_cudnn, act, name, data_format):
    formats = ("NCHW", "NHWC") if spatial == 2 else ("NCDHW", "NDHWC")
    api = "conv2d" if spatial == 2 else "conv3d"
    check_variable_and_dtype(input, "input", ["float16", "float32", "float64"], api)
    if not isinstance(use_cudnn, bool):
        raise ValueError(f"Attr(use_cudnn) should be True or False. Received Attr(use_cudnn): {use_cudnn}. ")
    if data_format not in formats:
        raise ValueError(f"Attr(data_format) should be '{formats[0]}' or '{formats[1]}'. Received "
                         f"Attr(data_format): {data_format}.")
    shape = _shape(input)
    if spatial == 3 and len(shape) != 5:
        raise ValueError(f"Input should be 5D tensor, but received input with the shape of {shape}")
    channel_last = data_format == formats[1]
    channels = shape[-1] if channel_last else shape[1]
    if channels < 0:
        raise ValueError(f"The channel dimmention of the input({shape}) should be defined. Received: {channels}.")
    assert param_attr is not False, "param_attr should not be False here."
    if groups is None:
        filter_channels = channels
    elif groups <= 0:
        if spatial == 3:
            raise ValueError(f"the groups of conv3d should be greater than 0. Received groups: {groups}")
        raise ValueError(f"the groups of input must be greater than 0, but received the groups of input is {groups}")
    else:
        if channels % groups != 0:
            if spatial == 3:
                raise ValueError(f"The number of input channels must be divisible by Attr(groups). Received: "
                                 f"number of channels({channels}), groups({groups}).")
            raise ValueError(f"the channel of input must be divisible by groups,received: the channel of input is "
                             f"{channels}, the shape of input is {shape}, the groups is {groups}")
        filter_channels = channels // groups
    op_type = api
    if spatial == 2 and channels == groups and num_filters % channels == 0 and not use_cudnn:
        op_type = "depthwise_conv2d"
    if _in_dygraph() and groups is None:
        # Paddle 2.6.2 hands groups=None to its dygraph kernel, which rejects it
        raise ValueError(f"(InvalidArgument) {api}(): argument (position 9) must be int, but got NoneType (at "
                         "/paddle/paddle/fluid/pybind/op_function_common.cc:158)\n")
    helper = LayerHelper(op_type, input=input, param_attr=param_attr, bias_attr=bias_attr, act=act, name=name,
                         use_cudnn=use_cudnn)
    dtype = helper.input_dtype()
    filter_size = _to_list(filter_size, spatial, "filter_size")
    stride = _to_list(stride, spatial, "stride")
    dilation = _to_list(dilation, spatial, "dilation")
    paddings, algorithm = _conv_padding(padding, data_format, spatial)
    fan_in = math.prod(filter_size) * channels
    weight = _conv_filter(helper, [num_filters, int(filter_channels)] + filter_size, fan_in, dtype)
    out = helper.create_variable_for_type_inference(dtype)
    helper.append_op(type=op_type, inputs={"Input": input, "Filter": weight}, outputs={"Output": out},
                     attrs={"strides": stride, "paddings": paddings, "dilations": dilation, "groups": groups,
                            "use_cudnn": use_cudnn, "use_mkldnn": False, "fuse_relu_before_depthwise_conv": False,
                            "padding_algorithm": algorithm, "data_format": data_format})
    channel_dim = spatial + 1 if channel_last else 1
    return helper.append_activation(helper.append_bias_op(out, dim_start=channel_dim, dim_end=channel_dim + 1))


def conv2d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None,  # noqa: A002
           param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None, data_format="NCHW"):
    return _conv_nd(2, input, num_filters, filter_size, stride, padding, dilation, groups, param_attr, bias_attr,
                    use_cudnn, act, name, data_format)


def conv3d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None,  # noqa: A002
           param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None, data_format="NCDHW"):
    return _conv_nd(3, input, num_filters, filter_size, stride, padding, dilation, groups, param_attr, bias_attr,
                    use_cudnn, act, name, data_format)


def _transpose_padding(padding, data_format, spatial):
    """Paddle's conv*_transpose padding normalisation: (paddings attr, padding_algorithm, 2*spatial list)."""
    padding = _padding_argument(padding, data_format, spatial)
    if isinstance(padding, str):
        return padding, [0] * (2 * spatial)
    if isinstance(padding, (list, tuple)) and len(padding) == 2 * spatial:
        return "EXPLICIT", _to_list(padding, 2 * spatial, "padding")
    single = _to_list(padding, spatial, "padding")
    return "EXPLICIT", [p for p in single for _ in range(2)]


def _conv_transpose_nd(spatial, input, num_filters, output_size, filter_size, padding, stride,  # noqa: A002
                       dilation, groups, param_attr, bias_attr, use_cudnn, act, name, data_format):
    api = "conv2d_transpose" if spatial == 2 else "conv3d_transpose"
    formats = ("NCHW", "NHWC") if spatial == 2 else ("NCDHW", "NDHWC")
    assert param_attr is not False, f"param_attr should not be False in {api}."
    if spatial == 2:
        if len(input.shape) != 4:
            raise ValueError(f"Input size should be 4, but received {len(input.shape)}")
        if num_filters == 0:
            raise ValueError("num of filters should not be 0.")
        if data_format not in formats:
            raise ValueError("Attr(data_format) of Op(paddle.static.nn.layers.conv2d_transpose) got wrong value: "
                             f"received {data_format} but only NCHW or NHWC supported.")
    elif data_format not in formats:
        raise ValueError("Param(data_format) of Op(paddle.static.nn.conv3d_transpose) got wrong value: received "
                         f"{data_format} but only NCDHW or NDHWC supported.")
    shape = _shape(input)
    channel_last = data_format == formats[1]
    channels = shape[-1] if channel_last else shape[1]
    op_type = api
    if spatial == 2 and channels == groups and num_filters == channels and not use_cudnn:
        op_type = "depthwise_conv2d_transpose"
    helper = LayerHelper(op_type, input=input, param_attr=param_attr, bias_attr=bias_attr, act=act, name=name,
                         use_cudnn=use_cudnn)
    if not isinstance(input, Variable):
        raise TypeError(f"Input of {api} must be Tensor")
    if spatial == 3 and len(shape) != 5:
        raise ValueError(f"Input should be 5D tensor, but received input with the shape of {shape}")
    stride = _to_list(stride, spatial, "stride")
    dilation = _to_list(dilation, spatial, "dilation")
    if not isinstance(use_cudnn, bool):
        raise ValueError("use_cudnn should be True or False")
    algorithm, pairs = _transpose_padding(padding, data_format, spatial)
    if output_size is None:
        output_size = []
    elif isinstance(output_size, (list, tuple, int)):
        if isinstance(output_size, (list, tuple)) and any(isinstance(e, Variable) for e in output_size):
            raise NotImplementedError(f"paddle.static.nn.{api}: output_size holding Tensors is not supported")
        output_size = _to_list(output_size, spatial, "output_size")
    elif isinstance(output_size, Variable):
        raise NotImplementedError(f"paddle.static.nn.{api}: a Tensor output_size is not supported")
    else:
        raise ValueError("output_size should be int, list[int] or tuple[int] or Tensor")
    if filter_size is None:
        sizes = shape[2:] if not channel_last else shape[1:-1]
        filter_size = [(output_size[i] - (sizes[i] - 1) * stride[i] + pairs[2 * i] + pairs[2 * i + 1] - 1)
                       // dilation[i] + 1 for i in range(spatial)]
    else:
        filter_size = _to_list(filter_size, spatial, f"{api}.filter_size")
    paddings = pairs
    if all(pairs[2 * i] == pairs[2 * i + 1] for i in range(spatial)):
        paddings = pairs[0::2]
    if groups is None:
        groups = 1
    elif groups <= 0:
        raise ValueError(f"the groups of input must be greater than 0, but received the groups of input is {groups}")
    weight = helper.create_parameter(dtype=input.dtype, shape=[channels, num_filters // groups] + filter_size,
                                     attr=helper.param_attr)
    out = helper.create_variable_for_type_inference(dtype=input.dtype)
    helper.append_op(type=op_type, inputs={"Input": [input], "Filter": [weight]}, outputs={"Output": out},
                     attrs={"output_size": output_size, "strides": stride, "paddings": paddings,
                            "padding_algorithm": algorithm, "dilations": dilation, "groups": groups,
                            "use_cudnn": use_cudnn, "data_format": data_format})
    channel_dim = spatial + 1 if channel_last else 1
    return helper.append_activation(helper.append_bias_op(out, dim_start=channel_dim, dim_end=channel_dim + 1))


def conv2d_transpose(input, num_filters, output_size=None, filter_size=None, padding=0, stride=1,  # noqa: A002
                     dilation=1, groups=None, param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
                     data_format="NCHW"):
    return _conv_transpose_nd(2, input, num_filters, output_size, filter_size, padding, stride, dilation, groups,
                              param_attr, bias_attr, use_cudnn, act, name, data_format)


def conv3d_transpose(input, num_filters, output_size=None, filter_size=None, padding=0, stride=1,  # noqa: A002
                     dilation=1, groups=None, param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
                     data_format="NCDHW"):
    return _conv_transpose_nd(3, input, num_filters, output_size, filter_size, padding, stride, dilation, groups,
                              param_attr, bias_attr, use_cudnn, act, name, data_format)


# ---------------------------------------------------------------------------------------------------- norms
def batch_norm(input, act=None, is_test=False, momentum=0.9, epsilon=1e-05, param_attr=None,  # noqa: A002
               bias_attr=None, data_layout="NCHW", in_place=False, name=None, moving_mean_name=None,
               moving_variance_name=None, do_model_average_for_mean_and_var=True, use_global_stats=False):
    from ...nn.param_attr import ParamAttr

    assert bias_attr is not False, "bias_attr should not be False in batch_norm."
    helper = LayerHelper("batch_norm", input=input, act=act, param_attr=param_attr, bias_attr=bias_attr, name=name)
    check_variable_and_dtype(input, "input", ["uint16", "float16", "float32", "float64"], "batch_norm")
    dtype = helper.input_dtype()
    if str(dtype) in ("paddle.float16", "paddle.bfloat16"):
        dtype = "float32"  # Paddle keeps the statistics in float32
    shape = _shape(input)
    if len(shape) < 2 or len(shape) > 5:
        raise ValueError(f"expected 2D or 3D or 4D or 5D input (got {len(shape)}D input, input shape is: {shape})")
    channels = _channels_of(shape, data_layout)
    scale = helper.create_parameter(attr=helper.param_attr, shape=[channels], dtype=dtype,
                                    default_initializer=_constant(1.0))
    bias = helper.create_parameter(attr=helper.bias_attr, shape=[channels], dtype=dtype, is_bias=True)
    mean = helper.create_parameter(
        attr=ParamAttr(name=moving_mean_name, initializer=_constant(0.0), trainable=False,
                       do_model_average=do_model_average_for_mean_and_var), shape=[channels], dtype=dtype)
    mean.stop_gradient = True
    variance = helper.create_parameter(
        attr=ParamAttr(name=moving_variance_name, initializer=_constant(1.0), trainable=False,
                       do_model_average=do_model_average_for_mean_and_var), shape=[channels], dtype=dtype)
    variance.stop_gradient = True
    attrs = {"epsilon": epsilon, "is_test": is_test, "data_layout": data_layout, "use_mkldnn": False,
             "fuse_with_relu": False, "use_global_stats": use_global_stats}
    inputs = {"X": input, "Scale": scale, "Bias": bias, "Mean": mean, "Variance": variance, "MeanOut": mean,
              "VarianceOut": variance}
    if isinstance(momentum, Variable) and not _in_dygraph():
        inputs["MomemtumTensor"] = momentum
    else:
        attrs["momentum"] = float(momentum.item()) if hasattr(momentum, "item") else momentum
    if _in_dygraph():
        out = helper.create_variable_for_type_inference(dtype)
        helper.append_op(type="batch_norm", inputs=inputs, outputs={"Y": out, "MeanOut": mean,
                                                                    "VarianceOut": variance}, attrs=attrs)
        return helper.append_activation(out)
    saved_mean = helper.create_variable_for_type_inference(dtype=dtype, stop_gradient=True)
    saved_variance = helper.create_variable_for_type_inference(dtype=dtype, stop_gradient=True)
    outputs = {}
    if not is_test:
        outputs["ReserveSpace"] = helper.create_variable_for_type_inference(dtype=helper.input_dtype(),
                                                                             stop_gradient=True)
    out = input if in_place else helper.create_variable_for_type_inference(dtype)
    outputs.update({"Y": out, "MeanOut": mean, "VarianceOut": variance, "SavedMean": saved_mean,
                    "SavedVariance": saved_variance})
    helper.append_op(type="batch_norm", inputs=inputs, outputs=outputs, attrs=attrs)
    return helper.append_activation(out)


def layer_norm(input, scale=True, shift=True, begin_norm_axis=1, epsilon=1e-05, param_attr=None,  # noqa: A002
               bias_attr=None, act=None, name=None):
    import warnings

    assert _in_dygraph() is not True, "please use LayerNorm instead of layer_norm in dygraph mode!"
    helper = LayerHelper("layer_norm", input=input, param_attr=param_attr, bias_attr=bias_attr, act=act, name=name)
    check_variable_and_dtype(input, "input", ["float32", "float64"], "layer_norm")
    dtype = helper.input_dtype()
    inputs = {"X": input}
    param_shape = [math.prod(_shape(input)[begin_norm_axis:])]
    if scale:
        assert param_attr is not False, "param_attr should not be False when using scale."
        inputs["Scale"] = helper.create_parameter(attr=helper.param_attr, shape=param_shape, dtype=dtype,
                                                  default_initializer=_constant(1.0))
    elif param_attr:
        warnings.warn("param_attr is only available with scale is True.")
    if shift:
        assert bias_attr is not False, "bias_attr should not be False when using shift."
        inputs["Bias"] = helper.create_parameter(attr=helper.bias_attr, shape=param_shape, dtype=dtype, is_bias=True)
    elif bias_attr:
        warnings.warn("bias_attr is only available with shift is True.")
    mean_out = helper.create_variable_for_type_inference(dtype=dtype, stop_gradient=True)
    variance_out = helper.create_variable_for_type_inference(dtype=dtype, stop_gradient=True)
    out = helper.create_variable_for_type_inference(dtype)
    helper.append_op(type="layer_norm", inputs=inputs, outputs={"Y": out, "Mean": mean_out, "Variance": variance_out},
                     attrs={"epsilon": epsilon, "begin_norm_axis": begin_norm_axis})
    return helper.append_activation(out)


def instance_norm(input, epsilon=1e-05, param_attr=None, bias_attr=None, name=None):  # noqa: A002
    check_variable_and_dtype(input, "input", ["uint16", "float32", "float64"], "InstanceNorm")
    if param_attr is False:
        assert bias_attr is False, "param_attr and bias_attr must be set to False at the same time in InstanceNorm"
    helper = LayerHelper("instance_norm", input=input, param_attr=param_attr, bias_attr=bias_attr, name=name)
    dtype = helper.input_dtype()
    if str(dtype) == "paddle.float16":
        dtype = "float32"
    shape = _shape(input)
    if len(shape) < 2 or len(shape) > 5:
        raise ValueError(f"expected 2D or 3D or 4D or 5D input (got {len(shape)}D input, input shape is: {shape})")
    inputs = {"X": input}
    # Paddle creates the affine parameters only when both attributes are given (truthy): the defaults give none
    if param_attr and bias_attr:
        inputs["Scale"] = helper.create_parameter(attr=helper.param_attr, shape=[shape[1]], dtype=dtype,
                                                  default_initializer=_constant(1.0))
        inputs["Bias"] = helper.create_parameter(attr=helper.bias_attr, shape=[shape[1]], dtype=dtype, is_bias=True,
                                                 default_initializer=_constant(0.0))
    saved_mean = helper.create_variable_for_type_inference(dtype=dtype, stop_gradient=True)
    saved_variance = helper.create_variable_for_type_inference(dtype=dtype, stop_gradient=True)
    out = helper.create_variable_for_type_inference(dtype)
    helper.append_op(type="instance_norm", inputs=inputs,
                     outputs={"Y": out, "SavedMean": saved_mean, "SavedVariance": saved_variance},
                     attrs={"epsilon": epsilon})
    return out


def group_norm(input, groups, epsilon=1e-05, param_attr=None, bias_attr=None, act=None,  # noqa: A002
               data_layout="NCHW", name=None):
    helper = LayerHelper("group_norm", input=input, param_attr=param_attr, bias_attr=bias_attr, act=act, name=name)
    dtype = helper.input_dtype()
    check_variable_and_dtype(input, "input", ["float16", "uint16", "float32", "float64"], "group_norm")
    shape = _shape(input)
    if len(shape) < 2:
        raise ValueError("The dimensions of Op(static.nn.group_norm)'s input should be more than 1. But received "
                         f"{len(shape)}")
    if data_layout not in ("NCHW", "NHWC"):
        raise ValueError("Param(data_layout) of Op(static.nn.group_norm) got wrong value: received "
                         f"{data_layout} but only NCHW or NHWC supported.")
    channels = shape[1] if data_layout == "NCHW" else shape[-1]
    inputs = {"X": input}
    # as in Paddle, the affine parameters exist only for truthy attributes (the default None gives none)
    if param_attr:
        inputs["Scale"] = helper.create_parameter(attr=helper.param_attr, shape=[channels], dtype=dtype,
                                                  default_initializer=_constant(1.0))
    if bias_attr:
        inputs["Bias"] = helper.create_parameter(attr=helper.bias_attr, shape=[channels], dtype=dtype, is_bias=True)
    mean_out = helper.create_variable(dtype=dtype, stop_gradient=True)
    variance_out = helper.create_variable(dtype=dtype, stop_gradient=True)
    out = helper.create_variable(dtype=dtype)
    helper.append_op(type="group_norm", inputs=inputs, outputs={"Y": out, "Mean": mean_out, "Variance": variance_out},
                     attrs={"epsilon": epsilon, "groups": groups, "data_layout": data_layout})
    return helper.append_activation(out)


@static_only
def data_norm(input, act=None, epsilon=1e-05, param_attr=None, data_layout="NCHW", in_place=False,  # noqa: A002
              name=None, moving_mean_name=None, moving_variance_name=None, do_model_average_for_mean_and_var=True,
              slot_dim=-1, sync_stats=False, summary_decay_rate=0.9999999, enable_scale_and_shift=False):
    from ...nn.param_attr import ParamAttr

    helper = LayerHelper("data_norm", input=input, act=act, param_attr=param_attr, name=name)
    dtype = helper.input_dtype()
    shape = _shape(input)
    channels = _channels_of(shape, data_layout)
    defaults = {"batch_size": 1e4, "batch_sum": 0.0, "batch_square": 1e4, "scale_w": 1.0, "bias": 0.0}
    if param_attr and isinstance(param_attr, dict):
        for key in ("batch_size", "batch_sum", "batch_square"):
            defaults[key] = param_attr.get(key, defaults[key])
    if enable_scale_and_shift:
        defaults["scale_w"] = param_attr.get("scale_w", 1.0)
        defaults["bias"] = param_attr.get("bias", 0.0)
    prefix = "dn" if name is None else name

    def stat(suffix, default):
        return helper.create_parameter(
            attr=ParamAttr(name=f"{prefix}.{suffix}", initializer=_constant(float(default)), trainable=True),
            shape=[channels], dtype=input.dtype)

    inputs = {"X": input}
    if enable_scale_and_shift:
        inputs["scale_w"] = stat("scale_w", defaults["scale_w"])
        inputs["bias"] = stat("bias", defaults["bias"])
    batch_size = stat("batch_size", defaults["batch_size"])
    batch_sum = stat("batch_sum", defaults["batch_sum"])
    batch_square_sum = stat("batch_square_sum", defaults["batch_square"])
    inputs.update({"BatchSize": batch_size, "BatchSum": batch_sum, "BatchSquareSum": batch_square_sum})
    means = helper.create_variable(dtype=dtype, stop_gradient=True)
    scales = helper.create_variable(dtype=dtype, stop_gradient=True)
    out = input if in_place else helper.create_variable(dtype=dtype)
    attrs = {"epsilon": epsilon, "data_layout": data_layout, "sync_stats": sync_stats,
             "summary_decay_rate": summary_decay_rate}
    if slot_dim > 0:
        attrs["slot_dim"] = slot_dim
    if enable_scale_and_shift:
        attrs["enable_scale_and_shift"] = enable_scale_and_shift
    helper.append_op(type="data_norm", inputs=inputs,
                     outputs={"Y": out, "Means": means, "Scales": scales, "BatchSize": batch_size,
                              "BatchSum": batch_sum, "BatchSquareSum": batch_square_sum}, attrs=attrs)
    return helper.append_activation(out)


# ---------------------------------------------------------------------------------------------------- embeddings
def _padding_index(padding_idx, size):
    if padding_idx is None:
        return -1
    return padding_idx if padding_idx >= 0 else size[0] + padding_idx


@static_only
def embedding(input, size, is_sparse=False, is_distributed=False, padding_idx=None, param_attr=None,  # noqa: A002
              dtype="float32"):
    helper = LayerHelper("embedding", input=input, size=size, param_attr=param_attr)
    check_variable_and_dtype(input, "input", ["int64"], "embedding")
    check_dtype(dtype, "dtype", ["float16", "float32", "float64", "uint16"], "embedding")
    remote_prefetch = is_sparse and not is_distributed
    weight = helper.create_parameter(attr=helper.param_attr, shape=size, dtype=dtype, is_bias=False)
    out = helper.create_variable_for_type_inference(dtype)
    helper.append_op(type="lookup_table_v2", inputs={"Ids": input, "W": weight}, outputs={"Out": out},
                     attrs={"is_sparse": is_sparse, "is_distributed": is_distributed,
                            "remote_prefetch": remote_prefetch, "padding_idx": _padding_index(padding_idx, size)})
    return out


def sparse_embedding(input, size, padding_idx=None, is_test=False, entry=None,  # noqa: A002
                     table_class="MemorySparseTable", param_attr=None, dtype="float32", slot=None):
    """The parameter-server embedding (``lookup_table``): outside a PS job its table is a local dense one."""
    helper = LayerHelper("sparse_embedding", input=input, size=size, param_attr=param_attr)
    check_variable_and_dtype(input, "input", ["int64"], "paddle.static.nn.sparse_embedding")
    check_dtype(dtype, "dtype", ["float32", "float64"], "paddle.static.nn.sparse_embedding")
    weight = helper.create_parameter(attr=helper.param_attr, shape=size, dtype=dtype, is_bias=False)
    out = helper.create_variable_for_type_inference(dtype)
    if table_class not in ("CommonSparseTable", "SSDSparseTable", "MemorySparseTable"):
        raise ValueError("table_class must be in [CommonSparseTable, SSDSparseTable, MemorySparseTable]")
    entry_str = "none"
    if entry is not None:
        if type(entry).__name__ not in ("ProbabilityEntry", "CountFilterEntry", "ShowClickEntry"):
            raise ValueError("entry must be instance in [paddle.distributed.ProbabilityEntry, "
                             "paddle.distributed.CountFilterEntry, paddle.distributed.ShowClickEntry]")
        entry_str = entry._to_attr()
    helper.append_op(type="lookup_table", inputs={"Ids": input, "W": weight}, outputs={"Out": out},
                     attrs={"padding_idx": _padding_index(padding_idx, size), "is_sparse": True,
                            "is_distributed": True, "remote_prefetch": True, "is_test": is_test, "entry": entry_str,
                            "table_class": table_class, "slot": 0 if slot is None else slot})
    return out


# ---------------------------------------------------------------------------------------------------- others
@static_only
def prelu(x, mode, param_attr=None, data_format="NCHW", name=None):
    check_variable_and_dtype(x, "x", ["float16", "float32", "float64", "uint16"], "prelu")
    helper = LayerHelper("prelu", x=x, param_attr=param_attr, name=name)
    if mode not in ("all", "channel", "element"):
        raise ValueError("mode should be one of all, channel, element.")
    shape = _shape(x)
    alpha_shape = [1]
    if mode == "channel":
        formats = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")
        if data_format not in formats:
            raise ValueError("data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', 'NLC', 'NHWC', 'NDHWC' but "
                             f"receive {data_format}")
        data_format = "NCHW" if data_format[1] == "C" else "NHWC"
        assert len(shape) >= 2, ("The size of input shape should be equal or larger than 2 in prelu() when mode is "
                                 "'channel'")
        alpha_shape = [1, 1, 1, shape[-1]] if data_format == "NHWC" else [1, shape[1], 1, 1]
    elif mode == "element":
        assert len(shape) >= 1, ("The size of input shape should be equal or larger than 1 in prelu() when mode is "
                                 "'element'")
        alpha_shape = [1] + list(shape)[1:]
    dtype = helper.input_dtype(input_param_name="x")
    alpha = helper.create_parameter(attr=helper.param_attr, shape=alpha_shape, dtype=dtype, is_bias=False,
                                    default_initializer=_constant(0.25))
    out = helper.create_variable_for_type_inference(dtype)
    helper.append_op(type="prelu", inputs={"X": x, "Alpha": alpha}, attrs={"mode": mode, "data_format": data_format},
                     outputs={"Out": out})
    return out


def bilinear_tensor_product(x, y, size, act=None, name=None, param_attr=None, bias_attr=None):
    helper = LayerHelper("bilinear_tensor_product", x=x, y=y, act=act, name=name, param_attr=param_attr,
                         bias_attr=bias_attr)
    dtype = helper.input_dtype("x")
    if len(x.shape) != 2 or len(y.shape) != 2:
        raise ValueError(f"Input x and y should be 2D tensor, but received x with the shape of {_shape(x)}, y with "
                         f"the shape of {_shape(y)}")
    weight = helper.create_parameter(attr=helper.param_attr, shape=[size, x.shape[1], y.shape[1]], dtype=dtype,
                                     is_bias=False)
    out = helper.create_variable_for_type_inference(dtype=dtype)
    inputs = {"X": x, "Y": y, "Weight": weight}
    if helper.bias_attr:
        inputs["Bias"] = helper.create_parameter(attr=helper.bias_attr, shape=[1, size], dtype=dtype, is_bias=True)
    helper.append_op(type="bilinear_tensor_product", inputs=inputs, outputs={"Out": out})
    return helper.append_activation(out)


def spectral_norm(weight, dim=0, power_iters=1, eps=1e-12, name=None):
    from ... import numel
    from ...nn.param_attr import ParamAttr

    helper = LayerHelper("spectral_norm", weight=weight, name=name)
    check_variable_and_dtype(weight, "weight", ["float32", "float64"], "spectral_norm")
    check_type(dim, "dim", int, "spectral_norm")
    check_type(power_iters, "power_iters", int, "spectral_norm")
    check_type(eps, "eps", float, "spectral_norm")
    dtype = weight.dtype
    shape = _shape(weight)
    # Paddle asserts ``weight.numel() > 0``: in static mode that appends size/fill_constant/greater_than ops (the
    # assert itself always passes on a Variable)
    if _in_dygraph():
        assert numel(weight) > 0, "Any dimension of input cannot be equal to 0."
    else:
        size = helper.create_variable_for_type_inference("int64", stop_gradient=True)
        helper.append_op(type="size", inputs={"Input": weight}, outputs={"Out": size})
        zero = helper.create_variable_for_type_inference("int64", stop_gradient=True)
        helper.append_op(type="fill_constant", inputs={}, outputs={"Out": zero},
                         attrs={"shape": [], "dtype": 3, "value": 0.0})
        positive = helper.create_variable_for_type_inference("bool", stop_gradient=True)
        helper.append_op(type="greater_than", inputs={"X": size, "Y": zero}, outputs={"Out": positive},
                         attrs={"axis": -1})
    if dim not in (0, 1):
        raise ValueError("The input `dim` must be 0 (if weight in fc) or 1 (if weight in conv), but received "
                         f"dim={dim}")
    rows = shape[dim]
    cols = int(np.prod(shape)) // rows
    u = helper.create_parameter(attr=ParamAttr(), shape=[rows], dtype=dtype, default_initializer=_normal(0.0, 1.0))
    u.stop_gradient = True
    v = helper.create_parameter(attr=ParamAttr(), shape=[cols], dtype=dtype, default_initializer=_normal(0.0, 1.0))
    v.stop_gradient = True
    out = helper.create_variable(dtype=dtype)
    helper.append_op(type="spectral_norm", inputs={"Weight": weight, "U": u, "V": v}, outputs={"Out": out},
                     attrs={"dim": dim, "power_iters": power_iters, "eps": eps})
    return out


def row_conv(input, future_context_size, param_attr=None, act=None):  # noqa: A002
    helper = LayerHelper("row_conv", input=input, param_attr=param_attr, act=act)
    check_variable_and_dtype(input, "input", ["float32"], "row_conv")
    dtype = helper.input_dtype()
    weight = helper.create_parameter(attr=helper.param_attr, shape=[future_context_size + 1, input.shape[-1]],
                                     dtype=dtype)
    out = helper.create_variable_for_type_inference(dtype)
    helper.append_op(type="row_conv", inputs={"X": [input], "Filter": [weight]}, outputs={"Out": [out]})
    return helper.append_activation(out)


def _deformable_conv(input, offset, mask, num_filters, filter_size, stride, padding, dilation,  # noqa: A002
                     groups, deformable_groups, im2col_step, param_attr, bias_attr, modulated, name):
    check_variable_and_dtype(input, "input", ["float32", "float64"], "deformable_conv")
    check_variable_and_dtype(offset, "offset", ["float32", "float64"], "deformable_conv")
    check_type(mask, "mask", (Variable, type(None)), "deformable_conv")
    if len(input.shape) != 4:
        raise ValueError(f"The input should be of [N, C, H, W] format, but received {_shape(input)}")
    channels = input.shape[1]
    assert param_attr is not False, "param_attr should not be False here."
    helper = LayerHelper("deformable_conv", input=input, param_attr=param_attr, bias_attr=bias_attr, name=name)
    dtype = helper.input_dtype()
    if groups is None:
        filter_channels = channels
    else:
        if groups == 0:
            raise ValueError("groups should not be 0.")
        if channels % groups != 0:
            raise ValueError("num_channels must be divisible by groups.")
        filter_channels = channels // groups
    filter_size = _to_list(filter_size, 2, "filter_size")
    stride = _to_list(stride, 2, "stride")
    padding = _to_list(padding, 2, "padding")
    dilation = _to_list(dilation, 2, "dilation")
    fan_in = filter_size[0] * filter_size[1] * channels
    weight = _conv_filter(helper, [num_filters, int(filter_channels)] + filter_size, fan_in, dtype)
    out = helper.create_variable_for_type_inference(dtype)
    inputs = {"Input": input, "Filter": weight, "Offset": offset}
    if modulated:
        inputs["Mask"] = mask
    helper.append_op(type="deformable_conv" if modulated else "deformable_conv_v1", inputs=inputs,
                     outputs={"Output": out},
                     attrs={"strides": stride, "paddings": padding, "dilations": dilation, "groups": groups,
                            "deformable_groups": deformable_groups, "im2col_step": im2col_step})
    return helper.append_bias_op(out, dim_start=1, dim_end=2)


@static_only
def deform_conv2d(x, offset, mask, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=1,
                  deformable_groups=1, im2col_step=1, weight_attr=None, bias_attr=None, name=None):
    if mask is None:
        return _deformable_conv(x, offset, None, num_filters, filter_size, stride, padding, dilation, groups,
                                deformable_groups, im2col_step, weight_attr, bias_attr, False, name)
    return _deformable_conv(x, offset, mask, num_filters, filter_size, stride, padding, dilation, groups,
                            deformable_groups, im2col_step, weight_attr, bias_attr, True, name)


def continuous_value_model(input, cvm, use_cvm=True):  # noqa: A002
    """``cvm``: with use_cvm, the show/click columns become log(show+1), log(click+1)-log(show+1); without,
    they are dropped."""
    helper = LayerHelper("cvm", input=input, cvm=cvm, use_cvm=use_cvm)
    dtype = helper.input_dtype()
    out = helper.create_variable(dtype=dtype)
    check_variable_and_dtype(input, "input", ["float16", "float32", "float64"], "cvm")
    helper.append_op(type="cvm", inputs={"X": [input], "CVM": [cvm]}, outputs={"Y": [out]},
                     attrs={"use_cvm": use_cvm})
    return out


def _public(*funcs):
    for f in funcs:
        f.__module__ = "paddle.static.nn.common"


_public(fc, conv2d, conv3d, conv2d_transpose, conv3d_transpose, batch_norm, layer_norm, instance_norm, group_norm,
        data_norm, embedding, sparse_embedding, prelu, bilinear_tensor_product, spectral_norm, row_conv, deform_conv2d,
        continuous_value_model)


# ---------------------------------------------------------------------------------------------------- py_func
def _as_lod_tensor(t):
    from ...base.executor import LoDTensor

    return LoDTensor({None: t.detach()})


def _to_torch_like(value, like, reshape=True):
    """``value`` (array, LoDTensor or Tensor) as a torch tensor of ``like``'s dtype (and shape, for gradients: a
    forward output keeps the shape ``func`` gave it, as in Paddle, whatever shape its variable declares)."""
    import torch

    if value is None:
        return None
    if isinstance(value, torch.Tensor):
        array = value
    elif hasattr(value, "_t"):
        array = value._t
    else:
        array = torch.as_tensor(np.array(value))
    if like is None:
        return array
    array = array.to(like.dtype)
    return array.reshape(like.shape) if reshape else array


def _run_py_func(op, env, ctx):
    import torch

    func, backward_func, skip = op._py_funcs
    in_names, out_names = op._inputs.get("X", []), op._outputs.get("Out", [])
    templates = [env.get(n) for n in out_names]
    out_vars = [op.block._var_recursive(n) for n in out_names]

    def forward_values(xs):
        result = func(*[_as_lod_tensor(x) for x in xs])
        result = [] if result is None else result if isinstance(result, (list, tuple)) else [result]
        return [_to_torch_like(r, v._t if t is None else t, reshape=False)
                for r, v, t in zip(result, out_vars, templates)]

    xs = [env[n] for n in in_names]
    if backward_func is None or not torch.is_grad_enabled() or not any(x.requires_grad for x in xs):
        with torch.no_grad():
            values = forward_values(xs)
        env.update(zip(out_names, values))
        return

    class _PyFunc(torch.autograd.Function):
        @staticmethod
        def forward(fctx, *inputs):
            outs = forward_values(inputs)
            fctx.save_for_backward(*inputs, *outs)
            return tuple(outs)

        @staticmethod
        def backward(fctx, *grads):
            saved = fctx.saved_tensors
            ins, outs = saved[:len(in_names)], saved[len(in_names):]
            args = [_as_lod_tensor(t) for n, t in zip(in_names, ins) if n not in skip]
            args += [_as_lod_tensor(t) for n, t in zip(out_names, outs) if n not in skip]
            args += [None if g is None else _as_lod_tensor(g) for g in grads]
            result = backward_func(*args)
            result = [result] if not isinstance(result, (list, tuple)) else list(result)
            return tuple(_to_torch_like(r, x) for r, x in zip(result, ins))

    env.update(zip(out_names, _PyFunc.apply(*xs)))


@static_only
def py_func(func, x, out, backward_func=None, skip_vars_in_backward_input=None):
    from ._static_support import append_python_op

    helper = LayerHelper("py_func", func=func, x=x, out=out)
    check_type(x, "X", (list, tuple, Variable, type(None)), "py_func")
    xs = [] if x is None else [x] if isinstance(x, Variable) else list(x)
    check_type(out, "Out", (list, tuple, Variable, type(None)), "py_func")
    outs = [] if out is None else [out] if isinstance(out, Variable) else list(out)
    if func is None or not callable(func):
        raise TypeError(f"func must be a Python function but got {type(func)}")
    for each in outs:
        if len(each.shape) == 0:
            raise ValueError("Output shapes of py_func should be provided by users manually")
    skip = set()
    if backward_func is not None and skip_vars_in_backward_input is not None:
        if isinstance(skip_vars_in_backward_input, Variable):
            skip_vars_in_backward_input = [skip_vars_in_backward_input]
        known = {v.name for v in xs} | {v.name for v in outs}
        for v in skip_vars_in_backward_input:
            if v.name not in known:
                raise ValueError(f"Tensor {v.name} is not found in forward inputs and outputs")
            skip.add(v.name)
    op = append_python_op(helper.main_program.current_block(), "py_func", {"X": xs}, {"Out": outs},
                          {"forward_callable_id": id(func), "backward_callable_id":
                           -1 if backward_func is None else id(backward_func),
                           "backward_skip_vars": sorted(skip)}, _run_py_func)
    op._py_funcs = (func, backward_func, skip)
    return out


py_func.__module__ = "paddle.static.nn.common"
continuous_value_model = static_only(continuous_value_model)
continuous_value_model.__module__ = "paddle.static.nn.common"
