"""``paddle.base.backward``: program-level autodiff, static graph only (dygraph: ``paddle.grad``/``backward``)."""

from .._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.base.backward", ["append_backward", "gradients"],
                       "static graph mode (paddle.enable_static) is a later milestone")
