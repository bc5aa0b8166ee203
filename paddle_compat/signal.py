"""``paddle.signal``: short-time Fourier transform and its inverse (Paddle 2.6 semantics)."""

import torch

from ._core import Tensor, errors, wrap


def _check(cond, msg):
    if not cond:
        raise AssertionError(msg)


def _batched(t, ranks, kind):
    """``t`` with a batch axis (added when it has the lower of the two accepted ``ranks``), and its rank."""
    rank = t.dim()
    _check(rank in ranks, f"x should be a {ranks[0]}D or {ranks[1]}D {kind} tensor, but got rank of x is {rank}")
    return (t.unsqueeze(0) if rank == ranks[0] else t), rank


def _checked_window(w, win_length):
    _check(w.dim() == 1 and w.shape[0] == win_length,
           f"expected a 1D window tensor of size equal to win_length({win_length}), but got window with shape "
           f"{list(w.shape)}.")
    return w


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect",
         normalized=False, onesided=True, name=None):
    t, rank = _batched(x._t, (1, 2), "real")
    if hop_length is None:
        hop_length = int(n_fft // 4)
    _check(hop_length > 0, f"hop_length should be > 0, but got {hop_length}.")
    if win_length is None:
        win_length = n_fft
    _check(0 < n_fft <= t.shape[-1], f"n_fft should be in (0, seq_length({t.shape[-1]})], but got {n_fft}.")
    _check(0 < win_length <= n_fft, f"win_length should be in (0, n_fft({n_fft})], but got {win_length}.")
    if window is not None:
        w = _checked_window(window._t, win_length)
    else:
        w = torch.ones(win_length, dtype=t.dtype if not t.is_complex() else t.real.dtype)
    if center:
        _check(pad_mode in ("constant", "reflect"),
               f'pad_mode should be "reflect" or "constant", but got "{pad_mode}".')
    if t.is_complex() or w.is_complex():
        _check(not onesided, "onesided should be False when input or window is a complex Tensor.")
    if t.dtype in (torch.int32, torch.int64):  # Paddle's r2c transform casts integers to the default float
        t = t.to(torch.float32)
        w = w.to(torch.float32)
    if t.dtype not in (torch.float32, torch.float64, torch.complex64, torch.complex128):
        raise errors.kernel_not_registered("stft", t.dtype)
    out = torch.stft(t, n_fft, hop_length, win_length, w, center=center, pad_mode=pad_mode, normalized=normalized,
                     onesided=onesided, return_complex=True)
    if rank == 1:
        out = out.squeeze(0)
    return wrap(out)


def istft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False, onesided=True,
          length=None, return_complex=False, name=None):
    t = x._t
    if not t.is_complex():  # Paddle's c2r transform casts real input to complex
        t = t.to(torch.complex128 if t.dtype is torch.float64 else torch.complex64)
    t, rank = _batched(t, (2, 3), "complex")
    if hop_length is None:
        hop_length = int(n_fft // 4)
    if win_length is None:
        win_length = n_fft
    _check(0 < hop_length <= win_length,
           f"hop_length should be in (0, win_length({win_length})], but got {hop_length}.")
    _check(0 < win_length <= n_fft, f"win_length should be in (0, n_fft({n_fft})], but got {win_length}.")
    n_frames, fft_size = t.shape[-1], t.shape[-2]
    if onesided:
        _check(fft_size == n_fft // 2 + 1,
               f"fft_size should be equal to n_fft // 2 + 1({n_fft // 2 + 1}) when onesided "
               f"is True, but got {fft_size}.")
    else:
        _check(fft_size == n_fft, f"fft_size should be equal to n_fft({n_fft}) when onesided is False, but got "
               f"{fft_size}.")
    if window is not None:
        w = _checked_window(window._t if isinstance(window, Tensor) else torch.as_tensor(window), win_length)
    else:
        w = torch.ones(win_length, dtype=torch.float32 if t.dtype is torch.complex64 else torch.float64)
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        w = torch.nn.functional.pad(w, [left, n_fft - win_length - left])
    frames = t.transpose(1, 2)  # (batch, n_frames, fft_size)
    norm = "ortho" if normalized else "backward"
    if return_complex:
        _check(not onesided, "onesided should be False when input(output of istft) or window is a complex Tensor.")
        out = torch.fft.ifft(frames, dim=-1, norm=norm)
    else:
        _check(not w.is_complex(), "Data type of window should not be complex when return_complex is False.")
        if not onesided:
            frames = frames[:, :, : n_fft // 2 + 1]
        out = torch.fft.irfft(frames, dim=-1, norm=norm)
    out = (out * w).transpose(1, 2)  # (batch, n_fft, n_frames)
    seq = n_fft + hop_length * (n_frames - 1)
    out = torch.nn.functional.fold(out, (1, seq), (1, n_fft), stride=(1, hop_length)).reshape(out.shape[0], seq)
    env = (w * w).unsqueeze(1).expand(n_fft, n_frames).unsqueeze(0)
    env = torch.nn.functional.fold(env.real if env.is_complex() else env, (1, seq), (1, n_fft),
                                   stride=(1, hop_length)).reshape(seq)
    half = n_fft // 2
    if length is None:
        if center:
            out = out[:, half:-half]
            env = env[half:-half]
    else:
        start = half if center else 0
        out = out[:, start:start + length]
        env = env[start:start + length]
    if env.numel() and float(env.abs().min()) < 1e-11:
        raise ValueError(
            "Abort istft because Nonzero Overlap Add (NOLA) condition failed. For more information about NOLA "
            "constraint please see `scipy.signal.check_NOLA`"
            "(https://docs.scipy.org/doc/scipy/reference/generated/scipy.signal.check_NOLA.html)."
        )
    out = out / env
    if rank == 2:
        out = out.squeeze(0)
    return wrap(out)


for _name in ("stft", "istft"):  # Paddle lists both among the Tensor methods
    if _name not in Tensor.__dict__:
        setattr(Tensor, _name, globals()[_name])

__all__ = ["stft", "istft"]
