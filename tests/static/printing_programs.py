"""Small static programs whose printed form (``str(program)``) is compared with real Paddle's.

Run by tests/static/record_printing.py under the oracle (goldens) and by test_program_printing.py under
paddle-compat; every builder returns {label: printed text} and must behave the same under both.
"""


def _fresh(paddle):
    paddle.enable_static()
    paddle.utils.unique_name.switch()
    main, startup = paddle.static.Program(), paddle.static.Program()
    return main, startup


def fc_dropout_sgd(paddle):
    import paddle.nn.functional as F

    main, startup = _fresh(paddle)
    with paddle.static.program_guard(main, startup):
        img = paddle.static.data(name="image", shape=[None, 8])
        label = paddle.static.data(name="label", shape=[None, 1], dtype="int64")
        hidden = paddle.static.nn.fc(x=img, size=6, activation="relu")
        hidden = F.dropout(hidden, p=0.5)
        logits = paddle.static.nn.fc(x=hidden, size=3)
        loss = paddle.mean(F.cross_entropy(logits, label))
        test = main.clone(for_test=True)
        paddle.optimizer.SGD(learning_rate=0.1).minimize(loss)
    return {"main": str(main), "startup": str(startup), "test": str(test)}


def fc_adam(paddle):
    main, startup = _fresh(paddle)
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data(name="x", shape=[None, 4])
        y = paddle.static.data(name="y", shape=[None, 2])
        out = paddle.static.nn.fc(x=x, size=2, activation="tanh")
        loss = paddle.mean(paddle.square(out - y))
        paddle.optimizer.Adam(learning_rate=0.01).minimize(loss)
    return {"main": str(main), "startup": str(startup)}


def conv_bn(paddle):
    main, startup = _fresh(paddle)
    with paddle.static.program_guard(main, startup):
        img = paddle.static.data(name="img", shape=[None, 3, 8, 8])
        conv = paddle.static.nn.conv2d(input=img, num_filters=4, filter_size=3, padding=1)
        bn = paddle.static.nn.batch_norm(input=conv, act="relu")
        pool = paddle.nn.functional.max_pool2d(bn, kernel_size=2)
        paddle.mean(pool)
        test = main.clone(for_test=True)
    return {"main": str(main), "startup": str(startup), "test": str(test)}


def initializers(paddle):
    import numpy as np

    init = paddle.nn.initializer
    main, startup = _fresh(paddle)
    with paddle.static.program_guard(main, startup):
        for i, initializer in enumerate([init.Normal(0.0, 2.0), init.TruncatedNormal(0.5, 1.5), init.Constant(0.25),
                                         init.XavierNormal(), init.KaimingUniform(), init.Uniform(-0.5, 0.5),
                                         init.Assign(np.array([[1.0, 2.0], [3.0, 4.0]], dtype="float32"))]):
            paddle.static.create_parameter([2, 2], "float32", name=f"p{i}",
                                           attr=paddle.ParamAttr(initializer=initializer))
    return {"startup": str(startup)}


def misc_ops(paddle):
    main, startup = _fresh(paddle)
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data(name="x", shape=[None, 2, 3])
        full = paddle.full(shape=[2, 3], fill_value=3, dtype="int64")
        y = paddle.reshape(x, [-1, 6])
        z = paddle.transpose(x, [0, 2, 1])
        s = paddle.nn.functional.softmax(y, axis=-1)
        c = paddle.concat([y, s], axis=1)
        m = paddle.sum(c, axis=1, keepdim=True)
        paddle.static.Print(full, message="full:")
        paddle.static.Print(m, summarize=3)
        paddle.nn.functional.sigmoid(paddle.matmul(z, x))
        paddle.cast(m, "float64")
    return {"main": str(main)}


def op_queries(paddle):
    """Operator's query API: slot names (every proto slot), argument names (slot order), attr names (defaults)."""
    import json

    main, startup = _fresh(paddle)
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data(name="x", shape=[None, 4])
        h = paddle.nn.functional.dropout(paddle.static.nn.fc(x, size=3), p=0.25)
        paddle.reshape(h, [-1, 3, 1])
        paddle.full([2], 1.5, "float32")
    rows = [[op.type, op.input_names, op.output_names, op.input_arg_names, op.output_arg_names,
             sorted(op.attr_names), op.attr("dropout_prob") if op.has_attr("dropout_prob") else None]
            for op in list(main.global_block().ops) + list(startup.global_block().ops)]
    return {"ops": json.dumps(rows, sort_keys=True)}


def print_and_fetch(paddle):
    """static.Print writes to the process's stdout file descriptor (C++ std::cout), not to sys.stdout; an int64
    fetch prints its dtype."""
    import contextlib
    import io
    import os
    import sys
    import tempfile

    main, startup = _fresh(paddle)
    with paddle.static.program_guard(main, startup):
        full = paddle.full(shape=[2, 3], fill_value=3, dtype="int64")
        out = paddle.static.Print(full, message="The content:")
        y = paddle.static.data(name="y", shape=[None, 2], dtype="float32")
        paddle.static.Print(y, summarize=3, print_tensor_lod=False, print_tensor_layout=False)
    exe = paddle.static.Executor(paddle.CPUPlace())
    python_side = io.StringIO()
    with tempfile.TemporaryFile() as fd_side:
        sys.stdout.flush()
        saved = os.dup(1)
        os.dup2(fd_side.fileno(), 1)
        try:
            with contextlib.redirect_stdout(python_side):
                res = exe.run(main, feed={"y": [[0.5, 1.25], [2.0, -3.0]]}, fetch_list=[out])
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
        fd_side.seek(0)
        fd_text = fd_side.read().decode()
    return {"fd": fd_text, "python": python_side.getvalue(), "fetched": repr(res), "main": str(main)}


def _without_callstacks(text):
    """op_callstack holds the Python stack that built each op: file paths of the library, never comparable."""
    import re

    return re.sub(r'(name: "op_callstack"\n\s*type: STRINGS\n)(\s*strings: [^\n]*\n)*', r"\1", text)


def to_string_forms(paddle):
    """Program/Block/Operator.to_string: the protobuf text forms (op_callstack contents left out)."""
    main, startup = _fresh(paddle)
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data(name="X", shape=[2, 3], dtype="float32")
        h = paddle.static.nn.fc(x, size=3, activation="relu")
        paddle.nn.functional.dropout(h, p=0.3)
        paddle.full([2], "2", "int64")
        paddle.static.Print(h, message='say "hi"\n')
    block = main.global_block()
    return {"program": _without_callstacks(main.to_string(True)),
            "program_details": _without_callstacks(main.to_string(False, True)),
            "startup": _without_callstacks(startup.to_string(True, False)),
            "block": _without_callstacks(block.to_string(True)),
            "ops": "".join(_without_callstacks(op.to_string(True)) for op in block.ops)}


BUILDERS = {f.__name__: f for f in (fc_dropout_sgd, fc_adam, conv_bn, initializers, misc_ops, op_queries,
                                    print_and_fetch, to_string_forms)}
