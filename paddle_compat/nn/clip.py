"""Gradient clipping strategies passed to an optimizer's ``grad_clip``.

A clip object is called with a list of ``(param, grad)`` pairs (paddle Tensors) and returns a new list;
the gradients held by the parameters are left untouched (as in Paddle). Parameters with
``need_clip=False`` pass through unclipped. The optimizers use the ``_clip_lists`` fast path
(lists of torch tensors, ``torch._foreach_*``)."""

import torch

__all__ = ["ClipGradByValue", "ClipGradByNorm", "ClipGradByGlobalNorm"]


class ClipGradBase:
    def __init__(self):
        super().__init__()

    def __str__(self):
        raise NotImplementedError()

    def __call__(self, params_grads):
        from .._core import wrap

        pairs = [(p, g) for p, g in params_grads if g is not None]
        params = [p for p, _ in pairs]
        grads = self._clip_lists(params, [g._t if hasattr(g, "_t") else g for _, g in pairs])
        if grads is None:  # nothing to clip: Paddle returns its input list unchanged
            return params_grads
        return [(p, g0 if g is (g0._t if hasattr(g0, "_t") else g0) else wrap(g))
                for (p, g0), g in zip(pairs, grads)]

    def _dygraph_clip(self, params_grads):
        return self(params_grads)

    def _clip_lists(self, params, grads):  # pragma: no cover - abstract
        raise NotImplementedError()


GradientClipBase = ClipGradBase


_NORM_ROW = 1 << 14


def _norms(tensors):
    """L2 norm of each tensor, accurate for long float32 tensors as Paddle's squared_l2_norm: torch's CPU norm
    of one tensor loses ~n * 1e-10 relative (5.7e-3 on the squared norm of VGG's 102M-element fc1 gradient,
    which moved the clipped SGD step of VGG13/16 by 2.6e-3); rows of 16384 elements keep it near 1e-7."""
    norms = [None] * len(tensors)
    short = [i for i, t in enumerate(tensors) if t.numel() <= _NORM_ROW]
    if short:
        for i, n in zip(short, torch._foreach_norm([tensors[i] for i in short])):
            norms[i] = n
    for i, t in enumerate(tensors):
        if norms[i] is None:
            flat = t.reshape(-1)
            whole = flat.numel() // _NORM_ROW * _NORM_ROW
            rows = torch.linalg.vector_norm(flat[:whole].view(-1, _NORM_ROW), dim=1)
            if whole < flat.numel():
                rows = torch.cat([rows, torch.linalg.vector_norm(flat[whole:]).reshape(1)])
            if t.dtype in (torch.float16, torch.bfloat16):  # as _foreach_norm: float sums, result in t's dtype
                norms[i] = torch.linalg.vector_norm(rows.float()).to(t.dtype)
            else:
                norms[i] = torch.linalg.vector_norm(rows)
    return norms


def _needs_clip(p):
    return getattr(p, "need_clip", True) is not False


class ClipGradByValue(ClipGradBase):
    """Clamp every gradient element into ``[min, max]`` (``min`` defaults to ``-max``)."""

    def __init__(self, max, min=None):
        super().__init__()
        if min is None:
            if not max > 0.0:
                raise ValueError(f"ClipGradByValue: `max` must be > 0 when `min` is None, but got {max}")
            min = -max
        self.max = float(max)
        self.min = float(min)

    def __str__(self):
        return f"Clip Gradient By Value, min = {self.min:f}, max={self.max:f}"

    @torch.no_grad()
    def _clip_lists(self, params, grads):
        out = list(grads)
        idx = [i for i, p in enumerate(params) if _needs_clip(p)]
        if idx:
            sel = [grads[i] for i in idx]
            clipped = torch._foreach_clamp_max(torch._foreach_clamp_min(sel, self.min), self.max)
            for i, g in zip(idx, clipped):
                out[i] = g
        return out


class ClipGradByNorm(ClipGradBase):
    """Rescale each gradient separately so that its L2 norm is at most ``clip_norm``."""

    def __init__(self, clip_norm):
        super().__init__()
        self.clip_norm = float(clip_norm)

    def __str__(self):
        return "Gradient Clip By Norm, clip_norm=%f" % self.clip_norm

    @torch.no_grad()
    def _clip_lists(self, params, grads):
        out = list(grads)
        idx = [i for i, p in enumerate(params) if _needs_clip(p)]
        if not idx:
            return out
        sel = [grads[i] for i in idx]
        # clip_by_norm kernel: x * (max_norm / norm) when norm > max_norm, else x unchanged
        norms = torch.stack([n.float() for n in _norms(sel)])
        scale = torch.where(norms > self.clip_norm, self.clip_norm / norms, torch.ones_like(norms))
        clipped = torch._foreach_mul(sel, [s.to(g.dtype) for s, g in zip(scale.unbind(), sel)])
        for i, g in zip(idx, clipped):
            out[i] = g
        return out


class ClipGradByGlobalNorm(ClipGradBase):
    """Scale all gradients by ``clip_norm / max(global_norm, clip_norm)`` where ``global_norm`` is the
    L2 norm of all (need_clip) gradients together. With ``auto_skip_clip=True`` the gradients are left
    untouched when the global norm does not exceed ``clip_norm``."""

    def __init__(self, clip_norm, group_name="default_group", auto_skip_clip=False):
        super().__init__()
        self.clip_norm = float(clip_norm)
        self.group_name = group_name
        if not isinstance(auto_skip_clip, bool):
            raise TypeError(f"ClipGradByGlobalNorm: `auto_skip_clip` must be a bool, but got {type(auto_skip_clip)}")
        self.auto_skip_clip = auto_skip_clip

    def __str__(self):
        return "Gradient Clip By GlobalNorm, global_norm=%f" % (self.clip_norm)

    @torch.no_grad()
    def _clip_lists(self, params, grads):
        idx = [i for i, p in enumerate(params) if _needs_clip(p)]
        if not idx:
            return None
        sel = [grads[i] for i in idx]
        low = [g for g in sel if g.dtype in (torch.float16, torch.bfloat16)]
        f32 = [g for g in sel if g.dtype is torch.float32]
        other = [g for g in sel if g.dtype not in (torch.float16, torch.bfloat16, torch.float32)]
        sum_dtype = torch.float64 if other else torch.float32
        parts = []
        for group in (low, f32, other):
            if group:
                if group is low:  # accumulate fp16/bf16 squares in fp32 (no overflow)
                    group = [g.float() for g in group]
                sq = torch.stack(_norms(group)).square().sum()
                parts.append(sq.to(sum_dtype))
        global_norm = torch.stack(parts).sum().sqrt()
        max_norm = torch.tensor(self.clip_norm, dtype=global_norm.dtype)
        if not self.auto_skip_clip:
            clip = max_norm / torch.maximum(global_norm, max_norm)
        elif bool(global_norm > max_norm):
            clip = max_norm / global_norm
        else:
            return list(grads)
        out = list(grads)
        by_dtype = {}
        for i in idx:
            by_dtype.setdefault(grads[i].dtype, []).append(i)
        for dt, ids in by_dtype.items():
            scaled = torch._foreach_mul([grads[i] for i in ids], clip.to(dt))
            for i, g in zip(ids, scaled):
                out[i] = g
        return out


# Paddle's older names (same classes)
GradientClipByValue = ClipGradByValue
GradientClipByNorm = ClipGradByNorm
GradientClipByGlobalNorm = ClipGradByGlobalNorm


def clip_by_norm(x, max_norm, name=None):
    """``x * max_norm / ||x||_2`` when ``||x||_2 > max_norm``, else ``x`` (Paddle's clip_by_norm op)."""
    from .._core import Tensor, wrap

    if not isinstance(x, Tensor):
        raise TypeError(f"clip_by_norm: `x` must be a Tensor, but got {type(x).__name__}")
    t = x._t
    norm = _norms([t.float() if t.dtype in (torch.float16, torch.bfloat16) else t])[0]
    scale = torch.where(norm > max_norm, max_norm / norm, torch.ones_like(norm))
    return wrap(t * scale.to(t.dtype))


def set_gradient_clip(clip, param_list=None, program=None):
    raise NotImplementedError(
        "set_gradient_clip is a static-graph API (deprecated in Paddle 2.x); pass `grad_clip=` to the optimizer"
    )
