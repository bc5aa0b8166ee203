"""``paddle.distributed.fleet.runtime``: the runtimes Fleet drives: ``CollectiveRuntime`` (collective mode; worker/
server lifecycle calls only warn) and the parameter-server runtimes (constructed as Paddle's; their work needs
Paddle's C++ parameter-server library and raises NotImplementedError naming the call)."""

from ._parameter_server import ParameterServerRuntime, TheOnePSRuntime  # noqa: F401
from .collective_runtime import CollectiveRuntime  # noqa: F401

__all__ = []
