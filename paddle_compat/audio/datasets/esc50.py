"""ESC-50 (2000 five-second environmental recordings, 50 classes, 5 folds) from Paddle's on-disk layout:
``DATA_HOME/ESC-50-master/meta/esc50.csv`` and ``DATA_HOME/ESC-50-master/audio/*.wav``."""

import collections
import os

from ._layout import DATA_HOME, unpack_or_fail
from .dataset import AudioClassificationDataset

__all__ = []


class ESC50(AudioClassificationDataset):
    """ESC-50: ``mode='train'`` holds the folds other than ``split`` (1..5), any other mode that fold."""

    archive = {
        'url': 'https://paddleaudio.bj.bcebos.com/datasets/ESC-50-master.zip',
        'md5': '7771e4b9d86d0945acce719c7a59305a',
    }

    label_list = [
        # Animals
        'Dog', 'Rooster', 'Pig', 'Cow', 'Frog', 'Cat', 'Hen', 'Insects (flying)', 'Sheep', 'Crow',
        # Natural soundscapes & water sounds
        'Rain', 'Sea waves', 'Crackling fire', 'Crickets', 'Chirping birds', 'Water drops', 'Wind',
        'Pouring water', 'Toilet flush', 'Thunderstorm',
        # Human, non-speech sounds
        'Crying baby', 'Sneezing', 'Clapping', 'Breathing', 'Coughing', 'Footsteps', 'Laughing',
        'Brushing teeth', 'Snoring', 'Drinking, sipping',
        # Interior/domestic sounds
        'Door knock', 'Mouse click', 'Keyboard typing', 'Door, wood creaks', 'Can opening', 'Washing machine',
        'Vacuum cleaner', 'Clock alarm', 'Clock tick', 'Glass breaking',
        # Exterior/urban noises
        'Helicopter', 'Chainsaw', 'Siren', 'Car horn', 'Engine', 'Train', 'Church bells', 'Airplane',
        'Fireworks', 'Hand saw',
    ]
    meta = os.path.join('ESC-50-master', 'meta', 'esc50.csv')
    meta_info = collections.namedtuple(
        'META_INFO', ('filename', 'fold', 'target', 'category', 'esc10', 'src_file', 'take')
    )
    audio_path = os.path.join('ESC-50-master', 'audio')

    def __init__(self, mode='train', split=1, feat_type='raw', archive=None, **kwargs):
        assert split in range(1, 6), (
            f'The selected split should be integer, and 1 <= split <= 5, but got {split}'
        )
        if archive is not None:
            self.archive = archive
        files, labels = self._get_data(mode, split)
        super().__init__(files=files, labels=labels, feat_type=feat_type, **kwargs)

    def _get_meta_info(self):
        with open(os.path.join(DATA_HOME, self.meta)) as f:
            rows = f.readlines()[1:]
        return [self.meta_info(*row.strip().split(',')) for row in rows]

    def _get_data(self, mode, split):
        audio_dir = os.path.join(DATA_HOME, self.audio_path)
        meta_file = os.path.join(DATA_HOME, self.meta)
        if not os.path.isdir(audio_dir) or not os.path.isfile(meta_file):
            unpack_or_fail('ESC50', DATA_HOME, self.archive, [meta_file, audio_dir + os.sep])
        files, labels = [], []
        for sample in self._get_meta_info():
            if (int(sample.fold) != split) == (mode == 'train'):
                files.append(os.path.join(audio_dir, sample.filename))
                labels.append(int(sample.target))
        return files, labels
