"""Scenarios distilled from differences found by running the PaddlePaddle/docs programs (guides, practices)
under real Paddle 2.6.2 and under paddle-compat.

Record (oracle only): ``.oracle/bin/python -m tests.docs_programs`` writes tests/goldens/docs_programs.json.
Each scenario is a code string that leaves its answer in ``result``; the golden holds that code with real
Paddle's outcome, and tests/<area>/test_docs_<topic>.py replays it with ours (``golden_cases`` + ``outcome``).
"""
import json
import os

GOLDEN_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "goldens", "docs_programs.json")

SCENARIOS = {
    # guides/jit/debugging_en: reshape to [1, Tensor(2)] of a 3-element tensor; Paddle's message names the capacity
    "reshape": {
        "capacity": "result = paddle.reshape(paddle.ones([3]), [1, 2])",
        "capacity_tensor_dim": "result = paddle.reshape(paddle.ones([3]), [1, paddle.full([1], 2, 'int32')])",
        "capacity_zero_copies_dim": "result = paddle.reshape(paddle.ones([3, 4]), [0, 5])",
        "known_capacity": "result = paddle.reshape(paddle.ones([3, 4]), [-1, 5])",
        "two_unknown": "result = paddle.reshape(paddle.ones([3]), [-1, -1])",
        "negative": "result = paddle.reshape(paddle.ones([3]), [-2, 3])",
        "zero_past_rank": "result = paddle.reshape(paddle.ones([3]), [2, 0])",
        "zero_past_rank_empty": "result = paddle.reshape(paddle.ones([0, 2]), [2, 0, 0])",
        "method": "result = paddle.ones([3]).reshape([2, 2])",
        "inplace": "result = paddle.ones([3]).reshape_([2, 2])",
        "tensor_shape": "result = paddle.reshape(paddle.ones([3]), paddle.to_tensor([2, 2]))",
    },
    # guides/jit/debugging_en: set_code_level() then set_verbosity(3); Paddle keeps both levels to itself
    "jit_levels": {
        "code_level_leaves_environ": "import os\npaddle.jit.set_code_level()\nresult = os.environ.get('TORCH_LOGS')",
        "verbosity_after_code_level": (
            "import os\npaddle.jit.set_code_level(100)\npaddle.jit.set_verbosity(3)\n"
            "result = sorted(k for k in os.environ if k.startswith(('TORCH_', 'TRANSLATOR_')))"),
    },
}


def _plain(value):
    """A JSON-able description of a scenario's result (values, shape and dtype of tensors)."""
    import numpy as np
    import paddle

    if isinstance(value, paddle.Tensor):
        return {"tensor": True, "shape": list(value.shape), "dtype": str(value.dtype),
                "stop_gradient": value.stop_gradient, "values": np.asarray(value.numpy(), dtype=float).tolist()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, np.ndarray):
        return {"ndarray": True, "shape": list(value.shape), "dtype": str(value.dtype),
                "values": value.astype(float).tolist()}
    return {"repr": repr(value)}


def outcome(code):
    import paddle

    ns = {"paddle": paddle}
    try:
        exec(compile(code, "<scenario>", "exec"), ns)
    except Exception as e:  # noqa: BLE001 - the exception is the recorded answer
        return {"error": type(e).__name__, "message": str(e).split("\n")[0]}
    return {"result": _plain(ns.get("result"))}


def golden_cases(topic):
    """(case, code, real Paddle's outcome) for every recorded case of ``topic``, after the stamp check."""
    from tools.api_diff.common import check_stamp

    with open(GOLDEN_PATH) as f:
        golden = json.load(f)
    check_stamp(golden, GOLDEN_PATH)
    cases = golden["topics"][topic]
    return [(case, rec["code"], rec["outcome"]) for case, rec in cases.items()]


def main():
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    import numpy as np
    import paddle

    topics = {}
    for topic, cases in SCENARIOS.items():
        topics[topic] = {}
        for case, code in cases.items():
            paddle.seed(0)
            np.random.seed(0)
            topics[topic][case] = {"code": code, "outcome": outcome(code)}
    with open(GOLDEN_PATH, "w") as f:
        json.dump({**stamp, "topics": topics}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {GOLDEN_PATH}: " + ", ".join(f"{t} {len(c)}" for t, c in topics.items()))


if __name__ == "__main__":
    main()
