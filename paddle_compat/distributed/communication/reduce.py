"""``ReduceOp``: Paddle's integer codes, mapped onto torch.distributed.ReduceOp."""

__all__ = []


class ReduceOp:
    """Reduction of the collectives: ``SUM``, ``MAX``, ``MIN``, ``PROD`` (``AVG`` exists but no eager
    collective accepts it in Paddle 2.6.2)."""

    SUM = 0
    MAX = 1
    MIN = 2
    PROD = 3
    AVG = 4


def _get_reduce_op(reduce_op, func_name):
    import torch.distributed as torch_dist

    torch_op = {ReduceOp.SUM: torch_dist.ReduceOp.SUM, ReduceOp.MAX: torch_dist.ReduceOp.MAX,
                ReduceOp.MIN: torch_dist.ReduceOp.MIN, ReduceOp.PROD: torch_dist.ReduceOp.PRODUCT}.get(reduce_op)
    if torch_op is None:
        raise ValueError(f"Unknown reduce_op type for {func_name}.")
    return torch_op
