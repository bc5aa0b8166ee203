"""``paddle.jit``: ``to_static`` on torch.compile; ``save``/``load`` in Paddle's format and torch.export's."""

from .api import (  # noqa: F401
    enable_to_static,
    ignore_module,
    load,
    not_to_static,
    save,
    set_code_level,
    set_verbosity,
    to_static,
)
from .translated_layer import TranslatedLayer  # noqa: F401

__all__ = ["to_static", "save", "load", "TranslatedLayer", "set_code_level", "set_verbosity", "not_to_static",
           "enable_to_static", "ignore_module"]
