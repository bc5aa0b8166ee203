"""Scripts whose output depends on how Paddle swaps state between dynamic and static mode: each
``paddle.disable_static()`` starts fresh default programs and a fresh dygraph name generator,
``paddle.enable_static()`` brings back static mode's own. Each runs in a fresh interpreter (recorded with
the oracle by ``record.py``, replayed under paddle-compat by ``test_mode_switch.py``)."""

SCENARIOS = {
    "names_across_mode_switches": """
import paddle
import paddle.nn as nn
from paddle.utils import unique_name as u
print(nn.Linear(1, 1).weight.name, u.generate('foo'))
paddle.enable_static()
print(nn.Linear(1, 1).weight.name, u.generate('foo'))
x = paddle.static.data('x', [2, 3])
print(paddle.static.nn.fc(x, 2).name)
paddle.disable_static()
print(nn.Linear(1, 1).weight.name, u.generate('foo'))
paddle.disable_static()
print(nn.Linear(1, 1).weight.name, u.generate('foo'))
paddle.enable_static()
print(nn.Linear(1, 1).weight.name, u.generate('foo'))
y = paddle.static.data('y', [2, 3])
print(paddle.static.nn.fc(y, 2).name)
paddle.disable_static()
with u.guard():
    print(nn.Linear(1, 1).weight.name)
print(nn.Linear(1, 1).weight.name)
u.switch()
print(nn.Linear(1, 1).weight.name)
paddle.enable_static()
print(nn.Linear(1, 1).weight.name, u.generate('foo'))
""",
    "default_programs_across_mode_switches": """
import paddle
m0 = paddle.static.default_main_program()
paddle.enable_static()
m1 = paddle.static.default_main_program()
s1 = paddle.static.default_startup_program()
paddle.static.data('x', [1])
print(m0 is m1, len(m1.global_block().vars))
paddle.disable_static()
m2 = paddle.static.default_main_program()
print(m2 is m0, m2 is m1, len(m2.global_block().vars))
paddle.enable_static()
print(paddle.static.default_main_program() is m1, paddle.static.default_startup_program() is s1)
""",
    "names_after_run_check": """
import io, contextlib
import paddle
import paddle.nn as nn
net = paddle.vision.models.LeNet()
print([p.name for p in net.parameters()][-1])
with contextlib.redirect_stdout(io.StringIO()) as out:
    paddle.utils.run_check()
print(out.getvalue().strip().splitlines()[0], out.getvalue().strip().splitlines()[-1])
print(paddle.in_dynamic_mode(), nn.Linear(1, 1).weight.name)
""",
    "tracer_only_switches_keep_names": """
import paddle
from paddle.base.dygraph.base import switch_to_static_graph
from paddle.utils import unique_name as u
m = paddle.static.default_main_program()
print(u.generate('a'))
@switch_to_static_graph
def f():
    return u.generate('a'), paddle.static.default_main_program() is m, paddle.in_dynamic_mode()
print(f())
print(u.generate('a'), paddle.in_dynamic_mode())
with paddle.base.framework._dygraph_guard(None):
    print(u.generate('a'), paddle.static.default_main_program() is m, paddle.in_dynamic_mode())
print(u.generate('a'))
""",
}
