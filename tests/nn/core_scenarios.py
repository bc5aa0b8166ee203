"""Layer-semantics scenarios written against Paddle's public API only; each returns JSON-able facts.

Run with the oracle to (re)record the expected facts from real Paddle 2.6.2:

    .oracle/bin/python tests/nn/core_scenarios.py --record

tests/nn/test_core_scenarios.py runs the same functions on our package and compares with the recording.
"""

import json
import os
import sys
import warnings

import numpy as np

FIXTURE = os.path.join(os.path.dirname(__file__), "fixtures", "core_scenarios.json")
SCENARIOS = {}


def scenario(fn):
    SCENARIOS[fn.__name__] = fn
    return fn


def _model(paddle):
    nn = paddle.nn

    class Block(nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 4)
            self.act = nn.ReLU()
            self.register_buffer("running", paddle.zeros([4]))
            self.register_buffer("tmp", paddle.ones([2]), persistable=False)

        def forward(self, x):
            return self.act(self.fc(x))

    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.block = Block()
            self.layers = nn.LayerList([nn.Linear(4, 4), nn.Dropout(0.1)])
            self.head = nn.Sequential(("proj", nn.Linear(4, 2)), ("out", nn.Softmax()))
            self.extra = self.create_parameter([2], is_bias=True)
            self.scale = paddle.create_parameter([1], "float32")

        def forward(self, x):
            x = self.block(x)
            for lay in self.layers:
                x = lay(x)
            return self.head(x) * self.extra

    return Net()


@scenario
def names_and_repr(paddle):
    with paddle.utils.unique_name.guard():
        net = _model(paddle)
        l2 = paddle.nn.Linear(2, 2)
        conv_like = paddle.nn.Embedding(5, 3)
    return {
        "repr": repr(net),
        "full_name": net.full_name(),
        "sub_full_names": [s.full_name() for s in net.sublayers()],
        "param_names": [p.name for p in net.parameters()],
        "named_parameters": [n for n, _ in net.named_parameters()],
        "state_dict": list(net.state_dict().keys()),
        "named_buffers": [n for n, _ in net.named_buffers()],
        "named_sublayers": [n for n, _ in net.named_sublayers()],
        "named_children": [n for n, _ in net.named_children()],
        "sublayers_self": len(net.sublayers(include_self=True)),
        "static_sd": list(net.to_static_state_dict().keys()),
        "l2": [l2.weight.name, l2.bias.name, l2.full_name()],
        "emb": [conv_like.weight.name, repr(conv_like)],
        "trainable": [p.trainable for p in net.parameters()],
        "stop_gradient": [p.stop_gradient for p in net.parameters()],
    }


@scenario
def unique_name_api(paddle):
    un = paddle.utils.unique_name
    out = []
    with un.guard():
        out += [un.generate("fc"), un.generate("fc"), un.generate("conv")]
        with un.guard("A_"):
            out += [un.generate("fc")]
        out += [un.generate("fc")]
    with un.guard():
        old = un.switch()
        out += [un.generate("fc")]
        un.switch(*old) if isinstance(old, tuple) else un.switch(old)
        out += [un.generate("fc")]
    with un.guard():
        a = paddle.nn.Linear(2, 2, weight_attr=paddle.ParamAttr(name="shared_w"))
        try:
            paddle.nn.Linear(2, 2, weight_attr=paddle.ParamAttr(name="shared_w"))
            out.append("no error")
        except ValueError as e:
            out.append("ValueError:" + str(e)[:40])
        out.append(a.weight.name)
    return out


@scenario
def state_dict_roundtrip(paddle):
    paddle.seed(3)
    with paddle.utils.unique_name.guard():
        a = _model(paddle)
        b = _model(paddle)
    sd = a.state_dict()
    missing, unexpected = b.set_state_dict(sd)
    same = all(np.array_equal(v.numpy(), b.state_dict()[k].numpy()) for k, v in sd.items())
    sd2 = dict(sd)
    sd2["zzz"] = paddle.ones([1])
    sd2["block.fc.weight"] = paddle.ones([5, 5])
    del sd2["head.proj.bias"]
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        missing2, unexpected2 = b.set_state_dict(sd2)
    msgs = sorted(str(x.message) for x in w if "Skip loading" in str(x.message))
    by_name = {p.name: p for p in a.parameters()}
    sd3 = {k: v.numpy() for k, v in a.state_dict().items()}
    missing3, unexpected3 = b.set_state_dict({p.name: p.numpy() for p in a.parameters()}, use_structured_name=False)
    # (auto-generated names of plain tensors -- the buffers here -- are not part of this check)
    missing3 = [m for m in missing3 if not m.startswith(("eager_tmp", "generated_tensor"))]
    return {"missing": missing, "unexpected": unexpected, "same": same, "missing2": missing2,
            "unexpected2": unexpected2, "msgs": msgs, "n_params": len(by_name), "numpy_keys": list(sd3),
            "missing3": missing3, "unexpected3": unexpected3}


@scenario
def hooks(paddle):
    lin = paddle.nn.Linear(2, 2, weight_attr=paddle.nn.initializer.Constant(1.0),
                           bias_attr=paddle.nn.initializer.Constant(0.5))
    calls = []

    def pre(layer, inputs):
        calls.append(("pre", type(inputs).__name__, len(inputs)))
        return inputs[0] * 2

    def post(layer, inputs, output):
        calls.append(("post", type(inputs).__name__))
        return output + 1

    h1 = lin.register_forward_pre_hook(pre)
    h2 = lin.register_forward_post_hook(post)
    x = paddle.ones([1, 2])
    y1 = lin(x).numpy().tolist()
    h1.remove()
    y2 = lin(x).numpy().tolist()
    h2.remove()
    y3 = lin(x).numpy().tolist()
    h2.remove()
    return {"calls": calls, "y": [y1, y2, y3]}


@scenario
def train_eval(paddle):
    with paddle.utils.unique_name.guard():
        net = _model(paddle)
    net.eval()
    a = [s.training for s in net.sublayers(include_self=True)]
    r = net.train()
    b = [s.training for s in net.sublayers(include_self=True)]
    return {"eval": a, "train": b, "ret": r is None}


@scenario
def setattr_semantics(paddle):
    nn = paddle.nn
    out = {}
    with paddle.utils.unique_name.guard():
        lay = nn.Linear(2, 3)
        lay.bias = None
        out["bias_none"] = [lay.bias is None, list(lay.state_dict().keys())]
        try:
            lay.weight = paddle.ones([2, 3])
            out["tensor_to_param"] = "ok"
        except TypeError as e:
            out["tensor_to_param"] = "TypeError:" + str(e)
        lay.buf = paddle.zeros([2])
        out["plain_tensor_buffer"] = [list(lay.state_dict().keys()), [n for n, _ in lay.named_buffers()]]
        lay.register_buffer("pb", paddle.ones([1]))
        lay.pb = paddle.full([1], 3.0)
        out["buffer_update"] = [float(lay.pb.numpy()[0]), list(lay.state_dict().keys())]
        lay.sub = nn.ReLU()
        out["sub"] = [n for n, _ in lay.named_children()]
        try:
            lay.sub = 3
            out["sub_bad"] = "ok"
        except TypeError as e:
            out["sub_bad"] = "TypeError:" + str(e)
        del lay.sub
        out["after_del"] = [n for n, _ in lay.named_children()]
        p = lay.create_parameter([2])
        lay.newp = p
        out["newp"] = [n for n, _ in lay.named_parameters()]
        lay.newp = None
        out["newp_none"] = [n for n, _ in lay.named_parameters()]
        out["dir_has"] = all(k in dir(lay) for k in ("weight", "buf", "pb", "newp"))
        try:
            lay.register_buffer("weight", paddle.ones([1]))
            out["buf_exists"] = "ok"
        except KeyError as e:
            out["buf_exists"] = "KeyError:" + str(e)
        try:
            lay.register_buffer("a.b", paddle.ones([1]))
        except KeyError:
            out["buf_dot"] = "KeyError"
        try:
            lay.register_buffer("c", 3)
        except TypeError as e:
            out["buf_type"] = "TypeError:" + str(e)
        try:
            lay.add_parameter("q", paddle.ones([1]))
        except TypeError as e:
            out["addp_type"] = "TypeError:" + str(e)
        try:
            lay.missing_attr  # noqa: B018
        except AttributeError as e:
            out["getattr"] = "AttributeError:" + str(e)
    return out


@scenario
def containers(paddle):
    nn = paddle.nn
    out = {}
    with paddle.utils.unique_name.guard():
        ll = nn.LayerList([nn.Linear(2, 2), nn.ReLU()])
        ll.append(nn.Tanh())
        ll.insert(1, nn.Sigmoid())
        ll.extend([nn.ReLU6()])
        out["ll"] = [type(m).__name__ for m in ll]
        out["ll_neg"] = type(ll[-1]).__name__
        out["ll_slice"] = [type(ll[1:3]).__name__, [type(m).__name__ for m in ll[1:3]]]
        del ll[1]
        out["ll_del"] = [n for n, _ in ll.named_children()]
        ll[0] = nn.Linear(2, 5)
        out["ll_set"] = list(ll.state_dict().keys())
        try:
            ll[10]
        except IndexError as e:
            out["ll_index"] = "IndexError:" + str(e)
        ld = nn.LayerDict({"a": nn.ReLU(), "b": nn.Linear(1, 1)})
        ld["c"] = nn.Tanh()
        ld.update([("d", nn.Sigmoid())])
        out["ld"] = [list(ld.keys()), "a" in ld, len(ld)]
        out["ld_pop"] = type(ld.pop("a")).__name__
        out["ld_sd"] = list(ld.state_dict().keys())
        pl = nn.ParameterList([paddle.create_parameter([1], "float32") for _ in range(2)])
        pl.append(paddle.create_parameter([2], "float32"))
        out["pl"] = [list(pl.state_dict().keys()), len(pl), [p.shape for p in pl]]
        seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
        out["seq"] = [list(seq.state_dict().keys()), type(seq[-1]).__name__, len(seq[:2]), repr(seq[1:])]
        seq2 = nn.Sequential(("first", nn.Linear(2, 2)), ("second", nn.ReLU()))
        out["seq2"] = [list(seq2.state_dict().keys()), type(seq2["second"]).__name__, repr(seq2)]
        y = seq(paddle.ones([4, 2]))
        out["seq_out_shape"] = y.shape
    return out


@scenario
def parameters_attrs(paddle):
    nn = paddle.nn
    out = {}
    with paddle.utils.unique_name.guard():
        reg = paddle.regularizer.L2Decay(0.01)
        lin = nn.Linear(3, 2, weight_attr=paddle.ParamAttr(name="w_custom", learning_rate=0.5, regularizer=reg,
                                                           trainable=False, need_clip=False,
                                                           initializer=nn.initializer.Constant(0.3)),
                        bias_attr=False)
        w = lin.weight
        out["w"] = [w.name, w.optimize_attr, w.trainable, w.stop_gradient, w.need_clip, w.regularizer is reg,
                    w.numpy().tolist(), lin.bias is None, list(lin.state_dict().keys())]
        l2 = nn.Linear(2, 2, weight_attr=nn.initializer.Constant(2.0), bias_attr=nn.initializer.Constant(-1.0))
        out["init_attr"] = [l2.weight.numpy().tolist(), l2.bias.numpy().tolist(), l2.weight.name]
        l3 = nn.Linear(2, 2, bias_attr=paddle.ParamAttr(learning_rate=2.0))
        out["bias_lr"] = [l3.bias.optimize_attr, l3.bias.name, l3.bias.numpy().tolist()]
        p = lin.create_parameter([2, 2], dtype="float64", default_initializer=nn.initializer.Constant(1.5))
        out["cp"] = [p.name, str(p.dtype), p.numpy().tolist(),
                     p.persistable]
        b = lin.create_parameter([3], is_bias=True)
        out["cp_bias"] = [b.name, b.numpy().tolist()]
        t = lin.create_tensor(name="tt")
        out["ct"] = [t.name, t.persistable]
        t2 = lin.create_tensor()
        out["ct2"] = t2.name
        try:
            lin.create_parameter([2], dtype="int64")
        except TypeError:
            out["int_default"] = "TypeError"
        out["int_ok"] = lin.create_parameter([2], dtype="int64",
                                             default_initializer=nn.initializer.Constant(3)).numpy().tolist()
        pr = nn.PReLU(3, init=0.1)
        out["prelu"] = [pr._weight.name, pr._weight.numpy().tolist(), repr(pr)]
        gp = paddle.create_parameter([2, 2], "float32", name="gp", attr=None,
                                     default_initializer=nn.initializer.Assign(np.array([[1, 2], [3, 4]])))
        out["gp"] = [gp.name, gp.numpy().tolist(), gp.stop_gradient]
    return out


@scenario
def dtype_conversion(paddle):
    nn = paddle.nn
    out = {}
    with paddle.utils.unique_name.guard():
        net = _model(paddle)
        net.to(dtype="float64")
        out["to64"] = sorted({str(p.dtype) for p in net.parameters()} | {str(b.dtype) for b in net.buffers()})
        net.float()
        out["float"] = sorted({str(p.dtype) for p in net.parameters()})
        net.float16()
        out["half"] = sorted({str(p.dtype) for p in net.parameters()})
        net.astype("float32")
        out["astype"] = sorted({str(p.dtype) for p in net.parameters()})
        lin = nn.Linear(2, 2)
        lin.to("cpu")
        out["repr_after"] = repr(lin)
        lin.astype("float64")
        out["repr_astype"] = repr(lin)
        try:
            lin.astype("float8")
        except ValueError:
            out["astype_bad"] = "ValueError"
        try:
            lin.to(device=3)
        except ValueError:
            out["to_bad"] = "ValueError"
    return out


@scenario
def reprs(paddle):
    nn = paddle.nn
    layers = [
        nn.Linear(2, 3, name="x"), nn.Embedding(4, 2, padding_idx=1), nn.Embedding(4, 2, sparse=True, name="e"),
        nn.Dropout(0.3), nn.Dropout(0.3, axis=1, mode="downscale_in_infer", name="d"), nn.Dropout2D(), nn.Dropout3D(),
        nn.AlphaDropout(0.2), nn.Flatten(), nn.Identity(), nn.Pad1D(1), nn.Pad2D([1, 2, 3, 4], mode="reflect"),
        nn.Pad3D(2, value=1.0), nn.ZeroPad2D(1), nn.Upsample(scale_factor=2), nn.Upsample(size=[3, 4], mode="bilinear"),
        nn.UpsamplingNearest2D(size=4), nn.UpsamplingBilinear2D(scale_factor=2), nn.Unfold(2), nn.Fold([4, 4], 2),
        nn.CosineSimilarity(), nn.Bilinear(2, 3, 4), nn.PairwiseDistance(), nn.PairwiseDistance(1.0, 1e-5, True),
        nn.Unflatten(1, [2, 3]),
        nn.CELU(), nn.ELU(0.5), nn.GELU(True), nn.Hardshrink(), nn.Hardswish(), nn.Tanh(name="t"), nn.Hardtanh(),
        nn.PReLU(), nn.PReLU(4, 0.1, data_format="NHWC"), nn.ReLU(), nn.ReLU6(name="r"), nn.SELU(), nn.LeakyReLU(0.2),
        nn.Sigmoid(), nn.Hardsigmoid(), nn.Softmax(0), nn.Softmax2D(), nn.Softplus(2, 10), nn.Softshrink(),
        nn.Softsign(), nn.Swish(), nn.Tanhshrink(), nn.ThresholdedReLU(0.5), nn.Mish(), nn.Silu(), nn.LogSigmoid(),
        nn.LogSoftmax(1), nn.Maxout(2), nn.GLU(), nn.RReLU(),
        nn.CrossEntropyLoss(), nn.MSELoss(), nn.L1Loss(), nn.BCELoss(), nn.BCEWithLogitsLoss(), nn.NLLLoss(),
        nn.KLDivLoss(), nn.SmoothL1Loss(), nn.CTCLoss(), nn.MarginRankingLoss(), nn.TripletMarginLoss(),
        nn.LayerList([nn.ReLU(), nn.LayerList([nn.Tanh()])]), nn.LayerDict({"a": nn.ReLU()}), nn.ParameterList(),
    ]
    return [repr(lay) for lay in layers]


@scenario
def initializers(paddle):
    nn = paddle.nn
    init = nn.initializer
    out = {}
    out["gain"] = [init.calculate_gain(n) for n in ("sigmoid", "tanh", "relu", "selu", "conv2d")] + [
        init.calculate_gain("leaky_relu"), init.calculate_gain("leaky_relu", 0.2)]
    try:
        init.calculate_gain("foo")
    except ValueError as e:
        out["gain_bad"] = str(e)
    w = paddle.create_parameter([2, 3, 3, 3], "float32", default_initializer=init.Dirac())
    out["dirac"] = w.numpy().tolist()
    w = paddle.create_parameter([4, 2, 3], "float32", default_initializer=init.Dirac(groups=2))
    out["dirac_g"] = w.numpy().tolist()
    w = paddle.create_parameter([1, 1, 4, 4], "float32", default_initializer=init.Bilinear())
    out["bilinear"] = w.numpy().tolist()
    w = paddle.create_parameter([2, 3], "float64", default_initializer=init.Assign([[1, 2, 3], [4, 5, 6]]))
    out["assign"] = w.numpy().tolist()
    w = paddle.create_parameter([3], "float32", default_initializer=init.Assign(paddle.to_tensor([7.0, 8.0, 9.0])))
    out["assign_t"] = w.numpy().tolist()
    w = paddle.create_parameter([6, 4], "float32", default_initializer=init.Orthogonal(gain=2.0))
    m = w.numpy()
    out["orth"] = np.allclose(m.T @ m, 4 * np.eye(4), atol=1e-4)
    w = paddle.create_parameter([3, 5], "float32", default_initializer=init.Orthogonal())
    m = w.numpy()
    out["orth_wide"] = np.allclose(m @ m.T, np.eye(3), atol=1e-4)
    init.set_global_initializer(init.Constant(0.7), init.Constant(0.2))
    with paddle.utils.unique_name.guard():
        lin = nn.Linear(2, 2)
    out["global"] = [lin.weight.numpy().tolist(), lin.bias.numpy().tolist()]
    lin2 = nn.Linear(2, 2, weight_attr=init.Constant(0.1))
    out["global_vs_attr"] = lin2.weight.numpy().tolist()
    init.set_global_initializer(None)
    lin3 = nn.Linear(2, 2)
    out["global_reset_bias"] = lin3.bias.numpy().tolist()
    return out


@scenario
def weight_norm_names(paddle):
    nn = paddle.nn
    with paddle.utils.unique_name.guard():
        lin = nn.Linear(3, 4)
        nn.utils.weight_norm(lin)
        names = [p.name for p in lin.parameters()]
        shapes = [p.shape for p in lin.parameters()]
        keys = list(lin.state_dict().keys())
        w = lin.weight.numpy()
        nn.utils.remove_weight_norm(lin)
        after = [list(lin.state_dict().keys()), [p.name for p in lin.parameters()],
                 bool(np.allclose(lin.weight.numpy(), w, atol=1e-6))]
        lin2 = nn.Linear(3, 4)
        nn.utils.weight_norm(lin2, dim=None)
        s2 = [p.shape for p in lin2.parameters()]
        lin3 = nn.Linear(3, 4)
        nn.utils.spectral_norm(lin3)
        sn = [list(lin3.state_dict().keys()), [p.name for p in lin3.parameters()],
              [n for n, _ in lin3.named_buffers()], [b.shape for b in lin3.buffers()]]
    return {"names": names, "shapes": shapes, "keys": keys, "after": after, "s2": s2, "sn": sn}


def run_all(paddle):
    res = {}
    for name, fn in SCENARIOS.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res[name] = json.loads(json.dumps(fn(paddle), default=str))
    return res


if __name__ == "__main__":
    if "--record" in sys.argv:
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
        from tools.api_diff.common import oracle_stamp

        stamp = oracle_stamp()
        import paddle

        os.makedirs(os.path.dirname(FIXTURE), exist_ok=True)
        data = run_all(paddle)
        with open(FIXTURE, "w") as f:
            json.dump({**stamp, "scenarios": data}, f, indent=1)
        print("recorded", len(data), "scenarios to", FIXTURE)
