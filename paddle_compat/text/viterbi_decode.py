"""``paddle.text.viterbi_decode`` / ``ViterbiDecoder`` (CRF decoding, batched dynamic programme)."""

import torch

from .._core import Tensor, errors, wrap
from ..nn import Layer

__all__ = ["viterbi_decode", "ViterbiDecoder"]


def viterbi_decode(potentials, transition_params, lengths, include_bos_eos_tag=True, name=None):
    """Highest-scoring tag paths. ``potentials`` [B, T, N] float, ``transition_params`` [N, N] (score of
    tag i -> tag j), ``lengths`` [B] int64. With ``include_bos_eos_tag`` the last tag (N-1) is the start
    tag (its row scores the first step) and tag N-2 the stop tag (its row scores the last step).
    Returns (scores [B], paths [B, max(lengths)] int64, zero past each length)."""
    for arg, nm in ((potentials, "potentials"), (transition_params, "transition_params"), (lengths, "lengths")):
        if not isinstance(arg, Tensor):
            raise TypeError(f"viterbi_decode: {nm} should be a paddle.Tensor, but got {type(arg)}")
    if not isinstance(include_bos_eos_tag, bool):
        raise TypeError(f"viterbi_decode: include_bos_eos_tag should be bool, but got {type(include_bos_eos_tag)}")
    pot, trans, lens = potentials._t, transition_params._t, lengths._t
    if pot.dtype not in (torch.float32, torch.float64):
        raise TypeError(f"viterbi_decode: potentials should be float32 or float64, but got {pot.dtype}")
    if lens.dtype != torch.int64:
        raise errors.invalid_argument(f"viterbi_decode: lengths should be int64, but got {lens.dtype}")
    if pot.ndim != 3 or trans.ndim != 2 or lens.ndim != 1:
        raise ValueError("viterbi_decode: expected potentials [B, T, N], transition_params [N, N], lengths [B]; got "
                         f"{list(pot.shape)}, {list(trans.shape)}, {list(lens.shape)}")
    trans = trans.to(pot.dtype)
    b, _, n = pot.shape
    max_len = int(lens.max()) if b else 0
    alpha = pot[:, 0].clone()
    if include_bos_eos_tag:
        alpha = alpha + trans[n - 1]
    history = []
    for t in range(1, max_len):
        scores = alpha.unsqueeze(2) + trans.unsqueeze(0)  # [B, from, to]
        best, idx = scores.max(dim=1)
        history.append(idx)
        alive = (lens > t).unsqueeze(1)
        alpha = torch.where(alive, best + pot[:, t], alpha)
    if include_bos_eos_tag:
        alpha = alpha + trans[n - 2]
    score, last = alpha.max(dim=1)
    path = torch.zeros((b, max_len), dtype=torch.int64)
    cur = last
    for t in range(max_len - 1, -1, -1):
        valid = lens > t
        path[valid, t] = cur[valid]
        if t >= 1:
            back = history[t - 1].gather(1, cur.unsqueeze(1)).squeeze(1)
            cur = torch.where(valid, back, cur)
    return wrap(score), wrap(path)


class ViterbiDecoder(Layer):
    """Layer form of :func:`viterbi_decode` holding the ``transitions`` matrix."""

    def __init__(self, transitions, include_bos_eos_tag=True, name=None):
        super().__init__()
        self.transitions = transitions
        self.include_bos_eos_tag = include_bos_eos_tag
        self.name = name

    def forward(self, potentials, lengths):
        return viterbi_decode(potentials, self.transitions, lengths, self.include_bos_eos_tag, self.name)
