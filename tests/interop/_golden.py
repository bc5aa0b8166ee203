"""The oracle goldens of this directory (recorded by tests/interop/record_goldens.py under real Paddle)."""

import functools
import json
import os

from tools.api_diff.common import check_stamp

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")


@functools.cache
def oracle():
    path = os.path.join(FIXTURES, "oracle_goldens.json")
    with open(path) as f:
        golden = json.load(f)
    check_stamp(golden, path)
    return golden
