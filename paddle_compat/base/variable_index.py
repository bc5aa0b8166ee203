"""``paddle.base.variable_index``: Paddle's Python-side indexing helpers; paddle-compat's ``Tensor.__getitem__``
and ``__setitem__`` implement indexing directly (``paddle_compat/_core``), so only the constant is kept."""

MAX_INTEGER = 2**31 - 1
