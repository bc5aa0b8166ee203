"""``paddle.optimizer.LBFGS``: L-BFGS with Paddle's optional ``'strong_wolfe'`` line search.

``step(closure)``: the closure clears the gradients, computes the loss, calls ``backward()`` and returns it.

The algorithm is the one of ``torch.optim.LBFGS``, but it is run here step by step in Paddle's arithmetic
so that trajectories agree bit for bit with Paddle's CPU results: the loss is a Python float (double), the
step length stays a float32 0-d tensor where Paddle's does (and a Python number where it is one), dot
products add in order (Paddle's dot kernel), ``abs().sum()`` follows Eigen's reduction, a Python number
divided by a tensor is a real division (torch's ``__rtruediv__`` multiplies by a reciprocal), and a parameter
moves by ``p + d * alpha`` (torch's ``add_(alpha=)`` fuses the two). The state keeps Paddle's keys
(``func_evals``, ``n_iter``, ``d``, ``alpha``, ``old_yk``, ``old_sk``, ``ro``, ``H_diag``, ``prev_flat_grad``,
``prev_loss``, ``al``) with Paddle Tensors as values.
"""

from collections import defaultdict

import torch

from .._core import Tensor, wrap
from ..tensor._cpu_reductions import eigen_full_sum, sequential_dot
from .optimizer import Optimizer

__all__ = ["LBFGS"]


def _dot(a, b):
    if a.device.type == "cpu" and a.dtype in (torch.float32, torch.float64):
        return sequential_dot(a, b)
    return torch.dot(a, b)


def _abs_sum(v):
    if v.device.type == "cpu" and v.dtype is torch.float32:
        return eigen_full_sum(v.abs())
    return v.abs().sum()


def _div(a, b):
    """``a / b`` for Python numbers and 0-d tensors, as Paddle divides them."""
    if isinstance(b, torch.Tensor):
        if not isinstance(a, torch.Tensor):
            a = torch.full_like(b, a)
        return torch.div(a, b)
    if isinstance(a, torch.Tensor):
        return a * (1.0 / b)  # Paddle's tensor / number is a scale by the reciprocal
    return a / b


def _raw(v):
    if isinstance(v, Tensor):
        return v._t
    if isinstance(v, list):
        return [_raw(i) for i in v]
    return v


def _wrapped(v):
    if isinstance(v, torch.Tensor):
        return wrap(v)
    if isinstance(v, list):
        return [_wrapped(i) for i in v]
    return v


def _cubic_minimum(x1, f1, g1, x2, f2, g2, bounds=None):
    """Minimiser of the cubic through (x1, f1, slope g1) and (x2, f2, slope g2), clamped to ``bounds``
    (default: the interval between x1 and x2)."""
    if bounds is None:
        bounds = (x1, x2) if x1 <= x2 else (x2, x1)
    low, high = bounds
    d1 = g1 + g2 - _div(3 * (f1 - f2), x1 - x2)
    disc = d1**2 - g1 * g2
    if disc < 0:
        return (low + high) / 2.0
    d2 = disc.sqrt() if isinstance(disc, torch.Tensor) else disc**0.5
    if x1 <= x2:
        pos = x2 - (x2 - x1) * _div(g2 + d2 - d1, g2 - g1 + 2 * d2)
    else:
        pos = x1 - (x1 - x2) * _div(g1 + d2 - d1, g1 - g2 + 2 * d2)
    return min(max(pos, low), high)


def _strong_wolfe_search(evaluate, alpha, d, loss, grad, gtd, c1=1e-4, c2=0.9, tolerance_change=1e-9, max_ls=25):
    """Line search for a step satisfying the strong Wolfe conditions (bracketing, then zoom by cubic
    interpolation; Nocedal & Wright, Algorithm 3.5/3.6). Returns (loss, grad, alpha, evaluations)."""
    d_norm = d.abs().max()
    grad = grad.clone()
    new_loss, new_grad = evaluate(alpha)
    evaluations = 1
    new_gtd = _dot(new_grad, d)
    prev_alpha, prev_loss, prev_grad, prev_gtd = torch.tensor(0, dtype=grad.dtype), loss, grad, gtd
    done = False
    ls_iter = 0
    bracket_gtd = None
    while ls_iter < max_ls:
        if new_loss > loss + c1 * alpha * gtd or (ls_iter > 1 and new_loss >= prev_loss):
            bracket, bracket_f = [prev_alpha, alpha], [prev_loss, new_loss]
            bracket_g, bracket_gtd = [prev_grad, new_grad.clone()], [prev_gtd, new_gtd]
            break
        if new_gtd.abs() <= -c2 * gtd:
            bracket, bracket_f, bracket_g = [alpha], [new_loss], [new_grad]
            done = True
            break
        if new_gtd >= 0:
            bracket, bracket_f = [prev_alpha, alpha], [prev_loss, new_loss]
            bracket_g, bracket_gtd = [prev_grad, new_grad.clone()], [prev_gtd, new_gtd]
            break
        lowest = alpha + 0.01 * (alpha - prev_alpha)
        highest = alpha * 10
        previous = alpha
        alpha = _cubic_minimum(prev_alpha, prev_loss, prev_gtd, alpha, new_loss, new_gtd, bounds=(lowest, highest))
        prev_alpha, prev_loss, prev_grad, prev_gtd = previous, new_loss, new_grad.clone(), new_gtd
        new_loss, new_grad = evaluate(alpha)
        evaluations += 1
        new_gtd = _dot(new_grad, d)
        ls_iter += 1
    if ls_iter == max_ls:
        bracket, bracket_f, bracket_g = [0, alpha], [loss, new_loss], [grad, new_grad]

    stalled = False
    low, high = (0, 1) if bracket_f[0] <= bracket_f[-1] else (1, 0)
    while not done and ls_iter < max_ls:
        if abs(bracket[1] - bracket[0]) * d_norm < tolerance_change:
            break
        alpha = _cubic_minimum(bracket[0], bracket_f[0], bracket_gtd[0], bracket[1], bracket_f[1], bracket_gtd[1])
        top, bottom = max(bracket), min(bracket)
        eps = 0.1 * (top - bottom)
        if min(top - alpha, alpha - bottom) < eps:
            if stalled or alpha >= top or alpha <= bottom:
                alpha = top - eps if abs(alpha - top) < abs(alpha - bottom) else bottom + eps
                stalled = False
            else:
                stalled = True
        else:
            stalled = False
        new_loss, new_grad = evaluate(alpha)
        evaluations += 1
        new_gtd = _dot(new_grad, d)
        ls_iter += 1
        if new_loss > loss + c1 * alpha * gtd or new_loss >= bracket_f[low]:
            bracket[high], bracket_f[high], bracket_g[high], bracket_gtd[high] = (
                alpha, new_loss, new_grad.clone(), new_gtd)
            low, high = (0, 1) if bracket_f[0] <= bracket_f[1] else (1, 0)
        else:
            if new_gtd.abs() <= -c2 * gtd:
                done = True
            elif new_gtd * (bracket[high] - bracket[low]) >= 0:
                bracket[high], bracket_f[high] = bracket[low], bracket_f[low]
                bracket_g[high], bracket_gtd[high] = bracket_g[low], bracket_gtd[low]
            bracket[low], bracket_f[low], bracket_g[low], bracket_gtd[low] = (
                alpha, new_loss, new_grad.clone(), new_gtd)
    return bracket_f[low], bracket_g[low], bracket[low], evaluations


class LBFGS(Optimizer):
    def __init__(self, learning_rate=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-07, tolerance_change=1e-09,
                 history_size=100, line_search_fn=None, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        if isinstance(parameters, Tensor):
            raise TypeError(
                "parameters argument given to the optimizer should be an iterable of Tensors or dicts, but got "
                f"{type(parameters)}"
            )
        if line_search_fn not in (None, "strong_wolfe"):
            raise RuntimeError("only 'strong_wolfe' is supported")
        if not isinstance(learning_rate, (int, float)) or isinstance(learning_rate, bool):
            raise TypeError(f"LBFGS `learning_rate` must be a float, but got {type(learning_rate).__name__}")
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.max_eval = max_eval
        self.tolerance_grad = tolerance_grad
        self.tolerance_change = tolerance_change
        self.history_size = history_size
        self.line_search_fn = line_search_fn
        self.state = defaultdict(dict)
        super().__init__(1.0, parameters, weight_decay, grad_clip, name)
        if isinstance(self._parameter_list[0], dict):
            self._params = self._param_groups[-1]["params"]
        else:
            self._params = self._parameter_list

    def state_dict(self):
        return {"state": dict(self.state)}

    def set_state_dict(self, state_dict):
        self.state.clear()
        self.state.update(state_dict.get("state", state_dict))

    set_dict = set_state_dict

    # --- flat views of the parameters (torch tensors) ---------------------------------------------------
    def _flat_grad(self):
        views = []
        for p in self._params:
            g = p._t.grad
            views.append(torch.zeros(p._t.numel(), dtype=p._t.dtype) if g is None else g.reshape(-1))
        return torch.cat(views)

    def _move(self, alpha, direction):
        offset = 0
        with torch.no_grad():
            for p in self._params:
                t = p._t
                n = t.numel()
                t.copy_(t + direction[offset:offset + n].view_as(t) * alpha)
                offset += n

    def _restore(self, saved):
        with torch.no_grad():
            for p, value in zip(self._params, saved):
                p._t.copy_(value)

    def step(self, closure):
        if not callable(closure):
            raise TypeError(f"LBFGS.step requires a callable `closure`, but got {type(closure).__name__}")

        def evaluate():
            with torch.enable_grad():
                return closure()

        lr = self.learning_rate
        state = self.state
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)
        orig_loss = evaluate()
        loss = float(orig_loss)
        evals = 1
        state["func_evals"] += 1
        flat_grad = self._flat_grad()
        if flat_grad.abs().max() <= self.tolerance_grad:
            return orig_loss

        d = _raw(state.get("d"))
        alpha = _raw(state.get("alpha"))
        old_yk, old_sk, ro = _raw(state.get("old_yk")), _raw(state.get("old_sk")), _raw(state.get("ro"))
        h_diag = _raw(state.get("H_diag"))
        prev_flat_grad = _raw(state.get("prev_flat_grad"))
        prev_loss = state.get("prev_loss")
        loss_dtype = orig_loss._t.dtype if isinstance(orig_loss, Tensor) else flat_grad.dtype
        opt_cond = False
        with torch.no_grad():
            n_iter = 0
            while n_iter < self.max_iter:
                n_iter += 1
                state["n_iter"] += 1
                if state["n_iter"] == 1:
                    d = -flat_grad
                    old_yk, old_sk, ro = [], [], []
                    h_diag = torch.tensor(1.0, dtype=loss_dtype)
                else:
                    y = flat_grad - prev_flat_grad
                    s = d * torch.as_tensor(alpha, dtype=d.dtype)
                    ys = _dot(y, s)
                    if ys > 1e-10:
                        if len(old_yk) == self.history_size:
                            old_yk.pop(0)
                            old_sk.pop(0)
                            ro.pop(0)
                        old_yk.append(y)
                        old_sk.append(s)
                        ro.append(_div(1.0, ys))
                        h_diag = _div(ys, _dot(y, y))
                    if "al" not in state:
                        state["al"] = [None] * self.history_size
                    al = _raw(state["al"])
                    q = -flat_grad
                    for i in range(len(old_yk) - 1, -1, -1):
                        al[i] = _dot(old_sk[i], q) * ro[i]
                        q = q + old_yk[i] * (-al[i])
                    d = r = q * h_diag
                    for i in range(len(old_yk)):
                        be_i = _dot(old_yk[i], r) * ro[i]
                        r = r + old_sk[i] * (al[i] - be_i)
                        d = r
                    state["al"] = _wrapped(al)
                prev_flat_grad = flat_grad.clone()
                prev_loss = loss
                if state["n_iter"] == 1:
                    alpha = min(1.0, _div(1.0, _abs_sum(flat_grad))) * lr
                else:
                    alpha = lr
                gtd = _dot(flat_grad, d)
                if gtd > -self.tolerance_change:
                    break

                evals_here = 0
                if self.line_search_fn is not None:
                    start = [p._t.clone() for p in self._params]

                    def along(step_length, direction=d, start=start):
                        self._move(step_length, direction)
                        value = float(evaluate())
                        grad_there = self._flat_grad()
                        self._restore(start)
                        return value, grad_there

                    loss, flat_grad, alpha, evals_here = _strong_wolfe_search(
                        along, alpha, d, loss, flat_grad, gtd, tolerance_change=self.tolerance_change)
                    self._move(alpha, d)
                    opt_cond = flat_grad.abs().max() <= self.tolerance_grad
                else:
                    self._move(alpha, d)
                    if n_iter != self.max_iter:
                        loss = float(evaluate())
                        flat_grad = self._flat_grad()
                        opt_cond = flat_grad.abs().max() <= self.tolerance_grad
                        evals_here = 1
                evals += evals_here
                state["func_evals"] += evals_here
                if opt_cond:
                    break
                if (d * alpha).abs().max() <= self.tolerance_change:
                    break
                if abs(loss - prev_loss) < self.tolerance_change:
                    break
                if evals >= self.max_eval:
                    break
                if n_iter == self.max_iter:
                    break

        state["d"] = _wrapped(d)
        state["alpha"] = _wrapped(alpha)
        state["old_yk"] = _wrapped(old_yk)
        state["old_sk"] = _wrapped(old_sk)
        state["ro"] = _wrapped(ro)
        state["H_diag"] = _wrapped(h_diag)
        state["prev_flat_grad"] = _wrapped(prev_flat_grad)
        state["prev_loss"] = prev_loss
        return orig_loss

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        raise NotImplementedError(
            "LBFGS optimizer does not use this way to minimize loss. Please refer 'Examples' of LBFGS() for usage."
        )
