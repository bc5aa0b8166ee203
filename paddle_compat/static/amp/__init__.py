"""``paddle.static.amp``: what is usable in dygraph (``fp16_guard``/``bf16_guard`` as no-op contexts, the op
lists); the static Program decorators raise NotImplementedError (paddle-compat has no static Programs)."""

from . import amp_nn, bf16, debugging, decorator, fp16_lists, fp16_utils, function_overload  # noqa: F401
from .bf16 import bf16_guard  # noqa: F401
from .decorator import decorate  # noqa: F401
from .fp16_lists import AutoMixedPrecisionLists, CustomOpLists  # noqa: F401
from .fp16_utils import cast_model_to_fp16, cast_parameters_to_fp16, fp16_guard  # noqa: F401
