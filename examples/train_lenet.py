"""Train LeNet on handwritten digits with Paddle's high-level API.

Plain Paddle 2.x code: it runs unchanged under real PaddlePaddle 2.6 and under paddle-compat.
Data: the UCI handwritten digits shipped in MNIST's idx.gz format (paddle_compat/_data/digits).
"""

import argparse
import os
import sys
import tempfile

import numpy as np
import paddle
import paddle.vision.transforms as T
from paddle.metric import Accuracy
from paddle.static import InputSpec
from paddle.vision.datasets import MNIST
from paddle.vision.models import LeNet

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "..", "paddle_compat", "_data", "digits")


def load(data_dir, mode, transform):
    prefix = "train" if mode == "train" else "t10k"
    return MNIST(
        image_path=os.path.join(data_dir, f"{prefix}-images-idx3-ubyte.gz"),
        label_path=os.path.join(data_dir, f"{prefix}-labels-idx1-ubyte.gz"),
        mode=mode,
        transform=transform,
    )


def build_model():
    inputs = InputSpec([None, 1, 28, 28], "float32", "image")
    labels = InputSpec([None, 1], "int64", "label")
    return paddle.Model(LeNet(num_classes=10), inputs, labels)


def prepare(model, learning_rate):
    optimizer = paddle.optimizer.Adam(learning_rate=learning_rate, parameters=model.parameters())
    model.prepare(optimizer, paddle.nn.CrossEntropyLoss(), Accuracy())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=DEFAULT_DATA, help="folder with the four MNIST-format idx.gz files")
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--save-dir", default=None, help="where to save the checkpoint (default: a temp dir)")
    parser.add_argument("--verbose", type=int, default=1)
    args = parser.parse_args(argv)

    paddle.seed(2024)
    np.random.seed(2024)
    transform = T.Compose([T.ToTensor(), T.Normalize(mean=[0.5], std=[0.5])])
    train_set = load(args.data, "train", transform)
    test_set = load(args.data, "test", transform)
    print(f"paddle {paddle.__version__}: {len(train_set)} training / {len(test_set)} test images")

    model = build_model()
    model.summary()
    prepare(model, args.lr)
    model.fit(train_set, epochs=args.epochs, batch_size=args.batch_size, verbose=args.verbose)
    result = model.evaluate(test_set, batch_size=args.batch_size, verbose=args.verbose)
    print("evaluate:", result)

    save_dir = args.save_dir or tempfile.mkdtemp(prefix="lenet_")
    path = os.path.join(save_dir, "lenet")
    model.save(path)

    restored = build_model()
    prepare(restored, args.lr)
    restored.load(path)
    logits = restored.predict(test_set, batch_size=args.batch_size, stack_outputs=True, verbose=0)[0]
    labels = np.array([int(np.asarray(label).reshape(-1)[0]) for _, label in test_set])
    accuracy = float((logits.argmax(axis=1) == labels).mean())
    print(f"restored model from {path}: test accuracy {accuracy:.4f}")
    return 0 if accuracy >= 0.90 else 1


if __name__ == "__main__":
    sys.exit(main())
