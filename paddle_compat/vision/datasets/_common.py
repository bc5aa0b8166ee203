"""Shared helpers for the dataset readers: Paddle's cache layout (``~/.cache/paddle/dataset/<module>/
<url basename>``; no downloading: a missing file is an error that says where to put it) and a small
MATLAB v5 ``.mat`` reader (numeric arrays; scipy is used instead when installed)."""

import os
import struct
import zlib

import numpy as np

__all__ = []

DATA_HOME = os.path.join(os.path.expanduser("~"), ".cache", "paddle", "dataset")


def _cache_path(url, module_name):
    return os.path.join(DATA_HOME, module_name, url.split("/")[-1])


def _check_exists_and_download(path, url, md5, module_name, download=True):
    """``path`` if it exists; else the cached copy in Paddle's cache dir. There is no network access in
    paddle-compat: a missing file raises RuntimeError naming the file and where it belongs. (Paddle
    re-downloads a cached file whose md5 differs; here an existing cached file is used as is.)"""
    if path and os.path.exists(path):
        return path
    if not download:
        raise ValueError(f"{path} not exists and auto download disabled")
    filename = _cache_path(url, module_name)
    if os.path.exists(filename):
        return filename
    raise RuntimeError(f"Cannot download {url}: paddle-compat does not download data sets. Put the file "
                       f"(md5 {md5}) at {filename}, or pass its path explicitly.")


def check_mode(mode, allowed):
    """Paddle's dataset ``mode`` assertion; returns the lower-cased mode."""
    if not isinstance(mode, str) or mode.lower() not in allowed:
        raise AssertionError(f"mode should be {', '.join(repr(m) for m in allowed)}, but got {mode}")
    return mode.lower()


def need_file(path, url, md5, module, download, what="data_file"):
    """``path`` when given; else the cached download (Paddle asserts when ``download`` is off)."""
    if path is None:
        if not download:
            raise AssertionError(f"{what} is not set and downloading automatically is disabled")
        return _check_exists_and_download(path, url, md5, module, download)
    return path


# ---------------------------------------------------------------------------------- MAT v5 reader
_MI = {1: "i1", 2: "u1", 3: "<i2", 4: "<u2", 5: "<i4", 6: "<u4", 7: "<f4", 9: "<f8", 12: "<i8", 13: "<u8"}
_MI_MATRIX, _MI_COMPRESSED = 14, 15


def _elements(buf, endian):
    pos, n = 0, len(buf)
    while pos + 8 <= n:
        word0, word1 = struct.unpack_from(endian + "II", buf, pos)
        if word0 >> 16:  # small data element: type and size packed in the first word, data in 4 bytes
            dtype, nbytes = word0 & 0xFFFF, word0 >> 16
            yield dtype, buf[pos + 4: pos + 4 + nbytes]
            pos += 8
            continue
        dtype, nbytes = word0, word1
        data = buf[pos + 8: pos + 8 + nbytes]
        yield dtype, data
        pos += 8 + nbytes
        if dtype != _MI_COMPRESSED:
            pos += (-nbytes) % 8


def _numeric(dtype, data, endian):
    if dtype not in _MI:
        raise ValueError(f"unsupported MAT data type {dtype}")
    dt = np.dtype(_MI[dtype]).newbyteorder(endian)
    return np.frombuffer(data, dtype=dt)


def _matrix(data, endian):
    parts = list(_elements(data, endian))
    flags = _numeric(parts[0][0], parts[0][1], endian)
    cls = int(flags[0]) & 0xFF
    dims = tuple(int(d) for d in _numeric(parts[1][0], parts[1][1], endian))
    name = bytes(parts[2][1]).decode("latin-1")
    if cls not in range(6, 16):  # numeric classes only (double, single, int*, uint*)
        raise ValueError(f"MAT variable {name!r}: unsupported array class {cls}")
    real = _numeric(parts[3][0], parts[3][1], endian)
    out_dtype = {6: np.float64, 7: np.float32, 8: np.int8, 9: np.uint8, 10: np.int16, 11: np.uint16,
                 12: np.int32, 13: np.uint32, 14: np.int64, 15: np.uint64}[cls]
    return name, real.astype(out_dtype).reshape(dims, order="F")


def loadmat(path):
    """Read the numeric variables of a MATLAB v5 file into ``{name: ndarray}`` (like scipy.io.loadmat)."""
    try:
        import scipy.io

        return scipy.io.loadmat(path)
    except ImportError:
        pass
    with open(path, "rb") as f:
        raw = f.read()
    if len(raw) < 128:
        raise ValueError(f"{path} is not a MATLAB v5 .mat file (too short)")
    endian = "<" if raw[126:128] == b"IM" else ">" if raw[126:128] == b"MI" else None
    if endian is None:
        raise ValueError(f"{path} is not a MATLAB v5 .mat file (bad header)")
    out = {}
    for dtype, data in _elements(raw[128:], endian):
        if dtype == _MI_COMPRESSED:
            inner = zlib.decompress(data)
            for d2, data2 in _elements(inner, endian):
                if d2 == _MI_MATRIX:
                    k, v = _matrix(data2, endian)
                    out[k] = v
        elif dtype == _MI_MATRIX:
            k, v = _matrix(data, endian)
            out[k] = v
    return out

