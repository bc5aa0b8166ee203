"""Write ``paddle_compat/distributed/fleet/base/_strategy_schema.json`` (loaded by ``_strategy_schema.py``): the
field table (names, numbers, kinds, defaults) of real Paddle 2.6.2's ``DistributedStrategy`` protobuf message and
the messages it nests. Run with the oracle interpreter from the repo root:
``.oracle/bin/python -m tests.fleet.make_strategy_schema``."""

import json
import os

from tools.api_diff.common import oracle_stamp

TARGET = os.path.join(os.path.dirname(__file__), "..", "..", "paddle_compat", "distributed", "fleet", "base",
                      "_strategy_schema.json")
_KINDS = {1: "double", 2: "float", 3: "int", 4: "int", 5: "int", 8: "bool", 9: "str", 11: "msg", 12: "bytes",
          13: "int", 14: "enum", 17: "int", 18: "int"}


def main():
    stamp = oracle_stamp()
    from paddle.distributed.fleet.proto import distributed_strategy_pb2 as pb

    messages = {}

    def visit(descriptor):
        if descriptor.full_name in messages:
            return
        fields = []
        messages[descriptor.full_name] = fields
        for field in descriptor.fields:
            repeated = field.label == 3
            sub = field.message_type.full_name if field.message_type else None
            default = None if (repeated or sub) else field.default_value
            fields.append((field.name, field.number, _KINDS[field.type], repeated, default, sub))
            if field.message_type:
                visit(field.message_type)

    visit(pb.DistributedStrategy.DESCRIPTOR)
    with open(TARGET, "w") as f:
        # one field per line: small diffs when Paddle's schema is re-recorded
        message_blocks = [f"  {json.dumps(name)}: [\n" + ",\n".join(f"   {json.dumps(field)}" for field in fields)
                          + "\n  ]" for name, fields in messages.items()]
        f.write(f'{{\n "oracle_stamp": {json.dumps(stamp)},\n'
                f' "root": {json.dumps(pb.DistributedStrategy.DESCRIPTOR.full_name)},\n'
                ' "messages": {\n' + ",\n".join(message_blocks) + "\n }\n}\n")
    print("wrote", TARGET, len(messages), "messages")


if __name__ == "__main__":
    main()
