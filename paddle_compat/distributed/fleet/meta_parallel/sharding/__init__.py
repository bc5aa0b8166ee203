"""Group-sharded (ZeRO) data parallelism: ``GroupShardedOptimizerStage2`` + ``GroupShardedStage2`` (optimizer
state and gradients sharded) and ``GroupShardedStage3`` (parameters too), on torch.distributed collectives."""

__all__ = []
