"""``paddle.base.dygraph_utils``."""

from ..framework import dygraph_only


def _append_activation_in_dygraph(input, act=None, use_cudnn=None, use_mkldnn=None):  # noqa: A002
    """Apply the activation named ``act`` (a ``paddle.nn.functional`` name) to ``input``; None: unchanged."""
    if not act:
        return input
    from ..nn import functional

    return getattr(functional, act)(input)


_ = (dygraph_only,)
