"""TESS (Toronto emotional speech set, 2800 recordings, 7 emotions) from Paddle's on-disk layout:
``DATA_HOME/TESS_Toronto_emotional_speech_set/**/<speaker>_<word>_<emotion>.wav``."""

import collections
import os

from ._layout import DATA_HOME, unpack_or_fail
from .dataset import AudioClassificationDataset

__all__ = []


class TESS(AudioClassificationDataset):
    """TESS split into ``n_folds`` folds by file order (``os.walk``); ``mode='train'`` holds the folds
    other than ``split``, any other mode that fold."""

    archive = {
        'url': 'https://bj.bcebos.com/paddleaudio/datasets/TESS_Toronto_emotional_speech_set.zip',
        'md5': '1465311b24d1de704c4c63e4ccc470c7',
    }

    label_list = [
        'angry',
        'disgust',
        'fear',
        'happy',
        'neutral',
        'ps',  # pleasant surprise
        'sad',
    ]
    meta_info = collections.namedtuple('META_INFO', ('speaker', 'word', 'emotion'))
    audio_path = 'TESS_Toronto_emotional_speech_set'

    def __init__(self, mode='train', n_folds=5, split=1, feat_type='raw', archive=None, **kwargs):
        assert isinstance(n_folds, int) and (n_folds >= 1), (
            f'the n_folds should be integer and n_folds >= 1, but got {n_folds}'
        )
        assert split in range(1, n_folds + 1), (
            f'The selected split should be integer and should be 1 <= split <= {n_folds}, but got {split}'
        )
        if archive is not None:
            self.archive = archive
        files, labels = self._get_data(mode, n_folds, split)
        super().__init__(files=files, labels=labels, feat_type=feat_type, **kwargs)

    def _get_meta_info(self, files):
        return [self.meta_info(*os.path.basename(file)[:-4].split('_')) for file in files]

    def _get_data(self, mode, n_folds, split):
        root_dir = os.path.join(DATA_HOME, self.audio_path)
        if not os.path.isdir(root_dir):
            unpack_or_fail('TESS', DATA_HOME, self.archive, [root_dir + os.sep])
        wav_files = []
        for root, _, names in os.walk(root_dir):
            for name in names:
                if name.endswith('.wav'):
                    wav_files.append(os.path.join(root, name))
        files, labels = [], []
        for idx, sample in enumerate(self._get_meta_info(wav_files)):
            fold = idx % n_folds + 1
            if (fold != split) == (mode == 'train'):
                files.append(wav_files[idx])
                labels.append(self.label_list.index(sample.emotion))
        return files, labels
