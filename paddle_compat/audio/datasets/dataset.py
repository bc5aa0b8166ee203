"""Base class of the audio classification data sets: (file, label) pairs, read with ``paddle.audio.load``
and optionally turned into features by a ``paddle.audio.features`` Layer."""

import torch

from ..._core.tensor import wrap
from ...io import Dataset
from ..features import MFCC, LogMelSpectrogram, MelSpectrogram, Spectrogram

__all__ = []

feat_funcs = {
    'raw': None,
    'melspectrogram': MelSpectrogram,
    'mfcc': MFCC,
    'logmelspectrogram': LogMelSpectrogram,
    'spectrogram': Spectrogram,
}


class AudioClassificationDataset(Dataset):
    """Items are ``(feature, label)``: the mono waveform (``feat_type='raw'``) or the feature Layer's
    output for it; extra keyword arguments configure that Layer."""

    def __init__(self, files, labels, feat_type='raw', sample_rate=None, **kwargs):
        super().__init__()
        if feat_type not in feat_funcs:
            raise RuntimeError(f"Unknown feat_type: {feat_type}, it must be one in {list(feat_funcs.keys())}")
        vars(self).update(files=files, labels=labels, feat_type=feat_type, sample_rate=sample_rate, feat_config=kwargs)

    def _get_data(self, input_file):
        raise NotImplementedError

    def _convert_to_record(self, idx):
        from ... import audio  # the current backend's load (set_backend rebinds it)

        file, label = self.files[idx], self.labels[idx]
        waveform, sample_rate = audio.load(file)
        self.sample_rate = sample_rate
        t = waveform._t
        if t.dim() == 2:
            t = t.squeeze(0)
        t = t.to(torch.float32)
        feature_layer = feat_funcs[self.feat_type]
        if feature_layer is None:
            feature = wrap(t)
        else:
            if self.feat_type != 'spectrogram':
                extractor = feature_layer(sr=self.sample_rate, **self.feat_config)
            else:
                extractor = feature_layer(**self.feat_config)
            feature = extractor(wrap(t.unsqueeze(0))).squeeze(0)
        return {'feat': feature, 'label': label}

    def __getitem__(self, idx):
        record = self._convert_to_record(idx)
        return record['feat'], record['label']

    def __len__(self):
        return len(self.files)
