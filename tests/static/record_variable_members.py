"""Record the Variable-only members of static variables with REAL Paddle 2.6.2:

    .oracle/bin/python -m tests.static.record_variable_members    # writes fixtures/variable_members.json

``observe(paddle)`` builds a small program and describes each variable through grad_name, is_parameter,
lod_level, attr_names, to_string and str, plus the errors of attr/append/pop/get_value/to_string and get_value
after the startup program ran; tests/static/test_variable_members.py runs it on paddle-compat and compares."""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "fixtures", "variable_members.json")

# names whose to_string differs from Paddle's in a documented way (mappings/static.toml): Paddle writes
# `lod_level: 0` into an op output's VarDesc only when the op's shape inference shares the input's LoD
LOD_LEVEL_BY_OP = ("mean_0.tmp_0",)


def _error(call):
    try:
        call()
    except Exception as e:  # noqa: BLE001 - the type and first message line are the observation
        return [type(e).__name__, str(e).split("\n")[0]]
    return None


def observe(paddle):
    import numpy as np

    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup), paddle.utils.unique_name.guard():
        x = paddle.static.data("x", [None, 3], "float32")
        ids = paddle.static.data("ids", [2], "int64")
        hidden = paddle.static.nn.fc(x, 4)
        shifted = x + 1
        loss = paddle.mean(hidden)
        weight = paddle.create_parameter([2, 2], "float32")
        block = main.global_block()
        # stop_gradient given: Block.create_var's default differs (mappings/static.toml)
        declared = block.create_var(name="X", shape=[-1, 23, 48], dtype="float32", stop_gradient=False)
        constructed = paddle.static.Variable(block, name="V", shape=[2], dtype="int32", lod_level=0,
                                             stop_gradient=True)
        kept = paddle.static.Variable(block, name="P", shape=[3], dtype="float64", persistable=True,
                                      stop_gradient=True)
    variables = [x, ids, hidden, shifted, loss, weight, block.var("fc_0.w_0"), block.var("fc_0.b_0"), declared,
                 constructed, kept]
    out = {"vars": {}}
    for v in variables:
        out["vars"][v.name] = {
            "grad_name": v.grad_name, "is_parameter": v.is_parameter, "lod_level": v.lod_level,
            "attr_names": list(v.attr_names), "str": str(v), "repr": repr(v),
            "to_string": v.to_string(True), "to_string_false": v.to_string(False),
            "to_string_details": v.to_string(True, True),
        }
    out["errors"] = {
        "attr": _error(lambda: x.attr("foo")),
        "append": _error(lambda: x.append(shifted)),
        "pop": _error(lambda: x.pop()),
        "pop_index": _error(lambda: x.pop(0)),
        "get_value_absent": _error(lambda: x.get_value()),
        "get_value_param_before_startup": _error(lambda: block.var("fc_0.w_0").get_value()),
        "get_value_bad_scope": _error(lambda: x.get_value(scope=1)),
        "to_string_int_flag": _error(lambda: x.to_string(1)),
        "to_string_details_int": _error(lambda: x.to_string(True, 1)),
    }
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        value = block.var("fc_0.b_0").get_value()
        out["get_value_after_startup"] = {"shape": list(np.array(value).shape),
                                          "values": np.array(value).tolist()}
        explicit = block.var("fc_0.b_0").get_value(scope)
        out["get_value_explicit_scope"] = np.array(explicit).tolist()
    out["get_value_other_scope"] = _error(lambda: block.var("fc_0.b_0").get_value(paddle.static.Scope()))
    paddle.disable_static()
    return out


def main():
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    import paddle

    golden = dict(stamp, **observe(paddle))
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
