"""Tensor operators (``a + a``, ``a ** 2``, ``2 / a``...) on every dtype, on CPU: the result dtype or the exception
type. Shared by the recorder and tests/core/operator_dtypes/test_operator_dtypes.py.

    .oracle/bin/python -m tests.core.operator_dtypes.scenarios   # writes fixtures/golden.json (real Paddle only)
"""

import os

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
FORMS = {
    "a+a": lambda a: a + a, "a-a": lambda a: a - a, "a*a": lambda a: a * a, "a/a": lambda a: a / a,
    "a//a": lambda a: a // a, "a%a": lambda a: a % a, "a**a": lambda a: a ** a, "a@a": lambda a: a @ a,
    "a+1": lambda a: a + 1, "a-1": lambda a: a - 1, "a*2": lambda a: a * 2, "a/2": lambda a: a / 2,
    "a//2": lambda a: a // 2, "a%2": lambda a: a % 2, "a**2": lambda a: a ** 2, "1+a": lambda a: 1 + a,
    "2-a": lambda a: 2 - a, "2/a": lambda a: 2 / a, "2**a": lambda a: 2 ** a, "-a": lambda a: -a,
    "a<a": lambda a: a < a, "a==1": lambda a: a == 1,
}
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "golden.json")


def outcomes(paddle):
    """{"<dtype> <form>": result dtype name, or "!<exception class>[:<kernel named in the message>]"}."""
    out = {}
    for d in DTYPES:
        a = paddle.to_tensor([1, 2]).astype(d)
        for name, form in FORMS.items():
            try:
                out[f"{d} {name}"] = str(form(a).dtype).replace("paddle.", "")
            except Exception as e:  # noqa: BLE001 - the exception class (and kernel named) is the outcome
                message = str(e)
                kernel = message.split("of kernel `")[1].split("`")[0] if "of kernel `" in message else ""
                out[f"{d} {name}"] = "!" + type(e).__name__ + (":" + kernel if kernel else "")
    return out


if __name__ == "__main__":
    from tests.golden_scenarios import record_outcomes

    record_outcomes(GOLDEN, outcomes)
