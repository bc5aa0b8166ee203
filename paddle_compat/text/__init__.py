"""``paddle.text``: NLP datasets (read from their on-disk formats) and Viterbi decoding."""

from .datasets import WMT14, WMT16, Conll05st, Imdb, Imikolov, Movielens, UCIHousing
from .viterbi_decode import ViterbiDecoder, viterbi_decode

__all__ = ['Conll05st', 'Imdb', 'Imikolov', 'Movielens', 'UCIHousing', 'WMT14', 'WMT16', 'ViterbiDecoder',
           'viterbi_decode']
