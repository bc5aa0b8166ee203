"""Runs under a 2-rank launcher (real Paddle's or ours): save_state_dict of dist and dense tensors, then
load_state_dict of that checkpoint (and optionally of another one) into other placements; writes this rank's
results as JSON.

Usage: python -m paddle.distributed.launch --nproc_per_node 2 dcp_worker.py OUT_DIR [OTHER_CKPT_DIR]
The checkpoint is written to OUT_DIR/ckpt. Paddle 2.6.2's load_state_dict moves CPU tensors to the GPU
(`Tensor.cuda()`) and back; on a CPU-only build that move is made the identity here, so Paddle's own loader
runs on CPU (the data path is unchanged: it slices, assigns and broadcasts the same tensors).
"""

import json
import os
import pickle
import sys

import numpy as np
import paddle
import paddle.distributed as dist

if not hasattr(paddle, "_paddle_compat_marker") and "paddle_compat" not in type(paddle.ones([1])).__module__:
    paddle.Tensor.cuda = lambda self, *args, **kwargs: self

out_dir = sys.argv[1]
other = sys.argv[2] if len(sys.argv) > 2 else None
dist.init_parallel_env()
rank = dist.get_rank()
mesh = dist.ProcessMesh([0, 1], dim_names=["x"])
S, R = dist.Shard, dist.Replicate
results = {}


def array(t):
    return np.asarray(t._local_value().numpy() if t.is_dist() else t.numpy())


def full(name):
    return {"w": paddle.arange(32, dtype="float32").reshape([4, 8]),
            "w1": paddle.arange(24, dtype="float32").reshape([4, 6]) / 4,
            "rep": paddle.to_tensor([1.5, 2.5, 3.5, 4.5]),
            "dense": paddle.to_tensor([[7, 8]], dtype="int64"),
            "step": paddle.to_tensor(3.0),
            "param": paddle.arange(8, dtype="float32").reshape([4, 2]) - 4}[name]


ckpt = os.path.join(out_dir, "ckpt")
param = paddle.create_parameter([4, 2], "float32", default_initializer=paddle.nn.initializer.Assign(
    full("param").numpy()))
state = {"w": dist.shard_tensor(full("w"), mesh, [S(0)]), "w1": dist.shard_tensor(full("w1"), mesh, [S(1)]),
         "rep": dist.shard_tensor(full("rep"), mesh, [R()]), "dense": full("dense"), "step": full("step"),
         "param": dist.shard_tensor(param, mesh, [S(0)])}
dist.save_state_dict(state, ckpt)
dist.barrier()
results["files"] = sorted(os.listdir(ckpt))
with open(os.path.join(ckpt, "0.metadata"), "rb") as f:
    metadata = pickle.load(f)
results["metadata"] = {
    "type": type(metadata).__module__ + "." + type(metadata).__name__,
    "state_dict_metadata": {k: [[list(m.global_offset), list(m.local_shape)] for m in v]
                            for k, v in metadata.state_dict_metadata.items()},
    "storage_metadata": [[i.tensor_key, list(i.global_offset), f] for i, f in metadata.storage_metadata.items()]}
with open(os.path.join(ckpt, f"{rank}_0.distcp"), "rb") as f:
    content = pickle.load(f)
results["rank_file"] = {k: np.asarray(v).tolist() for k, v in content.items() if k != "StructuredToParameterName@@"}

TARGETS = {  # key in the checkpoint -> placements to load it into (None: a dense tensor)
    "w_as_s1": ("w", [S(1)]), "w_as_r": ("w", [R()]), "w_as_dense": ("w", None), "w_as_s0": ("w", [S(0)]),
    "w1_as_s0": ("w1", [S(0)]), "rep_as_s0": ("rep", [S(0)]), "dense_as_dense": ("dense", None),
    "step_as_dense": ("step", None), "param_as_s1": ("param", [S(1)]),
}


def load_into(path, tag):
    for name, (key, placements) in TARGETS.items():
        zeros = paddle.zeros_like(full(key))
        target = zeros if placements is None else dist.shard_tensor(zeros, mesh, placements)
        if key == "param":
            target = dist.shard_tensor(paddle.create_parameter(zeros.shape, "float32"), mesh, placements)
        sd = {key: target}
        try:
            dist.load_state_dict(sd, path)
            results[f"{tag}:{name}"] = {"local": array(sd[key]).tolist(), "dtype": str(sd[key].dtype)}
        except Exception as error:  # noqa: BLE001 - the exception is the recorded result
            results[f"{tag}:{name}"] = {"error": type(error).__name__, "message": str(error).splitlines()[0][:200]}


load_into(ckpt, "own")


def attempt(name, fn):
    try:
        results[name] = fn()
    except Exception as error:  # noqa: BLE001 - the exception is the recorded result
        results[name] = {"error": type(error).__name__}


def save_on_rank1():
    path = os.path.join(out_dir, "ckpt_coordinator1")
    dist.save_state_dict({"w": state["w"], "rep": state["rep"]}, path, coordinator_rank=1)
    dist.barrier()
    with open(os.path.join(path, "0.metadata"), "rb") as f:
        meta = pickle.load(f)
    return {"files": sorted(os.listdir(path)),
            "keys": sorted(meta.state_dict_metadata), "pieces": len(meta.storage_metadata)}


def model_round_trip():
    # a trained model sharded one way, saved, loaded into the same model sharded another way
    def build(weight_placements):
        paddle.seed(7)
        model = paddle.nn.Sequential(paddle.nn.Linear(4, 6), paddle.nn.ReLU(), paddle.nn.Linear(6, 2))

        def shard_fn(name, layer, process_mesh):
            if name == "0":
                layer.weight = dist.shard_tensor(layer.weight, process_mesh, weight_placements)
        return dist.shard_layer(model, mesh, shard_fn)

    model = build([S(1)])
    opt = dist.shard_optimizer(paddle.optimizer.AdamW(learning_rate=0.1, parameters=model.parameters()))
    x = dist.shard_tensor(paddle.arange(8, dtype="float32").reshape([2, 4]) / 8, mesh, [R()])
    for _ in range(2):
        model(x).mean().backward()
        opt.step()
        opt.clear_grad()
    path = os.path.join(out_dir, "ckpt_model")
    dist.save_state_dict(model.state_dict(), path)
    found = {}
    for tag, placements in (("s0", [S(0)]), ("r", [R()])):
        other = build(placements)
        target = other.state_dict()
        found[tag + "_differed_before"] = [k for k, v in target.items()
                                           if not np.array_equal(v.numpy(), model.state_dict()[k].numpy())]
        dist.load_state_dict(target, path)
        found[tag] = {k: bool(np.array_equal(v.numpy(), model.state_dict()[k].numpy())) for k, v in target.items()}
        found[tag + "_placements"] = [str(p) for p in other[0].weight.placements]
    return found


def with_process_group():
    group = dist.new_group([0, 1])
    path = os.path.join(out_dir, "ckpt_group")
    dist.save_state_dict({"w": state["w"]}, path, process_group=group)
    target = {"w": dist.shard_tensor(paddle.zeros([4, 8]), mesh, [R()])}
    dist.load_state_dict(target, path, process_group=group)
    return array(target["w"]).tolist()


def uneven():
    path = os.path.join(out_dir, "ckpt_uneven")
    dist.save_state_dict({"u": dist.shard_tensor(paddle.arange(10, dtype="float32").reshape([5, 2]), mesh, [S(0)])},
                         path)
    target = {"u": dist.shard_tensor(paddle.zeros([5, 2]), mesh, [R()])}
    dist.load_state_dict(target, path)
    return array(target["u"]).tolist()


attempt("process_group", with_process_group)
attempt("uneven", uneven)
attempt("model_round_trip", model_round_trip)
attempt("coordinator_rank_1", save_on_rank1)
attempt("load_missing_key", lambda: dist.load_state_dict({"nope": paddle.zeros([2])}, ckpt))
attempt("save_not_a_tensor", lambda: dist.save_state_dict({"w": 1.0}, os.path.join(out_dir, "ckpt_bad")))
attempt("load_not_a_dict", lambda: dist.load_state_dict([state["w"]], ckpt))
if other:
    load_into(other, "other")
os.makedirs(os.path.join(out_dir, "json"), exist_ok=True)
with open(os.path.join(out_dir, "json", f"rank{rank}.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
# all ranks are done with collectives before any process tears its process group down
dist.barrier()
