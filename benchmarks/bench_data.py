"""paddle.io.DataLoader vs plain torch.utils.data doing the same work: one pass over a 10,000-sample
in-memory dataset with a per-sample transform (normalise + horizontal flip of a 3x32x32 float image),
batch 64, num_workers 0 and 2. Run: .venv/bin/python benchmarks/bench_data.py [--quick]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402
import paddle  # noqa: E402
import torch  # noqa: E402
from _timing import QUICK, compare  # noqa: E402

N = 10_000
RS = np.random.RandomState(0)
IMAGES = RS.randint(0, 256, (N, 3, 32, 32)).astype(np.uint8)
LABELS = RS.randint(0, 10, N)
MEAN = np.array([125.3, 123.0, 113.9], np.float32).reshape(3, 1, 1)
STD = np.array([63.0, 62.1, 66.7], np.float32).reshape(3, 1, 1)


def transform(img):
    return np.ascontiguousarray(((img.astype(np.float32) - MEAN) / STD)[:, :, ::-1])


class PaddleDS(paddle.io.Dataset):
    def __len__(self):
        return N

    def __getitem__(self, i):
        return transform(IMAGES[i]), int(LABELS[i])


class TorchDS(torch.utils.data.Dataset):
    def __len__(self):
        return N

    def __getitem__(self, i):
        return transform(IMAGES[i]), int(LABELS[i])


def main():
    ratios = {}
    repeats = 2 if QUICK else 4
    for workers in (0, 2):
        ours_loader = paddle.io.DataLoader(PaddleDS(), batch_size=64, num_workers=workers)
        torch_loader = torch.utils.data.DataLoader(TorchDS(), batch_size=64, num_workers=workers)

        def ours(loader=ours_loader):
            for _batch in loader:
                pass

        def native(loader=torch_loader):
            for _batch in loader:
                pass

        ratios[workers] = compare(f"DataLoader pass, num_workers={workers}", ours, native, number=1, repeats=repeats,
                                  target=1.05)
    return ratios


if __name__ == "__main__":
    main()
