"""A typical Paddle 2.x training script (never executed by the scanner tests)."""
import numpy as np
import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from paddle.io import DataLoader, Dataset
from paddle.vision.transforms import Normalize


class RandomDataset(Dataset):
    def __init__(self, n):
        self.x = np.random.rand(n, 1, 28, 28).astype("float32")
        self.y = np.random.randint(0, 10, (n, 1)).astype("int64")

    def __getitem__(self, i):
        return self.x[i], self.y[i]

    def __len__(self):
        return len(self.x)


class Net(nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(1, 8, 3, padding=1)
        self.pool = nn.MaxPool2D(2)
        self.fc = nn.Linear(8 * 14 * 14, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv(x)))
        x = paddle.flatten(x, 1)
        return self.fc(x)


def main():
    paddle.seed(0)
    norm = Normalize(mean=[0.5], std=[0.5])
    del norm
    model = Net()
    opt = paddle.optimizer.Adam(learning_rate=1e-3, parameters=model.parameters())
    loader = DataLoader(RandomDataset(64), batch_size=16, shuffle=True)
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
    paddle.save(model.state_dict(), "/tmp/net.pdparams")


if __name__ == "__main__":
    main()
