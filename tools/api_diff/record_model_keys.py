"""Record each paddle.vision.models constructor's state_dict keys, shapes and dtypes with REAL Paddle:

    .oracle/bin/python -m tools.api_diff.record_model_keys

Writes tests/goldens/vision_model_keys.json (names and shapes only; no weights).
"""

import json
import zlib  # noqa: F401 - must load before paddle in the oracle venv (zlib clash)

import paddle
import paddle.vision.models as models

# constructor -> kwargs (small num_classes keeps the classifier small; the shapes still pin the layout)
CONSTRUCTORS = {name: {"num_classes": 10} for name in models.__all__ if name[0].islower()}
CONSTRUCTORS["LeNet"] = {}
CONSTRUCTORS["mobilenet_v1"] = {"num_classes": 10, "scale": 0.5}
CONSTRUCTORS["mobilenet_v2"] = {"num_classes": 10, "scale": 0.5}
CONSTRUCTORS["vgg11_bn"] = {"num_classes": 10, "batch_norm": True}


def main():
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    out = {}
    for name, kwargs in sorted(CONSTRUCTORS.items()):
        builder = getattr(models, name.replace("_bn", "") if name == "vgg11_bn" else name)
        with paddle.utils.unique_name.guard():
            net = builder(**kwargs)
        out[name] = {"kwargs": kwargs,
                     "state_dict": [[k, list(v.shape), str(v.dtype).replace("paddle.", "")]
                                    for k, v in net.state_dict().items()],
                     "param_names": [p.name for p in net.parameters()][:8]}
        print(name, len(out[name]["state_dict"]))
    with open("tests/goldens/vision_model_keys.json", "w") as f:
        json.dump({**stamp, "models": out}, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
