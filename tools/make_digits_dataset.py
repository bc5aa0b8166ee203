"""Builds the demo data set shipped in paddle_compat/_data/digits (run once, in a scratch venv that
has scikit-learn and Pillow; the project itself never imports scikit-learn).

The UCI "Optical Recognition of Handwritten Digits" images bundled with scikit-learn (1,797 8x8
images, 16 grey levels) are upscaled to 20x20 and centred in a 28x28 frame like MNIST, then written in
MNIST's own idx format, gzipped: train (1,400) and t10k (300) splits, stratified, fixed seed (97
images unused: Paddle's MNIST reader needs multiples of 100).
"""

import gzip
import os
import struct
import sys

import numpy as np
from PIL import Image
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split


def to_mnist_frame(img8):
    small = Image.fromarray((img8 * (255.0 / 16.0)).astype(np.uint8))
    big = np.asarray(small.resize((20, 20), Image.BILINEAR))
    frame = np.zeros((28, 28), np.uint8)
    frame[4:24, 4:24] = big
    return frame


def write_idx(path, array):
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        if array.ndim == 3:
            f.write(struct.pack(">IIII", 2051, *array.shape))
        else:
            f.write(struct.pack(">II", 2049, array.shape[0]))
        f.write(array.astype(np.uint8).tobytes())


def main(out_dir):
    digits = load_digits()
    images = np.stack([to_mnist_frame(i) for i in digits.images])
    labels = digits.target.astype(np.uint8)
    # Paddle's MNIST reader parses images in blocks of 100, so both splits are multiples of 100.
    x_tr, x_rest, y_tr, y_rest = train_test_split(images, labels, train_size=1400, stratify=labels, random_state=0)
    x_te, _, y_te, _ = train_test_split(x_rest, y_rest, train_size=300, stratify=y_rest, random_state=0)
    os.makedirs(out_dir, exist_ok=True)
    write_idx(os.path.join(out_dir, "train-images-idx3-ubyte.gz"), x_tr)
    write_idx(os.path.join(out_dir, "train-labels-idx1-ubyte.gz"), y_tr)
    write_idx(os.path.join(out_dir, "t10k-images-idx3-ubyte.gz"), x_te)
    write_idx(os.path.join(out_dir, "t10k-labels-idx1-ubyte.gz"), y_te)
    print(f"wrote {len(x_tr)} train / {len(x_te)} test images to {out_dir}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "paddle_compat/_data/digits")
