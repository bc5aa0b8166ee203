"""``paddle.incubate.optimizer.functional.minimize_bfgs``: BFGS on the inverse Hessian estimate with the
strong-Wolfe line search, as Paddle 2.6 runs it in dygraph. Paddle's update is
``H = (I - rho y s^T) H (I - rho s y^T) + rho s s^T`` (``rho = 1 / y.s``, 1000 when ``y.s == 0``)."""

import torch

from ...._core.dtypes import to_torch_dtype
from ...._core.tensor import Tensor, wrap
from .line_search import strong_wolfe, value_and_gradient

__all__ = ["minimize_bfgs"]


def check_dtype(dtype):
    if dtype not in ["float32", "float64"]:
        raise ValueError(f"The dtype must be 'float32' or 'float64', but the specified is {dtype}.")
    return to_torch_dtype(dtype)


def check_tensor(value):
    if not isinstance(value, Tensor):
        raise ValueError(f"The input: {value} must be tensor.")
    return value._t


def check_inverse_hessian(h0):
    """Paddle's check: symmetric and positive definite (Cholesky succeeds)."""
    message = ("The initial_inverse_hessian_estimate should be symmetric and positive definite, but the specified "
               "is not.")
    if not bool(torch.all(h0 == h0.t())):
        raise ValueError(message)
    if torch.linalg.cholesky_ex(h0).info.item() != 0:
        raise ValueError(message)
    return h0


def check_line_search(line_search_fn):
    if line_search_fn != "strong_wolfe":
        raise NotImplementedError(f"Currently only support line_search_fn = 'strong_wolfe', but the specified is "
                                  f"'{line_search_fn}'")


def line_search_step(objective_func, x, p, g, line_search_fn, max_line_search_iters, initial_step_length, dtype):
    """One strong-Wolfe step from ``x`` along ``p``: (step, value, next gradient, calls, step vector ``s``,
    gradient change ``y``)."""
    check_line_search(line_search_fn)
    alpha, value, g_next, calls = strong_wolfe(objective_func, x, p, max_line_search_iters,
                                               initial_step_length=initial_step_length, dtype=dtype)
    return alpha, value, g_next, calls, alpha * p, g_next - g


def minimize_bfgs(objective_func, initial_position, max_iters=50, tolerance_grad=1e-7, tolerance_change=1e-9,
                  initial_inverse_hessian_estimate=None, line_search_fn="strong_wolfe", max_line_search_iters=50,
                  initial_step_length=1.0, dtype="float32", name=None):
    """-> (is_converge, num_func_calls, position, objective_value, objective_gradient, inverse_hessian_estimate)."""
    torch_dtype = check_dtype(dtype)
    x0 = check_tensor(initial_position)
    identity = torch.eye(x0.shape[0], dtype=torch_dtype)
    if initial_inverse_hessian_estimate is None:
        h = identity.clone()
    else:
        h = check_inverse_hessian(check_tensor(initial_inverse_hessian_estimate)).clone()
    x = x0.detach().clone()
    value, g = value_and_gradient(objective_func, x)
    calls = torch.ones([1], dtype=torch.int64)
    converged = done = False
    k = 0
    while k < max_iters and not done:
        p = -torch.matmul(h, g)
        alpha, value, g_next, ls_calls, s, y = line_search_step(objective_func, x, p, g, line_search_fn,
                                                                max_line_search_iters, initial_step_length,
                                                                torch_dtype)
        calls = calls + ls_calls
        x = x + s
        g = g_next
        rho_inv = torch.dot(y, s).reshape([1])
        rho = torch.full([1], 1000.0, dtype=torch_dtype) if bool(rho_inv == 0.0) else 1.0 / rho_inv
        left = identity - rho * torch.outer(y, s)
        h = torch.matmul(torch.matmul(left, h), left.t()) + rho * torch.outer(s, s)
        k += 1
        done = bool(torch.linalg.vector_norm(g, float("inf")) < tolerance_grad) or \
            bool(torch.linalg.vector_norm(p, float("inf")) < tolerance_change)
        converged = done
        done = done or bool(alpha == 0.0)
    return (wrap(torch.tensor([converged])), wrap(calls), wrap(x), wrap(value), wrap(g), wrap(h))
