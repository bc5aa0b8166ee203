"""Public classes of paddle.amp / static.amp / quantization / nn.quant whose ``__module__`` must be Paddle's
(shared by the recorder and the test)."""

import importlib

MODULES = ["paddle.amp", "paddle.amp.debugging", "paddle.quantization", "paddle.quantization.wrapper",
           "paddle.quantization.config", "paddle.quantization.factory", "paddle.quantization.quanters.abs_max",
           "paddle.quantization.observers.abs_max", "paddle.quantization.observers.groupwise", "paddle.nn.quant",
           "paddle.nn.quant.format", "paddle.nn.quant.quant_layers", "paddle.nn.quant.stub", "paddle.nn.quant.qat",
           "paddle.static.amp", "paddle.static.amp.bf16"]
NAMES = ["paddle.amp:GradScaler", "paddle.amp:AmpScaler", "paddle.amp:OptimizerState",
         "paddle.amp.debugging:DebugMode", "paddle.amp.debugging:TensorCheckerConfig",
         "paddle.quantization:QuantConfig", "paddle.quantization:QAT", "paddle.quantization:PTQ",
         "paddle.quantization:BaseQuanter", "paddle.quantization:BaseObserver",
         "paddle.quantization:ImperativeQuantAware", "paddle.quantization.wrapper:ObserveWrapper",
         "paddle.quantization.config:SingleLayerConfig", "paddle.quantization.factory:QuanterFactory",
         "paddle.quantization.quanters.abs_max:FakeQuanterWithAbsMaxObserver",
         "paddle.quantization.quanters.abs_max:FakeQuanterWithAbsMaxObserverLayer",
         "paddle.quantization.observers.abs_max:AbsmaxObserver",
         "paddle.quantization.observers.abs_max:AbsmaxObserverLayer",
         "paddle.quantization.observers.groupwise:GroupWiseWeightObserverLayer",
         "paddle.nn.quant:Stub", "paddle.nn.quant:QuantStub", "paddle.nn.quant:add", "paddle.nn.quant:matmul",
         "paddle.nn.quant:FloatFunctionalLayer", "paddle.nn.quant.stub:QuanterStub",
         "paddle.nn.quant.qat:QuantedLinear", "paddle.nn.quant.qat:QuantedConv2D",
         "paddle.nn.quant.format:LinearQuanter", "paddle.nn.quant.format:LinearDequanter",
         "paddle.nn.quant.format:LinearQuanterDequanter", "paddle.nn.quant.format:ConvertibleQuantedLayer",
         "paddle.nn.quant.quant_layers:QuantizedConv2D", "paddle.nn.quant.quant_layers:QuantizedLinear",
         "paddle.nn.quant.quant_layers:FakeQuantAbsMax", "paddle.nn.quant.quant_layers:FakeQuantMovingAverageAbsMax",
         "paddle.nn.quant.quant_layers:FakeQuantChannelWiseAbsMax", "paddle.nn.quant.quant_layers:MAOutputScaleLayer",
         "paddle.nn.quant.quant_layers:FakeQuantMAOutputScaleLayer",
         "paddle.static.amp:AutoMixedPrecisionLists", "paddle.static.amp.bf16:AutoMixedPrecisionListsBF16"]


def module_paths():
    for name in MODULES:
        importlib.import_module(name)
    out = {}
    for spec in NAMES:
        module, attr = spec.split(":")
        obj = getattr(importlib.import_module(module), attr)
        out[spec] = [obj.__module__, obj.__qualname__]
    return out
