"""__module__ / __qualname__ of the public amp and quantization classes as real Paddle 2.6.2 reports them
(tests/amp/fixtures/module_paths.json, recorded by tests/amp/record_module_paths.py)."""

import json
import os

from tests.amp.module_paths import module_paths
from tools.api_diff.common import check_stamp

PATH = os.path.join(os.path.dirname(__file__), "fixtures", "module_paths.json")


def test_module_paths():
    with open(PATH) as f:
        golden = json.load(f)
    check_stamp(golden, PATH)
    got = module_paths()
    want = golden["module_paths"]
    assert {k: v for k, v in got.items() if v != want[k]} == {}
