"""paddle.static.amp.amp_nn in dygraph, run by the recorder (real Paddle 2.6.2) and by the test (ours)."""

import numpy as np


def run(paddle):
    from paddle.static.amp import amp_nn

    out = {}
    xs = [paddle.to_tensor(np.array([1.0, -2.0, 8.0], "float32")), paddle.to_tensor(np.array([[3.0]], "float32"))]
    res, found = amp_nn.check_finite_and_unscale(xs, paddle.to_tensor(np.array([4.0], "float32")))
    out["unscale"] = [[r.numpy().tolist() for r in res], found.numpy().tolist(), str(found.dtype),
                      res[0] is xs[0], xs[0].numpy().tolist()]
    bad = [paddle.to_tensor(np.array([1.0, np.inf], "float32")), paddle.to_tensor(np.array([2.0], "float32"))]
    res, found = amp_nn.check_finite_and_unscale(bad, paddle.to_tensor(np.array([2.0], "float32")))
    out["unscale_inf"] = [[[str(v) for v in r.numpy().tolist()] for r in res], found.numpy().tolist()]
    seq = []
    scale = paddle.to_tensor(np.array([1024.0], "float32"))
    good = paddle.to_tensor(np.array([0], "int32"))
    bad_steps = paddle.to_tensor(np.array([0], "int32"))
    for inf in [False, False, True, True, False, True, True, False, False, False]:
        grads = [paddle.to_tensor(np.array([1.5, -2.0], "float32"))]
        found_inf = paddle.to_tensor(np.array([inf]))
        result = amp_nn.update_loss_scaling(grads, found_inf, scale, good, bad_steps, incr_every_n_steps=2,
                                            decr_every_n_nan_or_inf=2, incr_ratio=2.0, decr_ratio=0.5)
        seq.append([None if result is None else [r.numpy().tolist() for r in result],
                    grads[0].numpy().tolist(), scale.numpy().tolist(), good.numpy().tolist(),
                    bad_steps.numpy().tolist()])
    out["update"] = seq
    small = paddle.to_tensor(np.array([1.0], "float32"))
    g0 = paddle.to_tensor(np.array([0], "int32"))
    b0 = paddle.to_tensor(np.array([0], "int32"))
    amp_nn.update_loss_scaling([paddle.ones([1])], paddle.to_tensor(np.array([True])), small, g0, b0, 1000, 1, 2.0,
                               0.5)
    out["floor"] = small.numpy().tolist()
    stop = []
    for inf in (True, False):
        sc = paddle.to_tensor(np.array([8.0], "float32"))
        g1 = paddle.to_tensor(np.array([0], "int32"))
        b1 = paddle.to_tensor(np.array([0], "int32"))
        grads = [paddle.to_tensor(np.array([1.5], "float32"))]
        amp_nn.update_loss_scaling(grads, paddle.to_tensor(np.array([inf])), sc, g1, b1, 1, 1, 2.0, 0.5,
                                   stop_update=True)
        stop.append([grads[0].numpy().tolist(), sc.numpy().tolist(), g1.numpy().tolist(), b1.numpy().tolist()])
    out["stop_update"] = stop
    order = [paddle.to_tensor(np.array([2.0, 4.0], "float32")),
             paddle.to_tensor(np.array([1.0, np.inf, 3.0], "float32")), paddle.to_tensor(np.array([6.0], "float32"))]
    res, found = amp_nn.check_finite_and_unscale(order, paddle.to_tensor(np.array([2.0], "float32")))
    out["unscale_order"] = [[str(v) for v in r.numpy().tolist()] for r in res] + [found.numpy().tolist()]
    return out
