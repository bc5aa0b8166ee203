"""jit.save with an input_spec element that is a list of InputSpecs (one forward argument holding several tensors,
as PaddleVideo's tools/export_model.py exports ``forward(data_batch)``, whose reshape folds a size of batch x
segments): the saved program's feed names (``<argument>_<j>``), and the loaded program's output. Shared by the
recorder and test_nested_spec.py.

    .oracle/bin/python -m tests.jit.nested_spec.scenarios   # writes fixtures/golden.json (real Paddle only)
"""

import os
import tempfile

import numpy as np

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "golden.json")


def outcomes(paddle):
    class TwoTensorArgument(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(4, 3)

        def forward(self, data_batch, mode="infer"):
            # PaddleVideo's Recognizer2D folds segments into the batch: a reshape whose size is batch x segments
            frames = paddle.reshape(data_batch[0], [-1] + list(data_batch[0].shape[2:]))
            return self.fc(frames).reshape([-1, 2, 3]).mean(1) + data_batch[1]

    with paddle.utils.unique_name.guard():
        layer = TwoTensorArgument()
    layer.set_state_dict({"fc.weight": paddle.to_tensor(np.linspace(-1, 1, 12).reshape(4, 3).astype("float32")),
                          "fc.bias": paddle.to_tensor(np.array([0.1, -0.2, 0.3], "float32"))})
    layer.eval()
    spec = [[paddle.static.InputSpec([None, 2, 4], "float32"), paddle.static.InputSpec([None, 3], "float32")]]
    path = os.path.join(tempfile.mkdtemp(prefix="nested_spec_"), "model")
    paddle.jit.save(paddle.jit.to_static(layer, input_spec=spec), path)
    loaded = paddle.jit.load(path)
    x = paddle.to_tensor(np.arange(16, dtype="float32").reshape(2, 2, 4) / 8)
    y = paddle.to_tensor(np.ones((2, 3), "float32"))
    class SizeProduct(paddle.nn.Layer):
        """ST-GCN's forward: stop_gradient cleared on the input, the batch folded with another axis through a
        product of the shape's sizes"""

        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(4, 3)

        def forward(self, x):
            n, c, length = x.shape
            x.stop_gradient = False  # as ST-GCN's forward does
            return self.fc(x.reshape([n * c, length])).reshape([n, c, 3]).sum(1)

    with paddle.utils.unique_name.guard():
        product = SizeProduct()
    product.set_state_dict({"fc.weight": paddle.to_tensor(np.linspace(1, -1, 12).reshape(4, 3).astype("float32")),
                            "fc.bias": paddle.to_tensor(np.array([0.2, 0.0, -0.1], "float32"))})
    product.eval()
    product_path = os.path.join(tempfile.mkdtemp(prefix="size_product_"), "model")
    paddle.jit.save(product, product_path, input_spec=[paddle.static.InputSpec([None, 2, 4], "float32", "x")])
    product_loaded = paddle.jit.load(product_path)
    return {"size_product_output": np.round(product_loaded(x).numpy(), 6).tolist(),
            "size_product_eager": np.round(product(x).numpy(), 6).tolist(),
            "feed_names": [s.name for s in loaded._input_spec()],
            "feed_shapes": [list(s.shape) for s in loaded._input_spec()],
            "loaded_output": np.round(loaded(x, y).numpy(), 6).tolist(),
            "eager_output": np.round(layer([x, y]).numpy(), 6).tolist()}


if __name__ == "__main__":
    from tests.golden_scenarios import record_outcomes

    record_outcomes(GOLDEN, outcomes)
