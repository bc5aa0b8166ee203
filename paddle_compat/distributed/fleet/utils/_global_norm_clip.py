"""The base of the fleet gradient clips whose global norm is summed over ranks (hybrid parallel, sharding stages
2 and 3)."""

import torch

from ....nn.clip import ClipGradBase, _needs_clip

__all__ = []


class _GlobalNormClipAcrossRanks(ClipGradBase):
    """A ``ClipGradByGlobalNorm`` (kept in ``_clip``) whose global norm the subclass's ``_global_norm`` sums over
    ranks; every clippable gradient is then scaled by ``clip_norm / max(global_norm, clip_norm)``."""

    _honours_auto_skip = True

    def __init__(self, clip):
        super().__init__()
        self._clip = clip

    def __str__(self):
        return str(self._clip)

    def _global_norm(self, params, grads):  # pragma: no cover - abstract
        raise NotImplementedError()

    @torch.no_grad()
    def _clip_lists(self, params, grads):
        global_norm = self._global_norm(params, grads)
        max_norm = torch.tensor(self._clip.clip_norm, dtype=torch.float32, device=global_norm.device)
        skip_allowed = self._honours_auto_skip and getattr(self._clip, "auto_skip_clip", False)
        if skip_allowed and not bool(global_norm > max_norm):
            return list(grads)
        coefficient = max_norm / torch.maximum(global_norm, max_norm)
        return [grad if grad is None or not _needs_clip(param) else grad * coefficient.to(grad.dtype)
                for param, grad in zip(params, grads)]
