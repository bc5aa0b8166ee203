"""paddle.incubate.nn's inference kernels (fused_multi_transformer / FusedMultiTransformer, fused_ec_moe /
FusedEcMoe, masked_multihead_attention, block_multihead_attention) have only CUDA kernels in Paddle 2.6.2, so their
results have no CPU golden: each is checked against an unfused composition written here in numpy (float64
inputs, so the different operation order of the two sides stays far below the 1e-6 bound), plus decode-with-cache
against a full-sequence recompute. What Paddle does build on CPU (the layers' parameters, their names, shapes,
dtypes, initial values, state_dict keys, reprs, errors and __module__ paths) is compared with goldens recorded from
real Paddle by tests/incubate/record_fused_inference.py."""

import math
import os

import numpy as np
import paddle
import pytest
from paddle.incubate.nn import FusedEcMoe, FusedMultiTransformer
from paddle.incubate.nn import functional as IF

from tools.api_diff.common import load_golden_json

GOLDEN_PATH = os.path.join(os.path.dirname(__file__), "fixtures", "fused_inference_goldens.json")
TOL = 1e-6


@pytest.fixture(scope="module")
def golden():
    return load_golden_json(GOLDEN_PATH)


def _np(seed, shape, scale=1.0):
    return np.random.RandomState(seed).uniform(-scale, scale, size=shape)


def _pd(a):
    return paddle.to_tensor(np.asarray(a))


# ---------------------------------------------------------------- numpy references (independent of the package)
def _ln(x, g, b, eps):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g + b


def _gelu_tanh(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def _softmax(s, eps=0.0):
    e = np.exp(s - s.max(-1, keepdims=True))
    return e / (e.sum(-1, keepdims=True) + eps)


def _rope_pairs(t, cos, sin):
    """Adjacent pairs (2i, 2i+1) rotate: out[2i] = t[2i]c[2i] - t[2i+1]s[2i]; out[2i+1] = t[2i+1]c + t[2i]s."""
    out = np.empty_like(t)
    out[..., 0::2] = t[..., 0::2] * cos[..., 0::2] - t[..., 1::2] * sin[..., 0::2]
    out[..., 1::2] = t[..., 1::2] * cos[..., 1::2] + t[..., 0::2] * sin[..., 1::2]
    return out


def _rope_halves(t, cos, sin):
    h = t.shape[-1] // 2
    rotated = np.concatenate([-t[..., h:], t[..., :h]], -1)
    return t * cos + rotated * sin


def _layer_weights(seed, embed, heads, ffn):
    d = embed // heads
    keys = ["ln_s", "ln_b", "qkv_w", "qkv_b", "lin_w", "lin_b", "fln_s", "fln_b", "w1", "b1", "w2", "b2"]
    shapes = [(embed,), (embed,), (3, heads, d, embed), (3, heads, d), (heads * d, embed), (embed,), (embed,),
              (embed,), (embed, ffn), (ffn,), (ffn, embed), (embed,)]
    return {k: _np(seed + i, s, 0.5) for i, (k, s) in enumerate(zip(keys, shapes))}


def _np_transformer(x, layers, pre_ln, mask, act, eps=1e-5, cos=None, sin=None, pre=None, lens=None):
    """x [B, S, E]; attention per the Paddle docstring's pseudo-code, q scaled by 1/sqrt(head_dim); with lens,
    the tokens past lens[b] are dropped before the projections (their q, k, v are 0) as the kernel does."""
    b, s, e = x.shape
    for i, w in enumerate(layers):
        heads, d = w["qkv_w"].shape[1], w["qkv_w"].shape[2]
        res = x
        h = _ln(x, w["ln_s"], w["ln_b"], eps) if pre_ln else x
        qkv = np.einsum("bse,thde->bsthd", h, w["qkv_w"]) + w["qkv_b"]
        if lens is not None:
            qkv = qkv * (np.arange(s)[None, :] < np.asarray(lens)[:, None])[:, :, None, None, None]
        q, k, v = (qkv[:, :, j].transpose(0, 2, 1, 3) for j in range(3))  # [B, H, S, d]
        if cos is not None:
            q, k = _rope_pairs(q, cos, sin), _rope_pairs(k, cos, sin)
        if pre is not None:
            k = np.concatenate([pre[i][0], k], 2)
            v = np.concatenate([pre[i][1], v], 2)
        scores = np.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(d)
        if mask is not None:
            scores = scores + mask
        o = np.einsum("bhqk,bhkd->bhqd", _softmax(scores), v).transpose(0, 2, 1, 3).reshape(b, s, heads * d)
        x = res + o @ w["lin_w"] + w["lin_b"]
        if not pre_ln:
            x = _ln(x, w["ln_s"], w["ln_b"], eps)
        res = x
        h = _ln(x, w["fln_s"], w["fln_b"], eps) if pre_ln else x
        h = h @ w["w1"] + w["b1"]
        h = _gelu_tanh(h) if act == "gelu" else np.maximum(h, 0)
        x = res + h @ w["w2"] + w["b2"]
        if not pre_ln:
            x = _ln(x, w["fln_s"], w["fln_b"], eps)
    return x


def _fmt_args(layers, untransposed=False):
    def lst(key, fn=lambda a: a):
        return [_pd(fn(w[key])) for w in layers]

    qkv = lst("qkv_w", (lambda a: a.transpose(3, 0, 1, 2)) if untransposed else (lambda a: a))
    return [lst("ln_s"), lst("ln_b"), qkv, lst("qkv_b"), lst("lin_w"), lst("lin_b"), lst("fln_s"), lst("fln_b"),
            lst("w1"), lst("b1"), lst("w2"), lst("b2")]


def _causal(n, total=None):
    total = total or n
    m = np.zeros((n, total))
    for i in range(n):
        m[i, total - n + i + 1:] = -1e9
    return m


def _close(actual, expected, tol=TOL):
    np.testing.assert_allclose(np.asarray(actual), expected, rtol=tol, atol=tol)


# ---------------------------------------------------------------- fused_multi_transformer
@pytest.mark.parametrize("pre_ln,act,untransposed", [(True, "gelu", False), (False, "relu", False),
                                                     (True, "relu", True)])
def test_fused_multi_transformer_matches_unfused(pre_ln, act, untransposed):
    layers = [_layer_weights(10 * i, 8, 2, 12) for i in range(2)]
    x = _np(99, (2, 5, 8))
    mask = _np(98, (2, 1, 5, 5))
    out = IF.fused_multi_transformer(_pd(x), *_fmt_args(layers, untransposed), pre_layer_norm=pre_ln,
                                     attn_mask=_pd(mask), activation=act, trans_qkvw=not untransposed)
    _close(out.numpy(), _np_transformer(x, layers, pre_ln, mask, act))


def test_fused_multi_transformer_float32_same_order():
    # float32 with the same per-op order as the float64 reference: only float32 rounding separates them
    layers = [_layer_weights(5, 8, 2, 12)]
    x = _np(4, (1, 3, 8)).astype("float32")
    args = [[paddle.to_tensor(t.numpy().astype("float32")) for t in group] for group in _fmt_args(layers)]
    out = IF.fused_multi_transformer(paddle.to_tensor(x), *args)
    assert out.dtype == paddle.float32
    _close(out.numpy(), _np_transformer(x.astype("float64"), layers, True, None, "gelu"), tol=1e-5)


def test_fused_multi_transformer_dropout_runs_in_inference_mode():
    # Paddle's kernel builds its dropouts with is_test=True and rate 0.0, so training/dropout_rate change nothing
    layers = [_layer_weights(1, 8, 2, 12)]
    x = _np(2, (2, 3, 8))
    a = IF.fused_multi_transformer(_pd(x), *_fmt_args(layers), dropout_rate=0.5, training=True)
    _close(a.numpy(), _np_transformer(x, layers, True, None, "gelu"))


def _cache(batch, heads, max_len, dim, dtype="float64"):
    return paddle.to_tensor(np.zeros((2, batch, heads, max_len, dim), dtype=dtype))


def _cache_keys(cache_np, length):
    """Logical keys [B, H, length, D] from Paddle's key layout [B, H, D / x, max_len, x] (x = 16 bytes)."""
    _, b, h, max_len, d = cache_np.shape
    x = 16 // cache_np.dtype.itemsize
    blocked = cache_np[0].reshape(b, h, d // x, max_len, x)
    return blocked.transpose(0, 1, 3, 2, 4).reshape(b, h, max_len, d)[:, :, :length]


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_fused_multi_transformer_cache_layout_and_decode(dtype):
    layers = [_layer_weights(20 * i, 16, 2, 8) for i in range(2)]
    b, s, max_len = 2, 4, 8
    x_full = _np(7, (b, s + 1, 16))
    args = [[paddle.to_tensor(t.numpy().astype(dtype)) for t in g] for g in _fmt_args(layers)]
    caches = [_cache(b, 2, max_len, 8, dtype) for _ in layers]
    prefill, returned = IF.fused_multi_transformer(paddle.to_tensor(x_full[:, :s].astype(dtype)), *args,
                                                   cache_kvs=caches, attn_mask=_pd(_causal(s)).astype(dtype))
    assert returned is caches
    # layer 0's keys/values as the reference computes them, against the cache in Paddle's layout
    w = layers[0]
    h = _ln(x_full[:, :s], w["ln_s"], w["ln_b"], 1e-5)
    qkv = np.einsum("bse,thde->bsthd", h, w["qkv_w"]) + w["qkv_b"]
    tol = TOL if dtype == "float64" else 1e-5
    _close(_cache_keys(caches[0].numpy(), s), qkv[:, :, 1].transpose(0, 2, 1, 3), tol)
    _close(caches[0].numpy()[1, :, :, :s], qkv[:, :, 2].transpose(0, 2, 1, 3), tol)
    assert not _cache_keys(caches[0].numpy(), max_len)[:, :, s:].any() and not caches[0].numpy()[1, :, :, s:].any()
    assert caches[0].numpy()[0, :, :, s:].any()  # the key layout is not [.., max_len, dim]: memory past step s is used
    # one decode step at time_step = s equals the full recompute's last row
    step, _ = IF.fused_multi_transformer(paddle.to_tensor(x_full[:, s:].astype(dtype)), *args, cache_kvs=caches,
                                         time_step=paddle.to_tensor([s], dtype="int32"),
                                         attn_mask=paddle.to_tensor(np.zeros((b, 1, 1, s + 1), dtype=dtype)))
    full = _np_transformer(x_full, layers, True, _causal(s + 1), "gelu")
    _close(prefill.numpy(), full[:, :s], tol)
    _close(step.numpy(), full[:, s:], tol)


def test_fused_multi_transformer_seq_lens_rotary_pre_caches():
    layers = [_layer_weights(3, 8, 2, 8)]
    b, s, d = 2, 4, 4
    x = _np(11, (b, s, 8))
    angles = _np(12, (b, 1, s, d), 3.0)
    rot = np.stack([np.cos(angles), np.sin(angles)])  # [2, B, 1, S, D]
    pre = [_np(13, (2, b, 2, 3, d))]
    mask = _np(14, (b, 1, s, 3 + s))
    out = IF.fused_multi_transformer(_pd(x), *_fmt_args(layers), rotary_embs=_pd(rot), rotary_emb_dims=1,
                                     pre_caches=[_pd(pre[0])], attn_mask=_pd(mask))
    even = np.repeat(rot[..., 0::2], 2, -1)  # the context kernel rotates pair (2i, 2i+1) by entry 2i only
    _close(out.numpy(), _np_transformer(x, layers, True, mask, "gelu", cos=even[0], sin=even[1], pre=pre))
    # seq_lens: the padding tokens' q/k/v are zero and their output rows stay 0
    lens = [3, 4]
    out = IF.fused_multi_transformer(_pd(x), *_fmt_args(layers), seq_lens=paddle.to_tensor(lens, dtype="int32"))
    ref = _np_transformer(x, layers, True, None, "gelu", lens=lens)
    for i, n in enumerate(lens):
        _close(out.numpy()[i, :n], ref[i, :n])
        assert not out.numpy()[i, n:].any()


def test_fused_multi_transformer_rotary_decode_equals_full_recompute():
    layers = [_layer_weights(60, 8, 2, 8)]
    b, s, d = 2, 4, 4
    x = _np(61, (b, s + 1, 8))
    inv = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
    angles = np.repeat(np.arange(s + 1)[:, None] * inv[None, :], 2, -1)  # standard table: pairs share angles
    rot = np.broadcast_to(np.stack([np.cos(angles), np.sin(angles)])[:, None, None], (2, b, 1, s + 1, d)).copy()
    caches = [_cache(b, 2, 6, d)]
    IF.fused_multi_transformer(_pd(x[:, :s]), *_fmt_args(layers), cache_kvs=caches, attn_mask=_pd(_causal(s)),
                               rotary_embs=_pd(rot[:, :, :, :s]), rotary_emb_dims=1)
    step, _ = IF.fused_multi_transformer(_pd(x[:, s:]), *_fmt_args(layers), cache_kvs=caches,
                                         time_step=paddle.to_tensor([s], dtype="int32"),
                                         rotary_embs=_pd(rot[:, :, :, s:]), rotary_emb_dims=1)
    full = _np_transformer(x, layers, True, _causal(s + 1), "gelu", cos=rot[0], sin=rot[1])
    _close(step.numpy(), full[:, s:])


def test_fused_multi_transformer_per_row_decode_positions():
    layers = [_layer_weights(30, 8, 2, 8)]
    caches = [_cache(2, 2, 6, 4)]
    x = _np(31, (2, 4, 8))
    IF.fused_multi_transformer(_pd(x), *_fmt_args(layers), cache_kvs=caches, attn_mask=_pd(_causal(4)))
    new = _np(32, (2, 1, 8))
    # row 0 continues at step 4, row 1 (seq_lens) overwrites step 2: it attends over cache[:3]
    out, _ = IF.fused_multi_transformer(_pd(new), *_fmt_args(layers), cache_kvs=caches,
                                        time_step=paddle.to_tensor([4], dtype="int32"),
                                        seq_lens=paddle.to_tensor([4, 2], dtype="int32"))
    full0 = _np_transformer(np.concatenate([x[:1], new[:1]], 1), layers, True, _causal(5), "gelu")
    full1 = _np_transformer(np.concatenate([x[1:, :2], new[1:]], 1), layers, True, _causal(3), "gelu")
    _close(out.numpy()[0], full0[0, -1:])
    _close(out.numpy()[1], full1[0, -1:])


def test_fused_multi_transformer_refusals():
    layers = [_layer_weights(1, 8, 2, 8)]
    x = _pd(_np(1, (1, 2, 8)))
    with pytest.raises(NotImplementedError, match="ring_id"):
        IF.fused_multi_transformer(x, *_fmt_args(layers), ring_id=0)
    with pytest.raises(NotImplementedError, match="activation"):
        IF.fused_multi_transformer(x, *_fmt_args(layers), activation="swiglu")
    with pytest.raises(ValueError, match="mode argument"):
        IF.fused_multi_transformer(x, *_fmt_args(layers), mode="bad")
    with pytest.raises(RuntimeError, match="seq_len of input must be 1"):
        IF.fused_multi_transformer(x, *_fmt_args(layers), cache_kvs=[_cache(1, 2, 4, 4)],
                                   time_step=paddle.to_tensor([1], dtype="int32"))
    with pytest.raises(RuntimeError, match="time_step must > 0"):
        IF.fused_multi_transformer(_pd(_np(1, (1, 1, 8))), *_fmt_args(layers), cache_kvs=[_cache(1, 2, 4, 4)],
                                   time_step=paddle.to_tensor([0], dtype="int32"))
    with pytest.raises(NotImplementedError, match="nranks"):
        FusedMultiTransformer(8, 2, 8, num_layers=1, nranks=2, ring_id=0)


# ---------------------------------------------------------------- FusedMultiTransformer layer
def _facts(p):
    v = p.numpy().astype("float64")
    return p.name.split(".", 1)[1], list(p.shape), str(p.dtype), v


@pytest.mark.parametrize("key", ["default_2_layers", "post_ln_untransposed", "attr_lists"])
def test_fused_multi_transformer_layer_parameters_match_paddle(golden, key):
    g = golden["FusedMultiTransformer"][key]
    layer = FusedMultiTransformer(**g["config"])
    assert [p.name for p in layer.parameters()] == g["parameters"] == []
    assert list(layer.state_dict().keys()) == g["state_dict"]
    assert repr(layer) == g["repr"]
    assert layer.full_name().rsplit("_", 1)[0] == g["full_name"].rsplit("_", 1)[0]
    for attr, value in g["attrs"].items():
        assert getattr(layer, attr) == value, attr
    for attr, facts in g["lists"].items():
        params = getattr(layer, attr)
        assert len(params) == len(facts)
        for p, f in zip(params, facts):
            suffix, shape, dtype, v = _facts(p)
            assert (suffix, shape, dtype) == (f["suffix"], f["shape"], f["dtype"]), attr
            assert (p.stop_gradient, p.trainable) == (f["stop_gradient"], f["trainable"])
            _check_init(v, f, shape, attr)


def _check_init(v, f, shape, what):
    if f["min"] == f["max"]:  # constant initialisers (ln scales 1, biases 0)
        assert v.min() == v.max() == f["min"], what
    else:  # Xavier-uniform weights: same bound, similar spread
        bound = math.sqrt(6.0 / _fans(shape))
        assert np.abs(v).max() <= bound + 1e-7 and max(abs(f["min"]), abs(f["max"])) <= bound + 1e-7, what
        assert abs(v.std() - f["std"]) < 0.35 * f["std"], what


def _fans(shape):
    receptive = int(np.prod(shape[2:])) if len(shape) > 2 else 1
    return shape[0] * receptive + shape[1] * receptive


def test_fused_multi_transformer_layer_errors_match_paddle(golden):
    cases = {"embed_dim_0": lambda: FusedMultiTransformer(0, 2, 16, num_layers=1),
             "num_heads_0": lambda: FusedMultiTransformer(8, 0, 16, num_layers=1),
             "ffn_0": lambda: FusedMultiTransformer(8, 2, 0, num_layers=1),
             "indivisible": lambda: FusedMultiTransformer(8, 3, 16, num_layers=1),
             "num_layers_default": lambda: FusedMultiTransformer(8, 2, 16),
             "attr_list_length": lambda: FusedMultiTransformer(8, 2, 16, qkv_weight_attrs=[None, None],
                                                               ln_scale_attrs=[None])}
    for key, make in cases.items():
        expected = golden["FusedMultiTransformer_errors"][key]
        with pytest.raises(Exception) as info:
            make()
        assert (type(info.value).__name__, str(info.value)) == (expected["type"], expected["message"]), key


def test_fused_multi_transformer_layer_forward_and_cache():
    paddle.seed(5)
    layer = FusedMultiTransformer(16, 2, 32, num_layers=2)
    layer.eval()
    x = paddle.rand([2, 3, 16], dtype="float32")
    out = layer(x)
    expected = IF.fused_multi_transformer(x, layer.ln_scales, layer.ln_biases, layer.qkv_weights, layer.qkv_biases,
                                          layer.linear_weights, layer.linear_biases, layer.ffn_ln_scales,
                                          layer.ffn_ln_biases, layer.ffn1_weights, layer.ffn1_biases,
                                          layer.ffn2_weights, layer.ffn2_biases)
    np.testing.assert_array_equal(out.numpy(), expected.numpy())
    caches = [paddle.zeros([2, 2, 2, 5, 8]) for _ in range(2)]
    out, returned = layer(x, caches=caches)
    assert returned is caches and caches[1].abs().sum().item() > 0
    with pytest.raises(AssertionError):
        layer(x, caches=caches[:1])


def test_modules_match_paddle(golden):
    names = {"FusedMultiTransformer": FusedMultiTransformer, "FusedEcMoe": FusedEcMoe,
             "fused_multi_transformer": IF.fused_multi_transformer, "fused_ec_moe": IF.fused_ec_moe,
             "masked_multihead_attention": IF.masked_multihead_attention,
             "block_multihead_attention": IF.block_multihead_attention}
    assert {k: v.__module__ for k, v in names.items()} == golden["modules"]
    assert type(golden["fused_multi_transformer_bad_mode"]["type"]) is str
    with pytest.raises(ValueError) as info:
        IF.fused_multi_transformer(paddle.ones([1, 1, 8]), [], [], [], [], [], [], [], [], [], [], [], [], mode="bad")
    assert str(info.value) == golden["fused_multi_transformer_bad_mode"]["message"]


# ---------------------------------------------------------------- fused_ec_moe / FusedEcMoe
def _np_ec_moe(x, gate, w0, b0, w1, b1, act):
    """Expert choice: per-token softmax over experts (+1e-6 in the denominator, as the kernel), each expert takes
    the seq // 16 tokens of its batch row with the highest probability."""
    batch, seq, hidden = x.shape
    e = np.exp(gate - gate.max(-1, keepdims=True))
    prob = e / (e.sum(-1, keepdims=True) + 1e-6)
    out = x.copy()
    cap = seq // 16
    for bi in range(batch):
        for ex in range(w0.shape[0]):
            tokens = np.argsort(-prob[bi, :, ex], kind="stable")[:cap]
            for tok in tokens:
                h = x[bi, tok] @ w0[ex] + b0[ex, 0]
                h = _gelu_tanh(h) if act == "gelu" else np.maximum(h, 0)
                out[bi, tok] += prob[bi, tok, ex] * (h @ w1[ex] + b1[ex, 0])
    return out


@pytest.mark.parametrize("act", ["gelu", "relu"])
def test_fused_ec_moe_matches_unfused(act):
    batch, seq, hidden, inter, experts = 2, 48, 6, 10, 4
    x, gate = _np(1, (batch, seq, hidden)), _np(2, (batch, seq, experts), 3.0)
    w0, b0 = _np(3, (experts, hidden, inter)), _np(4, (experts, 1, inter))
    w1, b1 = _np(5, (experts, inter, hidden)), _np(6, (experts, 1, hidden))
    out = IF.fused_ec_moe(_pd(x), _pd(gate), _pd(w0), _pd(b0), _pd(w1), _pd(b1), act)
    _close(out.numpy(), _np_ec_moe(x, gate, w0, b0, w1, b1, act))
    short = IF.fused_ec_moe(_pd(x[:, :15]), _pd(gate[:, :15]), _pd(w0), _pd(b0), _pd(w1), _pd(b1), act)
    _close(short.numpy(), x[:, :15])  # seq < 16: no expert takes a token


def test_fused_ec_moe_reads_weights_as_flat_memory():
    # the kernel takes raw pointers: a [e, hidden, inter] bmm1_weight is read as [e, inter, hidden] memory and
    # over-sized biases by their leading [e, 1, n] elements (what the docstring example relies on)
    batch, seq, hidden, inter, experts = 1, 32, 4, 6, 2
    x, gate = _np(7, (batch, seq, hidden)), _np(8, (batch, seq, experts), 3.0)
    w0, w1 = _np(9, (experts, hidden, inter)), _np(10, (experts, hidden, inter))
    b0, b1 = _np(11, (experts, hidden, inter)), _np(12, (experts, hidden, inter))
    out = IF.fused_ec_moe(_pd(x), _pd(gate), _pd(w0), _pd(b0), _pd(w1), _pd(b1), "gelu")
    flat = [a.reshape(-1) for a in (b0, w1, b1)]
    expected = _np_ec_moe(x, gate, w0, flat[0][:experts * inter].reshape(experts, 1, inter),
                          flat[1].reshape(experts, inter, hidden),
                          flat[2][:experts * hidden].reshape(experts, 1, hidden), "gelu")
    _close(out.numpy(), expected)
    with pytest.raises(ValueError, match="bmm1_bias"):
        IF.fused_ec_moe(_pd(x), _pd(gate), _pd(w0), _pd(b0), _pd(w1), _pd(np.zeros(3)), "gelu")


def test_fused_ec_moe_layer_matches_paddle(golden):
    for key, g in golden["FusedEcMoe"].items():
        layer = FusedEcMoe(**g["config"])
        got = [[n, None if p is None else _facts(p)[:3]] for n, p in layer.named_parameters()]
        assert got == [[n, None if f is None else (f["suffix"], f["shape"], f["dtype"])]
                       for n, f in g["named_parameters"]], key
        for (n, p), (_, f) in zip(layer.named_parameters(), g["named_parameters"]):
            _check_init(p.numpy().astype("float64"), f, f["shape"], n)
        assert list(layer.state_dict().keys()) == g["state_dict"]
        assert repr(layer) == g["repr"] and layer.act_type == g["act_type"]
    expected = golden["FusedEcMoe_errors"]["silu"]
    with pytest.raises(NotImplementedError) as info:
        FusedEcMoe(8, 16, 4, "silu")
    assert str(info.value) == expected["message"]


def test_fused_ec_moe_layer_forward():
    paddle.seed(1)
    layer = FusedEcMoe(8, 12, 3, "relu")
    x, gate = paddle.rand([2, 32, 8], dtype="float32"), paddle.rand([2, 32, 3], dtype="float32")
    expected = _np_ec_moe(*(t.numpy().astype("float64") for t in (x, gate, layer.bmm_weight0, layer.bmm_bias0,
                                                                  layer.bmm_weight1, layer.bmm_bias1)), "relu")
    _close(layer(x, gate).numpy(), expected, tol=1e-5)


# ---------------------------------------------------------------- masked_multihead_attention
def _np_mmha(x, cache_np, bias, mask, positions, cos=None, sin=None, neox=False):
    batch = x.shape[0]
    _, _, heads, _, d = cache_np.shape
    qkv = x.reshape(batch, 3, heads, d) + (0 if bias is None else bias)
    q, k, v = qkv[:, 0], qkv[:, 1], qkv[:, 2]
    if cos is not None:
        rope = _rope_halves if neox else _rope_pairs
        q, k = rope(q, cos, sin), rope(k, cos, sin)
    keys = _cache_keys(cache_np, cache_np.shape[3])
    out = np.zeros((batch, heads, d))
    for b, pos in enumerate(positions):
        kk = np.concatenate([keys[b, :, :pos], k[b][:, None]], 1)
        vv = np.concatenate([cache_np[1, b, :, :pos], v[b][:, None]], 1)
        s = np.einsum("hd,hkd->hk", q[b], kk) / math.sqrt(d)
        if mask is not None:
            s = s + mask[b, :, 0, :pos + 1]
        out[b] = np.einsum("hk,hkd->hd", _softmax(s, 1e-6), vv)  # the decode kernel divides by sum + 1e-6
    return out.reshape(batch, heads * d)


def _filled_cache(seed, batch, heads, max_len, d):
    return _np(seed, (2, batch, heads, max_len, d))


@pytest.mark.parametrize("variant", ["mask", "per_head_mask_seq_lens", "rope_pairs", "rope_neox"])
def test_masked_multihead_attention_matches_unfused(variant):
    batch, heads, d, max_len = 2, 3, 4, 8
    cache_np = _filled_cache(1, batch, heads, max_len, d)
    x, bias = _np(2, (batch, 3 * heads * d)), _np(3, (3, heads, d))
    mask = _np(4, (batch, 1, 1, 6))
    kwargs, positions, cos = {}, [5, 5], None
    if variant == "per_head_mask_seq_lens":
        mask = _np(5, (batch, heads, 1, 6))
        positions = [2, 5]
        kwargs["sequence_lengths"] = paddle.to_tensor([[2], [5]], dtype="int32")
    if variant.startswith("rope"):
        angles = _np(6, (batch, 1, d), 3.0)
        cos, sin = np.cos(angles), np.sin(angles)
        kwargs.update(rotary_tensor=_pd(np.stack([cos, sin])[:, :, None, None].astype("float32")),
                      rotary_emb_dims=1, use_neox_rotary_style=variant == "rope_neox")
    cache = _pd(cache_np.copy())
    out, cache_out, beam = IF.masked_multihead_attention(_pd(x), cache, _pd(bias), _pd(mask), **kwargs)
    assert cache_out is cache and beam is None
    rope = {} if cos is None else {"cos": cos, "sin": sin, "neox": variant == "rope_neox"}
    _close(out.numpy(), _np_mmha(x, cache_np, bias, mask, positions, **rope), tol=1e-6 if cos is None else 1e-5)
    keys = _cache_keys(cache.numpy(), max_len)
    qkv = x.reshape(batch, 3, heads, d) + bias
    for b, pos in enumerate(positions):  # the new k, v went to step pos, in Paddle's key layout
        if cos is None:
            _close(keys[b, :, pos], qkv[b, 1])
        _close(cache.numpy()[1, b, :, pos], qkv[b, 2])


def test_decode_softmax_denominator_has_kernels_epsilon():
    # at step 0 the only key gets weight 1 / (1 + 1e-6): the out is v / (1 + 1e-6), not v
    x = _np(21, (1, 12))
    out, *_ = IF.masked_multihead_attention(_pd(x), _pd(np.zeros((2, 1, 1, 4, 4))),
                                           sequence_lengths=paddle.to_tensor([[0]], dtype="int32"))
    np.testing.assert_allclose(out.numpy()[0], x[0, 8:] / (1 + 1e-6), rtol=1e-13, atol=0)


def test_masked_multihead_attention_refusals():
    x, cache = _pd(_np(1, (1, 12))), _pd(np.zeros((2, 1, 1, 4, 4)))
    for kwargs, word in [({"beam_cache_offset": _pd(np.zeros((1, 1, 4)))}, "beam_cache_offset"),
                         ({"qkv_out_scale": _pd(np.ones((3, 1, 4)))}, "qkv_out_scale"),
                         ({"out_scale": 2.0}, "out_scale"), ({"cum_offsets": _pd(np.zeros(1))}, "cum_offsets")]:
        with pytest.raises(NotImplementedError, match=word):
            IF.masked_multihead_attention(x, cache, src_mask=_pd(np.zeros((1, 1, 1, 2))), **kwargs)
    with pytest.raises(ValueError, match="src_mask or sequence_lengths"):
        IF.masked_multihead_attention(x, cache)


# ---------------------------------------------------------------- block_multihead_attention
def _pack(rows):
    cu = np.concatenate([[0], np.cumsum([r.shape[0] for r in rows])]).astype("int32")
    return np.concatenate(rows, 0), cu


def _blha_call(qkv, kc, vc, enc, dec, this, cu, tables, **kwargs):
    bsz = len(enc)
    as_col = [paddle.to_tensor(np.asarray(a, dtype="int32").reshape(-1, 1)) for a in (enc, dec, this)]
    padding = paddle.zeros([int(sum(this))], dtype="int32")  # the reference reads rows from cu_seqlens_q
    return IF.block_multihead_attention(
        _pd(qkv), kc, vc, *as_col, padding, paddle.zeros([bsz], dtype="int32"),
        paddle.to_tensor(cu, dtype="int32"), paddle.to_tensor(cu, dtype="int32"),
        paddle.to_tensor(tables, dtype="int32"), block_size=kc.shape[2], **kwargs)


def _np_attention_rows(q, k, v, mask):
    """q [n, H, d], k/v [m, KVH, d] (grouped heads), mask [n, m]."""
    group = q.shape[1] // k.shape[1]
    k, v = np.repeat(k, group, 1), np.repeat(v, group, 1)
    s = np.einsum("nhd,mhd->hnm", q, k) / math.sqrt(q.shape[-1]) + mask
    return np.einsum("hnm,mhd->nhd", _softmax(s), v).reshape(q.shape[0], -1)


def test_block_multihead_attention_prefill_then_decode_gqa():
    heads, kv_heads, d, block = 4, 2, 4, 4
    lens = [6, 3]
    seqs = [_np(40 + i, (n + 1, (heads + 2 * kv_heads) * d)) for i, n in enumerate(lens)]  # +1: the decode token
    tables = np.array([[5, 1, 3], [0, 4, 2]])
    kc = paddle.to_tensor(np.zeros((6, kv_heads, block, d)))
    vc = paddle.to_tensor(np.zeros((6, kv_heads, block, d)))
    qkv, cu = _pack([s[:n] for s, n in zip(seqs, lens)])
    out, qkv_out, kc_out, vc_out = _blha_call(qkv, kc, vc, lens, [0, 0], lens, cu, tables)
    assert kc_out is kc and vc_out is vc and qkv_out.shape == list(qkv.shape)
    for i, n in enumerate(lens):
        s = seqs[i][:n]
        q, k, v = s[:, :heads * d], s[:, heads * d:(heads + kv_heads) * d], s[:, (heads + kv_heads) * d:]
        ref = _np_attention_rows(q.reshape(n, heads, d), k.reshape(n, kv_heads, d), v.reshape(n, kv_heads, d),
                                 _causal(n))
        _close(out.numpy()[cu[i]:cu[i + 1]], ref)
        for pos in range(n):  # paged placement: block tables[i, pos // block], slot pos % block
            _close(kc.numpy()[tables[i, pos // block], :, pos % block], k[pos].reshape(kv_heads, d))
            _close(vc.numpy()[tables[i, pos // block], :, pos % block], v[pos].reshape(kv_heads, d))
    # decode one token per row at step seq_lens_decoder; equals the full recompute's last row
    qkv, cu = _pack([s[n:n + 1] for s, n in zip(seqs, lens)])
    out, *_ = _blha_call(qkv, kc, vc, [0, 0], lens, [1, 1], cu, tables)
    for i, n in enumerate(lens):
        s = seqs[i][:n + 1]
        q, k, v = s[:, :heads * d], s[:, heads * d:(heads + kv_heads) * d], s[:, (heads + kv_heads) * d:]
        full = _np_attention_rows(q.reshape(n + 1, heads, d), k.reshape(n + 1, kv_heads, d),
                                  v.reshape(n + 1, kv_heads, d), _causal(n + 1))
        _close(out.numpy()[i], full[-1])


def test_block_multihead_attention_mixed_batch_bias_masks_rope():
    heads, d, block = 2, 4, 4
    width = 3 * heads * d
    bias = _np(50, (width,))
    n0, past1 = 5, 3  # row 0 prefills 5 tokens; row 1 already holds 3 cached tokens and decodes its 4th
    seq0, seq1 = _np(51, (n0, width)), _np(52, (past1 + 1, width))
    tables = np.array([[0, 1], [2, 3]])
    kc = paddle.to_tensor(np.zeros((4, heads, block, d)))
    vc = paddle.to_tensor(np.zeros((4, heads, block, d)))
    max_len = 8
    angles = _np(53, (1, max_len, d // 2), 3.0)
    rope = np.stack([np.cos(angles), np.sin(angles)])[:, :, :, None]  # [2, 1, max_len, 1, d / 2]: one table
    mask = _np(54, (2, 1, max_len, max_len))
    tgt = _np(55, (2, 1, 1, max_len))
    # fill row 1's cache with its first 3 tokens through a prefill call
    _blha_call(seq1[:past1], kc, vc, [0, past1], [0, 0], [0, past1], np.array([0, 0, past1]), tables,
               qkv_bias=_pd(bias), rope_emb=_pd(rope), mask=_pd(mask))
    qkv, cu = _pack([seq0, seq1[past1:]])
    out, qkv_out, *_ = _blha_call(qkv, kc, vc, [n0, 0], [0, past1], [n0, 1], cu, tables, qkv_bias=_pd(bias),
                                  rope_emb=_pd(rope), mask=_pd(mask), tgt_mask=_pd(tgt))

    def rows(seq, b):
        t = seq + bias
        q, k, v = (t[:, j * heads * d:(j + 1) * heads * d].reshape(-1, heads, d) for j in range(3))
        cos = np.repeat(np.cos(angles[0, :len(seq)]), 2, -1)[:, None]
        sin = np.repeat(np.sin(angles[0, :len(seq)]), 2, -1)[:, None]
        return _rope_pairs(q, cos, sin), _rope_pairs(k, cos, sin), v

    q, k, v = rows(seq0, 0)
    _close(out.numpy()[:n0], _np_attention_rows(q, k, v, mask[0, 0, :n0, :n0]))
    # qkv is the kernel's in-place qkv_out: + bias, and the prefill rows' q, k rotated
    _close(qkv_out.numpy()[:n0], np.concatenate([t.reshape(n0, -1) for t in (q, k, v)], -1))
    _close(qkv_out.numpy()[n0], seq1[past1] + bias)
    q, k, v = rows(seq1, 1)
    _close(out.numpy()[n0], _np_attention_rows(q[-1:], k, v, tgt[1, 0, :, :past1 + 1])[0])


def test_block_multihead_attention_neox_rope_decode_equals_full_recompute():
    heads, d, block, n = 2, 4, 4, 3
    width = 3 * heads * d
    seq = _np(70, (n + 1, width))
    inv = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
    angles = np.arange(8)[:, None] * inv[None, :]
    full_angles = np.concatenate([angles, angles], -1)  # neox table [steps, d]: i and i + d/2 share an angle
    rope = np.stack([np.cos(full_angles), np.sin(full_angles)])[:, None, :, None]  # [2, 1, 8, 1, d]
    kc = paddle.to_tensor(np.zeros((2, heads, block, d)))
    vc = paddle.to_tensor(np.zeros((2, heads, block, d)))
    tables = np.array([[1, 0]])
    _blha_call(seq[:n], kc, vc, [n], [0], [n], np.array([0, n]), tables, rope_emb=_pd(rope), use_neox_style=True)
    out, *_ = _blha_call(seq[n:], kc, vc, [0], [n], [1], np.array([0, 1]), tables, rope_emb=_pd(rope),
                         use_neox_style=True)
    q, k, v = (seq[:, j * heads * d:(j + 1) * heads * d].reshape(n + 1, heads, d) for j in range(3))
    cos, sin = np.cos(full_angles[:n + 1])[:, None], np.sin(full_angles[:n + 1])[:, None]
    full = _np_attention_rows(_rope_halves(q, cos, sin), _rope_halves(k, cos, sin), v, _causal(n + 1))
    _close(out.numpy()[0], full[-1])


def test_block_multihead_attention_refusals():
    kc = paddle.to_tensor(np.zeros((2, 1, 4, 4)))
    qkv = np.zeros((2, 12))
    for kwargs, word in [({"pre_key_cache": _pd(np.zeros((1, 1, 2, 4)))}, "pre_key_cache"),
                         ({"cache_k_quant_scales": _pd(np.ones(1))}, "cache_k_quant_scales"),
                         ({"use_dynamic_cachekv_quant": True}, "use_dynamic_cachekv_quant"),
                         ({"out_scale": 1.0}, "out_scale"), ({"out_shift": _pd(np.zeros(4))}, "out_shift")]:
        with pytest.raises(NotImplementedError, match=word):
            _blha_call(qkv, kc, kc, [2], [0], [2], np.array([0, 2]), np.array([[0, 1]]), **kwargs)
    with pytest.raises(NotImplementedError, match="decodes 2 tokens"):
        _blha_call(qkv, kc, kc, [0], [1], [2], np.array([0, 2]), np.array([[0, 1]]))


# ---------------------------------------------------------------- the docstring examples (GPU-only in Paddle)
def test_docstring_examples_run_with_documented_shapes():
    # the examples' code with paddle.device.set_device('gpu') dropped; shapes as the docstrings print them
    x = paddle.rand(shape=(2, 4, 128), dtype="float32")
    ln_scale, ln_bias = paddle.rand(shape=(128,), dtype="float32"), paddle.rand(shape=(128,), dtype="float32")
    qkv_weight = paddle.rand(shape=(3, 4, 32, 128), dtype="float32")
    qkv_bias = paddle.rand(shape=(3, 4, 32), dtype="float32")
    linear_weight = paddle.rand(shape=(128, 128), dtype="float32")
    linear_bias = paddle.rand(shape=(128,), dtype="float32")
    ffn_ln_scale, ffn_ln_bias = paddle.rand(shape=(128,), dtype="float32"), paddle.rand(shape=(128,), dtype="float32")
    ffn1_weight = paddle.rand(shape=(128, 4 * 128), dtype="float32")
    ffn1_bias = paddle.rand(shape=(4 * 128,), dtype="float32")
    ffn2_weight = paddle.rand(shape=(4 * 128, 128), dtype="float32")
    ffn2_bias = paddle.rand(shape=(128,), dtype="float32")
    attn_mask = paddle.rand(shape=(2, 1, 4, 4), dtype="float32")
    output = IF.fused_multi_transformer(x, [ln_scale], [ln_bias], [qkv_weight], [qkv_bias], [linear_weight],
                                        [linear_bias], [ffn_ln_scale], [ffn_ln_bias], [ffn1_weight], [ffn1_bias],
                                        [ffn2_weight], [ffn2_bias], attn_mask=attn_mask)
    assert output.shape == [2, 4, 128]

    enc_input = paddle.rand((2, 4, 128))
    attn_mask = paddle.rand((2, 1, 4, 4))
    encoder_layers = FusedMultiTransformer(128, 2, 512, num_layers=1)
    assert encoder_layers(enc_input, attn_mask).shape == [2, 4, 128]

    # fused_ec_moe's example passes [8, 1024, 4096] for every weight and bias: the kernel reads their leading
    # memory as [8, 1024, 4096], [8, 1, 4096], [8, 4096, 1024], [8, 1, 1024]; scaled down here (CPU time)
    x, gate = paddle.randn([2, 32, 64]), paddle.randn([2, 32, 8])
    w = [paddle.randn([8, 64, 256]) for _ in range(4)]
    assert IF.fused_ec_moe(x, gate, *w, act_type="gelu").shape == [2, 32, 64]
    x, gate = paddle.randn([2, 32, 64]), paddle.randn([2, 32, 8])
    moe = FusedEcMoe(64, 256, 8, act_type="gelu")
    assert moe(x, gate).shape == [2, 32, 64]

    x = paddle.rand(shape=(2, 3 * 32 * 128), dtype="float32")
    src_mask = paddle.rand(shape=(2, 1, 1, 10), dtype="float32")
    cache_kv = paddle.rand(shape=(2, 2, 32, 64, 128), dtype="float32")
    output = IF.masked_multihead_attention(x, src_mask=src_mask, cache_kv=cache_kv)
    assert output[0].shape == [2, 32 * 128]


def test_block_multihead_attention_docstring_example():
    # the docstring's example in float32 (Paddle's CPU has no float16 randn); it says out equals out_ref
    batch_size, num_head, seq_len, max_dec_len, head_size, block_size = 2, 8, 64, 64, 64, 64
    hid_dim = num_head * head_size
    block_num_per_seq = (seq_len + max_dec_len + block_size - 1) // block_size
    max_block_num = block_num_per_seq * batch_size
    free_list = list(range(max_block_num - 1, -1, -1))
    token_num = seq_len * batch_size
    seq_lens_encoder = paddle.to_tensor([seq_len] * batch_size, "int32")
    seq_lens_decoder = paddle.to_tensor([0] * batch_size, "int32")
    qkv_shape = (batch_size, num_head, seq_len, head_size)
    q, k, v = (paddle.randn(shape=qkv_shape, dtype="float32") for _ in range(3))
    qkv = paddle.stack([t.transpose([0, 2, 1, 3]).reshape([token_num, hid_dim]) for t in (q, k, v)],
                       axis=1).reshape([token_num, -1])
    cache_k = paddle.zeros((max_block_num, num_head, block_size, head_size), dtype="float32")
    cache_v = paddle.zeros((max_block_num, num_head, block_size, head_size), dtype="float32")
    block_tables = paddle.zeros(shape=(batch_size, block_num_per_seq), dtype="int32")
    for i in range(batch_size):
        for j in range(block_num_per_seq):
            block_tables[i, j] = free_list.pop()
    cu = paddle.to_tensor([0, seq_len, 2 * seq_len], dtype="int32")
    out = IF.block_multihead_attention(qkv, cache_k, cache_v, seq_lens_encoder, seq_lens_decoder, seq_lens_encoder,
                                       paddle.zeros([token_num], "int32"), paddle.zeros([batch_size], "int32"), cu,
                                       cu, block_tables, None, None, None, None, None, None, None, None, None, None,
                                       None, None, None, seq_len, block_size)[0]
    assert out.shape == [128, 512]
    mask = (np.tril(np.ones((seq_len, seq_len))) - 1) * 1e4
    ref = np.concatenate([_np_attention_rows(*(t.numpy()[b].transpose(1, 0, 2).astype("float64")
                                               for t in (q, k, v)), mask) for b in range(batch_size)])
    _close(out.numpy(), ref, tol=1e-5)
