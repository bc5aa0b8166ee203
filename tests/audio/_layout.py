"""Tiny ESC-50 and TESS trees in Paddle's on-disk layout (stdlib + numpy only: the oracle's recorder and our
tests build the very same files)."""

import os
import wave

import numpy as np

ESC50_ROWS = [  # filename, fold, target, category, esc10, src_file, take
    ("1-100032-A-0.wav", 1, 0, "dog", "True", "100032", "A"),
    ("1-100038-A-14.wav", 1, 14, "chirping_birds", "False", "100038", "A"),
    ("2-100648-A-43.wav", 2, 43, "car_horn", "False", "100648", "A"),
    ("3-101336-A-36.wav", 3, 36, "vacuum_cleaner", "False", "101336", "A"),
    ("4-102844-A-49.wav", 4, 49, "hand_saw", "False", "102844", "A"),
    ("5-103415-A-19.wav", 5, 19, "thunderstorm", "False", "103415", "A"),
    ("5-110389-A-0.wav", 5, 0, "dog", "True", "110389", "A"),
]

TESS_FILES = [  # relative paths under TESS_Toronto_emotional_speech_set/
    "OAF_angry/OAF_back_angry.wav",
    "OAF_angry/OAF_bar_angry.wav",
    "OAF_disgust/OAF_base_disgust.wav",
    "OAF_Fear/OAF_bath_fear.wav",
    "OAF_happy/OAF_bean_happy.wav",
    "OAF_neutral/OAF_beg_neutral.wav",
    "OAF_Pleasant_surprise/OAF_bite_ps.wav",
    "YAF_sad/YAF_boat_sad.wav",
    "YAF_sad/YAF_bone_sad.wav",
    "YAF_angry/YAF_book_angry.wav",
    "YAF_happy/YAF_bought_happy.wav",
]

SAMPLE_RATE = 8000


def _write_wav(path, seed, frames=1200):
    samples = (np.random.RandomState(seed).uniform(-0.5, 0.5, frames) * 32767).astype("<i2")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with wave.open(path, "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(SAMPLE_RATE)
        f.writeframes(samples.tobytes())


def build(data_home):
    """Write both trees under ``data_home``."""
    meta = os.path.join(data_home, "ESC-50-master", "meta")
    os.makedirs(meta, exist_ok=True)
    with open(os.path.join(meta, "esc50.csv"), "w") as f:
        f.write("filename,fold,target,category,esc10,src_file,take\n")
        for row in ESC50_ROWS:
            f.write(",".join(str(v) for v in row) + "\n")
    for i, row in enumerate(ESC50_ROWS):
        _write_wav(os.path.join(data_home, "ESC-50-master", "audio", row[0]), 300 + i)
    for i, rel in enumerate(TESS_FILES):
        _write_wav(os.path.join(data_home, "TESS_Toronto_emotional_speech_set", rel), 400 + i, frames=900 + 10 * i)
