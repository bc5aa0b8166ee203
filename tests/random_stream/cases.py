"""Seeded random-API cases replayed against real Paddle 2.6.2's CPU streams.

Each case is a snippet run with ``paddle`` (real Paddle when recording, paddle-compat when testing) in its
namespace; it leaves its outputs in ``result`` (a Tensor, or a list of Tensors). Cases seed explicitly, so each
is independent of the ones before it.
"""

SEEDS = (2023, 1, 0, 123456789012)

CASES = {}

for _s in SEEDS:
    CASES[f"rand_f32_seed{_s}"] = f"paddle.seed({_s}); result = paddle.rand([4, 5])"
    CASES[f"randn_f32_seed{_s}"] = f"paddle.seed({_s}); result = paddle.randn([3, 7])"

CASES.update({
    # uniform family
    "rand_f64": "paddle.seed(7); result = paddle.rand([3, 7], 'float64')",
    "rand_bf16": "paddle.seed(7); result = paddle.rand([64], 'bfloat16')",
    "uniform_f32_bounds": "paddle.seed(8); result = paddle.uniform([500], 'float32', -0.3, 0.7)",
    "uniform_f64_bounds": "paddle.seed(8); result = paddle.uniform([500], 'float64', -0.3, 0.7)",
    "uniform_min_gt_max": "paddle.seed(8); result = paddle.uniform([20], 'float32', 2.0, -1.0)",
    "uniform_op_seed": "paddle.seed(8); result = [paddle.uniform([30], 'float32', seed=77), paddle.rand([5])]",
    "uniform_op_seed_f64": "result = paddle.uniform([2, 15], 'float64', -5, 5, seed=1234)",
    "uniform_inplace_f32": "paddle.seed(9); x = paddle.zeros([6, 5]); x.uniform_(-2, 3); result = x",
    "uniform_inplace_f64": "paddle.seed(9); x = paddle.zeros([40], 'float64'); x.uniform_(); result = x",
    "uniform_inplace_seed": ("paddle.seed(9); x = paddle.zeros([40]); x.uniform_(seed=5); "
                             "result = [x, paddle.rand([3])]"),
    # normal family
    "randn_f64": "paddle.seed(10); result = paddle.randn([501], 'float64')",
    "randn_odd_then_rand": "paddle.seed(10); result = [paddle.randn([7]), paddle.rand([3])]",
    "standard_normal": "paddle.seed(11); result = paddle.standard_normal([2, 3, 4])",
    "normal_scalar": "paddle.seed(12); result = paddle.normal(1.5, 0.3, [99])",
    "normal_mean_tensor": "paddle.seed(12); result = paddle.normal(paddle.to_tensor([1.0, 2.0, 3.0]), 2.0)",
    "normal_std_tensor": "paddle.seed(12); result = paddle.normal(0.5, paddle.to_tensor([1.0, 2.0, 3.0], 'float64'))",
    "normal_both_tensors": ("paddle.seed(12); result = paddle.normal(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]), "
                            "paddle.to_tensor([0.1, 0.2, 0.3, 0.4]))"),
    "gaussian_op_seed": ("paddle.seed(13); "
                         "result = [paddle.tensor.random.gaussian([25], 0.1, 0.2, seed=3), paddle.rand([2])]"),
    "gaussian_f64_params": "paddle.seed(13); result = paddle.tensor.random.gaussian([25], 0.1, 0.2, dtype='float64')",
    "normal_inplace_f32": "paddle.seed(14); x = paddle.zeros([5, 5]); x.normal_(1.0, 2.0); result = x",
    "normal_inplace_f64": "paddle.seed(14); x = paddle.zeros([33], 'float64'); x.normal_(0.1, 0.2); result = x",
    # integers
    "randint_i64": "paddle.seed(15); result = paddle.randint(-5, 1000, [500])",
    "randint_i32_wide": "paddle.seed(15); result = paddle.randint(-7, 2147483000, [2000], 'int32')",
    "randint_high_none": "paddle.seed(15); result = paddle.randint(10)",
    "randint_like_f32": "paddle.seed(16); result = paddle.randint_like(paddle.ones([4, 5]), 0, 10)",
    "randint_like_i32": "paddle.seed(16); result = paddle.randint_like(paddle.ones([30], 'int32'), -3, 3)",
    "randperm_10": "paddle.seed(17); result = paddle.randperm(10)",
    "randperm_11_i32": "paddle.seed(17); result = paddle.randperm(11, 'int32')",
    "randperm_1000_f32": "paddle.seed(17); result = [paddle.randperm(1000, 'float32'), paddle.rand([2])]",
    "exponential_f32": "paddle.seed(24); x = paddle.zeros([300]); x.exponential_(2.0); result = [x, paddle.rand([2])]",
    "exponential_f64": "paddle.seed(24); x = paddle.zeros([300], 'float64'); x.exponential_(0.5); result = x",
    "poisson_small_means": "paddle.seed(25); result = [paddle.poisson(paddle.full([200], 3.5)), paddle.rand([2])]",
    "poisson_mixed_means": ("paddle.seed(25); "
                            "result = paddle.poisson(paddle.to_tensor(np.linspace(0, 60, 90).astype('float32')))"),
    "poisson_large_f64": "paddle.seed(25); result = paddle.poisson(paddle.full([2, 50], 500.0, 'float64'))",
    # distributions parameterised by tensors
    "bernoulli_f32": "paddle.seed(18); result = paddle.bernoulli(paddle.full([200], 0.3))",
    "bernoulli_f64_varied": "paddle.seed(18); result = paddle.bernoulli(paddle.linspace(0, 1, 50, 'float64'))",
    "multinomial_replace": ("paddle.seed(19); result = paddle.multinomial(paddle.to_tensor([[0.1, 0.2, 0.3, 0.4], "
                            "[1.0, 1.0, 0.0, 2.0]]), 50, True)"),
    "multinomial_no_replace": ("paddle.seed(19); result = [paddle.multinomial(paddle.to_tensor([[0.1, 0.2, 0.3, 0.4], "
                               "[1.0, 1.0, 0.0, 2.0]]), 3, False), paddle.rand([2])]"),
    "multinomial_1d_f64": ("paddle.seed(19); result = paddle.multinomial(paddle.to_tensor([0.2, 0.5, 0.3], 'float64'), "
                           "7, True)"),
    # interleaved sequences and state
    "interleaved": ("paddle.seed(20); a = paddle.rand([3]); b = paddle.randn([5]); lin = paddle.nn.Linear(4, 3); "
                    "c = paddle.randint(0, 100, [6]); d = paddle.randperm(8); e = paddle.rand([2], 'float64'); "
                    "result = [a, b, lin.weight, lin.bias, c, d, e]"),
    "state_roundtrip": ("paddle.seed(21); paddle.rand([1000]); s = paddle.get_rng_state(); a = paddle.randn([9]); "
                        "paddle.set_rng_state(s); b = paddle.randn([9]); result = [a, b, paddle.rand([3])]"),
    "generator_random": ("g = paddle.seed(22); "
                         "result = paddle.to_tensor([g.random() % 1000003 for _ in range(5)], 'int64')"),
    "large_rand": "paddle.seed(23); result = paddle.rand([200000])",
    "large_randn": "paddle.seed(23); result = paddle.randn([100001])",
    # layer default initialisation
    "linear_default": "paddle.seed(30); lin = paddle.nn.Linear(16, 8); result = [lin.weight, lin.bias]",
    "conv2d_default": "paddle.seed(30); conv = paddle.nn.Conv2D(3, 4, 3); result = [conv.weight, conv.bias]",
    "embedding_default": "paddle.seed(30); emb = paddle.nn.Embedding(10, 4); result = emb.weight",
    "linear_f64": ("paddle.seed(30); paddle.set_default_dtype('float64'); lin = paddle.nn.Linear(5, 3); "
                   "paddle.set_default_dtype('float32'); result = lin.weight"),
    "program_random_seed": ("paddle.seed(31); prog = paddle.base.default_main_program(); prog.random_seed = 10; "
                            "w = paddle.nn.Linear(6, 4).weight; prog.random_seed = 0; result = [w, paddle.rand([2])]"),
})

CASES.update({
    # dropout family (the CPU kernel draws one float32 uniform per element; axis/alpha use paddle.uniform)
    "dropout_upscale": ("paddle.seed(50); x = paddle.randn([8, 9]); "
                        "result = [paddle.nn.functional.dropout(x, 0.3), paddle.rand([2])]"),
    "dropout_downscale": ("paddle.seed(50); x = paddle.randn([40]); "
                          "result = paddle.nn.functional.dropout(x, 0.6, mode='downscale_in_infer')"),
    "dropout_f64": "paddle.seed(50); x = paddle.randn([30], 'float64'); result = paddle.nn.functional.dropout(x, 0.1)",
    "dropout_axis": ("paddle.seed(51); x = paddle.randn([4, 5, 3]); "
                     "result = paddle.nn.functional.dropout(x, 0.5, axis=[0, 2])"),
    "dropout2d": "paddle.seed(52); x = paddle.randn([2, 6, 3, 3]); result = paddle.nn.functional.dropout2d(x, 0.4)",
    "alpha_dropout": "paddle.seed(53); x = paddle.randn([50]); result = paddle.nn.functional.alpha_dropout(x, 0.2)",
    "dropout_layer_grad": ("paddle.seed(54); x = paddle.randn([20]); x.stop_gradient = False; "
                           "y = paddle.nn.Dropout(0.25)(x); (y * paddle.arange(20, dtype='float32')).sum().backward(); "
                           "result = [y, x.grad]"),
    "dropout_program_seed": ("paddle.seed(55); prog = paddle.base.default_main_program(); prog.random_seed = 9; "
                             "x = paddle.ones([12]); a = paddle.nn.functional.dropout(x, 0.5); "
                             "b = paddle.nn.functional.dropout(x, 0.5); prog.random_seed = 0; "
                             "result = [a, b, paddle.rand([2])]"),
})

CASES.update({
    # Orthogonal: Paddle's normal draws, then a QR whose last bits are the linear-algebra kernel's
    "approx_orthogonal": ("paddle.seed(70); init = paddle.nn.initializer.Orthogonal(2.0); "
                          "lin = paddle.nn.Linear(6, 4, weight_attr=paddle.ParamAttr(initializer=init)); "
                          "conv = paddle.nn.Conv2D(3, 2, 2, weight_attr=paddle.ParamAttr("
                          "initializer=paddle.nn.initializer.Orthogonal())); "
                          "result = [lin.weight, conv.weight, paddle.rand([2])]"),
    "approx_gumbel_softmax": ("paddle.seed(71); x = paddle.randn([4, 6]); "
                              "result = [paddle.nn.functional.gumbel_softmax(x, 0.5), "
                              "paddle.nn.functional.gumbel_softmax(x.astype('float64'), hard=True, axis=0), "
                              "paddle.rand([2])]"),
    "rrelu_train": ("paddle.seed(72); x = paddle.randn([5, 8]); "
                    "result = [paddle.nn.functional.rrelu(x, 0.1, 0.3), paddle.rand([2])]"),
    "rrelu_f64": "paddle.seed(72); x = paddle.randn([30], 'float64'); result = paddle.nn.functional.rrelu(x)",
    "spectral_norm_hook": ("paddle.seed(73); lin = paddle.nn.Linear(5, 4); "
                           "paddle.nn.utils.spectral_norm(lin); "
                           "result = [lin.weight_u, lin.weight_v, paddle.rand([2])]"),
    # io helpers drawing through paddle.randperm
    "random_split": ("paddle.seed(60); a, b = paddle.io.random_split(range(10), [7, 3]); "
                     "result = paddle.to_tensor(list(a.indices) + list(b.indices))"),
    "subset_random_sampler": ("paddle.seed(61); sampler = paddle.io.SubsetRandomSampler(list(range(12))); "
                              "result = paddle.to_tensor([int(i) for i in sampler])"),
})

_INITS = {
    "uniform": "paddle.nn.initializer.Uniform(-0.5, 0.5)",
    "normal": "paddle.nn.initializer.Normal(0.2, 1.5)",
    "truncated": "paddle.nn.initializer.TruncatedNormal(0.5, 2.0)",
    "xavier_uniform": "paddle.nn.initializer.XavierUniform()",
    "xavier_normal": "paddle.nn.initializer.XavierNormal()",
    "kaiming_uniform": "paddle.nn.initializer.KaimingUniform()",
    "kaiming_normal": "paddle.nn.initializer.KaimingNormal()",
}
for _name, _init in _INITS.items():
    CASES[f"init_{_name}_linear"] = (
        f"paddle.seed(40); lin = paddle.nn.Linear(30, 20, weight_attr=paddle.ParamAttr(initializer={_init})); "
        "result = lin.weight")
    CASES[f"init_{_name}_conv"] = (
        f"paddle.seed(41); conv = paddle.nn.Conv2D(2, 3, 3, weight_attr=paddle.ParamAttr(initializer={_init})); "
        "result = conv.weight")
for _dtype in ("float64", "float16", "bfloat16"):
    for _name in ("uniform", "truncated", "xavier_uniform", "xavier_normal"):
        CASES[f"init_{_name}_{_dtype}"] = (
            f"paddle.seed(42); x = paddle.zeros([40], '{_dtype}'); {_INITS[_name]}(x); result = x")

# static graph: the startup program's initializer ops draw when the startup program runs, from the global
# engine (op seed 0) or, once the startup program has a random_seed, from an engine of that seed
_STATIC = ("paddle.enable_static(); main, startup = paddle.static.Program(), paddle.static.Program(); {seed}"
           "guard = paddle.static.program_guard(main, startup); guard.__enter__(); "
           "x = paddle.static.data('x', [None, 4], 'float32'); "
           "paddle.static.nn.fc(x, 3); paddle.nn.Linear(4, 5)(x); "
           "paddle.static.nn.fc(x, 2, weight_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Normal(0., 2.))); "
           "guard.__exit__(None, None, None); scope = paddle.static.Scope(); "
           "sg = paddle.static.scope_guard(scope); sg.__enter__(); paddle.static.Executor().run(startup); "
           "arrays = [np.array(scope.find_var(p.name).get_tensor()) for p in main.all_parameters()]; "
           "sg.__exit__(None, None, None); paddle.disable_static(); "
           "result = [paddle.to_tensor(a) for a in arrays] + [paddle.rand([3])]")
CASES["static_startup_global_engine"] = _STATIC.format(seed="paddle.seed(100); ")
CASES["static_startup_program_seed"] = _STATIC.format(seed="paddle.seed(7); startup.random_seed = 5; ")
