import paddle as pd
from paddle import nn
from paddle.nn import functional as fn
from paddle.nn.functional import *  # noqa: F403

t = pd.to_tensor([1.0, 2.0])
layer = nn.Linear(2, 2)
out = fn.softmax(layer(t), axis=-1)
z = relu(out)  # noqa: F405
m = out.mean()
