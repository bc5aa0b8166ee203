"""``paddle.static``: only ``InputSpec`` is real so far; the static-graph Program/Executor API is a
later milestone (torch.fx), and its names raise NotImplementedError saying so."""

from .input import InputSpec

__all__ = ["InputSpec"]
