"""hapi callbacks (EarlyStopping, LRScheduler, ReduceLROnPlateau, ModelCheckpoint) driving Model.fit on a tiny
regression, in both interpreters (record.py with real Paddle 2.6.2, test_callbacks.py with ours): when training
stops, the learning rates seen at each epoch, the files written, the final loss."""

import os
import tempfile

import numpy as np

from tests.golden_scenarios import registry

SCENARIOS, APIS, scenario = registry()



def _data(paddle, n, seed):
    rng = np.random.RandomState(seed)
    x = rng.uniform(-1, 1, size=[n, 3]).astype("float32")
    y = (x @ np.array([[1.5], [-2.0], [0.5]], "float32") + 0.1).astype("float32")

    class Pairs(paddle.io.Dataset):
        def __getitem__(self, i):
            return x[i], y[i]

        def __len__(self):
            return n

    return Pairs()


def _model(paddle, scheduler=None):
    with paddle.utils.unique_name.guard():
        net = paddle.nn.Linear(3, 1)
    net.weight.set_value(np.full([3, 1], 0.1, "float32"))
    net.bias.set_value(np.zeros([1], "float32"))
    model = paddle.Model(net, inputs=[paddle.static.InputSpec([None, 3], "float32", "x")],
                         labels=[paddle.static.InputSpec([None, 1], "float32", "y")])
    opt = paddle.optimizer.SGD(learning_rate=scheduler if scheduler is not None else 0.1,
                               parameters=net.parameters())
    model.prepare(opt, paddle.nn.MSELoss())
    return model, opt, net


class _LrLog:
    """A callback recording the optimizer's learning rate at each epoch end (a plain Callback subclass)."""

    def __new__(cls, paddle, opt):
        class Log(paddle.callbacks.Callback):
            def __init__(self):
                super().__init__()
                self.lrs = []
                self.epochs = []

            def on_epoch_end(self, epoch, logs=None):
                self.lrs.append(round(float(opt.get_lr()), 8))
                self.epochs.append(epoch)

        return Log()


@scenario("paddle.callbacks.EarlyStopping")
def early_stopping(paddle):
    train, val = _data(paddle, 16, 0), _data(paddle, 8, 1)
    out = {}
    for name, kwargs in {"patient": dict(monitor="loss", patience=1, min_delta=10.0, mode="min"),
                         "auto_mode": dict(monitor="loss", patience=0, min_delta=0.5),
                         "baseline": dict(monitor="loss", patience=2, baseline=0.0, mode="min")}.items():
        model, opt, net = _model(paddle)
        stop = paddle.callbacks.EarlyStopping(save_best_model=False, verbose=0, **kwargs)
        log = _LrLog(paddle, opt)
        model.fit(train, val, epochs=6, batch_size=8, verbose=0, shuffle=False, callbacks=[stop, log])
        out[name] = {"epochs": log.epochs, "stopped_epoch": stop.stopped_epoch, "wait": stop.wait_epoch,
                     "best": float(stop.best_value), "stop_training": bool(model.stop_training),
                     "weight": net.weight}
    return out


@scenario("paddle.callbacks.LRScheduler")
def lr_scheduler_callback(paddle):
    train = _data(paddle, 16, 2)
    out = {}
    for by_step in (True, False):
        scheduler = paddle.optimizer.lr.StepDecay(0.2, step_size=1, gamma=0.5)
        model, opt, net = _model(paddle, scheduler)
        log = _LrLog(paddle, opt)
        model.fit(train, epochs=3, batch_size=8, verbose=0, shuffle=False,
                  callbacks=[paddle.callbacks.LRScheduler(by_step=by_step, by_epoch=not by_step), log])
        out[f"by_step_{by_step}"] = {"lrs": log.lrs, "last_epoch": scheduler.last_epoch, "weight": net.weight}
    return out


@scenario("paddle.callbacks.ReduceLROnPlateau")
def reduce_on_plateau(paddle):
    train, val = _data(paddle, 16, 3), _data(paddle, 8, 4)
    model, opt, net = _model(paddle)
    reduce = paddle.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=10.0,
                                                cooldown=1, min_lr=0.02, verbose=0)
    log = _LrLog(paddle, opt)
    model.fit(train, val, epochs=5, batch_size=8, verbose=0, shuffle=False, callbacks=[reduce, log])
    return {"lrs": log.lrs, "wait": reduce.wait, "cooldown_counter": reduce.cooldown_counter,
            "weight": net.weight}


@scenario("paddle.callbacks.ModelCheckpoint")
def model_checkpoint(paddle):
    train = _data(paddle, 16, 5)
    model, opt, net = _model(paddle)
    with tempfile.TemporaryDirectory() as root:
        model.fit(train, epochs=3, batch_size=8, verbose=0, shuffle=False,
                  callbacks=[paddle.callbacks.ModelCheckpoint(save_freq=2, save_dir=root)])
        files = sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs)
        state = paddle.load(os.path.join(root, "final.pdparams"))
    return {"files": files, "final_keys": sorted(state), "final_weight": state["weight"], "weight": net.weight}
