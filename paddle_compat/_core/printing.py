"""Tensor repr/str. Placeholder until the byte-identical port of Paddle's formatter lands."""

import numpy as np


def tensor_to_string(tensor):
    t = tensor._t
    arr = tensor.numpy()
    body = np.array2string(arr, separator=", ", prefix="       ")
    head = (
        f"Tensor(shape={list(t.shape)}, dtype={tensor.dtype.name}, place={tensor.place}, "
        f"stop_gradient={tensor.stop_gradient},\n       "
    )
    return head + body + ")"
