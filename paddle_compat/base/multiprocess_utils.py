"""``paddle.base.multiprocess_utils``: the exit-cleanup registry and queue set of the multi-process DataLoader."""

import atexit
import signal
import sys

MP_STATUS_CHECK_INTERVAL = 5.0
multiprocess_queue_set = set()


def _clear_multiprocess_queue_set():
    for data_queue in list(multiprocess_queue_set):
        while True:
            try:
                data_queue.get_nowait()
            except Exception:  # noqa: BLE001 - empty or closed: done with this queue
                break


def _cleanup():
    _clear_multiprocess_queue_set()


class CleanupFuncRegistrar:
    """Runs registered functions once at interpreter exit (and on SIGTERM), as Paddle's registrar does."""

    _executed_func_set = set()
    _registered_func_set = set()

    @classmethod
    def register(cls, function, signals=None):
        if not callable(function):
            raise TypeError("%s is not callable object." % (function))  # noqa: UP031 - Paddle's message
        if function not in cls._registered_func_set:
            atexit.register(cls._func_executor(function))
            cls._registered_func_set.add(function)
        for sig in signals or []:
            previous = signal.getsignal(sig)

            def handler(signum, frame, _previous=previous):
                cls._func_executor(function)()
                if callable(_previous):
                    _previous(signum, frame)
                else:
                    sys.exit(signum)

            signal.signal(sig, handler)

    @classmethod
    def _func_executor(cls, function):
        def run():
            if function not in cls._executed_func_set:
                try:
                    function()
                finally:
                    cls._executed_func_set.add(function)

        return run


CleanupFuncRegistrar.register(_cleanup)
