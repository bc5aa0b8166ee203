"""``paddle.fluid.install_check.run_check``: ``paddle.utils.run_check``."""

from ..utils import run_check

__all__ = ["run_check"]
