"""PTB language-model data (simple-examples.tgz): n-grams ('NGRAM') or (src, trg) sequences ('SEQ')."""

import collections
import tarfile

import numpy as np

from ...io import Dataset
from ._util import check_mode, need_file

__all__ = []

URL = "https://dataset.bj.bcebos.com/imikolov%2Fsimple-examples.tgz"
MD5 = "30177ea32e27c525793142b6bf2c8e2d"


class Imikolov(Dataset):
    def __init__(self, data_file=None, data_type="NGRAM", window_size=-1, mode="train", min_word_freq=50,
                 download=True):
        if not isinstance(data_type, str) or data_type.upper() not in ("NGRAM", "SEQ"):
            raise AssertionError(f"data type should be 'NGRAM', 'SEQ', but got {data_type}")
        self.data_type = data_type.upper()
        self.mode = check_mode(mode, ("train", "test"))
        self.window_size = window_size
        self.min_word_freq = min_word_freq
        self.data_file = need_file(data_file, URL, MD5, "imikolov", download)
        self.word_idx = self._build_work_dict(min_word_freq)
        self._load_anno()

    def word_count(self, f, word_freq=None):
        if word_freq is None:
            word_freq = collections.defaultdict(int)
        for line in f:
            for w in line.strip().split():
                word_freq[w] += 1
            word_freq["<s>"] += 1
            word_freq["<e>"] += 1
        return word_freq

    def _build_work_dict(self, cutoff):
        with tarfile.open(self.data_file) as tf:
            trainf = tf.extractfile("./simple-examples/data/ptb.train.txt")
            testf = tf.extractfile("./simple-examples/data/ptb.valid.txt")
            freq = self.word_count(testf, self.word_count(trainf))
        freq.pop("<unk>", None)
        kept = sorted(((w, c) for w, c in freq.items() if c > self.min_word_freq), key=lambda x: (-x[1], x[0]))
        word_idx = {w: i for i, (w, _) in enumerate(kept)}
        word_idx["<unk>"] = len(kept)
        return word_idx

    def _load_anno(self):
        self.data = []
        with tarfile.open(self.data_file) as tf:
            f = tf.extractfile(f"./simple-examples/data/ptb.{self.mode}.txt")
            unk = self.word_idx["<unk>"]
            for line in f:
                if self.data_type == "NGRAM":
                    if not self.window_size > -1:
                        raise AssertionError("Invalid gram length")
                    words = ["<s>"] + line.strip().split() + ["<e>"]
                    if len(words) >= self.window_size:
                        ids = [self.word_idx.get(w, unk) for w in words]
                        for i in range(self.window_size, len(ids) + 1):
                            self.data.append(tuple(ids[i - self.window_size: i]))
                else:
                    ids = [self.word_idx.get(w, unk) for w in line.strip().split()]
                    src = [self.word_idx["<s>"]] + ids
                    trg = ids + [self.word_idx["<e>"]]
                    if self.window_size > 0 and len(src) > self.window_size:
                        continue
                    self.data.append((src, trg))

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)
