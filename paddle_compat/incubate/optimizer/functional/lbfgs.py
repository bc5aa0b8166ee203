"""``paddle.incubate.optimizer.functional.minimize_lbfgs``: limited-memory BFGS (two-loop recursion over a ring of
the last ``history_size`` pairs) with the strong-Wolfe line search, as Paddle 2.6 runs it in dygraph, including
its ring indices (slots ``1..history_size`` of buffers of ``history_size + 1`` rows, the tail advanced without
wrapping)."""

import torch

from ...._core.tensor import wrap
from .bfgs import check_dtype, check_inverse_hessian, check_tensor, line_search_step
from .line_search import value_and_gradient

__all__ = ["minimize_lbfgs"]


def minimize_lbfgs(objective_func, initial_position, history_size=100, max_iters=50, tolerance_grad=1e-8,
                   tolerance_change=1e-8, initial_inverse_hessian_estimate=None, line_search_fn="strong_wolfe",
                   max_line_search_iters=50, initial_step_length=1.0, dtype="float32", name=None):
    """-> (is_converge, num_func_calls, position, objective_value, objective_gradient)."""
    torch_dtype = check_dtype(dtype)
    x0 = check_tensor(initial_position)
    n = x0.shape[0]
    if initial_inverse_hessian_estimate is None:
        h0 = torch.eye(n, dtype=torch_dtype)
    else:
        h0 = check_inverse_hessian(check_tensor(initial_inverse_hessian_estimate))
    x = x0.detach().clone()
    value, g = value_and_gradient(objective_func, x)
    calls = torch.ones([1], dtype=torch.int64)
    converged = done = False
    k = 0
    head, tail = 1, 0
    s_ring = torch.zeros([history_size + 1, n], dtype=torch_dtype)
    y_ring = torch.zeros([history_size + 1, n], dtype=torch_dtype)
    rho_ring = torch.zeros([history_size + 1, 1], dtype=torch_dtype)
    a_ring = torch.zeros([history_size + 1, 1], dtype=torch_dtype)
    while k < max_iters and not done:
        if tail >= history_size:
            # Paddle 2.6.2's first recursion loop (``while i != tail`` with ``i`` taken modulo history_size)
            # never ends from here on: it hangs; we stop instead
            raise RuntimeError(f"minimize_lbfgs: after {k} iterations the history ring (history_size="
                               f"{history_size}) has wrapped to where Paddle 2.6.2 loops forever; use a "
                               f"history_size larger than max_iters")
        q = g.clone()
        i = (head - 1) % history_size
        while i != tail:
            a_ring[i] = rho_ring[i] * torch.dot(s_ring[i], q)
            q = q - a_ring[i] * y_ring[i]
            i = (i - 1) % history_size
        r = torch.matmul(h0, q)
        i = tail + 1
        while i != head:
            beta = rho_ring[i] * torch.dot(y_ring[i], r)
            r = r + s_ring[i] * (a_ring[i] - beta)
            i = (i + 1) % history_size
        p = -r
        alpha, value, g_next, ls_calls, s, y = line_search_step(objective_func, x, p, g, line_search_fn,
                                                                max_line_search_iters, initial_step_length,
                                                                torch_dtype)
        calls = calls + ls_calls
        rho_inv = torch.dot(y, s)
        rho = torch.full([1], 1000.0, dtype=torch_dtype) if bool(rho_inv == 0.0) else 1.0 / rho_inv
        s_ring[head], y_ring[head], rho_ring[head] = s, y, rho
        head = (head + 1) % history_size
        if head == tail:
            tail += 1
        x = x + s
        g = g_next
        k += 1
        done = bool(torch.linalg.vector_norm(g, float("inf")) < tolerance_grad) or \
            bool(torch.linalg.vector_norm(p, float("inf")) < tolerance_change)
        converged = done
        done = done or bool(alpha == 0.0)
    return (wrap(torch.tensor([converged])), wrap(calls), wrap(x), wrap(value), wrap(g))
