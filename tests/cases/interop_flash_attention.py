"""Goldens for paddle.nn.functional.flash_attention on CPU (real Paddle 2.6.2). Paddle runs only its "math"
backend on CPU: non-causal attention in float32/float64 without attn_mask. Causal attention, attn_mask and
flash_attn_unpadded have no CPU kernel in Paddle; tests/interop/test_flash_attention.py checks those
against the formula in numpy."""

from tools.api_diff.casefmt import T, case

FA = "paddle.nn.functional.flash_attention."
CASES = []
add = CASES.append

q = T("float32", (2, 5, 3, 4))
k = T("float32", (2, 6, 3, 4))
v = T("float32", (2, 6, 3, 4))
q64, k64, v64 = (T("float64", t.shape) for t in (q, k, v))
q_big = T("float32", (1, 7, 2, 16), -3.0, 3.0)

add(case(FA + "flash_attention", q, k, v))
add(case(FA + "flash_attention", q, k, v, return_softmax=True))
add(case(FA + "flash_attention", q64, k64, v64, return_softmax=True))
add(case(FA + "flash_attention", q, k, v, 0.5, training=False, return_softmax=True))
add(case(FA + "flash_attention", q_big, q_big, q_big, grad=True))
add(case(FA + "flash_attention", q, k, v, return_softmax=True, grad=True))
add(case(FA + "flash_attention", T("float32", (2, 5, 4)), T("float32", (2, 5, 4)), T("float32", (2, 5, 4)),
         raises="IndexError"))
add(case(FA + "scaled_dot_product_attention", q, k, v))
add(case(FA + "scaled_dot_product_attention", q64, k64, v64, grad=True))
add(case("paddle.nn.functional.scaled_dot_product_attention", q, k, v))
add(case(FA + "get_triangle_upper_mask", T("float32", (2, 3, 4, 4))))
