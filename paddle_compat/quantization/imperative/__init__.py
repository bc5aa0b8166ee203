"""The imperative (2.x) quantization API: ``ImperativeQuantAware``; the PTQ side is not implemented."""

from .qat import ImperativeQuantAware, ImperativeQuantizeInputs, ImperativeQuantizeOutputs  # noqa: F401
