"""Oracle-only: record BeamSearchDecoder/dynamic_decode goldens with real paddlepaddle 2.6.2.

Run: .oracle/bin/python tests/nn/make_decode_goldens.py
"""
import json
import os
import sys
import zlib  # noqa: F401  (must precede paddle import in the oracle env)

import numpy as np
import paddle

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

HERE = os.path.dirname(os.path.abspath(__file__))
GOLD = os.path.join(HERE, "..", "goldens")
VOCAB, EMB, HID = 12, 8, 16

CONFIGS = [
    dict(name="gru_b3_s5", cell="gru", beam=3, max_step=5, time_major=False, impute=False, ret_len=True),
    dict(name="gru_b1_s10", cell="gru", beam=1, max_step=10, time_major=False, impute=False, ret_len=True),
    dict(name="lstm_b3_s10_tm", cell="lstm", beam=3, max_step=10, time_major=True, impute=True, ret_len=True),
    dict(name="lstm_b1_s5", cell="lstm", beam=1, max_step=5, time_major=False, impute=True, ret_len=False),
    dict(name="gru_b3_s10_end", cell="gru", beam=3, max_step=10, time_major=False, impute=False, ret_len=True,
         end=2),
]


class CountDecoder(paddle.nn.decode.Decoder):
    """Non-beam decoder (tracks_own_finished False): exercises lengths / impute_finished bookkeeping."""

    def initialize(self, inits):
        return inits, inits, paddle.zeros([3], dtype="bool")

    def step(self, time, inputs, states, **kwargs):
        t = int(time)
        fin = paddle.to_tensor([False, True, False]) if t < 2 else paddle.to_tensor([True, True, t >= 3])
        return inputs * 2, states + kwargs.get("inc", 1), inputs + 1, fin


def custom_goldens():
    out = {}
    x = np.arange(6, dtype="float32").reshape(3, 2)
    for name, kw in [("plain", dict()), ("impute", dict(impute_finished=True)),
                     ("max1_tm", dict(max_step_num=1, output_time_major=True)),
                     ("impute_inc", dict(impute_finished=True, inc=3))]:
        o, s, n = paddle.nn.dynamic_decode(CountDecoder(), inits=paddle.to_tensor(x), return_length=True, **kw)
        out[name] = dict(kw=kw, outputs=o.numpy().tolist(), states=s.numpy().tolist(),
                         lengths=n.numpy().tolist(), lengths_dtype=str(n.numpy().dtype))
    return out


class Model(paddle.nn.Layer):
    def __init__(self, cell):
        super().__init__()
        self.emb = paddle.nn.Embedding(VOCAB, EMB)
        self.cell = paddle.nn.GRUCell(EMB, HID) if cell == "gru" else paddle.nn.LSTMCell(EMB, HID)
        self.out = paddle.nn.Linear(HID, VOCAB)


def main():
    result = {}
    for cfg in CONFIGS:
        paddle.seed(zlib.crc32(cfg["name"].encode()) % 1000)
        m = Model(cfg["cell"])
        paddle.save(m.state_dict(), os.path.join(GOLD, f"nn_decode_{cfg['name']}.pdparams"))
        init = paddle.to_tensor(np.linspace(-1, 1, 2 * HID).reshape(2, HID).astype("float32"))
        inits = init if cfg["cell"] == "gru" else (init, init * 0.5)
        dec = paddle.nn.BeamSearchDecoder(m.cell, start_token=0, end_token=cfg.get("end", 1),
                                          beam_size=cfg["beam"], embedding_fn=m.emb, output_fn=m.out)
        res = paddle.nn.dynamic_decode(dec, inits=inits, max_step_num=cfg["max_step"],
                                       output_time_major=cfg["time_major"], impute_finished=cfg["impute"],
                                       return_length=cfg["ret_len"])
        ids, states = res[0], res[1]
        entry = dict(cfg, ids=ids.numpy().tolist(), ids_dtype=str(ids.numpy().dtype), ids_shape=list(ids.shape),
                     log_probs=states.log_probs.numpy().tolist(), lengths_state=states.lengths.numpy().tolist(),
                     finished=states.finished.numpy().tolist())
        if cfg["ret_len"]:
            entry["seq_len"] = res[2].numpy().tolist()
            entry["seq_len_dtype"] = str(res[2].numpy().dtype)
        cs = states.cell_states
        entry["cell_state0"] = (cs if cfg["cell"] == "gru" else cs[0]).numpy().tolist()
        result[cfg["name"]] = entry
    result["__custom__"] = custom_goldens()
    from tools.api_diff.common import oracle_stamp

    with open(os.path.join(GOLD, "nn_decode.json"), "w") as f:
        json.dump({**oracle_stamp(), "configs": result}, f)


if __name__ == "__main__":
    main()
