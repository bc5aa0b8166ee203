"""Records the construction facts of FusedMultiTransformer and FusedEcMoe (Paddle builds both on CPU; only their
forward needs CUDA): parameter names, shapes, dtypes, initial value statistics, state_dict keys, reprs, errors and
__module__ paths. Run with the oracle interpreter:

    .oracle/bin/python -m tests.incubate.record_fused_inference
"""

import json
import os

from tools.api_diff.common import oracle_stamp

OUT = os.path.join(os.path.dirname(__file__), "fixtures", "fused_inference_goldens.json")

LIST_ATTRS = ["ln_scales", "ln_biases", "qkv_weights", "qkv_biases", "linear_weights", "linear_biases",
              "ffn_ln_scales", "ffn_ln_biases", "ffn1_weights", "ffn1_biases", "ffn2_weights", "ffn2_biases"]

FMT_CONFIGS = {
    "default_2_layers": dict(embed_dim=8, num_heads=2, dim_feedforward=16, num_layers=2),
    "post_ln_untransposed": dict(embed_dim=8, num_heads=2, dim_feedforward=16, num_layers=1, normalize_before=False,
                                 trans_qkvw=False, dropout_rate=0.1, activation="relu", epsilon=1e-6),
    "attr_lists": dict(embed_dim=12, num_heads=3, dim_feedforward=8, qkv_weight_attrs=[None, None, None]),
}


def _param_facts(p):

    if p is None:
        return None
    v = p.numpy().astype("float64")
    return {"suffix": p.name.split(".", 1)[1], "shape": list(p.shape), "dtype": str(p.dtype),
            "min": float(v.min()), "max": float(v.max()), "mean": float(v.mean()), "std": float(v.std()),
            "stop_gradient": bool(p.stop_gradient), "trainable": bool(p.trainable)}


def _error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the recorded fact is the type and message
        return {"type": type(e).__name__, "message": str(e)}
    return None


def main():
    stamp = oracle_stamp()
    import paddle
    import paddle.incubate.nn.functional as F
    from paddle.incubate.nn import FusedEcMoe, FusedMultiTransformer

    paddle.seed(2024)
    golden = dict(stamp)
    fmt = {}
    for key, cfg in FMT_CONFIGS.items():
        layer = FusedMultiTransformer(**cfg)
        fmt[key] = {
            "config": cfg,
            "full_name": layer.full_name(),
            "lists": {a: [_param_facts(p) for p in getattr(layer, a)] for a in LIST_ATTRS},
            "parameters": [p.name for p in layer.parameters()],
            "state_dict": list(layer.state_dict().keys()),
            "repr": repr(layer),
            "attrs": {"normalize_before": layer.normalize_before, "embed_dim": layer.embed_dim,
                      "num_heads": layer.num_heads, "head_dim": layer.head_dim, "_epsilon": layer._epsilon,
                      "_trans_qkvw": layer._trans_qkvw, "_ring_id": layer._ring_id,
                      "_dim_feedforward": layer._dim_feedforward, "dropout_rate": layer.dropout_rate,
                      "activation": layer.activation, "name": layer.name, "_dtype": layer._dtype},
        }
    golden["FusedMultiTransformer"] = fmt
    golden["FusedMultiTransformer_errors"] = {
        "embed_dim_0": _error(lambda: FusedMultiTransformer(0, 2, 16, num_layers=1)),
        "num_heads_0": _error(lambda: FusedMultiTransformer(8, 0, 16, num_layers=1)),
        "ffn_0": _error(lambda: FusedMultiTransformer(8, 2, 0, num_layers=1)),
        "indivisible": _error(lambda: FusedMultiTransformer(8, 3, 16, num_layers=1)),
        "num_layers_default": _error(lambda: FusedMultiTransformer(8, 2, 16)),
        "attr_list_length": _error(lambda: FusedMultiTransformer(8, 2, 16, qkv_weight_attrs=[None, None],
                                                                 ln_scale_attrs=[None])),
    }

    moe = {}
    for key, kwargs in {"gelu": dict(hidden_size=8, inter_size=16, num_experts=4, act_type="gelu"),
                        "relu_no_bias": dict(hidden_size=6, inter_size=10, num_experts=3, act_type="relu",
                                             bias_attr=False)}.items():
        layer = FusedEcMoe(**kwargs)
        moe[key] = {
            "config": {k: v for k, v in kwargs.items()},
            "full_name": layer.full_name(),
            "named_parameters": [[n, _param_facts(p)] for n, p in layer.named_parameters()],
            "state_dict": list(layer.state_dict().keys()),
            "repr": repr(layer),
            "act_type": layer.act_type,
        }
    golden["FusedEcMoe"] = moe
    golden["FusedEcMoe_errors"] = {"silu": _error(lambda: FusedEcMoe(8, 16, 4, "silu"))}
    golden["modules"] = {
        "FusedMultiTransformer": FusedMultiTransformer.__module__, "FusedEcMoe": FusedEcMoe.__module__,
        "fused_multi_transformer": F.fused_multi_transformer.__module__, "fused_ec_moe": F.fused_ec_moe.__module__,
        "masked_multihead_attention": F.masked_multihead_attention.__module__,
        "block_multihead_attention": F.block_multihead_attention.__module__,
    }
    golden["fused_multi_transformer_bad_mode"] = _error(lambda: F.fused_multi_transformer(
        paddle.ones([1, 1, 8]), [], [], [], [], [], [], [], [], [], [], [], [], mode="bad"))
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
