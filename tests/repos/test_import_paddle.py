"""``import paddle`` loads the namespaces the common path does not need lazily (issue 23 item 4), and classes of
lazily loaded modules still report Paddle's module paths (fixtures/module_paths.json, from real Paddle)."""

import json
import os
import subprocess
import sys

from tools.api_diff.common import load_golden_json

HERE = os.path.dirname(os.path.abspath(__file__))
LAZY = ["paddle_compat.jit", "paddle_compat.vision", "paddle_compat.text", "paddle_compat.hapi",
        "paddle_compat.callbacks", "paddle_compat.distribution", "paddle_compat.static", "paddle_compat.distributed",
        "paddle_compat.incubate", "paddle_compat.sparse", "paddle_compat.quantization", "torch._dynamo"]


def _python(code):
    process = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert process.returncode == 0, process.stderr[-3000:]
    return process.stdout


def test_import_paddle_leaves_lazy_namespaces_unloaded():
    code = f"import json, sys, paddle; print(json.dumps([m for m in {LAZY!r} if m in sys.modules]))"
    loaded = json.loads(_python(code))
    assert loaded == []


def test_lazily_loaded_classes_report_paddle_module_paths():
    golden = load_golden_json(os.path.join(HERE, "fixtures", "module_paths.json"))["module_paths"]
    code = (
        "import json, paddle\n"
        f"names = {list(golden)!r}\n"
        "out = {}\n"
        "for name in names:\n"
        "    value = paddle\n"
        "    for part in name.split('.'):\n"
        "        value = getattr(value, part)\n"
        "    out[name] = value.__module__\n"
        "print(json.dumps(out))\n"
    )
    assert json.loads(_python(code)) == golden


def test_classes_imported_as_submodules_report_paddle_module_paths():
    golden = load_golden_json(os.path.join(HERE, "fixtures", "module_paths.json"))["module_paths"]
    code = ("import json\nimport paddle.vision.models\nimport paddle.text.datasets\n"
            "from paddle.static import InputSpec\n"
            "print(json.dumps([paddle.vision.models.ResNet.__module__, paddle.text.datasets.Imdb.__module__,"
            " InputSpec.__module__]))")
    assert json.loads(_python(code)) == [golden["vision.models.ResNet"], golden["text.datasets.Imdb"],
                                         golden["static.InputSpec"]]


def test_lazy_top_level_names_resolve():
    out = json.loads(_python("import json, paddle; print(json.dumps([paddle.Model.__name__, paddle.summary.__name__,"
                             " paddle.flops.__name__, paddle.DataParallel.__name__, callable(paddle.jit.to_static)]))"))
    assert out == ["Model", "summary", "flops", "DataParallel", True]
