"""Runs under a 2-rank launcher (real Paddle's or ours) and writes this rank's auto-parallel results as JSON.

Usage: python -m paddle.distributed.launch --nproc_per_node 2 autop_worker.py OUT_DIR
Each step records what a dist tensor shows on this rank (local value, shapes, placements and mesh printing,
str()) or the exception raised. Every rank starts from its own data (rank * 100 added), as Paddle keeps each
rank's own data in shard_tensor.
"""

import json
import os
import sys

import numpy as np
import paddle
import paddle.distributed as dist

results = {}


def global_value(tensor):
    # numpy() of a dist tensor is its global value; Paddle 2.6.2 on CPU cannot gather some placements
    try:
        return np.asarray(tensor.numpy()).tolist()
    except Exception as error:  # noqa: BLE001 - the exception is the recorded result
        return {"error": type(error).__name__}


def describe(value):
    if isinstance(value, paddle.Tensor):
        found = {"shape": list(value.shape), "dtype": str(value.dtype), "stop_gradient": value.stop_gradient,
                 "is_dist": value.is_dist(), "type": type(value).__name__}
        if value.is_dist():
            local = value._local_value()
            found.update(placements=[str(p) for p in value.placements], process_mesh=str(value.process_mesh),
                         local=np.asarray(local.numpy()).tolist(), local_shape=list(local.shape),
                         dist_attr=str(value.dist_attr), global_value=global_value(value))
        else:
            found.update(value=np.asarray(value.numpy()).tolist())
        return found
    if isinstance(value, (list, tuple)):
        return [describe(v) for v in value]
    if isinstance(value, dict):
        return {str(k): describe(v) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        return {"ndarray": value.tolist()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return {"type": type(value).__name__, "str": str(value)}


def step(name):
    def run(fn):
        try:
            results[name] = describe(fn())
        except Exception as error:  # noqa: BLE001 - the exception is the recorded result
            results[name] = {"error": type(error).__name__, "message": str(error).splitlines()[0][:200]}
        return fn
    return run


dist.init_parallel_env()
rank = dist.get_rank()
mesh = dist.ProcessMesh([0, 1], dim_names=["x"])
mesh_1x2 = dist.ProcessMesh([[0, 1]], dim_names=["dp", "mp"])
mesh_2x1 = dist.ProcessMesh([[0], [1]], dim_names=["dp", "mp"])
a = paddle.arange(8, dtype="float32").reshape([2, 4]) + rank * 100
S, R, P, RT = dist.Shard, dist.Replicate, dist.Partial, dist.ReduceType


@step("mesh")
def _():
    m = dist.ProcessMesh([[2, 4, 5], [0, 1, 3]], dim_names=["x", "y"])
    return {"str": str(m), "shape": m.shape, "process_ids": m.process_ids, "dim_names": m.dim_names,
            "ndim": m.ndim, "size": m.size, "mesh": m.mesh.tolist(), "dim_size_y": m.get_dim_size("y"),
            "with_dim_y": str(m.get_mesh_with_dim("y")), "item0": str(m[0]), "item_col": str(m[:, 1]),
            "item_scalar": str(m[1, 2]), "slice": str(m[0:1]), "contains3": m.contains(3), "contains7": m.contains(7),
            "default_names": str(dist.ProcessMesh([0, 1])), "eq": m == dist.ProcessMesh([[2, 4, 5], [0, 1, 3]]),
            "ne": m != mesh, "type": type(m).__name__}


@step("placements")
def _():
    ps = [S(1), R(), P(), P(RT.kRedMax), P(RT.kRedAvg)]
    return {"str": [str(p) for p in ps], "is_shard": [p.is_shard() for p in ps],
            "is_replicated": [p.is_replicated() for p in ps], "is_partial": [p.is_partial() for p in ps],
            "get_dim": S(1).get_dim(), "eq": [S(1) == S(1), S(1) == S(0), R() == R(), P() == P(), P() == ps[3],
                                              S(0) != R()],
            "reduce_type": [str(RT.kRedSum), repr(RT.kRedMax), int(RT.kRedAvg), RT.kRedProd.name],
            "class_names": [type(p).__name__ for p in ps], "module": type(ps[0]).__module__}


@step("dist_attr")
def _():
    m = dist.ProcessMesh([[2, 4, 5], [0, 1, 3]], dim_names=["x", "y"])
    attr = dist.DistAttr(mesh=m, sharding_specs=["x", None])
    return {"str": str(attr), "specs": attr.sharding_specs, "dims_mapping": attr.dims_mapping,
            "process_mesh": str(attr.process_mesh)}


step("dense_members")(lambda: [paddle.ones([2]).is_dist(), paddle.ones([2]).placements,
                               paddle.ones([2]).process_mesh, paddle.ones([2])._local_value()])
step("shard0")(lambda: dist.shard_tensor(a, mesh, [S(0)]))
step("shard1")(lambda: dist.shard_tensor(a, mesh, [S(1)]))
step("replicate")(lambda: dist.shard_tensor(a, mesh, [R()]))
for reduce_type in ("kRedSum", "kRedMax", "kRedMin", "kRedProd", "kRedAvg"):
    step(f"partial_{reduce_type}")(lambda rt=reduce_type: dist.shard_tensor(a, mesh, [P(getattr(RT, rt))]))
    step(f"partial_{reduce_type}_to_r")(lambda rt=reduce_type: dist.reshard(
        dist.shard_tensor(a, mesh, [P(getattr(RT, rt))]), mesh, [R()]))
step("uneven")(lambda: dist.shard_tensor(paddle.arange(10, dtype="float32").reshape([5, 2]), mesh, [S(0)]))
step("uneven_to_r")(lambda: dist.reshard(dist.shard_tensor(paddle.arange(10, dtype="float32").reshape([5, 2]),
                                                           mesh, [S(0)]), mesh, [R()]))
step("list_data")(lambda: dist.shard_tensor([[1.0, 2.0], [3.0, 4.0]], mesh, [S(1)], stop_gradient=False))
step("numpy_dtype")(lambda: dist.shard_tensor(np.arange(4).reshape(2, 2), mesh, [S(0)], dtype="float64"))
step("int64")(lambda: dist.shard_tensor(paddle.arange(6).reshape([3, 2]), mesh, [S(1)]))
step("scalar_0d")(lambda: dist.shard_tensor(paddle.to_tensor(3.5), mesh, [R()]))
step("m1x2_r_s1")(lambda: dist.shard_tensor(a, mesh_1x2, [R(), S(1)]))
step("m1x2_p_p")(lambda: dist.shard_tensor(a, mesh_1x2, [P(), P()]))
step("m2x1_s0_r")(lambda: dist.shard_tensor(a, mesh_2x1, [S(0), R()]))
step("m2x1_p_s1")(lambda: dist.shard_tensor(a, mesh_2x1, [P(), S(1)]))
step("m2x1_p_s1_to_rr")(lambda: dist.reshard(dist.shard_tensor(a, mesh_2x1, [P(), S(1)]), mesh_2x1, [R(), R()]))
step("m2x1_s0_r_to_rr")(lambda: dist.reshard(dist.shard_tensor(a, mesh_2x1, [S(0), R()]), mesh_2x1, [R(), R()]))
step("not_in_mesh")(lambda: dist.shard_tensor(a, dist.ProcessMesh([1], dim_names=["x"]), [S(0)]))
mesh0 = dist.ProcessMesh([0], dim_names=["x"])
mesh1 = dist.ProcessMesh([1], dim_names=["x"])
step("cross_mesh_r")(lambda: dist.reshard(dist.shard_tensor(a, mesh0, [R()]), mesh1, [R()]))
step("cross_mesh_swap_s0")(lambda: dist.reshard(dist.shard_tensor(a, mesh, [S(0)]),
                                                dist.ProcessMesh([1, 0], dim_names=["x"]), [S(0)]))
step("cross_mesh_r_to_s1")(lambda: dist.reshard(dist.shard_tensor(a, mesh, [R()]),
                                                dist.ProcessMesh([1, 0], dim_names=["x"]), [S(1)]))
step("same_dim_twice")(lambda: dist.shard_tensor(a, mesh_1x2, [S(0), S(0)]))
step("s0_to_r")(lambda: dist.reshard(dist.shard_tensor(a, mesh, [S(0)]), mesh, [R()]))
step("s1_to_r")(lambda: dist.reshard(dist.shard_tensor(a, mesh, [S(1)]), mesh, [R()]))
step("r_to_s1")(lambda: dist.reshard(dist.shard_tensor(a, mesh, [R()]), mesh, [S(1)]))
step("r_to_s0")(lambda: dist.reshard(dist.shard_tensor(a, mesh, [R()]), mesh, [S(0)]))
step("r_to_r")(lambda: dist.reshard(dist.shard_tensor(a, mesh, [R()]), mesh, [R()]))
step("s0_to_s1")(lambda: dist.reshard(dist.shard_tensor(a, mesh, [S(0)]), mesh, [S(1)]))
step("p_to_s0")(lambda: dist.reshard(dist.shard_tensor(a, mesh, [P()]), mesh, [S(0)]))
step("reshard_str")(lambda: str(dist.reshard(dist.shard_tensor(a, mesh, [S(0)]), mesh, [R()])))
step("str_s0")(lambda: str(dist.shard_tensor(a, mesh, [S(0)])))
step("str_p")(lambda: str(dist.shard_tensor(a, mesh, [P()])))
step("str_int")(lambda: str(dist.shard_tensor(paddle.arange(6).reshape([3, 2]), mesh, [S(1)])))
step("str_param")(lambda: str(dist.shard_tensor(paddle.create_parameter(
    [2, 2], "float32", default_initializer=paddle.nn.initializer.Constant(0.5)), mesh, [S(1)])))
step("numpy_s0")(lambda: dist.shard_tensor(a, mesh, [S(0)]).numpy())
step("tensor_ctor")(lambda: paddle.Tensor(a, process_mesh=mesh, placements=[S(1)]))
step("param_from_tensor")(lambda: paddle.base.framework.EagerParamBase.from_tensor(
    a, process_mesh=mesh, placements=[S(0)]))
step("tolist_s0")(lambda: dist.shard_tensor(a, mesh, [S(0)]).tolist())
step("numpy_p")(lambda: dist.shard_tensor(a, mesh, [P()]).numpy())
step("dtensor_from_fn_ones")(lambda: dist.dtensor_from_fn(paddle.ones, mesh, [S(0)], shape=[4, 2]))
step("dtensor_from_fn_full")(lambda: dist.dtensor_from_fn(paddle.full, mesh, [R()], [2], 3.0))

d0 = dist.shard_tensor(a, mesh, [S(0)])
step("op_add")(lambda: d0 + d0)
step("op_scale")(lambda: d0 * 2.0 + 1.0)
step("op_dense_plus_dist")(lambda: a + d0)
step("op_relu")(lambda: paddle.nn.functional.relu(d0 - 3))
step("op_sum_sharded_axis")(lambda: d0.sum(axis=0))
step("op_sum_other_axis")(lambda: d0.sum(axis=1))
step("op_sum_all")(lambda: d0.sum())
step("op_matmul_r_s1")(lambda: paddle.matmul(dist.shard_tensor(paddle.ones([2, 4]), mesh, [R()]),
                                             dist.shard_tensor(paddle.arange(12, dtype="float32").reshape([4, 3]),
                                                               mesh, [S(1)])))
step("op_matmul_s0_r")(lambda: paddle.matmul(d0, dist.shard_tensor(paddle.ones([4, 3]), mesh, [R()])))
step("op_matmul_s1_s0")(lambda: paddle.matmul(dist.shard_tensor(a, mesh, [S(1)]),
                                              dist.shard_tensor(paddle.ones([4, 3]), mesh, [S(0)])))


@step("param")
def _():
    param = paddle.create_parameter([4, 2], "float32")
    sharded = dist.shard_tensor(param, mesh, [S(0)])
    return {"type": type(sharded).__name__, "same_name": sharded.name == param.name, "trainable": sharded.trainable,
            "stop_gradient": sharded.stop_gradient, "persistable": sharded.persistable,
            "is_leaf": sharded.is_leaf, "shape": sharded.shape, "local_shape": sharded._local_value().shape}


@step("autograd")
def _():
    w = paddle.create_parameter([4, 3], "float32", default_initializer=paddle.nn.initializer.Assign(
        np.arange(12, dtype="float32").reshape(4, 3) / 10))
    w = dist.shard_tensor(w, mesh, [S(1)])
    x = dist.shard_tensor(paddle.ones([2, 4]) + rank, mesh, [R()])
    y = paddle.matmul(x, w)
    loss = (y * y).sum()
    loss.backward()
    return {"y": y, "loss": loss, "w_grad": w.grad}


class MLP(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(4, 6, weight_attr=paddle.nn.initializer.Constant(0.1),
                                    bias_attr=paddle.nn.initializer.Constant(0.0))
        self.fc2 = paddle.nn.Linear(6, 2, weight_attr=paddle.nn.initializer.Constant(0.2),
                                    bias_attr=paddle.nn.initializer.Constant(0.5))

    def forward(self, x):
        return self.fc2(paddle.nn.functional.relu(self.fc1(x)))


def shard_fn(name, layer, process_mesh):
    if name == "fc1":
        layer.weight = dist.shard_tensor(layer.weight, process_mesh, [S(1)])
        layer.bias = dist.shard_tensor(layer.bias, process_mesh, [S(0)])


@step("shard_layer")
def _():
    model = dist.shard_layer(MLP(), mesh, shard_fn)
    x = dist.shard_tensor(paddle.arange(8, dtype="float32").reshape([2, 4]) / 8, mesh, [R()])
    out = model(x)
    return {"params": {n: describe(p) for n, p in model.named_parameters()}, "out": out}


@step("shard_layer_hooks")
def _():
    def input_fn(inputs, process_mesh):
        return dist.shard_tensor(inputs[0], process_mesh, [S(0)])

    def output_fn(outputs, process_mesh):
        return dist.reshard(outputs, process_mesh, [R()])

    model = dist.shard_layer(MLP(), mesh, None, input_fn, output_fn)
    out = model(paddle.arange(8, dtype="float32").reshape([2, 4]) / 8)
    return {"params": [p.placements and [str(q) for q in p.placements] for p in model.parameters()], "out": out}


step("shard_layer_bad_mesh")(lambda: dist.shard_layer(MLP(), [0, 1]))


@step("shard_optimizer_sgd")
def _():
    model = dist.shard_layer(MLP(), mesh, shard_fn)
    opt = dist.shard_optimizer(paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters()))
    x = dist.shard_tensor(paddle.arange(8, dtype="float32").reshape([2, 4]) / 8, mesh, [R()])
    losses = []
    for _ in range(3):
        loss = model(x).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss.numpy()))
    return {"losses": losses, "params": {n: describe(p) for n, p in model.named_parameters()}}


@step("shard_optimizer_adamw")
def _():
    model = dist.shard_layer(MLP(), mesh, shard_fn)
    opt = dist.shard_optimizer(paddle.optimizer.AdamW(learning_rate=0.01, parameters=model.parameters()))
    x = dist.shard_tensor(paddle.arange(8, dtype="float32").reshape([2, 4]) / 8, mesh, [R()])
    losses = []
    for _ in range(3):
        loss = model(x).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss.numpy()))
    return {"losses": losses, "fc1_weight": describe(model.fc1.weight)}


@step("shard_optimizer_state_dict")
def _():
    # before any step, the dist view's state_dict creates the optimizer states, sharded like their parameters
    model = dist.shard_layer(MLP(), mesh, shard_fn)
    opt = dist.shard_optimizer(paddle.optimizer.AdamW(learning_rate=0.01, parameters=model.parameters()))
    states = opt.state_dict()
    # accumulator names hold generated tensor names (counters differ between runs): keep the kind and order
    found = []
    for key, value in states.items():
        kind = None if isinstance(value, paddle.Tensor) else key
        found.append([kind, describe(value)])
    grads = [p.grad is None for p in model.parameters()]
    return {"states": found, "grads_cleared": grads, "fc1_weight": describe(model.fc1.weight)}


@step("shard_optimizer_clip_lr_scheduler")
def _():
    # global-norm gradient clipping and an LR scheduler on dist parameters
    model = dist.shard_layer(MLP(), mesh, shard_fn)
    scheduler = paddle.optimizer.lr.StepDecay(learning_rate=0.5, step_size=1, gamma=0.5)
    opt = dist.shard_optimizer(paddle.optimizer.SGD(learning_rate=scheduler, parameters=model.parameters(),
                                                    grad_clip=paddle.nn.ClipGradByGlobalNorm(0.01)))
    x = dist.shard_tensor(paddle.arange(8, dtype="float32").reshape([2, 4]) / 8, mesh, [R()])
    losses = []
    for _ in range(3):
        loss = model(x).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        scheduler.step()
        losses.append(float(loss.numpy()))
    return {"losses": losses, "fc1_weight": describe(model.fc1.weight), "fc2_bias": describe(model.fc2.bias)}


@step("shard_optimizer_shard_fn")
def _():
    model = dist.shard_layer(MLP(), mesh, shard_fn)
    names = []

    def replicate_states(name, param, accumulator):
        names.append(name)
        return dist.shard_tensor(accumulator, mesh, [R()])

    opt = dist.shard_optimizer(paddle.optimizer.AdamW(learning_rate=0.01, parameters=model.parameters()),
                               replicate_states)
    x = dist.shard_tensor(paddle.arange(8, dtype="float32").reshape([2, 4]) / 8, mesh, [R()])
    losses = []
    for _ in range(2):
        loss = model(x).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss.numpy()))
    states = [describe(v) for v in opt.state_dict().values() if isinstance(v, paddle.Tensor)]
    return {"losses": losses, "accumulator_names": sorted(set(names)), "calls": len(names),
            "state_placements": [s["placements"] for s in states], "fc1_weight": describe(model.fc1.weight)}


step("shard_optimizer_adam_refused")(lambda: dist.shard_optimizer(paddle.optimizer.Adam(
    parameters=[paddle.create_parameter([2], "float32")])))

out_dir = sys.argv[1]
os.makedirs(out_dir, exist_ok=True)
with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
# all ranks are done with collectives before any process tears its process group down
dist.barrier()
