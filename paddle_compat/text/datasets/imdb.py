"""IMDB sentiment (aclImdb tar.gz): word-id documents, label 0 = pos, 1 = neg (as Paddle)."""

import collections
import re
import string
import tarfile

import numpy as np

from ...io import Dataset
from ._util import check_mode, need_file

__all__ = []

URL = "https://dataset.bj.bcebos.com/imdb%2FaclImdb_v1.tar.gz"
MD5 = "7c2ac02c03563afcf9b574c7e56c153a"


class Imdb(Dataset):
    def __init__(self, data_file=None, mode="train", cutoff=150, download=True):
        self.mode = check_mode(mode, ("train", "test"))
        self.data_file = need_file(data_file, URL, MD5, "imdb", download)
        self.word_idx = self._build_work_dict(cutoff)
        self._load_anno()

    def _build_work_dict(self, cutoff):
        freq = collections.defaultdict(int)
        for doc in self._tokenize(re.compile(r"aclImdb/((train)|(test))/((pos)|(neg))/.*\.txt$")):
            for w in doc:
                freq[w] += 1
        kept = sorted(((w, c) for w, c in freq.items() if c > cutoff), key=lambda x: (-x[1], x[0]))
        if not kept:
            raise ValueError(f"{self.data_file}: no word occurs more than cutoff={cutoff} times")
        word_idx = {w: i for i, (w, _) in enumerate(kept)}
        word_idx["<unk>"] = len(kept)
        return word_idx

    def _tokenize(self, pattern):
        data = []
        punct = string.punctuation.encode("latin-1")
        with tarfile.open(self.data_file) as tarf:
            for tf in tarf:
                if pattern.match(tf.name):
                    data.append(tarf.extractfile(tf).read().rstrip(b"\n\r").translate(None, punct).lower().split())
        return data

    def _load_anno(self):
        unk = self.word_idx["<unk>"]
        self.docs, self.labels = [], []
        for label, kind in ((0, "pos"), (1, "neg")):
            for doc in self._tokenize(re.compile(rf"aclImdb/{self.mode}/{kind}/.*\.txt$")):
                self.docs.append([self.word_idx.get(w, unk) for w in doc])
                self.labels.append(label)

    def __getitem__(self, idx):
        return np.array(self.docs[idx]), np.array([self.labels[idx]])

    def __len__(self):
        return len(self.docs)
