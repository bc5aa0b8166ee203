"""CoNLL-2005 SRL test set (conll05st-tests.tar.gz + word / verb / target dictionaries)."""

import gzip
import tarfile

import numpy as np

from ...io import Dataset
from ._util import need_file

__all__ = []

DATA_URL = "http://paddlemodels.bj.bcebos.com/conll05st/conll05st-tests.tar.gz"
DATA_MD5 = "387719152ae52d60422c016e92a742fc"
WORDDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FwordDict.txt"
WORDDICT_MD5 = "ea7fb7d4c75cc6254716f0177a506baa"
VERBDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FverbDict.txt"
VERBDICT_MD5 = "0d2977293bbb6cbefab5b0f97db1e77c"
TRGDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FtargetDict.txt"
TRGDICT_MD5 = "d8c7f03ceb5fc2e5a0fa7503a4353751"
EMB_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2Femb"
EMB_MD5 = "bf436eb0faa1f6f9103017f8be57cdb7"
UNK_IDX = 0


def _bracket_labels(lbl):
    out, cur, inside = [], "O", False
    for tok in lbl:
        if tok == "*":
            out.append("I-" + cur if inside else "O")
        elif tok == "*)":
            out.append("I-" + cur)
            inside = False
        elif "(" in tok and ")" in tok:
            cur = tok[1: tok.find("*")]
            out.append("B-" + cur)
            inside = False
        elif "(" in tok:
            cur = tok[1: tok.find("*")]
            out.append("B-" + cur)
            inside = True
        else:
            raise RuntimeError("Unexpected label: %s" % tok)
    return out


class Conll05st(Dataset):
    """Samples: 9 int arrays (word ids, 5 context-word ids, predicate ids, mark, label ids). The B-/I- tag
    ids enumerate a Python set, so (as in Paddle) they depend on string hashing."""

    def __init__(self, data_file=None, word_dict_file=None, verb_dict_file=None, target_dict_file=None,
                 emb_file=None, download=True):
        self.data_file = need_file(data_file, DATA_URL, DATA_MD5, "conll05st", download)
        self.word_dict_file = need_file(word_dict_file, WORDDICT_URL, WORDDICT_MD5, "conll05st", download,
                                        "word_dict_file")
        self.verb_dict_file = need_file(verb_dict_file, VERBDICT_URL, VERBDICT_MD5, "conll05st", download,
                                        "verb_dict_file")
        self.target_dict_file = need_file(target_dict_file, TRGDICT_URL, TRGDICT_MD5, "conll05st", download,
                                          "target_dict_file")
        self.emb_file = need_file(emb_file, EMB_URL, EMB_MD5, "conll05st", download, "emb_file")
        self.word_dict = self._load_dict(self.word_dict_file)
        self.predicate_dict = self._load_dict(self.verb_dict_file)
        self.label_dict = self._load_label_dict(self.target_dict_file)
        self._load_anno()

    def _load_label_dict(self, filename):
        tags = set()
        with open(filename) as f:
            for line in f:
                line = line.strip()
                if line.startswith(("B-", "I-")):
                    tags.add(line[2:])
        d, index = {}, 0
        for tag in tags:
            d["B-" + tag] = index
            d["I-" + tag] = index + 1
            index += 2
        d["O"] = index
        return d

    def _load_dict(self, filename):
        with open(filename) as f:
            return {line.strip(): i for i, line in enumerate(f)}

    def _load_anno(self):
        self.sentences, self.predicates, self.labels = [], [], []
        with tarfile.open(self.data_file) as tf:
            wf = tf.extractfile("conll05st-release/test.wsj/words/test.wsj.words.gz")
            pf = tf.extractfile("conll05st-release/test.wsj/props/test.wsj.props.gz")
            with gzip.GzipFile(fileobj=wf) as words_file, gzip.GzipFile(fileobj=pf) as props_file:
                sentence, one_seg = [], []
                for word, label in zip(words_file, props_file):
                    word = word.strip().decode()
                    label = label.strip().decode().split()
                    if label:
                        sentence.append(word)
                        one_seg.append(label)
                        continue
                    columns = [[x[i] for x in one_seg] for i in range(len(one_seg[0]))] if one_seg else []
                    if columns:
                        verbs = [x for x in columns[0] if x != "-"]
                        for i, lbl in enumerate(columns[1:]):
                            self.sentences.append(sentence)
                            self.predicates.append(verbs[i])
                            self.labels.append(_bracket_labels(lbl))
                    sentence, one_seg = [], []

    def __getitem__(self, idx):
        sentence, predicate, labels = self.sentences[idx], self.predicates[idx], self.labels[idx]
        n = len(sentence)
        v = labels.index("B-V")
        mark = [0] * len(labels)
        mark[v] = 1
        ctx_n1 = ctx_n2 = "bos"
        ctx_p1 = ctx_p2 = "eos"
        if v > 0:
            mark[v - 1] = 1
            ctx_n1 = sentence[v - 1]
        if v > 1:
            mark[v - 2] = 1
            ctx_n2 = sentence[v - 2]
        if v < len(labels) - 1:
            mark[v + 1] = 1
            ctx_p1 = sentence[v + 1]
        if v < len(labels) - 2:
            mark[v + 2] = 1
            ctx_p2 = sentence[v + 2]
        wd = self.word_dict
        return (np.array([wd.get(w, UNK_IDX) for w in sentence]),
                np.array([wd.get(ctx_n2, UNK_IDX)] * n), np.array([wd.get(ctx_n1, UNK_IDX)] * n),
                np.array([wd.get(sentence[v], UNK_IDX)] * n), np.array([wd.get(ctx_p1, UNK_IDX)] * n),
                np.array([wd.get(ctx_p2, UNK_IDX)] * n), np.array([self.predicate_dict.get(predicate)] * n),
                np.array(mark), np.array([self.label_dict.get(w) for w in labels]))

    def __len__(self):
        return len(self.sentences)

    def get_dict(self):
        return self.word_dict, self.predicate_dict, self.label_dict

    def get_embedding(self):
        return self.emb_file
