"""``ImperativeQuantAware``: the 2.x imperative QAT (fake quant on the inputs of Conv2D/Linear, output scales
on the other layers) on the ``paddle.nn.quant.quant_layers`` layers."""

import inspect

from ... import nn
from ...nn.quant import quant_layers
from ...nn.quant.functional_layers import FloatFunctionalLayer
from . import utils


class ImperativeQuantAware:
    def __init__(
        self,
        quantizable_layer_type=["Conv2D", "Linear", "Conv2DTranspose", "ColumnParallelLinear",  # noqa: B006
                                "RowParallelLinear"],
        weight_quantize_type="abs_max",
        activation_quantize_type="moving_average_abs_max",
        weight_bits=8,
        activation_bits=8,
        moving_rate=0.9,
        fuse_conv_bn=False,
        weight_preprocess_layer=None,
        act_preprocess_layer=None,
        weight_quantize_layer=None,
        act_quantize_layer=None,
        onnx_format=False,
    ):
        if fuse_conv_bn:
            raise NotImplementedError("ImperativeQuantAware(fuse_conv_bn=True) is not implemented by paddle-compat.")
        self.fuse_conv_bn = fuse_conv_bn
        # the tensor-parallel layers exist only with fleet; Paddle drops them from the list without it
        types = [t for t in quantizable_layer_type if t not in ("ColumnParallelLinear", "RowParallelLinear")]
        self._quantize_inputs = ImperativeQuantizeInputs(
            quantizable_layer_type=types, weight_quantize_type=weight_quantize_type,
            activation_quantize_type=activation_quantize_type, weight_bits=weight_bits,
            activation_bits=activation_bits, moving_rate=moving_rate, weight_preprocess_layer=weight_preprocess_layer,
            act_preprocess_layer=act_preprocess_layer, weight_quantize_layer=weight_quantize_layer,
            act_quantize_layer=act_quantize_layer,
        )
        self._quantize_outputs = ImperativeQuantizeOutputs(moving_rate, activation_bits, onnx_format)

    def quantize(self, model):
        assert isinstance(model, nn.Layer), "The model must be the instance of paddle.nn.Layer."
        self._quantize_inputs.apply(model)
        self._quantize_outputs.apply(model)
        return model

    def save_quantized_model(self, layer, path, input_spec=None, **config):
        self._quantize_outputs.save_quantized_model(layer, path, input_spec, **config)


class ImperativeQuantizeInputs:
    def __init__(
        self,
        quantizable_layer_type=["Conv2D", "Linear", "Conv2DTranspose"],  # noqa: B006
        weight_quantize_type="abs_max",
        activation_quantize_type="moving_average_abs_max",
        weight_bits=8,
        activation_bits=8,
        moving_rate=0.9,
        weight_preprocess_layer=None,
        act_preprocess_layer=None,
        weight_quantize_layer=None,
        act_quantize_layer=None,
    ):
        super().__init__()
        self.layer_name_map = utils.layer_name_map
        self.fake_quant_input_layers = utils.fake_quant_input_layers
        self._quantizable_layer_type = tuple(self.layer_name_map.get(layer, layer) if isinstance(layer, str)
                                             else layer for layer in quantizable_layer_type)
        for layer in self._quantizable_layer_type:
            assert not isinstance(layer, str) and layer in self.fake_quant_input_layers, (
                f"{layer} is unspported to be quantized."
            )
        quantize_type = {"abs_max", "moving_average_abs_max", "channel_wise_abs_max", "lsq_weight",
                         "channel_wise_lsq_weight"}
        assert weight_quantize_type != "moving_average_abs_max" and weight_quantize_type in quantize_type, (
            f"Unsupported weight_quantize_type: {weight_quantize_type}. It can only be abs_max or "
            "channel_wise_abs_max."
        )
        assert activation_quantize_type in {"moving_average_abs_max", "lsq_act"}, (
            f"Unsupported activation_quantize_type: {activation_quantize_type}. It can only be "
            "moving_average_abs_max or lsq_act now."
        )

        def bits_ok(bits):
            return isinstance(bits, int) and 0 <= bits <= 16

        assert bits_ok(weight_bits), "weight_bits should be 1, 2,... or 16."
        assert bits_ok(activation_bits), "activation_bits should be 1, 2,... or 16."

        def layer_ok(method):
            return method is None or (inspect.isclass(method) and issubclass(method, nn.Layer))

        assert layer_ok(weight_preprocess_layer), "weight_preprocess should be nn.Layer."
        assert layer_ok(act_preprocess_layer), "act_preprocess should be nn.Layer."
        assert layer_ok(weight_quantize_layer), "weight_quantize should be nn.Layer."
        assert layer_ok(act_quantize_layer), "act_quantize should be nn.Layer."
        self._kwargs = {
            "weight_quantize_type": weight_quantize_type, "activation_quantize_type": activation_quantize_type,
            "weight_bits": weight_bits, "activation_bits": activation_bits, "moving_rate": moving_rate,
            "weight_pre_layer": weight_preprocess_layer, "act_pre_layer": act_preprocess_layer,
            "weight_quant_layer": weight_quantize_layer, "act_quant_layer": act_quantize_layer,
        }

    def apply(self, model):
        assert isinstance(model, nn.Layer), "The model must be the instance of paddle.nn.Layer."
        for name, cur_layer in model.named_sublayers():
            if not isinstance(cur_layer, self._quantizable_layer_type) or getattr(cur_layer, "skip_quant", False) \
                    is True:
                continue
            parent_layer, sub_name = utils.find_parent_layer_and_sub_name(model, name)
            setattr(parent_layer, sub_name, self._get_input_quantized_layer(cur_layer))

    def _get_input_quantized_layer(self, layer):
        quant_layer_name = None
        for key, value in self.layer_name_map.items():
            if isinstance(layer, value):
                quant_layer_name = "Quantized" + key
                break
        assert quant_layer_name is not None, f"The layer {layer.full_name()} is unsupported to be quantized."
        return getattr(quant_layers, quant_layer_name)(layer, **self._kwargs)


class ImperativeQuantizeOutputs:
    def __init__(self, moving_rate=0.9, activation_bits=8, onnx_format=False):
        super().__init__()
        self._moving_rate = moving_rate
        self._activation_bits = activation_bits
        self._onnx_format = onnx_format

    def apply(self, model):
        assert isinstance(model, nn.Layer), "The model must be the instance of paddle.nn.Layer."
        for cur_name, cur_layer in model.named_sublayers():
            if "_act_preprocess" in cur_name or not self._is_target_layer(cur_layer):
                continue
            parent_layer, sub_name = utils.find_parent_layer_and_sub_name(model, cur_name)
            # Paddle passes moving_rate in FakeQuantMAOutputScaleLayer's weight_bits position; kept as is
            if isinstance(cur_layer, tuple(utils.fake_quant_output_layers)):
                cur_quant_layer = quant_layers.FakeQuantMAOutputScaleLayer(cur_layer, self._moving_rate,
                                                                           reduce_type=None)
            else:
                cur_quant_layer = quant_layers.MAOutputScaleLayer(cur_layer, self._moving_rate, reduce_type=None)
            setattr(parent_layer, sub_name, cur_quant_layer)

    def save_quantized_model(self, model, path, input_spec=None, **config):
        raise NotImplementedError(
            "ImperativeQuantAware.save_quantized_model writes a static inference Program with quantize ops; "
            "paddle-compat does not export quantized models yet."
        )

    def _is_target_layer(self, layer):
        if not isinstance(layer, nn.Layer):
            return False
        if self._onnx_format:
            return isinstance(layer, tuple(utils.fake_quant_wrap_layers))
        flag = utils.is_leaf_layer(layer) and not isinstance(layer, tuple(utils.fake_quant_leaf_layers))
        if isinstance(layer, tuple(utils.fake_quant_wrap_layers)):
            flag = True
        if isinstance(layer, FloatFunctionalLayer):
            flag = True
        return flag
