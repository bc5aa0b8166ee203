"""Strong-Wolfe line search (Nocedal & Wright, Algorithm 3.5 with cubic-interpolation zoom) used by the dygraph
LBFGS. Paddle's version and torch's ``torch.optim.lbfgs`` share the same algorithm step for step, so these run
torch's on the wrapped tensors: the objective still receives and returns Paddle Tensors."""

import torch

from ..._core.tensor import Tensor, wrap


def _to_torch(value):
    return value._t if isinstance(value, Tensor) else value


def _to_paddle(value):
    return wrap(value) if isinstance(value, torch.Tensor) else value


def _cubic_interpolate(x1, f1, g1, x2, f2, g2, bounds=None):
    """Minimiser of the cubic through (x1, f1, g1) and (x2, f2, g2), clamped to ``bounds`` (default: the
    interval between the points); the midpoint when the cubic has no real minimiser."""
    from torch.optim.lbfgs import _cubic_interpolate as cubic

    if bounds is not None:
        bounds = tuple(_to_torch(b) for b in bounds)
    args = (_to_torch(v) for v in (x1, f1, g1, x2, f2, g2))
    return _to_paddle(cubic(*args, bounds=bounds))


def _strong_wolfe(obj_func, xk, alpha, d, loss, grad, gtd, c1=1e-4, c2=0.9, tolerance_change=1e-9, max_ls=25):
    """Search along ``d`` from ``xk`` for a step satisfying the strong Wolfe conditions; ``obj_func(xk, alpha, d)``
    returns the loss and gradient at ``xk + alpha * d``. Returns ``(loss, grad, alpha, number of evaluations)``."""
    from torch.optim.lbfgs import _strong_wolfe as search

    def objective(x, step, direction):
        value, gradient = obj_func(wrap(x), _to_paddle(step), wrap(direction))
        return _to_torch(value), _to_torch(gradient)

    loss_new, grad_new, step, evaluations = search(
        objective, _to_torch(xk), _to_torch(alpha), _to_torch(d), _to_torch(loss), _to_torch(grad), _to_torch(gtd),
        c1=c1, c2=c2, tolerance_change=tolerance_change, max_ls=max_ls)
    return _to_paddle(loss_new), _to_paddle(grad_new), _to_paddle(step), evaluations
