"""``paddle.distributed.to_static``: converting a dygraph Layer into a ``DistModel`` runs Paddle's static
auto-parallel Engine, which paddle-compat does not have. The Engine's argument checks come first, as in Paddle;
then, like a CPU-only Paddle 2.6.2 build (whose Engine asks for the CUDA device properties of its default
cluster), it fails without a GPU with Paddle's ValueError; with a GPU it raises NotImplementedError."""


def to_static(layer, loader=None, loss=None, optimizer=None, strategy=None):
    """Convert ``layer`` (with ``loss`` and ``optimizer``) into a static distributed model (not available)."""
    from ... import nn
    from ...optimizer import Optimizer
    from ...static import Variable

    if strategy is not None:  # Paddle converts the strategy's fused-pass switches first
        _ = (strategy.fused_passes.enable, strategy.fused_passes.gemm_epilogue, strategy.fused_passes.dropout_add)
    if layer and not isinstance(layer, nn.Layer) and not callable(layer):
        raise TypeError("'model must be sub classes of `paddle.nn.Layer` or any callable function.")
    if loss and not isinstance(loss, (nn.Layer, Variable)) and not callable(loss):
        raise TypeError("'loss' must be sub classes of `paddle.nn.Layer` or any callable function or a Variable.")
    if optimizer and not isinstance(optimizer, Optimizer):
        raise TypeError("'optimizer' must be object of class `paddle.optimizer.Optimizer`")
    from ...device import cuda

    cuda.get_device_properties()  # Paddle's default cluster reads them: ValueError without CUDA
    raise NotImplementedError("paddle.distributed.to_static: Paddle's static auto-parallel Engine (DistModel) is not "
                              "implemented in paddle-compat")


to_static.__module__ = "paddle.distributed.auto_parallel.api"
