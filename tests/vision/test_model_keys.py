"""Every paddle.vision.models constructor builds the state_dict real Paddle builds (keys, shapes, dtypes),
so Paddle's .pdparams load with no missing/unexpected keys. Goldens: tools/api_diff/record_model_keys.py."""

import os

import paddle
import paddle.vision.models as models
import pytest

from tools.api_diff.common import load_golden_json

GOLDEN = load_golden_json(os.path.join(os.path.dirname(__file__), "..", "goldens", "vision_model_keys.json"))["models"]


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.verifies(
    "paddle.vision.models." + ("vgg11" if n == "vgg11_bn" else n))) for n in sorted(GOLDEN)])
def test_state_dict_layout_matches_paddle(name):
    entry = GOLDEN[name]
    builder = getattr(models, "vgg11" if name == "vgg11_bn" else name)
    with paddle.utils.unique_name.guard():
        net = builder(**entry["kwargs"])
    ours = [[k, list(v.shape), v.dtype.name] for k, v in net.state_dict().items()]
    assert ours == entry["state_dict"]
    assert [p.name for p in net.parameters()][:8] == entry["param_names"]


def test_pretrained_without_local_weights_explains_where_to_put_them(tmp_path, monkeypatch):
    from paddle_compat.utils import download

    monkeypatch.setattr(download, "WEIGHTS_HOME", str(tmp_path))
    with pytest.raises(RuntimeError, match="resnet18.pdparams"):
        models.resnet18(pretrained=True)
