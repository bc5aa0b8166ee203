"""Runs the fit/evaluate/predict scenario in a fresh process (Model's shared logs dict and the unique-name
counters start clean, as in the recorder) and prints the JSON the replay compares with Paddle's."""

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
import paddle  # noqa: E402

from tests.hapi import scenarios as S  # noqa: E402


def main():
    init = paddle.load(os.path.join(os.path.dirname(__file__), "..", "goldens", "hapi_lenet_init.pdparams"))
    out = {}
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
    print(json.dumps(out, default=float))


if __name__ == "__main__":
    main()
