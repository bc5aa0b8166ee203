"""``paddle.optimizer.Lamb``: ``r = m_hat/(sqrt(v_hat)+eps) + wd*p``; ``p -= lr * (||p||/||r||) * r``
(trust ratio 1 when a norm is 0, or when wd is 0 for the parameter and ``always_adapt`` is False)."""

import torch

from .adam import _check_betas, _MomentAccumulators
from .optimizer import Optimizer, _InvalidArgument, _scalar_type

__all__ = ["Lamb"]


class Lamb(_MomentAccumulators, Optimizer):
    _group_keys = ("beta1", "beta2", "epsilon", "lamb_weight_decay", "exclude_from_weight_decay_fn")

    def __init__(self, learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999, epsilon=1e-06,
                 parameters=None, grad_clip=None, exclude_from_weight_decay_fn=None, multi_precision=False,
                 always_adapt=False, name=None):
        if learning_rate is None:
            raise _InvalidArgument("learning_rate is not set")
        _check_betas(beta1, beta2, epsilon)
        self._multi_precision = bool(multi_precision)
        self.type = "lamb"
        self._beta1 = beta1
        self._beta2 = beta2
        super().__init__(learning_rate, parameters, None, grad_clip, name)
        self._multi_precision = bool(multi_precision)
        self._epsilon = epsilon
        self._lamb_weight_decay = lamb_weight_decay
        self._exclude_from_weight_decay_fn = exclude_from_weight_decay_fn
        self.always_adapt = always_adapt
        self._default_dict.update({"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                                   "lamb_weight_decay": lamb_weight_decay,
                                   "exclude_from_weight_decay_fn": exclude_from_weight_decay_fn})

    def _update(self, params, works, grads, lrs, hp):
        b1, b2, eps = hp["beta1"], hp["beta2"], hp["epsilon"]
        excl = hp["exclude_from_weight_decay_fn"]
        sc = self._scalars
        m1s, m2s, bc1, bc2, wds = [], [], [], [], []
        for p in params:
            m1, m2, b1v, b2v = self._state(p)
            m1s.append(m1._t)
            m2s.append(m2._t)
            f = _scalar_type(m1._t.dtype)
            b1p, b2p = f(sc[b1v.name]), f(sc[b2v.name])
            bc1.append(float(f(1) - b1p))
            bc2.append(float(f(1) - b2p))
            sc[b1v.name] = float(b1p * f(b1))
            sc[b2v.name] = float(b2p * f(b2))
            wds.append(0.0 if (excl is not None and excl(p)) else hp["lamb_weight_decay"])
        f = _scalar_type(m1s[0].dtype)
        torch._foreach_mul_(m1s, float(f(b1)))
        torch._foreach_add_(m1s, torch._foreach_mul(grads, float(f(1) - f(b1))))
        torch._foreach_mul_(m2s, float(f(b2)))
        g2 = torch._foreach_mul(grads, float(f(1) - f(b2)))
        torch._foreach_mul_(g2, grads)
        torch._foreach_add_(m2s, g2)
        m1h = torch._foreach_div(m1s, bc1)
        m2h = torch._foreach_div(m2s, bc2)
        torch._foreach_sqrt_(m2h)
        torch._foreach_add_(m2h, eps)
        r = torch._foreach_div(m1h, m2h)
        by_wd = {}
        for i, wd in enumerate(wds):
            if wd:
                by_wd.setdefault(wd, []).append(i)
        for wd, idx in by_wd.items():
            torch._foreach_add_([r[i] for i in idx], torch._foreach_mul([works[i] for i in idx], wd))
        # trust ratio ||p|| / ||r|| (1 if either is 0; 1 for wd == 0 unless always_adapt), times lr
        pn = torch.stack(torch._foreach_norm(works))
        rn = torch.stack(torch._foreach_norm(r))
        adapt = torch.tensor([bool(wd) or self.always_adapt for wd in wds])
        ratio = torch.where(adapt & (pn > 0) & (rn > 0), pn / rn, torch.ones_like(pn))
        scale = ratio * torch.tensor(lrs, dtype=ratio.dtype)
        torch._foreach_sub_(works, torch._foreach_mul(r, list(scale.unbind())))
