"""The strong-Wolfe line search of ``paddle.incubate.optimizer.functional`` (Nocedal & Wright, Algorithms 3.5 /
3.6 with cubic interpolation), with Paddle 2.6's bookkeeping: the slope kept for the lower end of a bracket
found while expanding is the one at step 0 (Paddle never refreshes it), and a zoom that ends on the curvature
condition does not count its last evaluation in the returned number of function calls. State is held in
1-element tensors of the requested dtype, as Paddle computes."""

import torch

from ...._core.tensor import wrap

__all__ = ["strong_wolfe", "value_and_gradient"]


def value_and_gradient(f, x):
    """(f(x), df/dx), both detached torch tensors; ``x`` a torch tensor."""
    leaf = x.detach().requires_grad_(True)
    value = f(wrap(leaf))
    gradient, = torch.autograd.grad(value._t, leaf)
    return value._t.detach(), gradient.detach()


def _cubic_minimum(x1, f1, g1, x2, f2, g2):
    low, high = (x1, x2) if bool(x1 <= x2) else (x2, x1)
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 ** 2 - g1 * g2
    if not bool(d2_square >= 0.0):
        return (low + high) / 2.0
    d2 = d2_square.sqrt()
    if bool(x1 <= x2):
        position = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    else:
        position = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
    return torch.minimum(torch.maximum(position, low), high)


def strong_wolfe(f, xk, pk, max_iters=20, tolerance_change=1e-8, initial_step_length=1.0, c1=1e-4, c2=0.9,
                 alpha_max=10, dtype=torch.float32):
    """-> (step, f at it, gradient at it, number of f evaluations) along ``pk`` from ``xk`` (torch tensors)."""

    def phi(a):
        value, gradient = value_and_gradient(f, xk + a * pk)
        return value, gradient, torch.dot(gradient, pk)

    def scalar(v):
        return torch.full([1], v, dtype=dtype)

    def zoom(lo, hi, phi_0, derphi_0):
        """lo = [a, phi, derphi, grad], hi = [a, phi, derphi]; returns the evaluations it counts (lo is the
        result)."""
        counted = 0
        while counted < max_iters:
            if bool(torch.abs(hi[0] - lo[0]) < tolerance_change):
                break
            aj = _cubic_minimum(lo[0], lo[1], lo[2], hi[0], hi[1], hi[2])
            if bool(torch.minimum(torch.abs(aj - lo[0]), torch.abs(aj - hi[0])) < 0.1 * torch.abs(hi[0] - lo[0])):
                aj = 0.5 * (lo[0] + hi[0])
            phi_j, grad_j, derphi_j = phi(aj)
            if bool((phi_j > phi_0 + c1 * aj * derphi_0) | (phi_j >= lo[1])):
                hi[:] = [aj, phi_j, derphi_j]
            else:
                if bool(torch.abs(derphi_j) <= -c2 * derphi_0):
                    lo[:] = [aj, phi_j, derphi_j, grad_j]
                    break
                if bool(derphi_j * (hi[0] - lo[0]) >= 0):
                    hi[:] = lo[:3]
                lo[:] = [aj, phi_j, derphi_j, grad_j]
            counted += 1
        return counted

    alpha_max = scalar(alpha_max)
    a_prev, a_cur = scalar(0.0), scalar(initial_step_length)
    phi_prev, grad_prev, derphi_start = phi(a_prev)
    phi_0, derphi_0 = phi_prev.clone(), derphi_start.clone()
    calls = 1
    star = [scalar(0.0), phi_prev.clone(), grad_prev.clone()]
    for i in range(max_iters):
        phi_cur, grad_cur, derphi_cur = phi(a_cur)
        calls += 1
        if bool(torch.isinf(phi_cur).any()):
            break
        if bool((phi_cur > phi_0 + c1 * a_cur * derphi_0) | ((phi_cur >= phi_prev) & (i > 1))):
            lo = [a_prev, phi_prev, derphi_start, grad_prev]
            calls += zoom(lo, [a_cur, phi_cur, derphi_cur], phi_0, derphi_0)
            star = [lo[0], lo[1], lo[3]]
            break
        if bool(torch.abs(derphi_cur) <= -c2 * derphi_0):
            star = [a_cur, phi_cur, grad_cur]
            break
        if bool(derphi_cur >= 0):
            lo = [a_cur, phi_cur, derphi_cur, grad_cur]
            calls += zoom(lo, [a_prev, phi_prev, derphi_start], phi_0, derphi_0)
            star = [lo[0], lo[1], lo[3]]
            break
        a_prev, phi_prev, grad_prev = a_cur, phi_cur, grad_cur
        a_cur = torch.minimum(2 * a_cur, alpha_max)
    return star[0], star[1], star[2], calls
