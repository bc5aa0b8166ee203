"""``paddle.static.amp.debugging``: per-op dtype statistics of a static Program (no static Programs here)."""

from .fp16_utils import _STATIC


class OperatorStatsUnit:
    """Call counts of one op type by dtype (float16, bfloat16, float32, other)."""

    def __init__(self):
        self.op_type = None
        self.fp32_calls = 0
        self.fp16_calls = 0
        self.bf16_calls = 0
        self.other_calls = 0

    def update(self, dtype):
        name = getattr(dtype, "name", None) if dtype is not None else None
        if name in ("float32", "FP32"):
            self.fp32_calls += 1
        elif name in ("float16", "FP16"):
            self.fp16_calls += 1
        elif name in ("bfloat16", "BF16"):
            self.bf16_calls += 1
        else:
            self.other_calls += 1

    def addto(self, another):
        self.fp32_calls += another.fp32_calls
        self.fp16_calls += another.fp16_calls
        self.bf16_calls += another.bf16_calls
        self.other_calls += another.other_calls

    def convert_to_list(self):
        return [self.fp16_calls, self.bf16_calls, self.fp32_calls, self.other_calls]


def collect_operator_stats(program=None, print_subblocks=False):
    raise NotImplementedError(f"paddle.static.amp.debugging.collect_operator_stats {_STATIC}.")
