"""Goldens for behaviour found through Paddle's docstring examples (nn / vision / metric; real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append

# softshrink: +0.0 (never -0.0) inside the band; NaN for +-inf and NaN (Paddle's (x>l)*(x-l)+(x<-l)*(x+l))
SS = [-0.9, -0.2, 0.1, 0.8, -0.5, 0.5, -0.0, 0.0]
add(case(F + "softshrink", T("float32", (8,), values=SS), check="repr"))
add(case(F + "softshrink", T("float64", (8,), values=SS), 0.3, check="repr"))
add(case(F + "softshrink", T("float32", (8,), values=SS), 0.3, grad=True))
add(case(F + "softshrink", T("float32", (3,), values=[float("inf"), float("-inf"), float("nan")])))

# nll_loss: a 2-D label on a 2-D input reads the label's first N elements ([N, 1] labels, as in the
# paddle.metric.Auc example); K-dim inputs reshape the label to [N, 1, -1]
for red in ("mean", "sum", "none"):
    add(case(F + "nll_loss", T("float32", (6, 4), low=-3, high=0), T("int64", (6, 1), low=0, high=4), reduction=red,
             grad=True))
    add(case(F + "nll_loss", T("float32", (4, 3), low=-3, high=0), T("int64", (4, 2), low=0, high=3), reduction=red))
    add(case(F + "nll_loss", T("float32", (2, 3, 4), low=-3, high=0), T("int64", (2, 4, 1), low=0, high=3),
             reduction=red, grad=True))
    add(case(F + "nll_loss", T("float32", (2, 3, 4), low=-3, high=0), T("int64", (2, 2, 2), low=0, high=3),
             reduction=red))
add(case(F + "nll_loss", T("float32", (6, 4), low=-3, high=0), T("int64", (6, 1), low=0, high=4),
         weight=T("float32", (4,), low=0.5, high=2)))
add(case(F + "nll_loss", T("float32", (4, 3)), T("int64", (3, 1), low=0, high=3), raises="ValueError"))

# hsigmoid_loss: a label >= num_classes walks a path past num_classes - 1 rows; with a weight that has the
# extra rows Paddle reads them (no bound check)
add(case(F + "hsigmoid_loss", T("float32", (4, 3)), T("int64", (4,), values=[0, 1, 4, 5]), 5, T("float32", (5, 3)),
         grad=True))
add(case(F + "hsigmoid_loss", T("float32", (4, 3)), T("int64", (4,), values=[0, 1, 4, 5]), 5, T("float32", (5, 3)),
         bias=T("float32", (5, 1))))

# linear with a 1-D weight (what Assign([2, 2]) leaves in Linear(2, 2)): matmul + bias
add(case(F + "linear", T("float32", (1, 2)), T("float32", (2,)), T("float32", (1,)), grad=True))
add(case(F + "linear", T("float32", (3, 2)), T("float32", (2,)), None))
