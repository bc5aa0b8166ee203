"""The interface Fleet drives its runtime through (collective or parameter-server)."""

__all__ = []


class RuntimeBase:
    def __init__(self):
        pass

    def _set_basic_info(self, context):
        self.context = context

    def _run_worker(self):
        pass

    def _init_server(self, *args, **kwargs):
        pass

    def _run_server(self):
        pass

    def _stop_worker(self):
        pass

    def _save_inference_model(self, *args, **kwargs):
        pass

    def _save_persistables(self, *args, **kwargs):
        pass
