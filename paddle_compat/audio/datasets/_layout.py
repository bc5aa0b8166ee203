"""Where the audio data sets live: Paddle's ``DATA_HOME`` (``~/.cache/paddle/dataset``, or under the temp
dir when the home directory is not writable). paddle-compat never downloads: an archive already placed in
``DATA_HOME`` (right md5) is unpacked as Paddle unpacks its download; otherwise a missing data set is a
RuntimeError saying what to put where."""

import os
import tempfile

__all__ = []

_HOME = os.path.expanduser('~')
if not os.access(_HOME, os.W_OK):
    _HOME = tempfile.gettempdir()
DATA_HOME = os.path.join(_HOME, '.cache', 'paddle', 'dataset')


def unpack_or_fail(dataset, data_home, archive, expected):
    """Unpack ``DATA_HOME/<archive name>`` when it is there with the archive's md5; else RuntimeError."""
    from ...utils import download

    url, md5 = archive['url'], archive['md5']
    local = os.path.join(data_home, url.split('/')[-1])
    if os.path.isfile(local) and download._md5check(local, md5):
        download.get_path_from_url(url, data_home, md5, decompress=True)  # cached file: no network
        return
    found = f" ({local} is there but its md5 is not {md5})" if os.path.isfile(local) else ""
    raise RuntimeError(
        f"{dataset}: the data set is not in {data_home} (looked for {', '.join(expected)}){found}. "
        f"paddle-compat does not download data sets: download {url} (md5 {md5}) and either place the "
        f"archive at {local} (it is unpacked on first use) or extract it into {data_home}."
    )
