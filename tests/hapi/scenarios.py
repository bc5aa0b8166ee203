"""hapi scenarios run identically by the oracle recorder (tools/api_diff/record_hapi.py) and the replay tests.

Only plain Paddle 2.x API is used here, so the same code runs under real Paddle and under paddle-compat.
"""

import contextlib
import io
import os
import re

import numpy as np

DIGITS = os.path.join(os.path.dirname(__file__), "..", "..", "paddle_compat", "_data", "digits")

# (constructor, kwargs, input size) for summary/flops goldens
SUMMARY_MODELS = [
    ("LeNet", {}, (1, 1, 28, 28)),
    ("alexnet", {"num_classes": 10}, (1, 3, 224, 224)),
    ("vgg11", {"num_classes": 10}, (1, 3, 224, 224)),
    ("resnet18", {"num_classes": 10}, (1, 3, 224, 224)),
    ("resnet50", {"num_classes": 10}, (1, 3, 224, 224)),
    ("mobilenet_v1", {"num_classes": 10}, (1, 3, 224, 224)),
    ("mobilenet_v2", {"num_classes": 10}, (1, 3, 224, 224)),
    ("mobilenet_v3_small", {"num_classes": 10}, (1, 3, 224, 224)),
    ("squeezenet1_1", {"num_classes": 10}, (1, 3, 224, 224)),
    ("shufflenet_v2_x1_0", {"num_classes": 10}, (1, 3, 224, 224)),
    ("densenet121", {"num_classes": 10}, (1, 3, 224, 224)),
]

TIMING = re.compile(r"\d+(\.\d+)?(s|ms|us)/step|ETA: [0-9:]+s?")


def mask_timings(text):
    """Progress lines carry wall-clock speeds and ETAs: the only part that may differ."""
    return TIMING.sub("<t>", text)


def capture(fn, *args, **kwargs):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = fn(*args, **kwargs)
    return result, out.getvalue()


def build_model(paddle, name, kwargs):
    with paddle.utils.unique_name.guard():
        return getattr(paddle.vision.models, name)(**kwargs)


def digits(paddle, mode, limit=None):
    import paddle.vision.transforms as T

    prefix = "train" if mode == "train" else "t10k"
    ds = paddle.vision.datasets.MNIST(
        image_path=os.path.join(DIGITS, f"{prefix}-images-idx3-ubyte.gz"),
        label_path=os.path.join(DIGITS, f"{prefix}-labels-idx1-ubyte.gz"),
        mode=mode, transform=T.Compose([T.ToTensor(), T.Normalize(mean=[0.5], std=[0.5])]))
    if limit is not None:
        ds = paddle.io.Subset(ds, list(range(limit)))
    return ds


class EventRecorder:
    """A Callback that records which hooks Model calls, in order, and the keys of each logs dict."""

    def __init__(self, paddle):
        base = paddle.callbacks.Callback

        events = self.events = []

        class Recorder(base):
            pass

        for hook in ("on_train_begin", "on_train_end", "on_eval_begin", "on_eval_end", "on_predict_begin",
                     "on_predict_end", "on_epoch_begin", "on_epoch_end", "on_train_batch_begin",
                     "on_train_batch_end", "on_eval_batch_begin", "on_eval_batch_end", "on_predict_batch_begin",
                     "on_predict_batch_end"):
            def make(h):
                def method(self, *args):
                    logs = args[-1] if args else None
                    step = args[0] if len(args) == 2 else None
                    events.append([h, step, sorted(logs) if isinstance(logs, dict) else logs])
                return method
            setattr(Recorder, hook, make(hook))
        self.callback = Recorder()


def lenet_model(paddle, initial_state=None):
    with paddle.utils.unique_name.guard():
        net = paddle.vision.models.LeNet()
    if initial_state is not None:
        net.set_state_dict(initial_state)
    model = paddle.Model(net, paddle.static.InputSpec([None, 1, 28, 28], "float32", "image"),
                         paddle.static.InputSpec([None, 1], "int64", "label"))
    model.prepare(paddle.optimizer.Adam(learning_rate=0.001, parameters=model.parameters()),
                  paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
    return model


def train_losses(paddle, model, steps=20, batch_size=32):
    """Per-step losses of train_batch over the first ``steps`` batches of the digits, in order."""
    loader = paddle.io.DataLoader(digits(paddle, "train"), batch_size=batch_size, shuffle=False)
    losses = []
    for step, (x, y) in enumerate(loader):
        out = model.train_batch([x], [y])
        losses.append(float(np.asarray(out[0][0]).reshape(-1)[0]))
        if step + 1 == steps:
            break
    return losses
