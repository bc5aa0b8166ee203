"""``paddle.utils.download``: files fetched once into Paddle's cache (``~/.cache/paddle/hapi/weights`` for
weights), md5-checked, unpacked when they are archives. A file already in the cache with the right md5 is
used without any network access; when a download is needed and fails (no network), the error says which
file to put where."""

import hashlib
import logging
import os
import os.path as osp
import shutil
import sys

try:
    from tqdm import tqdm
except ImportError:

    class tqdm:
        """Minimal stand-in for ``tqdm.tqdm`` (progress on stderr), used when tqdm is not installed."""

        def __init__(self, total=None):
            self.total = total
            self.n = 0

        def update(self, n):
            self.n += n
            if self.total is None:
                sys.stderr.write(f"\r{self.n:.1f} bytes")
            else:
                sys.stderr.write(f"\r{100 * self.n / float(self.total):.1f}%")
            sys.stderr.flush()

        def __enter__(self):
            return self

        def __exit__(self, exc_type, exc_val, exc_tb):
            sys.stderr.write("\n")

logger = logging.getLogger(__name__)

__all__ = ["get_weights_path_from_url"]

WEIGHTS_HOME = osp.expanduser("~/.cache/paddle/hapi/weights")

DOWNLOAD_RETRY_LIMIT = 3

# Seconds to wait for a connection or for the next bytes: an offline machine fails fast instead of hanging.
DOWNLOAD_TIMEOUT = 15


def is_url(path):
    """Whether ``path`` is an http(s) URL."""
    return path.startswith("http://") or path.startswith("https://")


def get_weights_path_from_url(url, md5sum=None):
    """Local path of the weights file at ``url``, downloaded into ``WEIGHTS_HOME`` unless already cached."""
    return get_path_from_url(url, WEIGHTS_HOME, md5sum)


def _map_path(url, root_dir):
    return osp.join(root_dir, osp.split(url)[-1])


def _get_unique_endpoints(trainer_endpoints):
    """One endpoint per host (the first in sorted order): the ranks that download for their machine.
    Sorts ``trainer_endpoints`` in place, as Paddle does (PaddleDetection imports this helper)."""
    trainer_endpoints.sort()
    hosts = set()
    unique_endpoints = set()
    for endpoint in trainer_endpoints:
        host = endpoint.split(":")[0]
        if host not in hosts:
            hosts.add(host)
            unique_endpoints.add(endpoint)
    logger.info(f"unique_endpoints {unique_endpoints}")
    return unique_endpoints


def get_path_from_url(url, root_dir, md5sum=None, check_exist=True, decompress=True, method="get"):
    """Local path of ``url`` under ``root_dir``: the cached file when it exists (and matches ``md5sum``),
    else downloaded; zip/tar archives are unpacked when ``decompress`` and the unpacked path returned."""
    import tarfile
    import zipfile

    assert is_url(url), f"downloading from {url} not a url"
    fullpath = _map_path(url, root_dir)
    if osp.exists(fullpath) and check_exist and _md5check(fullpath, md5sum):
        logger.info(f"Found {fullpath}")
    else:
        fullpath = _download(url, root_dir, md5sum, method=method)
    if decompress and (tarfile.is_tarfile(fullpath) or zipfile.is_zipfile(fullpath)):
        fullpath = _decompress(fullpath)
    return fullpath


class _NetworkUnreachable(Exception):
    pass


def _get_download(url, fullname):
    import urllib.error
    import urllib.request

    try:
        response = urllib.request.urlopen(url, timeout=DOWNLOAD_TIMEOUT)
    except urllib.error.HTTPError as e:
        raise RuntimeError(f"Downloading from {url} failed with code {e.code}!") from None
    except (urllib.error.URLError, OSError) as e:
        raise _NetworkUnreachable(str(getattr(e, "reason", e))) from None
    tmp_fullname = fullname + "_tmp"
    try:
        with response, open(tmp_fullname, "wb") as f:
            total = response.headers.get("content-length")
            if total:
                with tqdm(total=(int(total) + 1023) // 1024) as pbar:
                    for chunk in iter(lambda: response.read(1024), b""):
                        f.write(chunk)
                        pbar.update(1)
            else:
                for chunk in iter(lambda: response.read(1 << 16), b""):
                    f.write(chunk)
    except OSError as e:
        logger.info(f"Downloading {osp.basename(fullname)} from {url} failed with exception {e}")
        return False
    shutil.move(tmp_fullname, fullname)
    return fullname


_download_methods = {"get": _get_download}


def _place_by_hand_message(url, fullname, md5sum, reason):
    md5_note = f" (md5 {md5sum})" if md5sum else ""
    return (
        f"Download from {url} failed: {reason}. Without network access, download the file elsewhere and "
        f"place it at {fullname}{md5_note}; it is then loaded from there."
    )


def _download(url, path, md5sum=None, method="get"):
    assert method in _download_methods, f"make sure `{method}` implemented"
    os.makedirs(path, exist_ok=True)
    fname = osp.split(url)[-1]
    fullname = osp.join(path, fname)
    logger.info(f"Downloading {fname} from {url}")
    retry_count = 0
    while not (osp.exists(fullname) and _md5check(fullname, md5sum)):
        if retry_count >= DOWNLOAD_RETRY_LIMIT:
            raise RuntimeError(f"Download from {url} failed. Retry limit reached")
        retry_count += 1
        try:
            _download_methods[method](url, fullname)
        except _NetworkUnreachable as e:
            if osp.exists(fullname):
                reason = f"{e}; the file already at {fullname} does not match md5 {md5sum}"
            else:
                reason = str(e)
            error = RuntimeError(_place_by_hand_message(url, fullname, md5sum, reason))
            error.download_reason = reason  # for callers that explain the failure their own way (paddle.hub)
            raise error from None
    return fullname


def _md5check(fullname, md5sum=None):
    if md5sum is None:
        return True
    digest = hashlib.md5()
    with open(fullname, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    calc_md5sum = digest.hexdigest()
    if calc_md5sum != md5sum:
        logger.info(f"File {fullname} md5 check failed, {calc_md5sum}(calc) != {md5sum}(base)")
        return False
    return True


def _decompress(fname):
    import tarfile
    import zipfile

    logger.info(f"Decompressing {fname}...")
    if tarfile.is_tarfile(fname):
        with tarfile.open(fname, "r:*") as archive:
            names = archive.getnames()
            for name in names:
                assert not name.startswith("/"), f"uncompress file path {name} should not start with /"
            return _extract(archive, fname, names)
    if zipfile.is_zipfile(fname):
        with zipfile.ZipFile(fname, "r") as archive:
            return _extract(archive, fname, archive.namelist())
    raise TypeError(f"Unsupport compress file type {fname}")


def _extract(archive, fname, names):
    """Unpack beside the archive; the result path is the single file, the single top directory, or a new
    directory named after the archive holding everything (Paddle's layout)."""
    names = [name.replace("../", "") for name in names]
    file_dir = osp.dirname(fname)
    if len(names) == 1 and os.sep not in names[0]:
        target, result = file_dir, osp.join(file_dir, names[0])
    elif len({name.replace("\\", "/").split("/")[0] for name in names}) == 1:
        top = osp.splitext(names[0].strip(os.sep))[0].split(os.sep)[-1]
        target, result = file_dir, osp.join(file_dir, top)
    else:
        target = result = osp.join(file_dir, osp.splitext(fname)[0].split(os.sep)[-1])
        os.makedirs(result, exist_ok=True)
    _extract_all(archive, target)
    return result


def _extract_all(archive, target):
    import tarfile

    if isinstance(archive, tarfile.TarFile) and hasattr(tarfile, "data_filter"):
        archive.extractall(target, filter="fully_trusted")
    else:
        archive.extractall(target)


if tqdm.__module__ == __name__:
    tqdm.__module__ = "paddle.utils.download"
