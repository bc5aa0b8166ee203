"""The collective-mode runtime: worker/server lifecycle calls do not apply and only warn."""

import logging

from .runtime_base import RuntimeBase

__all__ = []


def _not_for_collective(method):
    # logging.warn is Paddle's call (an alias of logging.warning on the root logger)
    logging.warning(f"You should not call '{method}' method for collective mode.")


class CollectiveRuntime(RuntimeBase):
    def __init__(self):
        super().__init__()

    def _init_worker(self):
        _not_for_collective("init_worker")

    def _run_worker(self):
        _not_for_collective("run_worker")

    def _init_server(self, *args, **kwargs):
        _not_for_collective("init_server")

    def _run_server(self):
        _not_for_collective("run_server")

    def _stop_worker(self):
        _not_for_collective("stop_worker")
