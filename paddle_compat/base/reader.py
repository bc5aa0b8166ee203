"""``paddle.base.reader``: ``DataLoader`` (``paddle.io.DataLoader``) and the static-graph feeding readers.

``PyReader``/``GeneratorLoader`` feed a static program through a reader op and a blocking queue, which the
paddle-compat executor does not have (feed dicts to ``Executor.run`` instead): they raise NotImplementedError.
"""

from .._stubs import define_stubs
from ..framework.program import Program, default_main_program, default_startup_program, program_guard
from ..io import DataLoader
from .data_feeder import DataFeeder
from .multiprocess_utils import CleanupFuncRegistrar, multiprocess_queue_set

__all__ = []
_WHY = "static-graph reader ops (feed dicts to Executor.run instead)"
define_stubs(globals(), "paddle.base.reader", [
    "PyReader", "GeneratorLoader", "DatasetLoader", "DataLoaderBase", "DygraphGeneratorLoader",
    "BatchedTensorProvider",
], _WHY)
QUEUE_GET_TIMEOUT = 60
USE_PINNED_MEMORY = None
KEEP_DATA_LOADER_ORDER = True


def keep_data_loader_order(*args):
    global KEEP_DATA_LOADER_ORDER
    if len(args) == 0:
        return KEEP_DATA_LOADER_ORDER
    assert len(args) == 1 and isinstance(args[0], bool)
    KEEP_DATA_LOADER_ORDER = args[0]
    return None


_ = (Program, default_main_program, default_startup_program, program_guard, DataLoader, DataFeeder,
     CleanupFuncRegistrar, multiprocess_queue_set)
