"""Uses APIs paddle-compat does not provide (static graph, fleet) and a name Paddle 2.6 never had."""
import paddle
import paddle.distributed.fleet as fleet
from paddle import static

paddle.enable_static()
x = static.data(name="x", shape=[None, 4], dtype="float32")
strategy = fleet.DistributedStrategy()
y = paddle.definitely_not_an_api(x)
