"""The parameter-server runtimes. Their work (communicators, sparse tables, server processes) is Paddle's C++
parameter-server library, which paddle-compat does not have: they are constructed as Paddle's, and every
lifecycle or persistence call raises NotImplementedError naming it."""

from .runtime_base import RuntimeBase


def _needs_ps(cls_name, method):
    def refuse(self, *args, **kwargs):
        raise NotImplementedError(f"{cls_name}.{method} needs Paddle's parameter-server runtime, which paddle-compat "
                                  "does not have")

    refuse.__name__ = refuse.__qualname__ = method
    return refuse


_LIFECYCLE = ("_init_worker", "_run_worker", "_init_server", "_run_server", "_stop_worker", "_save_inference_model",
              "_save_persistables")


class ParameterServerRuntime(RuntimeBase):
    def __init__(self):
        super().__init__()
        self._communicator = None

    def _set_basic_info(self, context):
        self.context = context
        self.role_maker = context["role_maker"]
        self.origin_main_program = context["origin_main_program"]
        self.origin_startup_program = context["origin_startup_program"]
        raise NotImplementedError("ParameterServerRuntime._set_basic_info (compiling the parameter-server strategy) "
                                  "needs Paddle's parameter-server runtime, which paddle-compat does not have")


class TheOnePSRuntime(RuntimeBase):
    def __init__(self):
        super().__init__()
        self._communicator = None
        self._server = None
        self._server_sub_program = []
        self._heter_client = None
        self._worker = None  # Paddle's C++ DistFleetWrapper

    def _set_basic_info(self, context):
        self.context = context
        self.role_maker = context["role_maker"]
        self.origin_main_program = context["origin_main_program"]
        self.origin_startup_program = context["origin_startup_program"]
        raise NotImplementedError("TheOnePSRuntime._set_basic_info (building the PS tables) needs Paddle's "
                                  "parameter-server runtime, which paddle-compat does not have")


for _cls in (ParameterServerRuntime, TheOnePSRuntime):
    for _method in _LIFECYCLE:
        setattr(_cls, _method, _needs_ps(_cls.__name__, _method))
ParameterServerRuntime.__module__ = "paddle.distributed.fleet.runtime.parameter_server_runtime"
TheOnePSRuntime.__module__ = "paddle.distributed.fleet.runtime.the_one_ps"
del _cls, _method
