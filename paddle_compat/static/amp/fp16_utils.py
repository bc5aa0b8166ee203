"""``paddle.static.amp.fp16_utils``: ``fp16_guard`` works in dygraph (where Paddle's is a no-op name scope);
the Program rewriting functions need static Programs, which paddle-compat does not have."""

import contextlib

_STATIC = "needs a static Program (paddle.static Program/Executor), which paddle-compat does not implement"


@contextlib.contextmanager
def fp16_guard():
    """Marks ops for float16 in a static Program; in dygraph (the only mode here) it changes nothing."""
    yield


def _fp16():
    from ...base import core

    return core.VarDesc.VarType.FP16


def cast_model_to_fp16(program, amp_lists=None, use_fp16_guard=True, dest_type=_fp16(), level="O2",
                       use_promote=False):
    raise NotImplementedError(f"paddle.static.amp.cast_model_to_fp16 {_STATIC}.")


def cast_parameters_to_fp16(place, program, scope=None, to_fp16_var_names=None, dest_type=_fp16(),
                            rewrite_master_weight=False, master_weights={}):  # noqa: B006 - Paddle's default
    raise NotImplementedError(f"paddle.static.amp.cast_parameters_to_fp16 {_STATIC}.")
