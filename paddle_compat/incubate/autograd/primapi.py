"""Paddle's primitive-operator switches and static-graph differentiation entry points: in dynamic mode Paddle
raises an AssertionError telling to call ``paddle.enable_static()`` (reproduced); the static-graph programs
themselves are not available in paddle-compat."""

__all__ = ["enable_prim", "disable_prim", "prim_enabled", "forward_grad", "grad", "prim2orig"]


def _static_only(api):
    raise AssertionError(
        "In PaddlePaddle 2.x, we turn on dynamic graph mode by default, and "
        f"'{api}()' is only supported in static graph mode. So if you want to use this api, please call "
        "'paddle.enable_static()' before this api to enter static graph mode."
    )


def _check_dynamic(api):
    from ...base.framework import in_dygraph_mode

    if in_dygraph_mode():
        _static_only(api)
    raise NotImplementedError(f"paddle.incubate.autograd.{api} on static-graph programs is not supported by "
                              "paddle-compat")


def enable_prim():
    """Static graph only (AssertionError in dynamic mode, as in Paddle)."""
    _check_dynamic("enable_prim")


def disable_prim():
    """Static graph only (AssertionError in dynamic mode, as in Paddle)."""
    _check_dynamic("disable_prim")


def prim_enabled():
    """Static graph only (AssertionError in dynamic mode, as in Paddle)."""
    _check_dynamic("prim_enabled")


def forward_grad(outputs, inputs, grad_inputs=None):
    """Static graph only (AssertionError in dynamic mode, as in Paddle)."""
    _check_dynamic("forward_grad")


def grad(outputs, inputs, grad_outputs=None):
    """Static graph only (AssertionError in dynamic mode, as in Paddle)."""
    _check_dynamic("grad")


def prim2orig(block=None, blacklist=None):
    """Static graph only (AssertionError in dynamic mode, as in Paddle)."""
    _check_dynamic("prim2orig")
