"""Record Paddle's op definitions (input/output slots, attribute defaults and types) for the op types
paddle-compat's static engine emits, from real Paddle 2.6.2 (run with the oracle interpreter).

Output: paddle_compat/framework/_op_protos.json, read by framework/program.py to print ops as Paddle does
(every proto attribute with its default, every input slot). The op set: registered op types that appear as
string literals in paddle_compat's sources, with their ``_grad`` ops.
"""
import ast
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.api_diff.common import oracle_stamp  # noqa: E402

OUT = ROOT / "paddle_compat" / "framework" / "_op_protos.json"


def _literals():
    found = set()
    for path in (ROOT / "paddle_compat").rglob("*.py"):
        try:
            tree = ast.parse(path.read_text())
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
                found.add(node.value)
    return found


# AttrType -> a value of that type (proto attrs without a default must be set before check_attrs fills the rest)
_STAND_INS = {0: 0, 1: 0.0, 2: "", 3: [0], 4: [0.0], 5: [], 6: False, 9: 0, 11: [0]}


def _kind_of(value):
    """AttrType of an extra attribute's default (Paddle gives those as plain Python values)."""
    for python_type, scalar, listed in ((bool, 6, 7), (int, 0, 3), (float, 1, 4), (str, 2, 5)):
        if isinstance(value, python_type):
            return scalar
        if isinstance(value, list) and value and isinstance(value[0], python_type):
            return listed
    return None


def _jsonable(v):
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    return None  # block / var attrs: no printable default


def main():
    stamp = oracle_stamp()
    import paddle
    from paddle.base import core, framework

    paddle.enable_static()
    holder = framework.OpProtoHolder.instance()
    registered = set(holder.op_proto_map)
    wanted = _literals() & registered
    wanted |= {t + "_grad" for t in wanted} & registered
    common = {"op_role", "op_role_var", "op_namescope", "op_callstack", "op_device", "with_quant_attr"}
    ops = {}
    for op_type in sorted(wanted):
        proto = holder.get_op_proto(op_type)
        desc = core.OpDesc()
        desc.set_type(op_type)
        required = set()
        for _ in range(len(proto.attrs) + 1):
            try:
                desc.check_attrs()
                break
            except Exception as e:  # noqa: BLE001 - an attr without a default: set a stand-in, try again
                m = re.search(r"Attribute \((\w+)\) is not set", str(e))
                kind = next((int(a.type) for a in proto.attrs if m and a.name == m.group(1)), None)
                if kind not in _STAND_INS:
                    break
                required.add(m.group(1))
                desc._set_attr(m.group(1), _STAND_INS[kind])
        # the checker's defaults are what Paddle shows: the proto's attributes, and for some ops extra ones
        visible = set(desc.attr_names()) - common
        attrs = {}
        for name in sorted(visible | {a.name for a in proto.attrs if not a.extra} - common):
            kind = int(desc.attr_type(name)) if desc.has_attr(name) else next(
                int(a.type) for a in proto.attrs if a.name == name)
            if name in required or not desc.has_attr(name):
                attrs[name] = [kind]  # no default: printed only when the op sets it
            else:
                attrs[name] = [kind, _jsonable(desc.attr(name))]
        extra_defaults = core.get_op_extra_attrs(op_type)
        extra = {}
        for name in sorted((set(extra_defaults) | {a.name for a in proto.attrs if a.extra}) - common - set(attrs)):
            value = _jsonable(extra_defaults.get(name))
            extra[name] = [_kind_of(value), value] if value is not None and _kind_of(value) is not None else []
        ops[op_type] = {"inputs": [[i.name, bool(i.extra)] for i in proto.inputs],
                        "outputs": [[o.name, bool(o.extra)] for o in proto.outputs],
                        "attrs": attrs, "extra_attrs": extra}
    from paddle.base.proto import framework_pb2

    desc = framework_pb2.ProgramDesc.FromString(paddle.static.Program().desc.serialize_to_string())
    versions = [[p.op_name, p.op_version.version] for p in desc.op_version_map.pair]  # Paddle's order
    OUT.write_text(json.dumps(dict(stamp, ops=ops, op_version_map=versions, program_version=desc.version.version),
                              sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{len(ops)} op types -> {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
