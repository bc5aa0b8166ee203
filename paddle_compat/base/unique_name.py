"""``paddle.base.unique_name``: the same name generator as ``paddle.utils.unique_name``."""

from ..utils.unique_name import *  # noqa: F403
from ..utils.unique_name import generate, generate_with_ignorable_key, guard, switch

__all__ = ["generate", "switch", "guard"]
_ = (generate_with_ignorable_key,)
