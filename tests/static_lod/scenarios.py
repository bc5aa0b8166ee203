"""LoDTensor scenarios recorded with real Paddle 2.6.2 (their printed output) and replayed here: the
``core.LoDTensor`` LoD API and its errors, ``create_lod_tensor``/``create_random_int_lodtensor``, DataFeeder
with lod_level > 0, and LoD passed through ordinary ops (embedding, fc, relu) to a sequence op and to fetches.
Each scenario is source run with ``paddle``/``np`` bound; ``show(e)`` prints an exception's type and sentence."""

SCENARIOS = {
    "lodtensor_api": """
place = paddle.CPUPlace()
t = paddle.base.create_lod_tensor(np.arange(10).reshape(5, 2).astype('float32'), [[2, 3]], place)
print(type(t).__module__, t.lod(), t.recursive_sequence_lengths(), t.shape(), t.has_valid_recursive_sequence_lengths())
print(str(t))
t.set_lod([[0, 1, 5]]); print(t.lod(), t.recursive_sequence_lengths())
t.set_recursive_sequence_lengths([[1, 1], [2, 3]]); print(t.lod())
t.set(np.ones((5, 1), 'int64'), place); print(t.lod(), np.array(t).dtype)
for bad in ([[0, 1, 7]], [[1, 0, 3]], [[0, 2, 1, 5]], [[0, 5], [0, 5]]):
    try:
        t.set_lod(bad); print('accepted', t.lod())
    except Exception as e:
        show(e)
for bad in ([[2, 2]], [[1, 1], [2, 2]]):
    try:
        t.set_recursive_sequence_lengths(bad); print('accepted', t.lod())
    except Exception as e:
        show(e)
u = paddle.base.core.LoDTensor()
print(u.lod(), u.recursive_sequence_lengths(), repr(str(u)))
t2 = paddle.base.create_lod_tensor([[1, 2], [3, 4, 5]], [[2, 3]], place)
print(np.array(t2).dtype, np.array(t2).tolist(), t2.lod())
t3 = paddle.base.create_lod_tensor(t, [[4, 1]], place); print(t3.lod(), np.array(t3).tolist())
for args in (([[1, 2], [3]], [[2, 2]]), (3, [[1]]), (np.zeros((5, 1), 'float32'), [[2, 2]])):
    try:
        paddle.base.create_lod_tensor(args[0], args[1], place); print('accepted')
    except Exception as e:
        show(e)
np.random.seed(0)
r = paddle.base.create_random_int_lodtensor([[2, 3]], [3], place, 0, 9)
print(np.array(r).tolist(), r.lod(), np.array(r).dtype)
print(paddle.base.LoDTensor is paddle.base.core.LoDTensor, paddle.utils.dlpack.LoDTensor is paddle.base.core.LoDTensor)
""",
    "feeder_and_sharing": """
paddle.enable_static()
S = paddle.static
main, start = S.Program(), S.Program()
with S.program_guard(main, start):
    x = S.data('x', [-1, 1], 'int64', lod_level=1)
    y = S.data('y', [-1, 3], 'float32', lod_level=2)
    emb = S.nn.embedding(x, size=[10, 4], param_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.5)))
    h = S.nn.fc(y, 2, weight_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.1)))
    r = paddle.nn.functional.relu(h)
    p = S.nn.sequence_pool(r, 'sum')
    q = S.nn.sequence_last_step(p)
feeder = paddle.base.DataFeeder(feed_list=[x, y], place=paddle.CPUPlace())
data = feeder.feed([([1, 2, 3], [[[1, 2, 3]], [[4, 5, 6], [7, 8, 9]]]), ([4], [[[1, 1, 1]]])])
print(data['x'].lod(), np.array(data['x']).shape, data['y'].lod(), np.array(data['y']).shape)
exe = S.Executor(paddle.CPUPlace())
exe.run(start)
res = exe.run(main, feed=data, fetch_list=[emb, h, r, p, q], return_numpy=False)
for t in res:
    print(np.array(t).shape, t.lod())
print(str(res[3]))
try:
    exe.run(main, feed=data, fetch_list=[h])
except Exception as e:
    show(e)
print(exe.run(main, feed=data, fetch_list=[q])[0].tolist())
""",
    "ctr_metric_bundle": """
paddle.enable_static()
S = paddle.static
for weighted in (False, True):
    main, start = S.Program(), S.Program()
    with S.program_guard(main, start):
        data = S.data(name="data", shape=[-1, 32], dtype="float32")
        label = S.data(name="label", shape=[-1, 1], dtype="float32")
        predict = paddle.nn.functional.sigmoid(S.nn.fc(x=data, size=1, weight_attr=paddle.ParamAttr(
            initializer=paddle.nn.initializer.Constant(0.01))))
        w = S.data(name='w', shape=[-1, 1], dtype='float32') if weighted else None
        outs = S.ctr_metric_bundle(input=predict, label=label, ins_tag_weight=w)
    print([(o.shape, str(o.dtype), o.persistable) for o in outs])
    print([(op.type, sorted(op.input_names), op.output_names) for op in main.global_block().ops])
    print([op.type for op in start.global_block().ops])
    exe = S.Executor(paddle.CPUPlace())
    scope = S.Scope()
    with S.scope_guard(scope):
        exe.run(start)
        rng = np.random.RandomState(0)
        for _ in range(2):
            feed = {"data": rng.rand(4, 32).astype('float32'), "label": rng.randint(0, 2, (4, 1)).astype('float32')}
            if weighted:
                feed["w"] = np.array([[0.5], [1], [1], [1]], 'float32')
            print([np.round(np.array(r), 5).tolist() for r in exe.run(main, feed=feed, fetch_list=list(outs))])
    with S.program_guard(S.Program(), S.Program()):
        x = S.data(name="x", shape=[-1, 1], dtype="float32")
        y = S.data(name="y", shape=[-1, 1], dtype="int32")
        outs = S.ctr_metric_bundle(input=x, label=y)
        print(str(outs[4].dtype), outs[3].shape)
""",
    "static_tensor_array": """
paddle.enable_static()
S = paddle.static
with S.program_guard(S.Program(), S.Program()):
    c = paddle.tensor.create_array('float32', [paddle.ones([2])])
    print(c)
    i = paddle.zeros(shape=[1], dtype='int64')
    x = S.data('x', [2], 'float32')
    a = paddle.tensor.array_write(x=x * 2, i=i, array=c)
    print(a.name, a is c)
    paddle.tensor.array_write(x=x * 3, i=paddle.ones([1], 'int64'), array=a)
    r0 = paddle.tensor.array_read(a, i)
    n = paddle.tensor.array_length(a)
    print(r0, r0.shape, n)
    print([(op.type, sorted(op.input_names), op.output_arg_names) for op in S.default_main_program().global_block().ops
           if op.type in ('write_to_array', 'read_from_array', 'lod_array_length')])
    exe = S.Executor(paddle.CPUPlace())
    grown = paddle.tensor.create_array('float32')
    grown.append(x)
    grown.append(x * 4)
    r = exe.run(feed={'x': np.ones(2, 'float32')}, fetch_list=[grown, paddle.tensor.array_length(grown)])
    print([v.tolist() for v in r[0]], r[1].tolist())
    r = exe.run(feed={'x': np.ones(2, 'float32')}, fetch_list=[a, n, r0])
    print([[v.tolist() for v in r[0]], r[1].tolist(), str(r[1].dtype), r[2].tolist()])
    r = exe.run(feed={'x': np.ones(2, 'float32')}, fetch_list=[a], return_numpy=False)
    print(type(r[0]).__name__, [np.array(t).tolist() for t in r[0]])
    for bad in (lambda: paddle.tensor.array_write(x=x, i=paddle.zeros([1], 'int32')),
                lambda: paddle.tensor.array_write(x=x, i=3), lambda: paddle.tensor.array_read(x, i),
                lambda: paddle.tensor.array_length(x)):
        try:
            bad()
        except Exception as e:
            show(e)
""",
    "sequence_chains": """
paddle.enable_static()
S = paddle.static
main, start = S.Program(), S.Program()
with S.program_guard(main, start):
    x = S.data('x', [-1, 3], 'float32', lod_level=1)
    const = lambda v: paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(v))
    score = S.nn.fc(x, 1, weight_attr=const(0.2), bias_attr=const(0.1))
    attention = S.nn.sequence_softmax(score)
    weighted = paddle.multiply(x, attention)
    pooled = S.nn.sequence_pool(weighted, 'sum')
    back = S.nn.sequence_expand_as(pooled, x)
    diff = paddle.subtract(x, back)
    conv = S.nn.sequence_conv(diff, 2, filter_size=3, param_attr=const(0.05), bias_attr=const(0.0), act='tanh')
    last = S.nn.sequence_last_step(S.nn.sequence_reverse(conv))
    padded, length = S.nn.sequence_pad(conv, paddle.assign(np.array([0.0], 'float32')))
    unpadded = S.nn.sequence_unpad(padded, length)
    loss = paddle.mean(last) + paddle.mean(unpadded)
    paddle.optimizer.SGD(learning_rate=0.5).minimize(loss)
print([op.type for op in main.global_block().ops if op.attr('op_role') == 0])
exe = S.Executor(paddle.CPUPlace())
scope = S.Scope()
with S.scope_guard(scope):
    exe.run(start)
    xs = paddle.base.create_lod_tensor(np.linspace(-1, 1, 21).reshape(7, 3).astype('float32'), [[3, 1, 3]],
                                       paddle.CPUPlace())
    for step in range(3):
        outs = exe.run(main, feed={'x': xs}, fetch_list=[attention, pooled, back, conv, last, unpadded, loss],
                       return_numpy=False)
        print(step, [(np.round(np.array(o), 5).tolist(), o.lod()) for o in outs])
    print(np.round(np.array(scope.find_var('sequence_conv_0.w_0').get_tensor()), 5).tolist())
""",
    "dygraph_mode": """
x = paddle.to_tensor(np.ones((4, 2), 'float32'))
ids = paddle.to_tensor(np.ones((4, 1), 'int64'))
calls = {
    'sequence_conv': lambda: paddle.static.nn.sequence_conv(x, 2),
    'sequence_softmax': lambda: paddle.static.nn.sequence_softmax(x),
    'sequence_pool': lambda: paddle.static.nn.sequence_pool(x, 'sum'),
    'sequence_concat': lambda: paddle.static.nn.sequence_concat([x, x]),
    'sequence_first_step': lambda: paddle.static.nn.sequence_first_step(x),
    'sequence_last_step': lambda: paddle.static.nn.sequence_last_step(x),
    'sequence_slice': lambda: paddle.static.nn.sequence_slice(x, ids, ids),
    'sequence_expand': lambda: paddle.static.nn.sequence_expand(x, x),
    'sequence_expand_as': lambda: paddle.static.nn.sequence_expand_as(x, x),
    'sequence_pad': lambda: paddle.static.nn.sequence_pad(x, x),
    'sequence_unpad': lambda: paddle.static.nn.sequence_unpad(x, ids),
    'sequence_reshape': lambda: paddle.static.nn.sequence_reshape(x, 1),
    'sequence_scatter': lambda: paddle.static.nn.sequence_scatter(x, ids, x),
    'sequence_enumerate': lambda: paddle.static.nn.sequence_enumerate(ids, 2),
    'sequence_reverse': lambda: paddle.static.nn.sequence_reverse(x),
}
for name, call in calls.items():
    try:
        call()
        print(name, 'ran')
    except Exception as e:
        print(name, end=' ')
        show(e)
""",
    "lod_sharing": """
paddle.enable_static()
S = paddle.static
main, start = S.Program(), S.Program()
with S.program_guard(main, start):
    x = S.data('x', [-1, 5], 'float32', lod_level=1)
    w = paddle.ones([5, 5], 'float32')
    outs = {
        'matmul': paddle.matmul(x, w), 'transpose': paddle.transpose(x, [1, 0]), 'sum_axis1': paddle.sum(x, axis=1),
        'sum_keep': paddle.sum(x, axis=1, keepdim=True), 'scale': x * 2.0, 'cast': x.astype('float64'),
        'concat1': paddle.concat([x, x], axis=1), 'slice_cols': x[:, 1:3], 'relu': paddle.nn.functional.relu(x),
        'softmax': paddle.nn.functional.softmax(x), 'reshape': paddle.reshape(x, [-1, 5]),
        'unsqueeze': paddle.unsqueeze(x, 1), 'add_const': x + paddle.ones([5]), 'mean_all': paddle.mean(x),
        'argmax': paddle.argmax(x, axis=1), 'layer_norm': paddle.nn.functional.layer_norm(x, [5]),
        'dropout': paddle.nn.functional.dropout(x, 0.0), 'tanh': paddle.tanh(x), 'square': x * x,
        'topk': paddle.topk(x, 2)[0], 'gather_rows': paddle.gather(x, paddle.to_tensor([0, 1, 2, 3, 4])),
        'split': paddle.split(x, [2, 3], axis=1)[0], 'clip': paddle.clip(x, 0, 1), 'fc': S.nn.fc(x, 3),
        'embedding_like': paddle.nn.functional.embedding(paddle.cast(x[:, :1], 'int64'), paddle.ones([10, 4])),
        'where': paddle.where(x > 0, x, x * 0),
    }
exe = S.Executor(paddle.CPUPlace()); exe.run(start)
t = paddle.base.create_lod_tensor(np.random.RandomState(0).rand(5, 5).astype('float32'), [[2, 3]],
                                  paddle.CPUPlace())
for name, v in outs.items():
    r = exe.run(main, feed={'x': t}, fetch_list=[v], return_numpy=False)[0]
    print(name, r.lod())
""",
    "op_descs": """
paddle.enable_static()
S = paddle.static
with S.program_guard(S.Program(), S.Program()), paddle.utils.unique_name.guard():
    x = S.data('x', [-1, 4], 'float32', lod_level=1)
    y = S.data('y', [-1, 4], 'float32', lod_level=1)
    i = S.data('i', [-1, 1], 'int64', lod_level=1)
    o = S.data('o', [-1, 1], 'int64')
    d = S.data('d', [3, 4], 'float32')
    p = S.data('p', [1], 'float32')
    u = S.data('u', [-1, 1], 'float32', lod_level=1)
    S.nn.sequence_concat([x, y])
    S.nn.sequence_enumerate(i, 2)
    S.nn.sequence_expand(x, y)
    S.nn.sequence_expand_as(d, y)
    S.nn.sequence_first_step(x)
    S.nn.sequence_last_step(x)
    out, length = S.nn.sequence_pad(x, p)
    S.nn.sequence_unpad(out, length)
    S.nn.sequence_reshape(x, 2)
    S.nn.sequence_reverse(x)
    S.nn.sequence_scatter(d, i, u)
    S.nn.sequence_slice(x, o, o)
    S.nn.sequence_softmax(S.data('s', [-1, 1], 'float32', lod_level=1))
    conv = S.nn.sequence_conv(x, 2, name='myconv', act='relu')
    S.nn.sequence_softmax(S.nn.sequence_pool(conv, 'max'), name='sm')
    print([(v.name, v.shape, v.lod_level) for v in S.default_main_program().list_vars()])
    for op in S.default_main_program().global_block().ops:
        attrs = {k: v for k, v in op.all_attrs().items() if not k.startswith('op_') and k != 'with_quant_attr'}
        print(op.type, op.input_names, op.output_names, attrs)
""",
}


def show(error):
    text = str(error).strip()
    line = text.splitlines()[0] if text else ""
    print(type(error).__name__, line[:160])


def run_scenario(paddle, source):
    import contextlib
    import io

    import numpy as np

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        exec(source, {"paddle": paddle, "np": np, "show": show})  # noqa: S102 - the scenarios above
    return buffer.getvalue()
