"""Bad-input calls of paddle.nn.functional, shared by the oracle recorder (record_badinput_functional.py) and
the replay (test_badinput_functional.py): CPU kernel dtypes of activations/pooling/norm/conv (every dtype),
mixed-dtype pairs of the losses, and argument type/range checks. Each call is an expression evaluated in
``namespace(paddle)``; calls that crash or hang real Paddle 2.6.2 are left out (see mappings/badinput_functional.toml).
"""

DTYPES = "float16 bfloat16 float32 float64 int8 uint8 int16 int32 int64 bool complex64 complex128".split()
PAIR_DTYPES = "float32 float64 int32 int64 complex64 float16 bool".split()

_UNARY = {
    "relu": "", "relu6": "", "elu": "", "selu": "", "gelu": "", "hardshrink": "", "hardtanh": "", "hardsigmoid": "",
    "hardswish": "", "leaky_relu": "", "log_sigmoid": "", "celu": "", "mish": "", "silu": "", "swish": "",
    "softplus": "", "softshrink": "", "softsign": "", "tanhshrink": "", "thresholded_relu": "", "sigmoid": "",
    "tanh": "", "softmax": "", "log_softmax": "", "glu": "", "relu_": "", "tanh_": "", "elu_": "", "hardtanh_": "",
    "leaky_relu_": "", "softmax_": "", "thresholded_relu_": "", "dropout": "", "alpha_dropout": "",
    "dropout2d": "", "max_pool2d": ", 2", "avg_pool2d": ", 2", "adaptive_avg_pool2d": ", 2",
    "adaptive_max_pool2d": ", 2", "local_response_norm": ", 3", "pixel_shuffle": ", 1", "pixel_unshuffle": ", 1",
    "normalize": "", "instance_norm": "", "layer_norm": ", [4]", "channel_shuffle": ", 2", "unfold": ", 2",
    "zeropad2d": ", [1, 1, 1, 1]", "pad": ", [1, 1, 1, 1]", "gumbel_softmax": "", "prelu": ", W1", "maxout": ", 1",
    "interpolate": ", scale_factor=2", "rrelu": "",
}

_LOSSES = {
    "mse_loss": "F.mse_loss(a, b)", "l1_loss": "F.l1_loss(a, b)", "smooth_l1_loss": "F.smooth_l1_loss(a, b)",
    "square_error_cost": "F.square_error_cost(a, b)", "kl_div": "F.kl_div(a, b)",
    "log_loss": "F.log_loss(a[:, :1], b[:, :1])", "bce": "F.binary_cross_entropy(a, b)",
    "bce_logits": "F.binary_cross_entropy_with_logits(a, b)", "margin_ranking": "F.margin_ranking_loss(a, a, b)",
    "margin_ranking_x": "F.margin_ranking_loss(a, b, b)", "soft_margin": "F.soft_margin_loss(a, b)",
    "hinge_emb": "F.hinge_embedding_loss(a, b)", "poisson_nll": "F.poisson_nll_loss(a, b)",
    "sigmoid_focal": "F.sigmoid_focal_loss(a, b)", "multi_label_sm": "F.multi_label_soft_margin_loss(a, b)",
    "ce_soft": "F.cross_entropy(a, b, soft_label=True)", "ce_hard": "F.cross_entropy(a, b[:, 0])",
    "nll": "F.nll_loss(a, b[:, 0])", "cos_emb": "F.cosine_embedding_loss(a, a, b[:, 0])",
}
_PAIRS_EXTRA = [("int32", "int64"), ("float64", "int64"), ("int64", "int64"), ("int32", "int32"),
                ("float64", "float64"), ("int64", "int32")]

_MISC = """
F.softmax(x, axis='a')
F.softmax(x, axis=1.5)
F.softmax(x, axis=5)
F.softmax(x, dtype='int32')
F.softmax(x, dtype='foo')
F.softmax(xi, dtype='float32')
F.log_softmax(x, axis='a')
F.log_softmax(x, axis=1.5)
F.log_softmax(x, axis=True)
F.log_softmax(x, axis=None)
F.log_softmax(x, axis=5)
F.softmax_(x.clone(), axis=5)
F.gumbel_softmax(x, axis=5)
F.gelu(x, approximate=1)
F.gelu(x, approximate=None)
F.gelu(x, approximate=np.bool_(True))
F.hardshrink(x, threshold='a')
F.thresholded_relu(x, threshold='a')
F.thresholded_relu(x, threshold=None)
F.leaky_relu(x, None)
F.leaky_relu(x, float('nan')).numpy().round(4).tolist()
F.hardtanh(x, float('nan')).numpy().round(4).tolist()
F.hardtanh(x, max=float('nan')).numpy().round(4).tolist()
F.softplus(x.astype('complex64')).numpy().round(4).tolist()
F.hardswish(x.astype('complex64')).numpy().round(4).tolist()
F.log_sigmoid(x.astype('complex64')).numpy().round(4).tolist()
F.glu(x, axis=1.5)
F.glu(x, axis=True)
F.glu(x, axis=1)
F.prelu(None, W1)
F.prelu(x, None)
F.relu(None)
F.relu_('abc')
F.celu([1.0])
F.selu(None)
F.softshrink('abc')
F.max_pool2d(x4, [2])
F.max_pool2d(x4, [2.5, 2])
F.max_pool2d(x4, 2.5)
F.max_pool2d(x4, 'ab')
F.max_pool2d(x4, 2, padding=2.5)
F.max_pool2d(x4, 2, padding=None)
F.max_pool2d(x4, 2, padding=[1.5, 1])
F.max_pool2d(x4, 2, stride=[1, 'a'])
F.max_pool2d(None, 2)
F.avg_pool2d('abc', 2)
F.max_pool1d(None, 2)
F.adaptive_avg_pool2d(None, 2)
F.adaptive_max_pool2d([1.0], 2)
F.adaptive_avg_pool2d(x4, [2.5, 2])
F.adaptive_avg_pool2d(x4, [2, None]).shape
F.avg_pool2d(x4, 2, padding=-1).numpy().round(4).tolist()
F.avg_pool2d(x4, 3, padding=-1).numpy().round(4).tolist()
F.avg_pool2d(x4, 3, padding=-1, exclusive=False).numpy().round(4).tolist()
F.max_pool2d(x4, 3, padding=[-1, 1]).numpy().round(4).tolist()
F.avg_pool2d(x4, 5, stride=5).numpy().round(4).tolist()
F.max_pool2d(x4, 5, stride=5).numpy().round(4).tolist()
F.avg_pool2d(x4, 6, stride=1)
F.conv2d(x4.astype('int32'), W4.astype('int32'))
F.conv2d(x4.astype('float16'), W4.astype('float16'))
F.conv2d(x4.astype('float64'), W4)
F.conv2d(x4, W4.astype('int64'))
F.conv2d(x4, W4, bias=paddle.ones([2], 'float64')).dtype
F.conv2d(x4, W4, bias='a')
F.conv2d(x4, None)
F.conv2d(None, W4)
F.conv2d(x4, W4, stride=[1])
F.conv2d(x4, W4, stride=1.5)
F.conv2d(x4, W4, stride=-1)
F.conv2d(x4, W4, stride=None)
F.conv2d(x4, W4, dilation=0)
F.conv2d(x4, W4, padding=2.5)
F.conv2d(x4, W4, padding=None)
F.conv2d(x4, W4, padding=-1)
F.conv2d(x4, paddle.ones([2, 2, 5, 5])).shape
F.conv1d(x4[0], paddle.ones([2, 4, 3]), stride=0)
F.conv1d(x4[0], paddle.ones([2, 4, 3]), padding=1.5)
F.conv2d_transpose(x4, W4, stride=0)
F.conv2d_transpose(x4, W4, padding=1.5)
F.conv2d_transpose(x4.astype('int32'), W4.astype('int32'))
F.conv2d_transpose(x4, W4.astype('float64'))
F.unfold(x4, 'ab')
F.unfold(x4, -1)
F.unfold(x4, 2.5)
F.unfold(x4, 2, strides=0)
F.unfold(x4, 2, strides=None)
F.unfold(x4, [2, 2.5])
F.unfold(None, 2)
F.linear(x, W4)
F.linear(None, W)
F.linear(x, 'abc')
F.linear(x, W.astype('bool'))
F.linear(x.astype('complex64'), W).dtype
F.linear(x[0:0], W)
F.dropout(x, p=float('nan')).numpy().tolist()
F.dropout(None)
F.cosine_similarity(x, paddle.ones([4, 5]))
F.cosine_similarity(x, x, axis=5)
F.cosine_similarity(xi, xi)
F.one_hot(paddle.to_tensor([0, 1]), -1)
F.one_hot(paddle.to_tensor([0, 1]), None)
F.one_hot(paddle.to_tensor([0, 1]), [2])
F.one_hot(paddle.to_tensor([0, 1, 2]), '3').shape
F.one_hot(paddle.to_tensor([0, 1]), 1.5)
F.one_hot(paddle.to_tensor([0.0, 1.0]), 3)
F.embedding(paddle.to_tensor([0, 1, 2]), paddle.ones([5, 3], 'int64'))
F.embedding(paddle.to_tensor([0, 1, 5]), paddle.ones([5, 3]))
F.interpolate(x4, size=[2, 'a'])
F.interpolate(x4, size=[2, 3.5]).shape
F.interpolate(x4.astype('int64'), size=[8, 8]).dtype
F.interpolate(x4.astype('int32'), size=[8, 8], mode='bilinear')
F.interpolate(x4.astype('int64'), scale_factor=2, mode='bicubic')
F.layer_norm(x, 3, epsilon='a')
F.layer_norm(x, 3, epsilon=None)
F.layer_norm(x, 3, epsilon=float('nan'))
F.layer_norm(x, 3, epsilon=-1)
F.layer_norm(x, 3, epsilon=0.01)
F.instance_norm(x4, eps='a')
F.local_response_norm(x4, 2.5)
F.local_response_norm(x4, -1)
F.local_response_norm(x4, '3')
F.normalize(x[0:0])
F.normalize(x, p=float('nan')).numpy().round(1).tolist()
F.normalize(x, p=None)
F.normalize(x, p='a')
F.batch_norm(x4, paddle.to_tensor([0., 1., 2.]), paddle.ones([2]), training=False).numpy().round(4).tolist()
F.affine_grid(paddle.arange(9, dtype='float32').reshape([1, 3, 3]), [1, 1, 2, 2]).numpy().tolist()
F.affine_grid(paddle.arange(4, dtype='float32').reshape([1, 2, 2]), [1, 1, 2, 2])
F.pixel_shuffle(x4, 0)
F.pixel_shuffle(x4, 1.5)
F.sequence_mask(paddle.to_tensor([1., 2., 3.]), maxlen=-1).numpy().tolist()
F.sequence_mask(paddle.to_tensor([1., 2., 3.]), maxlen=0)
F.sequence_mask(paddle.to_tensor([1., 2., 3.]), maxlen=2.5)
F.cross_entropy(x4[0, 0], paddle.to_tensor([0, 1, 2, 0]), axis=5)
F.cross_entropy(x4[0, 0], paddle.to_tensor([0, 1, 2, 0]), label_smoothing=2.0)
F.cross_entropy(None, paddle.to_tensor([0, 1, 2, 0]))
F.mse_loss(x, paddle.ones([4, 5]))
F.mse_loss(x[0:0], x[0:0])
F.mse_loss(xi.astype('int32'), xi.astype('int32')).numpy().tolist()
F.l1_loss(xi.astype('int32'), xi.astype('int32'))
F.mse_loss(x, 'abc')
F.smooth_l1_loss(x, paddle.ones([4, 5]))
F.smooth_l1_loss(x, None)
F.kl_div(x, paddle.ones([4, 5]))
F.kl_div(x[0:0], x[0:0])
F.log_loss(x, x)
F.log_loss(x[:, :1], 'abc')
F.soft_margin_loss(x[0:0], x[0:0])
""".strip().splitlines()


def calls():
    """{call id: expression}."""
    out = {}
    for name, extra in _UNARY.items():
        for dt in DTYPES:
            out[f"dtype::{name}::{dt}"] = f"F.{name}(mk('{dt}'){extra})"
    for name, expr in _LOSSES.items():
        pairs = [(a, b) for a in PAIR_DTYPES for b in PAIR_DTYPES if "float32" in (a, b)] + _PAIRS_EXTRA
        for a, b in pairs:
            out[f"pair::{name}::{a},{b}"] = f"(lambda a, b: {expr})(mk2('{a}'), mk2('{b}'))"
    for i, expr in enumerate(_MISC):
        out[f"misc::{i}::{expr.split('(')[0]}"] = expr
    return out


def namespace(paddle):
    import numpy as np

    F = paddle.nn.functional  # noqa: N806

    def mk(dt, shape=(2, 3, 4, 4)):
        a = np.random.RandomState(0).rand(*shape) * 4 - 2
        if dt == "bfloat16":
            return paddle.to_tensor(a.astype("float32")).astype("bfloat16")
        if dt.startswith("complex"):
            return paddle.to_tensor((a + 1j * a).astype(dt))
        if dt == "bool":
            return paddle.to_tensor(a > 0)
        if dt == "uint8":
            return paddle.to_tensor(np.abs(a).astype(dt))
        return paddle.to_tensor(a.astype(dt))

    def mk2(dt, shape=(4, 3)):
        a = np.random.RandomState(0).rand(*shape)
        if dt.startswith("complex"):
            return paddle.to_tensor((a + 1j * a).astype(dt))
        if dt == "bool":
            return paddle.to_tensor(a > 0.5)
        if dt.startswith("int"):
            return paddle.to_tensor((a * 2).astype(dt))
        return paddle.to_tensor(a.astype(dt))

    return {
        "paddle": paddle, "F": F, "np": np, "mk": mk, "mk2": mk2,
        "x": paddle.to_tensor(np.random.RandomState(0).rand(2, 3).astype("float32")),
        "x4": paddle.to_tensor(np.random.RandomState(0).rand(1, 2, 4, 4).astype("float32")),
        "xi": paddle.to_tensor([[1, 2, 3], [4, 5, 6]]),
        "W": paddle.to_tensor(np.random.RandomState(1).rand(3, 4).astype("float32")),
        "W1": paddle.to_tensor([0.25]), "W4": paddle.ones([2, 2, 3, 3]),
    }


def outcome(expr, ns):
    """What evaluating ``expr`` gives: ``{"ok": True, "value": <list/scalar/str>}`` or
    ``{"ok": False, "type": <exception type name>}``."""
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = eval(expr, dict(ns))  # noqa: S307 - the expressions are this file's own
    except Exception as e:  # noqa: BLE001 - every exception is an outcome
        return {"ok": False, "type": type(e).__name__}
    if isinstance(r, (list, int, float, bool)):
        return {"ok": True, "value": _plain(r)}
    if hasattr(r, "dtype"):  # a Tensor: its dtype
        return {"ok": True, "value": str(r.dtype).replace("paddle.", "")}
    return {"ok": True, "value": str(r).replace("paddle.", "")}  # a dtype, or another object


def _plain(v):
    """JSON-friendly: a complex number becomes [real, imag]."""
    if isinstance(v, list):
        return [_plain(e) for e in v]
    if isinstance(v, complex):
        return [v.real, v.imag]
    return v
