"""Scenarios distilled from differences found by running the PaddlePaddle/docs programs (guides, practices)
under real Paddle 2.6.2 and under paddle-compat.

Record (oracle only): ``.oracle/bin/python -m tests.docs_programs`` writes tests/goldens/docs_programs.json.
Each scenario is a code string that leaves its answer in ``result``; the golden holds that code with real
Paddle's outcome, and tests/<area>/test_docs_<topic>.py replays it with ours (``golden_cases`` + ``outcome``).
"""
import json
import os
import re

GOLDEN_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "goldens", "docs_programs.json")

# paddle.summary's printed table and its counts; layer numbers (global per class) written as N
_SUMMARY = ("import contextlib, io, re\n"
            "def table(net, size):\n    text = io.StringIO()\n    with contextlib.redirect_stdout(text):\n"
            "        info = paddle.summary(net, size)\n    return [re.sub(r'-\\d+ ', '-N ', text.getvalue()), info]\n")

SCENARIOS = {
    # guides/jit/debugging_en: reshape to [1, Tensor(2)] of a 3-element tensor; Paddle's message names the capacity
    "reshape": {
        "capacity": "result = paddle.reshape(paddle.ones([3]), [1, 2])",
        "capacity_tensor_dim": "result = paddle.reshape(paddle.ones([3]), [1, paddle.full([1], 2, 'int32')])",
        "capacity_zero_copies_dim": "result = paddle.reshape(paddle.ones([3, 4]), [0, 5])",
        "known_capacity": "result = paddle.reshape(paddle.ones([3, 4]), [-1, 5])",
        "two_unknown": "result = paddle.reshape(paddle.ones([3]), [-1, -1])",
        "negative": "result = paddle.reshape(paddle.ones([3]), [-2, 3])",
        "zero_past_rank": "result = paddle.reshape(paddle.ones([3]), [2, 0])",
        "zero_past_rank_empty": "result = paddle.reshape(paddle.ones([0, 2]), [2, 0, 0])",
        "method": "result = paddle.ones([3]).reshape([2, 2])",
        "inplace": "result = paddle.ones([3]).reshape_([2, 2])",
        "tensor_shape": "result = paddle.reshape(paddle.ones([3]), paddle.to_tensor([2, 2]))",
    },
    # guides/beginner/tensor_index_cn: assigned values that do not broadcast, index tensors that do not broadcast
    "tensor_index": {
        "set_slice_value_shape": "a = paddle.ones((2, 3, 4))\na[:, :, 3] = paddle.full([2, 4], 5.0)",
        "set_int_more_dims": "a = paddle.ones((2, 3, 4))\na[0] = paddle.full([2, 3, 4], 5.0)",
        "set_int_broadcast_ok": "a = paddle.ones((2, 3, 4))\na[0] = paddle.full([1, 1, 3, 4], 5.0)\nresult = a",
        "set_scalar_target": "a = paddle.ones((2, 3, 4))\na[0, 0, 0] = paddle.full([2], 5.0)",
        "set_slice_ndarray": "import numpy as np\na = paddle.ones((2, 3, 4))\na[0] = np.ones([3, 3])",
        "set_none_axis": "a = paddle.ones((2, 3, 4))\na[0, None] = paddle.full([2, 4], 5.0)",
        "set_negative_step": "a = paddle.ones((2, 3, 4))\na[::-1] = paddle.full([3, 3, 4], 5.0)",
        "set_list_index": "a = paddle.ones((2, 3, 4))\na[[0, 1]] = paddle.full([3, 3, 4], 5.0)",
        "set_two_lists": "a = paddle.ones((2, 3, 4))\na[[0, 1], [0, 1]] = paddle.full([3], 5.0)",
        "set_bool_mask": "a = paddle.ones((2, 3, 4))\na[a > 0] = paddle.full([3], 5.0)",
        "set_bool_axis0": "a = paddle.ones((2, 3, 4))\na[paddle.to_tensor([True, False])] = paddle.full([2, 4], 5.0)",
        "set_unbroadcastable_indices": "a = paddle.ones((2, 3, 4))\na[[0, 1, 1], [0, 1]] = 1.0",
        "get_unbroadcastable_lists": "a = paddle.arange(6).reshape((2, 3))\nresult = a[[0, 2, 1], [0, 1]]",
        "get_unbroadcastable_axis1": ("a = paddle.ones((2, 3, 4))\n"
                                      "result = a[paddle.zeros([2, 3], 'int64'), paddle.zeros([4, 3], 'int64')]"),
        "get_unbroadcastable_axis2": ("a = paddle.ones((2, 3, 4))\n"
                                      "result = a[paddle.zeros([2, 3, 2], 'int64'), paddle.zeros([5, 3, 2], 'int64')]"),
    },
    # guides/beginner/tensor_index_cn: item assignment in static mode, and paddle.static.setitem
    "static_setitem": {
        "dygraph_returns_x": "a = paddle.ones([2, 3])\nb = paddle.static.setitem(a, 0, 5)\nresult = [a, b is a]",
        "static_setitem_refused": (
            "paddle.enable_static()\ntry:\n    a = paddle.ones((2, 3, 4))\n    a[0] = 1\n"
            "finally:\n    paddle.disable_static()"),
        "static_setitem_new_var": (
            "paddle.enable_static()\ntry:\n    main = paddle.static.Program()\n"
            "    with paddle.static.program_guard(main):\n"
            "        x = paddle.ones((2, 3, 4))\n        y = paddle.static.setitem(x, 0, 1.5)\n"
            "        z = paddle.static.setitem(x, (1, slice(0, 2)), paddle.full([3, 4], 7.0)[:2])\n"
            "        w = paddle.static.setitem(paddle.ones((2, 3), 'int32'), 0, 2.5)\n"
            "    exe = paddle.static.Executor()\n"
            "    result = [y is x, y.shape, str(w.dtype), exe.run(main, fetch_list=[y, x, z, w])]\n"
            "finally:\n    paddle.disable_static()"),
    },
    # guides/advanced/auto_type_promotion_en: float16 random tensors on CPU
    "random_kernels": {
        "rand_float16": "result = paddle.rand([3, 3], dtype='float16')",
        "uniform_int32": "result = paddle.uniform([3], 'int32')",
        "randn_float16": "result = paddle.randn([3], dtype='float16')",
        "standard_normal_int32": "result = paddle.standard_normal([3], 'int32')",
    },
    # guides/beginner/train_eval_predict_cn (`train_loader().next()`), practices/gan (num_workers=4 on 2 cores)
    "dataloader": {
        # workers seeded as Paddle's worker loop: base seed drawn from the main numpy stream, then random/paddle
        # with base + id and numpy with the seed-sequence hash
        "worker_seeds": (
            "import random\nimport numpy as np\nclass D(paddle.io.Dataset):\n    def __len__(self):\n        return 4\n"
            "    def __getitem__(self, i):\n        info = paddle.io.get_worker_info()\n"
            "        return [np.random.rand(), random.random(), float(paddle.rand([1])), float(info.seed % 1000003),"
            " float(info.id)]\n"
            "np.random.seed(5)\nrandom.seed(5)\npaddle.seed(5)\n"
            "batches = list(paddle.io.DataLoader(D(), batch_size=2, num_workers=2))\n"
            "result = [[[round(float(v), 6) for v in col.numpy().ravel()] for col in b] for b in batches]\n"
            "result.append(round(float(np.random.rand()), 6))"),
        "iterator_names": (
            "class D(paddle.io.Dataset):\n    def __len__(self):\n        return 4\n"
            "    def __getitem__(self, i):\n        return [float(i)]\n"
            "result = []\nfor workers in (0, 2):\n"
            "    it = iter(paddle.io.DataLoader(D(), batch_size=2, num_workers=workers))\n"
            "    result.append([type(it).__name__, type(it).__module__])\n"
            "    try:\n        it.next()\n    except AttributeError as e:\n        result.append(str(e))"),
        "more_workers_than_cores_silent": (
            "import os, warnings\nclass D(paddle.io.Dataset):\n    def __len__(self):\n        return 4\n"
            "    def __getitem__(self, i):\n        return [float(i)]\n"
            "with warnings.catch_warnings(record=True) as caught:\n    warnings.simplefilter('always')\n"
            "    batches = list(paddle.io.DataLoader(D(), batch_size=2, num_workers=os.cpu_count() + 2))\n"
            "result = [len(batches), [str(w.message) for w in caught if 'worker' in str(w.message)]]"),
    },
    # guides/performance_improving/amp_en: `label._to(place)` moves a batch's labels
    "tensor_to": {
        "private_to_in_place": ("x = paddle.ones([2])\nx.stop_gradient = False\ny = x._to(dtype='float64')\n"
                                "result = [y is x, str(x.dtype), x.stop_gradient]"),
        "private_to_place": "x = paddle.ones([2])\nresult = [x._to(paddle.CPUPlace()) is x, x._to() is x, x]",
        "private_to_bad_device": "result = paddle.ones([2])._to(3)",
        "private_to_bad_blocking": "result = paddle.ones([2])._to(blocking=1)",
    },
    # static-graph training with dropout: the op draws its mask from the CPU engine at every run (the global
    # one, or a fresh engine seeded with the program's random_seed), Out and Mask fetchable
    "static_dropout": {
        f"seed_{seed}": (
            "import numpy as np\npaddle.seed(0)\npaddle.enable_static()\n"
            "main, startup = paddle.static.Program(), paddle.static.Program()\n"
            f"main.random_seed = {seed}\nstartup.random_seed = {seed}\n"
            "with paddle.static.program_guard(main, startup):\n"
            "    x = paddle.static.data('x', [None, 6], 'float32')\n"
            "    h = paddle.nn.functional.dropout(paddle.static.nn.fc(x, 8), 0.4)\n"
            "    loss = paddle.mean(paddle.static.nn.fc(h, 1) ** 2)\n"
            "    test_prog = main.clone(for_test=True)\n"
            "    paddle.optimizer.SGD(0.1).minimize(loss)\n"
            "mask = [op for op in main.global_block().ops if op.type == 'dropout'][0].output('Mask')[0]\n"
            "exe = paddle.static.Executor(paddle.CPUPlace())\nexe.run(startup)\n"
            "xs = np.random.RandomState(0).rand(4, 6).astype('float32')\nresult = []\n"
            "for _ in range(3):\n"
            "    l, m = exe.run(main, feed={'x': xs}, fetch_list=[loss, mask])\n"
            "    result.append([round(float(l), 4), m.dtype.name, int(m.sum())])\n"
            "result.append(round(float(exe.run(test_prog, feed={'x': xs}, fetch_list=[loss])[0]), 4))\n"
            "paddle.disable_static()")
        for seed in (0, 7)
    },
    # guides/model_convert/update_en: jit.save of a Layer whose forward is decorated in the class body
    "jit_save": {
        "class_decorated_forward": (
            "import os, tempfile\nfrom paddle.static import InputSpec\n"
            "class SimpleNet(paddle.nn.Layer):\n    def __init__(self):\n        super().__init__()\n"
            "        self.linear = paddle.nn.Linear(10, 3)\n\n"
            "    @paddle.jit.to_static(input_spec=[InputSpec(shape=[None, 10], name='x'), "
            "InputSpec(shape=[3], name='y')])\n"
            "    def forward(self, x, y):\n        return self.linear(x) + y\n\n"
            "net = SimpleNet()\npath = os.path.join(tempfile.mkdtemp(), 'simple_net')\npaddle.jit.save(net, path)\n"
            "loaded = paddle.jit.load(path)\nx, y = paddle.ones([4, 10]), paddle.arange(3, dtype='float32')\n"
            "out = loaded(x, y)\n"
            "result = [out.shape, str(out.dtype), bool(paddle.allclose(out, net(x, y))), "
            "os.path.exists(path + '.pdmodel'), os.path.exists(path + '.pdiparams')]"),
        # hapi Model built without inputs: save(training=False) exports the first batch's shapes, with a warning
        "model_save_inferred_inputs": (
            "import os, tempfile, warnings\nimport numpy as np\nfrom paddle.io import TensorDataset\n"
            "model = paddle.Model(paddle.nn.Sequential(paddle.nn.Linear(4, 3)))\n"
            "model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()), paddle.nn.CrossEntropyLoss())\n"
            "r = np.random.RandomState(0)\n"
            "ds = TensorDataset([paddle.to_tensor(r.rand(8, 4).astype('float32')), "
            "paddle.to_tensor(r.randint(0, 3, (8, 1)).astype('int64'))])\n"
            "path = os.path.join(tempfile.mkdtemp(), 'infer')\nresult = []\n"
            "try:\n    paddle.Model(paddle.nn.Linear(4, 3)).save(path, training=False)\n"
            "except RuntimeError as e:\n    result.append(str(e))\n"
            "model.fit(ds, epochs=1, batch_size=4, verbose=0)\n"
            "with warnings.catch_warnings(record=True) as caught:\n    warnings.simplefilter('always')\n"
            "    model.save(path, training=False)\n"
            "result += [str(w.message) for w in caught if 'inputs' in str(w.message)]\n"
            "result += [str(s) for s in model._inputs]\n"
            "result += [os.path.exists(path + '.pdmodel'), paddle.jit.load(path)(paddle.ones([2, 4])).shape]"),
        # deployment code asks the predictor for save_inference_model's scaled output names
        "predictor_names": (
            "import os, tempfile, numpy as np\nfrom paddle.static import InputSpec\n"
            "net = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.ReLU())\nnet.eval()\n"
            "path = os.path.join(tempfile.mkdtemp(), 'net')\n"
            "with paddle.utils.unique_name.guard():  # the scaled outputs' names count per name generator\n"
            "    paddle.jit.save(net, path, input_spec=[InputSpec([None, 4], 'float32', 'x')])\n"
            "    paddle.jit.save(net, path + '2', input_spec=[InputSpec([None, 4], 'float32', 'x')])\n"
            "cfg = paddle.inference.Config(path + '.pdmodel', path + '.pdiparams')\ncfg.disable_gpu()\n"
            "pred = paddle.inference.create_predictor(cfg)\nh = pred.get_input_handle('x')\n"
            "h.reshape([2, 4])\nh.copy_from_cpu(np.ones([2, 4], 'float32'))\npred.run()\n"
            "out = pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu()\n"
            "cfg2 = paddle.inference.Config(path + '2.pdmodel', path + '2.pdiparams')\n"
            "result = [pred.get_input_names(), pred.get_output_names(), list(out.shape),\n"
            "          paddle.inference.create_predictor(cfg2).get_output_names()]"),
    },
    # guides/model_convert/update_en: paddle.distributed.spawn whose child process fails
    "spawn_failures": {
        "child_exit_code": (
            "import os\ntry:\n    paddle.distributed.spawn(os._exit, args=(3,), nprocs=1)\n"
            "except Exception as e:\n    result = [type(e).__name__, str(e)]"),
        "child_raises": (
            "import operator\ntry:\n    paddle.distributed.spawn(operator.truediv, args=(1, 0), nprocs=1)\n"
            "except Exception as e:\n    lines = str(e).splitlines()\n"
            "    result = [type(e).__name__, lines[:5], [l for l in lines if l.strip()][-1]]"),
    },
    # practices/recommendations/collaborative_filtering: BCELoss on [128, 128] predictions and [128, 1] labels
    "bce_shapes": {
        f"{name}_{'x'.join(map(str, shape))}":
            f"result = paddle.nn.functional.{name}(paddle.rand([4, 3]), paddle.rand({shape}))"
        for name in ("binary_cross_entropy", "binary_cross_entropy_with_logits")
        for shape in ([5, 3], [3], [4, 3, 1], [4, 1], [1, 3], [4])
    } | {"layer_bce": "result = paddle.nn.BCELoss()(paddle.rand([128, 128]), paddle.rand([128, 1]))",
         "pos_weight_logits": ("result = paddle.nn.functional.binary_cross_entropy_with_logits(paddle.rand([4, 3]), "
                               "paddle.rand([4, 1]), pos_weight=paddle.ones([3]))")},
    # practices/time_series/temperature_forecast: paddle.summary of a model holding an LSTM
    "summary_rnn": {
        "lstm_in_model": _SUMMARY + (
            "class Net(paddle.nn.Layer):\n    def __init__(self):\n        super().__init__()\n"
            "        self.lstm = paddle.nn.LSTM(4, 3)\n        self.fc = paddle.nn.Linear(3, 1)\n"
            "    def forward(self, x):\n        y, (h, c) = self.lstm(x)\n        return self.fc(y[:, -1])\n"
            "result = table(Net(), (2, 5, 4))"),
        "lstm_alone": _SUMMARY + "result = table(paddle.nn.LSTM(4, 3), (2, 5, 4))",
        "gru_two_layers": _SUMMARY + "result = table(paddle.nn.GRU(4, 3, num_layers=2), (2, 5, 4))",
        "simple_rnn_bidirect": _SUMMARY + "result = table(paddle.nn.SimpleRNN(4, 3, direction='bidirect'), (2, 5, 4))",
        "lstm_in_sequential": _SUMMARY + (
            "class Pick(paddle.nn.Layer):\n    def forward(self, out):\n        return out[0]\n"
            "result = table(paddle.nn.Sequential(paddle.nn.LSTM(4, 3, num_layers=2), Pick(), paddle.nn.Linear(3, 2)), "
            "(2, 5, 4))"),
    },
    # practices/time_series/temperature_forecast: paddle.metric.Accuracy on a regression output (float labels)
    "accuracy_float_label": {
        "top1_regression": (
            "import numpy as np\nm = paddle.metric.Accuracy()\n"
            "c = m.compute(paddle.to_tensor(np.array([[0.3], [0.5], [-0.2], [1.7], [-1.5]], 'float32')),\n"
            "              paddle.to_tensor(np.array([[0.4], [-0.9], [1.2], [0.0], [-1.0]], 'float32')))\n"
            "result = [c, m.update(c), m.accumulate()]"),
        "top2_float_label": (
            "import numpy as np\nm = paddle.metric.Accuracy(topk=(1, 2))\n"
            "c = m.compute(paddle.to_tensor(np.random.RandomState(0).rand(4, 3).astype('float32')),\n"
            "              paddle.to_tensor(np.array([[1.9], [0.2], [2.5], [-0.7]], 'float32')))\n"
            "result = [c, m.update(c), m.accumulate()]"),
        "top1_int_label": (
            "import numpy as np\nm = paddle.metric.Accuracy()\n"
            "c = m.compute(paddle.to_tensor(np.random.RandomState(1).rand(6, 4).astype('float32')),\n"
            "              paddle.to_tensor(np.array([0, 1, 2, 3, 1, 0], 'int64')))\n"
            "result = [c, m.update(c), m.accumulate()]"),
    },
    # guides/jit/debugging_en: set_code_level() then set_verbosity(3); Paddle keeps both levels to itself
    "jit_levels": {
        "code_level_leaves_environ": "import os\npaddle.jit.set_code_level()\nresult = os.environ.get('TORCH_LOGS')",
        "verbosity_after_code_level": (
            "import os\npaddle.jit.set_code_level(100)\npaddle.jit.set_verbosity(3)\n"
            "result = sorted(k for k in os.environ if k.startswith(('TORCH_', 'TRANSLATOR_')))"),
    },
    # guides/custom_op/new_python_op_cn, guides/advanced/autograd_cn, paddle_v3_features/higher_order_ad_cn:
    # backward/grad where no tensor needs a gradient, .grad of a non-leaf, PyLayer outputs and gradients
    "autograd_no_graph": {
        "backward_stop_gradient_scalar": "x = paddle.ones([2])\nresult = [(x * 2).sum().backward(), x.grad]",
        "backward_stop_gradient_vector": "x = paddle.ones([2])\nresult = [(x * 2).backward(), x.grad]",
        "backward_int": "result = paddle.to_tensor([1, 2]).sum().backward()",
        "backward_grad_tensor_type": "w = paddle.ones([2])\nw.stop_gradient = False\nresult = (w * 2).backward(5)",
        "backward_grad_tensor_type_no_graph": "result = paddle.ones([2]).backward(5)",
        "backward_grad_tensor_shape": (
            "import re\nw = paddle.ones([2])\nw.stop_gradient = False\ntry:\n"
            "    (w * 2).backward(paddle.ones([5]))\nexcept AssertionError as e:\n"
            "    result = re.sub(r'\\[ \\w+ \\]', '[ NAME ]', str(e))"),
        "autograd_backward_mixed": (
            "x = paddle.ones([2])\nw = paddle.ones([2])\nw.stop_gradient = False\n"
            "paddle.autograd.backward([(x * 2).sum(), (w * 3).sum()])\nresult = [x.grad, w.grad]"),
        "autograd_backward_none_need_grad": (
            "x = paddle.ones([2])\nresult = paddle.autograd.backward([(x * 2).sum()], [paddle.ones([3])])"),
        # (a tensor made by an op, e.g. paddle.rand, has no autograd meta in Paddle: "(Fatal) Null autograd_meta")
        "grad_no_graph": "x = paddle.ones([2])\nresult = paddle.grad(paddle.tanh(x), x, create_graph=True)",
        "grad_no_graph_allow_unused": (
            "x = paddle.ones([2])\nresult = paddle.grad(paddle.tanh(x), x, allow_unused=True)"),
        "grad_output_stop_gradient_input_needs_grad": (
            "x = paddle.ones([2])\nx.stop_gradient = False\nresult = paddle.grad(paddle.ones([2]) * 2, x)"),
        "grad_second_input_absent": (
            "x = paddle.ones([2])\nx.stop_gradient = False\ny = paddle.ones([2])\n"
            "result = paddle.grad((x * 2).sum(), [x, y])"),
        "nonleaf_grad_silent": (
            "import warnings\na = paddle.to_tensor(2.0, stop_gradient=False)\nc = a * 5\ne = c * 4\n"
            "with warnings.catch_warnings(record=True) as caught:\n    warnings.simplefilter('always')\n"
            "    e.backward()\n    seen = [a.grad, c.grad, c.gradient(), e.grad]\n    c.clear_grad()\n"
            "result = [seen, [str(w.message) for w in caught]]"),
        "nonleaf_retained_grad": (
            "a = paddle.to_tensor(2.0, stop_gradient=False)\nc = a * 3\nc.retain_grads()\n(c * 2).backward()\n"
            "result = [c.grad, c.gradient(), a.grad]"),
    },
    "pylayer_outputs": {
        "no_tensor_output": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a, b):\n        return (a + b).shape\n    @staticmethod\n"
            "    def backward(ctx, dy):\n        return dy, dy\n"
            "x = paddle.ones([2, 3])\nx.stop_gradient = False\nresult = P.apply(x, x)"),
        "no_tensor_output_no_grad": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a):\n        return 3, [a]\n    @staticmethod\n"
            "    def backward(ctx, dy):\n        return dy\nresult = P.apply(paddle.ones([2]))"),
        "passthrough_grad_stop_gradient": (
            "from paddle.autograd import PyLayer\nseen = []\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a, b):\n        return a + b\n    @staticmethod\n"
            "    def backward(ctx, dy):\n        seen.append(dy.stop_gradient)\n        return dy, None\n"
            "x = paddle.ones([2, 3])\nx.stop_gradient = False\nz = P.apply(x, paddle.ones([2, 3]))\n"
            "z.mean().backward()\nresult = [seen, z.stop_gradient, x.grad]"),
        "computed_grad_stop_gradient": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a):\n        return a * 3\n    @staticmethod\n"
            "    def backward(ctx, dy):\n        return dy * 3\n"
            "x = paddle.ones([2])\nx.stop_gradient = False\nP.apply(x).sum().backward()\nresult = x.grad"),
        "nothing_needs_grad": (
            "from paddle.autograd import PyLayer\ncalled = []\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a, b):\n        return a + b\n    @staticmethod\n"
            "    def backward(ctx, dy):\n        called.append(1)\n        return dy, None\n"
            "a, b = paddle.ones([2]), paddle.ones([2])\nz = P.apply(a, b)\nz.mean().backward()\n"
            "result = [z.stop_gradient, a.grad is None, called]"),
        "input_returned_leaf": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a):\n        return a\n    @staticmethod\n    def backward(ctx, dy):\n"
            "        return dy\nx = paddle.ones([2])\nx.stop_gradient = False\nresult = P.apply(x)"),
        "input_returned_no_grad": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a):\n        return a\n    @staticmethod\n    def backward(ctx, dy):\n"
            "        return dy\nx = paddle.ones([2])\nr = P.apply(x)\nresult = [r is x, r.stop_gradient]"),
        "non_tensor_outputs_get_no_grad": (
            "from paddle.autograd import PyLayer\nseen = []\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a, b):\n        y = a + b\n        return 7, y, y.shape, 'x', a * 3\n"
            "    @staticmethod\n    def backward(ctx, *dy):\n        seen.append(len(dy))\n"
            "        return dy[0] + dy[1], dy[0]\n"
            "x = paddle.ones([2])\nx.stop_gradient = False\nw = paddle.ones([2])\nw.stop_gradient = False\n"
            "r = P.apply(x, w)\n(r[1] + r[4]).sum().backward()\nresult = [r[0], r[2], r[3], seen, x.grad, w.grad]"),
        "list_output_kept": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a):\n        return [a * 2, a * 3]\n    @staticmethod\n"
            "    def backward(ctx, d1, d2):\n        return d1 + d2\n"
            "x = paddle.ones([2])\nx.stop_gradient = False\nr = P.apply(x)\n(r[0] + r[1]).sum().backward()\n"
            "result = [type(r).__name__, x.grad]"),
        "nested_output_grads_grouped": (
            "from paddle.autograd import PyLayer\nseen = []\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a):\n        return a * 2, (a * 3, 4)\n    @staticmethod\n"
            "    def backward(ctx, d1, d2):\n        seen.append([type(d2).__name__, len(d2)])\n"
            "        return d1 + d2[0]\n"
            "x = paddle.ones([2])\nx.stop_gradient = False\nr = P.apply(x)\n"
            "(r[0] + r[1][0]).sum().backward()\nresult = [r[1][0].stop_gradient, r[1][1], seen, x.grad]"),
        "backward_returns_list": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a, b):\n        return a + b\n    @staticmethod\n"
            "    def backward(ctx, dy):\n        return [dy, None]\n"
            "x = paddle.ones([2])\nx.stop_gradient = False\nP.apply(x, paddle.ones([2])).sum().backward()"),
        **{f"backward_count_{''.join('s' if s else 'g' for s in sg)}_{n}": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a, b, c):\n        return a + b + c\n    @staticmethod\n"
            f"    def backward(ctx, dy):\n        return {'dy' if n == 1 else '(' + ', '.join(['dy'] * n) + ')'}\n"
            f"xs = [paddle.ones([2]) for _ in range(3)]\nfor x, s in zip(xs, {sg}):\n    x.stop_gradient = s\n"
            "P.apply(*xs).sum().backward()\nresult = [x.grad for x in xs]")
           for sg in ((False, False, False), (False, True, True), (True, False, True)) for n in (1, 3, 4)},
        "backward_none_for_non_tensor_arg": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a, n):\n        return a * n\n    @staticmethod\n"
            "    def backward(ctx, dy):\n        return dy * 3, None\n"
            "x = paddle.ones([2])\nx.stop_gradient = False\nP.apply(x, 3).sum().backward()\nresult = x.grad"),
        "input_returned_nonleaf": (
            "from paddle.autograd import PyLayer\nclass P(PyLayer):\n    @staticmethod\n"
            "    def forward(ctx, a):\n        return a\n    @staticmethod\n    def backward(ctx, dy):\n"
            "        return dy * 5\nx = paddle.ones([2])\nx.stop_gradient = False\nc = x * 2\nr = P.apply(c)\n"
            "r.sum().backward()\nresult = [r is c, r.stop_gradient, x.grad]"),
    },
    # guides/model_convert/convert_from_pytorch/api_difference pages (the "Paddle 写法" snippets) on operands that do
    # not fit: Paddle's per-op messages
    "matmul_shapes": {
        f"{'x'.join(map(str, a))}_{'x'.join(map(str, b))}_{int(tx)}{int(ty)}":
            f"result = paddle.matmul(paddle.ones({a}), paddle.ones({b}), {tx}, {ty})"
        for a, b in (([3], [4]), ([3], [4, 5]), ([2, 3], [4]), ([2, 4, 3], [4]), ([2, 3], [4, 5]),
                     ([2, 2, 3], [2, 4, 5]), ([2, 2, 3], [3, 3, 5]), ([2, 5, 2, 3], [4, 3, 4]),
                     ([4, 1, 2, 3], [5, 3, 4]))
        for tx, ty in ((False, False), (True, False), (False, True))
    } | {"operator": "result = paddle.ones([2, 3]) @ paddle.ones([2, 3])",
         "mm": "result = paddle.mm(paddle.ones([2, 3]), paddle.ones([2, 3]))",
         "linear": "result = paddle.nn.functional.linear(paddle.ones([2, 3]), paddle.ones([4, 5]))",
         "Linear": "result = paddle.nn.Linear(4, 5)(paddle.ones([2, 3]))"},
    "linalg_square": {
        f"{op}_{'x'.join(map(str, shape))}": f"result = {call.format(x=f'paddle.ones({shape})')}"
        for op, call in (("det", "paddle.linalg.det({x})"), ("slogdet", "paddle.linalg.slogdet({x})"),
                         ("eigh", "paddle.linalg.eigh({x})"), ("eigvalsh", "paddle.linalg.eigvalsh({x})"),
                         ("eigvals", "paddle.linalg.eigvals({x})"), ("eig", "paddle.linalg.eig({x})"),
                         ("inv", "paddle.linalg.inv({x})"), ("cholesky", "paddle.linalg.cholesky({x})"),
                         ("matrix_power", "paddle.linalg.matrix_power({x}, 2)"),
                         ("solve", "paddle.linalg.solve({x}, {x})"),
                         ("triangular_solve", "paddle.linalg.triangular_solve({x}, {x})"),
                         ("cholesky_solve", "paddle.linalg.cholesky_solve({x}, {x})"), ("lu", "paddle.linalg.lu({x})"),
                         ("pinv", "paddle.linalg.pinv({x})"), ("svd", "paddle.linalg.svd({x})"),
                         ("qr", "paddle.linalg.qr({x})"), ("matrix_rank", "paddle.linalg.matrix_rank({x})"))
        for shape in ([2, 3], [3], [4, 3, 2]) if shape == [3] or op not in ("lu", "pinv", "svd", "qr", "matrix_rank")
    } | {"corrcoef_3d": "result = paddle.linalg.corrcoef(paddle.ones([2, 2, 3]))"},
    "api_mapping_misc": {
        "multi_dot_tensor": "result = paddle.linalg.multi_dot(paddle.ones([2, 3]))",
        "multi_dot_empty": "result = paddle.linalg.multi_dot([])",
        "multi_dot_one": "result = paddle.linalg.multi_dot([paddle.ones([2, 3])])",
        "multi_dot_mismatch": "result = paddle.linalg.multi_dot([paddle.ones([2, 3]), paddle.ones([5, 2])])",
        "multi_dot_3d_first": "result = paddle.linalg.multi_dot([paddle.ones([2, 2, 2]), paddle.ones([2, 3])])",
        "multi_dot_1d_middle": (
            "result = paddle.linalg.multi_dot([paddle.ones([2, 3]), paddle.ones([3]), paddle.ones([3, 4])])"),
        "multi_dot_1d_first": (
            "result = paddle.linalg.multi_dot([paddle.ones([2]), paddle.ones([2, 3]), paddle.ones([3, 4])])"),
        "as_complex_last_3": "result = paddle.as_complex(paddle.ones([4, 3]))",
        "as_complex_0d": "result = paddle.as_complex(paddle.to_tensor(2.0))",
        "as_complex_1d": (
            "r = paddle.as_complex(paddle.to_tensor([1.0, 2.0]))\nresult = [r.shape, str(r.dtype), str(r.item())]"),
        **{f"{name}_{case}": f"result = {call}({args})"
           for name, call in (("diagonal_scatter", "paddle.diagonal_scatter"),
                              ("fill_diagonal_tensor", "paddle.Tensor.fill_diagonal_tensor"))
           for case, args in (("ok", "paddle.ones([3, 4]), paddle.full([3], 5.0)"),
                              ("offset", "paddle.ones([3, 4]), paddle.full([3], 5.0), 1"),
                              ("bad_length", "paddle.ones([3, 4]), paddle.ones([4])"),
                              ("bad_offset", "paddle.ones([3, 4]), paddle.ones([3]), 2"),
                              ("batched", "paddle.ones([2, 3, 4]), paddle.ones([4, 2]), 0, 0, 1"),
                              ("batched_bad", "paddle.ones([2, 3, 4]), paddle.ones([2, 4]), 0, 0, 1"),
                              ("axis_out_of_range", "paddle.ones([3, 4]), paddle.ones([3]), 0, 0, 2"))},
        "fill_diagonal_tensor_inplace": "result = paddle.ones([3, 4]).fill_diagonal_tensor_(paddle.ones([2]))",
        "imag_float": "result = paddle.imag(paddle.ones([2]))",
        "as_real_float": "result = paddle.as_real(paddle.ones([2]))",
        "real_int": "result = paddle.real(paddle.to_tensor([1, 2]))",
        "complex_int": "result = paddle.complex(paddle.to_tensor([1]), paddle.to_tensor([2]))",
        "polar_int": "result = paddle.polar(paddle.to_tensor([1]), paddle.to_tensor([2]))",
        "constraint_module": (
            "import paddle.distribution as D\nc = D.constraint\n"
            "result = [[type(o).__module__ + '.' + type(o).__name__ for o in (c.real, c.positive, c.simplex)],\n"
            "          c.Constraint.__module__, c.real(paddle.to_tensor([1.0, float('nan')])),\n"
            "          c.positive(paddle.to_tensor([-1.0, 2.0])), c.simplex(paddle.to_tensor([0.25, 0.75])),\n"
            "          issubclass(c.Range, c.Constraint)]"),
        "constraint_base_call": "import paddle.distribution.constraint as c\nresult = c.Constraint()(paddle.ones([1]))",
        "cuda_home": (
            "import os\nfrom paddle.utils.cpp_extension import cpp_extension, extension_utils\n"
            "saved = os.environ.get('CUDA_HOME')\nos.environ['CUDA_HOME'] = '/opt/some/cuda'\ntry:\n"
            "    result = [isinstance(cpp_extension.CUDA_HOME, str), extension_utils.find_cuda_home()]\nfinally:\n"
            "    if saved is None:\n        del os.environ['CUDA_HOME']\n    else:\n"
            "        os.environ['CUDA_HOME'] = saved"),
    },
    "rpc_uninitialized": {
        name: f"import paddle.distributed.rpc as rpc\nresult = rpc.{call}"
        for name, call in (("shutdown", "shutdown()"), ("get_worker_info", "get_worker_info('w')"),
                           ("get_all_worker_infos", "get_all_worker_infos()"),
                           ("get_current_worker_info", "get_current_worker_info()"),
                           ("rpc_sync", "rpc_sync('w', max, args=(1, 2))"),
                           ("rpc_async", "rpc_async('w', max, args=(1, 2))"))
    },
    # guides/advanced/autograd_cn etc.: Paddle's automatic tensor names (messages such as backward's shape check
    # print them); numbers relative to the counters' values when the case starts
    "tensor_names": {
        "kinds": (
            "import numpy as np, re\ng0 = int(paddle.to_tensor(0).name.rsplit('_', 1)[1]) + 1\n"
            "e0 = int((paddle.ones([1]) + 0).name.rsplit('_', 1)[1]) + 1\n"
            "a = paddle.to_tensor([1.])\nb = paddle.Tensor(np.ones(2, 'float32'))\nc = paddle.Tensor()\n"
            "d = paddle.to_tensor(a)\ne = paddle.assign(np.ones(2, 'float32'))\nf = paddle.ones([2])\ng = a + 1\n"
            "h = paddle.to_tensor(np.ones(2))\nnames = [t.name for t in (g, f, e, d, c, b, a, h)]\n"
            "names += [a.detach().name, a.clone().name, paddle.to_tensor(3).name]\n"
            "def rel(n):\n    p, k = n.rsplit('_', 1)\n"
            "    return f\"{p}_+{int(k) - (e0 if p == 'eager_tmp' else g0)}\"\n"
            "result = [rel(n) for n in names]"),
        "backward_shape_message": (
            "w = paddle.ones([2])\nw.stop_gradient = False\ng0 = int(paddle.to_tensor(0).name.rsplit('_', 1)[1])\n"
            "e0 = int((w * 1).name.rsplit('_', 1)[1])\ny = w * 2\ngrad = paddle.to_tensor([1.0, 2.0, 3.0])\n"
            "try:\n    y.backward(grad)\nexcept AssertionError as e:\n    import re\n"
            "    result = [re.sub(r'_\\d+ ', '_N ', str(e)), grad.name == f'generated_tensor_{g0 + 1}',\n"
            "              y.name == f'eager_tmp_{e0 + 1}']"),
    },
}


def _plain(value):
    """A JSON-able description of a scenario's result (values, shape and dtype of tensors)."""
    import numpy as np
    import paddle

    if isinstance(value, paddle.Tensor):
        return {"tensor": True, "shape": list(value.shape), "dtype": str(value.dtype),
                "stop_gradient": value.stop_gradient, "values": np.asarray(value.numpy(), dtype=float).tolist()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, (np.integer, np.floating, np.bool_)):  # numpy<2 (Paddle) and numpy 2 print these apart
        return value.item()
    if isinstance(value, np.ndarray):
        return {"ndarray": True, "shape": list(value.shape), "dtype": str(value.dtype),
                "values": value.astype(float).tolist()}
    return {"repr": repr(value)}


def outcome(code):
    import linecache

    import paddle

    filename = f"<docs scenario {abs(hash(code))}>"
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)  # inspect.getsource works
    ns = {"paddle": paddle, "__name__": "docs_scenario"}
    try:
        exec(compile(code, filename, "exec"), ns)
    except Exception as e:  # noqa: BLE001 - the exception is the recorded answer
        # first line, less Paddle's C++ source location " (at /paddle/...)"
        return {"error": type(e).__name__, "message": re.sub(r" \(at /paddle/[^)]*\)$", "", str(e).split("\n")[0])}
    return {"result": _plain(ns.get("result"))}


def golden_cases(topic):
    """(case, code, real Paddle's outcome) for every recorded case of ``topic``, after the stamp check."""
    from tools.api_diff.common import check_stamp

    with open(GOLDEN_PATH) as f:
        golden = json.load(f)
    check_stamp(golden, GOLDEN_PATH)
    cases = golden["topics"][topic]
    return [(case, rec["code"], rec["outcome"]) for case, rec in cases.items()]


def main():
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    import numpy as np
    import paddle

    topics = {}
    for topic, cases in SCENARIOS.items():
        topics[topic] = {}
        for case, code in cases.items():
            paddle.seed(0)
            np.random.seed(0)
            topics[topic][case] = {"code": code, "outcome": outcome(code)}
    with open(GOLDEN_PATH, "w") as f:
        json.dump({**stamp, "topics": topics}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {GOLDEN_PATH}: " + ", ".join(f"{t} {len(c)}" for t, c in topics.items()))


if __name__ == "__main__":
    main()
