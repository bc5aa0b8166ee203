"""``paddle.quantization.QuantConfig``: which quanters go on which layers (global, per type, per name)."""

import copy

from .. import nn
from .._attrs import private_views
from .wrapper import ObserveWrapper


def _default_qat_layer_mappings():
    from ..nn.quant import qat
    from ..nn.quant.stub import QuanterStub, Stub

    return {Stub: QuanterStub, nn.Linear: qat.QuantedLinear, nn.Conv2D: qat.QuantedConv2D}


DEFAULT_LEAVES = [nn.ReLU, nn.AvgPool2D]


class SingleLayerConfig:
    def __init__(self, activation, weight):
        self._activation = activation
        self._weight = weight

    activation, weight = private_views("activation", "weight")

    def __str__(self):
        return f"activation: {self._activation}\nweight: {self._weight}"


class QuantConfig:
    def __init__(self, activation, weight):
        if activation is None and weight is None:
            self._global_config = None
        else:
            self._global_config = SingleLayerConfig(activation, weight)
        self._layer2config = {}
        self._prefix2config = {}
        self._type2config = {}
        self._model = None
        self._qat_layer_mapping = _default_qat_layer_mappings()
        self._customized_qat_layer_mapping = {}
        self._customized_leaves = []

    def add_layer_config(self, layer, activation=None, weight=None):
        if isinstance(layer, list):
            for element in layer:
                self.add_layer_config(element, activation=activation, weight=weight)
        else:
            self.add_name_config(layer.full_name(), activation=activation, weight=weight)

    def add_name_config(self, layer_name, activation=None, weight=None):
        if isinstance(layer_name, str):
            self._prefix2config[layer_name] = SingleLayerConfig(activation, weight)
        if isinstance(layer_name, list):
            for element in layer_name:
                self.add_name_config(element, activation=activation, weight=weight)

    def add_type_config(self, layer_type, activation=None, weight=None):
        if isinstance(layer_type, type) and issubclass(layer_type, nn.Layer):
            self._type2config[layer_type] = SingleLayerConfig(activation, weight)
        if isinstance(layer_type, list):
            for element in layer_type:
                self.add_type_config(element, activation=activation, weight=weight)

    def add_qat_layer_mapping(self, source, target):
        assert isinstance(source, type) and issubclass(source, nn.Layer), (
            "The source layer to be placed should be a subclass of paddle.nn.Layer"
        )
        assert isinstance(target, type) and issubclass(source, nn.Layer), (
            "The target layer should be a subclass of paddle.nn.qat.Layer"
        )
        self._qat_layer_mapping[source] = target
        self._customized_qat_layer_mapping[source] = target

    def add_customized_leaf(self, layer_type):
        self._customized_leaves.append(layer_type)

    @property
    def customized_leaves(self):
        return self._customized_leaves

    def _need_observe(self, layer):
        return self._is_leaf(layer) and self._has_observer_config(layer)

    def _get_qat_layer(self, layer):
        q_config = self._get_config_by_layer(layer)
        target_type = self._customized_qat_layer_mapping.get(type(layer), self.qat_layer_mappings.get(type(layer)))
        return target_type(layer, q_config)

    def _has_observer_config(self, layer):
        config = self._get_config_by_layer(layer)
        return config is not None and config.activation is not None

    def _is_leaf(self, layer):
        return self._is_default_leaf(layer) or self._is_real_leaf(layer) or self._is_customized_leaf(layer)

    def _is_default_leaf(self, layer):
        return type(layer) in DEFAULT_LEAVES

    def _is_real_leaf(self, layer):
        return layer._sub_layers is None or len(layer._sub_layers) == 0

    def _is_customized_leaf(self, layer):
        return type(layer) in self.customized_leaves

    def _get_observer(self, layer):
        config = self._get_config_by_layer(layer)
        observer = None if config is None else config.activation
        return None if observer is None else observer._instance(layer)

    def _get_observe_wrapper(self, layer):
        return ObserveWrapper(self._get_observer(layer), layer)

    @property
    def qat_layer_mappings(self):
        return self._qat_layer_mapping

    @property
    def default_qat_layer_mapping(self):
        return _default_qat_layer_mappings()

    @property
    def global_config(self):
        return self._global_config

    def _get_config_by_layer(self, layer):
        return self._layer2config.get(layer, None)

    def _is_quantifiable(self, layer):
        return layer in self._layer2config

    def _specify(self, model):
        self._model = model
        self._specify_helper(self._model)

    def _specify_helper(self, model):
        for child in model.children():
            config = self._layer2config.get(model, self.global_config)
            config = self._type2config.get(type(child), config)
            config = self._prefix2config.get(child.full_name(), config)
            if config is not None:
                self._layer2config[child] = config
            self._specify_helper(child)
        return self

    def details(self):
        if self._model is None:
            return self.__str__()
        return self._details_helper(self._model)

    def _details_helper(self, layer):
        lines = []
        for name, sublayer in layer.named_children():
            sub = self._addindent(self._details_helper(sublayer), 2)
            if sublayer in self._layer2config:
                lines.append("(" + name + "): " + sub + ", " + str(self._layer2config[sublayer]))
        final = layer.__class__.__name__ + "("
        if lines:
            final += "\n  " + "\n  ".join(lines) + "\n"
        return final + ")"

    def _addindent(self, string, indent):
        lines = string.split("\n")
        if len(lines) == 1:
            return string
        return lines[0] + "\n" + "\n".join(indent * " " + line for line in lines[1:])

    def __str__(self):
        result = f"Global config:\n{self._global_config}\n"
        if len(self._type2config) > 0:
            result += f"Layer type config:\n{self._type2config}\n"
        if len(self._prefix2config) > 0:
            result += f"Layer prefix config: \n{self._prefix2config}\n"
        return result

    def __deepcopy__(self, memo):
        # layers are keys of _layer2config: copy the dicts, share nothing mutable with the original
        new = copy.copy(self)
        memo[id(self)] = new
        for key in ("_layer2config", "_prefix2config", "_type2config", "_qat_layer_mapping",
                    "_customized_qat_layer_mapping"):
            setattr(new, key, dict(getattr(self, key)))
        new._customized_leaves = list(self._customized_leaves)
        return new
