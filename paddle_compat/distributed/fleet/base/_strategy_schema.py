"""Field table of Paddle 2.6.2's DistributedStrategy protobuf messages: (name, number, kind, repeated, default,
sub-message), kept as data in ``_strategy_schema.json`` (recorded from the oracle by
tests/fleet/make_strategy_schema.py)."""

import json
import os

with open(os.path.join(os.path.dirname(__file__), "_strategy_schema.json")) as _file:
    _SCHEMA = json.load(_file)

ORACLE_STAMP = _SCHEMA["oracle_stamp"]
ROOT = _SCHEMA["root"]
MESSAGES = {name: [tuple(field) for field in fields] for name, fields in _SCHEMA["messages"].items()}
del _file, _SCHEMA
