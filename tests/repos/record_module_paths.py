"""Records ``__module__`` of classes that live in namespaces ``import paddle`` now loads lazily.

    .oracle/bin/python tests/repos/record_module_paths.py   # -> tests/repos/fixtures/module_paths.json
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))

from tools.api_diff.common import oracle_stamp  # noqa: E402

CLASSES = [
    "Model", "DataParallel", "vision.transforms.Resize", "vision.models.ResNet", "vision.datasets.MNIST",
    "text.datasets.Imdb", "callbacks.EarlyStopping", "static.InputSpec", "distribution.Normal",
    "hapi.model.Model", "jit.TranslatedLayer", "io.DataLoader", "nn.Conv2D",
]


def main():
    golden = dict(oracle_stamp())
    import paddle

    paths = {}
    for name in CLASSES:
        value = paddle
        for part in name.split("."):
            value = getattr(value, part)
        paths[name] = value.__module__
    golden["module_paths"] = paths
    with open(os.path.join(HERE, "fixtures", "module_paths.json"), "w") as f:
        json.dump(golden, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
