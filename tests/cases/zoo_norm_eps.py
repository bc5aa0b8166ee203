"""Goldens for the epsilon of Paddle's normalisation kernels (real Paddle 2.6.2), found by the model-zoo sweep
(docs/zoo.md, RepVGG_D2se): the kernels hold epsilon as a float32 attribute, so in float64 1e-5 acts as
9.99999974737875e-06. Inputs with a variance far below epsilon make the difference ~1e-8 relative, above the
float64 replay tolerance."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append

TINY = (0.0, 1e-3)  # variance ~1e-7, well below epsilon
for eps in (1e-5, 1e-3):
    add(case(F + "batch_norm", T("float64", (2, 3, 4, 4), *TINY), T("float64", (3,), -1e-4, 1e-4),
             T("float64", (3,), 1e-8, 1e-7), T("float64", (3,), 0.8, 1.2), T("float64", (3,)),
             training=False, epsilon=eps, id=f"batch_norm_eval_eps{eps:g}"))
    add(case(F + "batch_norm", T("float64", (2, 3, 4, 4), *TINY), T("float64", (3,)), T("float64", (3,), 0.5, 2.0),
             T("float64", (3,), 0.8, 1.2), T("float64", (3,)), training=True, epsilon=eps, grad=True,
             id=f"batch_norm_train_eps{eps:g}"))
    add(case(F + "layer_norm", T("float64", (2, 3, 4), *TINY), [3, 4], epsilon=eps, grad=True,
             id=f"layer_norm_eps{eps:g}"))
    add(case(F + "instance_norm", T("float64", (2, 3, 4, 4), *TINY), eps=eps, grad=True,
             id=f"instance_norm_eps{eps:g}"))
