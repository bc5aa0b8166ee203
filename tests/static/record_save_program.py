"""Record ``paddle.save(program)`` / ``paddle.load`` of a ProgramDesc with REAL Paddle 2.6.2:

    .venv/bin/python -m tests.static.record_save_program --ours     # writes fixtures/save_program_ours.pdmodel
    .oracle/bin/python -m tests.static.record_save_program          # fixtures/save_program_paddle.pdmodel + golden

The golden (tests/goldens/static_save_program.json) holds what real Paddle reads back from its own file and from
the file paddle-compat wrote (op types, variable names and shapes)."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PADDLE_FILE = os.path.join(HERE, "fixtures", "save_program_paddle.pdmodel")
OURS_FILE = os.path.join(HERE, "fixtures", "save_program_ours.pdmodel")
GOLDEN = os.path.join(ROOT, "tests", "goldens", "static_save_program.json")


def build_and_save(paddle, path):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup), paddle.utils.unique_name.guard():
        x = paddle.static.data(name="x", shape=[None, 4], dtype="float32")
        hidden = paddle.static.nn.fc(x, 3, activation="relu")
        paddle.mean(hidden)
    paddle.save(main, path)


def describe(program):
    block = program.global_block()
    return {"ops": [op.type for op in block.ops],
            "vars": {name: list(var.shape) for name, var in sorted(block.vars.items())}}


def main():
    if "--ours" in sys.argv:
        import paddle

        paddle.enable_static()
        build_and_save(paddle, OURS_FILE)
        return
    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    import paddle

    paddle.enable_static()
    build_and_save(paddle, PADDLE_FILE)
    golden["paddle_file"] = describe(paddle.load(PADDLE_FILE))
    golden["ours_file_in_paddle"] = describe(paddle.load(OURS_FILE))
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1)


if __name__ == "__main__":
    main()
