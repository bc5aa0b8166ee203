"""One rank of a 2-process gloo job (env set by tests/fleet/test_two_ranks.py). Mode "mp": tensor-parallel
layers (mp_degree 2) against the dense torch computation on the full weights; mode "dp": fleet data parallel
(dp_degree 2) against one process on the whole batch. Writes rank{R}.json with the largest relative differences."""

import json
import os
import sys
import warnings

import numpy as np
import paddle
import torch
from paddle.distributed import fleet

mode, out_dir = sys.argv[1], sys.argv[2]
warnings.simplefilter("ignore")
strategy = fleet.DistributedStrategy()
if mode == "mp":
    strategy.hybrid_configs = {"dp_degree": 1, "mp_degree": 2, "pp_degree": 1}
else:
    strategy.hybrid_configs = {"dp_degree": 2, "mp_degree": 1, "pp_degree": 1}
fleet.init(is_collective=True, strategy=strategy, log_level="WARNING")
hcg = fleet.get_hybrid_communicate_group()
rank = fleet.worker_index()
result = {"rank": rank, "worker_num": fleet.worker_num(), "parallel_mode": hcg.get_parallel_mode(),
          "mp": [hcg.get_model_parallel_rank(), hcg.get_model_parallel_world_size()],
          "dp": [hcg.get_data_parallel_rank(), hcg.get_data_parallel_world_size()]}
rng = np.random.RandomState(0)
diffs = {}


def record(name, ours, reference):
    """Largest difference relative to the reference's largest magnitude (at least 1): float32 sums taken in
    another order differ by a few ulps of the magnitude."""
    ours, reference = np.asarray(ours, dtype=np.float64), np.asarray(reference, dtype=np.float64)
    diffs[name] = float(np.abs(ours - reference).max() / max(1.0, np.abs(reference).max()))


def set_param(param, value):
    param.set_value(np.ascontiguousarray(value).astype("float32"))


if mode == "mp":
    mp = fleet.meta_parallel
    x_np = rng.randn(5, 4).astype("float32")
    w1 = rng.randn(4, 6).astype("float32")
    b1 = rng.randn(6).astype("float32")
    w2 = rng.randn(6, 4).astype("float32")
    b2 = rng.randn(4).astype("float32")
    column = mp.ColumnParallelLinear(4, 6, has_bias=True, gather_output=False)
    row = mp.RowParallelLinear(6, 4, has_bias=True, input_is_parallel=True)
    gathered = mp.ColumnParallelLinear(4, 6, has_bias=True, gather_output=True)
    splitting_row = mp.RowParallelLinear(6, 4, has_bias=True, input_is_parallel=False)
    result["shapes"] = {"column_weight": column.weight.shape, "column_bias": column.bias.shape,
                        "row_weight": row.weight.shape, "row_bias": row.bias.shape,
                        "column_is_distributed": bool(column.weight.is_distributed),
                        "column_split_axis": column.weight.split_axis, "row_split_axis": row.weight.split_axis}
    cols = slice(rank * 3, (rank + 1) * 3)
    for layer in (column, gathered):
        set_param(layer.weight, w1[:, cols])
        set_param(layer.bias, b1[cols])
    for layer in (row, splitting_row):
        set_param(layer.weight, w2[cols, :])
        set_param(layer.bias, b2)

    # dense reference in torch
    xt = torch.tensor(x_np, requires_grad=True)
    w1t, b1t = torch.tensor(w1, requires_grad=True), torch.tensor(b1, requires_grad=True)
    w2t, b2t = torch.tensor(w2, requires_grad=True), torch.tensor(b2, requires_grad=True)
    hidden_t = torch.relu(xt @ w1t + b1t)
    out_t = hidden_t @ w2t + b2t
    (out_t * out_t).sum().backward()

    # Megatron MLP: column (no gather) -> relu -> row (input parallel)
    x = paddle.to_tensor(x_np, stop_gradient=False)
    out = row(paddle.nn.functional.relu(column(x)))
    (out * out).sum().backward()
    record("mlp_forward", out.numpy(), out_t.detach().numpy())
    record("mlp_grad_x", x.grad.numpy(), xt.grad.numpy())
    record("column_grad_w", column.weight.grad.numpy(), w1t.grad.numpy()[:, cols])
    record("column_grad_b", column.bias.grad.numpy(), b1t.grad.numpy()[cols])
    record("row_grad_w", row.weight.grad.numpy(), w2t.grad.numpy()[cols, :])
    record("row_grad_b", row.bias.grad.numpy(), b2t.grad.numpy())

    # gather_output=True column and input-splitting row, each against its dense layer
    xt2 = torch.tensor(x_np, requires_grad=True)
    w1u, b1u = torch.tensor(w1, requires_grad=True), torch.tensor(b1, requires_grad=True)
    dense_column = xt2 @ w1u + b1u
    (dense_column ** 2).sum().backward()
    x2 = paddle.to_tensor(x_np, stop_gradient=False)
    out_column = gathered(x2)
    (out_column ** 2).sum().backward()
    record("gathered_column_forward", out_column.numpy(), dense_column.detach().numpy())
    record("gathered_column_grad_x", x2.grad.numpy(), xt2.grad.numpy())
    record("gathered_column_grad_w", gathered.weight.grad.numpy(), w1u.grad.numpy()[:, cols])

    h_np = rng.randn(5, 6).astype("float32")
    ht = torch.tensor(h_np, requires_grad=True)
    w2u, b2u = torch.tensor(w2, requires_grad=True), torch.tensor(b2, requires_grad=True)
    dense_row = ht @ w2u + b2u
    (dense_row ** 2).sum().backward()
    h = paddle.to_tensor(h_np, stop_gradient=False)
    out_row = splitting_row(h)
    (out_row ** 2).sum().backward()
    record("splitting_row_forward", out_row.numpy(), dense_row.detach().numpy())
    record("splitting_row_grad_x", h.grad.numpy(), ht.grad.numpy())
    record("splitting_row_grad_w", splitting_row.weight.grad.numpy(), w2u.grad.numpy()[cols, :])
    record("splitting_row_grad_b", splitting_row.bias.grad.numpy(), b2u.grad.numpy())

    # vocabulary-parallel embedding
    table = rng.randn(10, 4).astype("float32")
    ids_np = np.array([[0, 4, 5], [9, 2, 7]])
    embedding = mp.VocabParallelEmbedding(10, 4)
    result["shapes"]["embedding_weight"] = embedding.weight.shape
    set_param(embedding.weight, table[rank * 5:(rank + 1) * 5])
    table_t = torch.tensor(table, requires_grad=True)
    dense_embedding = torch.nn.functional.embedding(torch.tensor(ids_np), table_t)
    (dense_embedding ** 2).sum().backward()
    out_embedding = embedding(paddle.to_tensor(ids_np))
    (out_embedding ** 2).sum().backward()
    record("embedding_forward", out_embedding.numpy(), dense_embedding.detach().numpy())
    record("embedding_grad_w", embedding.weight.grad.numpy(), table_t.grad.numpy()[rank * 5:(rank + 1) * 5])

    # vocabulary-parallel cross entropy (Paddle's kernel is CUDA-only: reference is torch's dense one)
    logits_np = rng.randn(4, 8).astype("float32") * 3
    labels_np = np.array([0, 7, 3, 4])
    logits_t = torch.tensor(logits_np, requires_grad=True)
    dense_loss = torch.nn.functional.cross_entropy(logits_t, torch.tensor(labels_np), reduction="none")
    dense_loss.sum().backward()
    logits = paddle.to_tensor(logits_np[:, rank * 4:(rank + 1) * 4], stop_gradient=False)
    loss = mp.ParallelCrossEntropy()(logits, paddle.to_tensor(labels_np))
    loss.sum().backward()
    result["shapes"]["cross_entropy_loss"] = loss.shape
    record("cross_entropy_forward", loss.numpy()[:, 0], dense_loss.detach().numpy())
    record("cross_entropy_grad", logits.grad.numpy(), logits_t.grad.numpy()[:, rank * 4:(rank + 1) * 4])

    # fleet wrappers: TensorParallel model and HybridParallelOptimizer keep replicated params in sync
    model = paddle.nn.Sequential(mp.ColumnParallelLinear(4, 6, has_bias=True, gather_output=False),
                                 mp.RowParallelLinear(6, 4, input_is_parallel=True))
    wrapped = fleet.distributed_model(model)
    optimizer = fleet.distributed_optimizer(paddle.optimizer.SGD(0.1, parameters=model.parameters()))
    result["wrappers"] = [type(wrapped).__name__, type(optimizer).__name__]
    result["replicated_bias_equal_after_wrap"] = None
    gathered_bias = []
    paddle.distributed.all_gather_object(gathered_bias, model[1].bias.numpy().tolist())
    result["replicated_bias_equal_after_wrap"] = gathered_bias[0] == gathered_bias[1]
    # make the replicated bias differ per rank: mp_configs.sync_param broadcasts it from the group's source
    set_param(model[1].bias, np.full([4], float(rank), "float32"))
    loss = wrapped(paddle.to_tensor(x_np)).sum()
    loss.backward()
    optimizer.step()
    result["row_bias_after_step"] = model[1].bias.numpy().tolist()

    # ClipGradByGlobalNorm under tensor parallel scales by the dense model's global norm
    clipped_column = mp.ColumnParallelLinear(4, 6, has_bias=True, gather_output=False)
    clipped_row = mp.RowParallelLinear(6, 4, input_is_parallel=True)
    set_param(clipped_column.weight, w1[:, cols])
    set_param(clipped_column.bias, b1[cols])
    set_param(clipped_row.weight, w2[cols, :])
    set_param(clipped_row.bias, b2)
    clipped_model = paddle.nn.Sequential(clipped_column, paddle.nn.ReLU(), clipped_row)
    clip_optimizer = fleet.distributed_optimizer(paddle.optimizer.SGD(
        0.1, parameters=clipped_model.parameters(), grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5)))
    ((clipped_model(paddle.to_tensor(x_np)) ** 2).sum()).backward()
    clip_optimizer.step()
    dense_params = [torch.tensor(v, requires_grad=True) for v in (w1, b1, w2, b2)]
    dense_out = torch.relu(torch.tensor(x_np) @ dense_params[0] + dense_params[1]) @ dense_params[2] + dense_params[3]
    dense_grads = torch.autograd.grad((dense_out ** 2).sum(), dense_params)
    norm = torch.sqrt(sum((g ** 2).sum() for g in dense_grads))
    scale = 0.5 / max(float(norm), 0.5)
    after = [p.detach().numpy() - 0.1 * scale * g.numpy() for p, g in zip(dense_params, dense_grads)]
    record("clip_column_weight", clipped_column.weight.numpy(), after[0][:, cols])
    record("clip_column_bias", clipped_column.bias.numpy(), after[1][cols])
    record("clip_row_weight", clipped_row.weight.numpy(), after[2][cols, :])
    record("clip_row_bias", clipped_row.bias.numpy(), after[3])
else:
    inputs = rng.rand(8, 4).astype("float32")
    labels = rng.rand(8, 2).astype("float32")
    net = paddle.nn.Linear(4, 2)
    init_w, init_b = rng.randn(4, 2).astype("float32"), np.zeros(2, "float32")
    set_param(net.weight, init_w)
    set_param(net.bias, init_b)
    model = fleet.distributed_model(net)
    optimizer = fleet.distributed_optimizer(paddle.optimizer.SGD(0.1, parameters=net.parameters()))
    result["wrappers"] = [type(model).__name__, type(optimizer).__name__]
    share = slice(rank * 4, (rank + 1) * 4)
    for _ in range(3):
        loss = ((model(paddle.to_tensor(inputs[share])) - paddle.to_tensor(labels[share])) ** 2).mean()
        loss.backward()
        optimizer.step()
        optimizer.clear_grad()
    # one process on the whole batch
    w, b = torch.tensor(init_w, requires_grad=True), torch.tensor(init_b, requires_grad=True)
    for _ in range(3):
        full_loss = ((torch.tensor(inputs) @ w + b - torch.tensor(labels)) ** 2).mean()
        gw, gb = torch.autograd.grad(full_loss, [w, b])
        with torch.no_grad():
            w -= 0.1 * gw
            b -= 0.1 * gb
    record("dp_weight_after_3_steps", net.weight.numpy(), w.detach().numpy())
    record("dp_bias_after_3_steps", net.bias.numpy(), b.detach().numpy())

result["diffs"] = diffs
with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
    json.dump(result, f)
