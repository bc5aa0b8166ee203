"""Record hapi goldens with REAL Paddle (run with the oracle venv's python):

    .oracle/bin/python -m tools.api_diff.record_hapi

Writes tests/goldens/hapi.json (+ hapi_lenet_init.pdparams, the initial LeNet weights the loss
trajectory starts from): summary and flops text for vision models, callback event order, fit/evaluate/
predict progress output (timings masked) and per-step training losses.
"""

import json
import os
import sys
import zlib  # noqa: F401 - must load before paddle in the oracle venv (zlib clash)

import numpy as np
import paddle

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from tests.hapi import scenarios as S  # noqa: E402

GOLDENS = os.path.join("tests", "goldens")


def main():
    from tools.api_diff.common import oracle_stamp

    out = {**oracle_stamp(), "summary": {}, "flops": {}}
    for name, kwargs, size in S.SUMMARY_MODELS:
        net = S.build_model(paddle, name, kwargs)
        info, text = S.capture(paddle.summary, net, size)
        out["summary"][name] = {"text": text, "info": {k: int(v) for k, v in info.items()}}
        net = S.build_model(paddle, name, kwargs)
        total, text = S.capture(paddle.flops, net, list(size), print_detail=True)
        out["flops"][name] = {"text": text, "total": int(total)}
        print("summary/flops", name)

    paddle.seed(7)
    with paddle.utils.unique_name.guard():
        init = paddle.vision.models.LeNet().state_dict()
    paddle.save(init, os.path.join(GOLDENS, "hapi_lenet_init.pdparams"))
    init = paddle.load(os.path.join(GOLDENS, "hapi_lenet_init.pdparams"))

    model = S.lenet_model(paddle, init)
    out["train_losses"] = S.train_losses(paddle, model, steps=20)

    train, test = S.digits(paddle, "train", 256), S.digits(paddle, "test", 100)
    for verbose in (1, 2):
        model = S.lenet_model(paddle, init)
        rec = S.EventRecorder(paddle)
        _, text = S.capture(model.fit, train, test, batch_size=64, epochs=2, verbose=verbose, shuffle=False,
                            log_freq=2, callbacks=[rec.callback])
        out[f"fit_verbose{verbose}"] = {"text": S.mask_timings(text), "events": rec.events}
        result, text = S.capture(model.evaluate, test, batch_size=32, verbose=verbose)
        out[f"evaluate_verbose{verbose}"] = {"text": S.mask_timings(text), "result": result}
        preds, text = S.capture(model.predict, test, batch_size=32, verbose=verbose, stack_outputs=True)
        out[f"predict_verbose{verbose}"] = {"text": S.mask_timings(text), "shape": list(np.shape(preds[0]))}
    with open(os.path.join(GOLDENS, "hapi.json"), "w") as f:
        json.dump(out, f, indent=1, default=float)
    print("wrote", os.path.join(GOLDENS, "hapi.json"))


if __name__ == "__main__":
    main()
