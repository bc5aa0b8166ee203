"""``paddle.base.device_worker``: device workers of the parameter-server trainers; not supported."""

from .._stubs import define_stubs

__all__ = []
_PS = "the parameter-server datasets, trainers and device workers of paddle.base are not supported"
define_stubs(globals(), "paddle.base.device_worker", [
    "DeviceWorker", "DeviceWorkerFactory", "Hogwild", "DownpourSGD", "DownpourSGDOPT", "DownpourLite", "Section",
    "HeterSection",
], _PS)
