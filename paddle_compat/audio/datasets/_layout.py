"""Where the audio data sets live: Paddle's ``DATA_HOME`` (``~/.cache/paddle/dataset``, or under the temp
dir when the home directory is not writable). paddle-compat never downloads: a missing data set is a
RuntimeError saying what to put where."""

import os
import tempfile

__all__ = []

_HOME = os.path.expanduser('~')
if not os.access(_HOME, os.W_OK):
    _HOME = tempfile.gettempdir()
DATA_HOME = os.path.join(_HOME, '.cache', 'paddle', 'dataset')


def missing_data_error(dataset, data_home, archive, expected):
    return RuntimeError(
        f"{dataset}: the data set is not in {data_home} (looked for {', '.join(expected)}). paddle-compat "
        f"does not download data sets: download {archive['url']} (md5 {archive['md5']}) and extract it "
        f"into {data_home}."
    )
