"""Goldens for paddle.nn.functional losses (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append
R = ("mean", "sum", "none")

# ---- cross_entropy: hard labels [N] / [N,1], ignore_index, weight, axis, soft labels, use_softmax, smoothing
LOG = T("float32", (6, 5), low=-3, high=3)
for red in R:
    add(case(F + "cross_entropy", LOG, T("int64", (6,), low=0, high=5), reduction=red, grad=True))
    add(case(F + "cross_entropy", LOG, T("int64", (6, 1), low=0, high=5), reduction=red, grad=True))
    add(case(F + "cross_entropy", LOG, T("int64", (6,), values=[0, -100, 2, 4, -100, 1]), reduction=red, grad=True))
    add(case(F + "cross_entropy", LOG, T("int64", (6,), values=[0, 3, 2, 4, 3, 1]), ignore_index=3, reduction=red,
             grad=True))
    add(case(F + "cross_entropy", LOG, T("int64", (6,), low=0, high=5), weight=T("float32", (5,), low=0.1, high=2),
             reduction=red, grad=True))
    add(case(F + "cross_entropy", LOG, T("int64", (6, 1), values=[[0], [1], [-100], [4], [2], [2]]),
             weight=T("float32", (5,), low=0.1, high=2), reduction=red, grad=True))
    add(case(F + "cross_entropy", LOG, T("float32", (6, 5), low=0, high=1), soft_label=True, reduction=red,
             grad=True))
    add(case(F + "cross_entropy", T("float32", (2, 4, 3), low=-2, high=2), T("int64", (2, 3), low=0, high=4), axis=1,
             reduction=red, grad=True))
    add(case(F + "cross_entropy", T("float32", (2, 3, 4), low=-2, high=2), T("int64", (2, 3, 1), low=0, high=4),
             reduction=red, grad=True))
    add(case(F + "cross_entropy", T("float32", (6, 5), low=0.05, high=1), T("int64", (6,), low=0, high=5),
             use_softmax=False, reduction=red, grad=True))
    add(case(F + "cross_entropy", LOG, T("int64", (6,), low=0, high=5), label_smoothing=0.1, reduction=red, grad=True))
    add(case(F + "cross_entropy", T("float64", (4, 3)), T("int64", (4,), low=0, high=3), reduction=red, grad=True))
add(case(F + "cross_entropy", LOG, T("int64", (6,), values=[-100] * 6), grad=True))
add(case(F + "cross_entropy", LOG, T("int64", (6,), values=[-100] * 6), weight=T("float32", (5,), low=0.1, high=2)))
add(case(F + "cross_entropy", LOG, T("int32", (6,), low=0, high=5), grad=True))
add(case(F + "cross_entropy", T("float32", (2, 3, 4, 5)), T("int64", (2, 3, 4), low=0, high=5), grad=True))
add(case(F + "cross_entropy", T("float32", (2, 5, 3, 4)), T("int64", (2, 3, 4), low=0, high=5), axis=1, grad=True))
add(case(F + "cross_entropy", T("float32", (2, 5, 3)), T("float32", (2, 5, 3), low=0, high=1), soft_label=True, axis=1,
         grad=True))
add(case(F + "cross_entropy", LOG, T("int64", (6,), low=0, high=5), reduction="foo", raises="ValueError"))
add(case(F + "cross_entropy", LOG, T("float32", (6, 5)), soft_label=True, ignore_index=1, raises="ValueError"))
add(case(F + "cross_entropy", LOG, T("int64", (6, 1, 1), low=0, high=5), raises="ValueError"))
add(case(F + "cross_entropy", LOG, T("int64", (6,), low=0, high=5), weight=T("float32", (4,)),
         raises="ValueError"))
add(case(F + "softmax_with_cross_entropy", LOG, T("int64", (6, 1), low=0, high=5), grad=True))
add(case(F + "softmax_with_cross_entropy", LOG, T("int64", (6,), low=0, high=5), grad=True))
add(case(F + "softmax_with_cross_entropy", LOG, T("float32", (6, 5), low=0, high=1), soft_label=True, grad=True))
add(case(F + "softmax_with_cross_entropy", LOG, T("int64", (6, 1), values=[[0], [1], [2], [-100], [4], [3]]),
         return_softmax=True, grad=True))
add(case(F + "softmax_with_cross_entropy", T("float32", (3, 4, 2)), T("int64", (3, 1, 2), low=0, high=4), axis=1,
         grad=True))
add(case(F + "softmax_with_cross_entropy", LOG, T("int64", (6, 1), values=[[0], [1], [2], [3], [4], [3]]),
         ignore_index=3, grad=True))

# ---- binary cross entropy
P = T("float32", (4, 3), low=0.05, high=0.95)
Y = T("float32", (4, 3), low=0, high=1)
for red in R:
    add(case(F + "binary_cross_entropy", P, Y, reduction=red, grad=True))
    add(case(F + "binary_cross_entropy", P, Y, weight=T("float32", (4, 3), low=0, high=2), reduction=red, grad=True))
    add(case(F + "binary_cross_entropy", P, Y, weight=T("float32", (3,), low=0, high=2), reduction=red, grad=True))
    add(case(F + "binary_cross_entropy_with_logits", T("float32", (4, 3), low=-4, high=4), Y, reduction=red, grad=True))
    add(case(F + "binary_cross_entropy_with_logits", T("float32", (4, 3), low=-4, high=4), Y,
             weight=T("float32", (4, 3), low=0, high=2), pos_weight=T("float32", (3,), low=0.5, high=3),
             reduction=red, grad=True))
    add(case(F + "binary_cross_entropy_with_logits", T("float32", (4, 3), low=-4, high=4), Y,
             pos_weight=T("float32", (3,), low=0.5, high=3), reduction=red, grad=True))
add(case(F + "binary_cross_entropy", T("float64", (5,), low=0.05, high=0.95), T("float64", (5,), low=0, high=1),
         grad=True))
add(case(F + "binary_cross_entropy", T("float32", (3,), values=[0.0, 1.0, 0.5]), T("float32", (3,), values=[1, 0, 1])))
add(case(F + "binary_cross_entropy", P, Y, reduction="avg", raises="ValueError"))
add(case(F + "binary_cross_entropy_with_logits", T("float32", (4, 3)), Y, reduction="avg", raises="ValueError"))
add(case(F + "binary_cross_entropy_with_logits", T("float64", (6,), low=-30, high=30),
         T("float64", (6,), low=0, high=1),
         grad=True))
for kw in ({}, {"alpha": 0.5, "gamma": 0.0}, {"reduction": "mean"}, {"reduction": "none", "gamma": 1.5},
           {"normalizer": T("float32", (1,), values=[3.0])}, {"normalizer": T("float32", (), values=2.0),
                                                               "reduction": "none"}):
    add(case(F + "sigmoid_focal_loss", T("float32", (4, 3), low=-3, high=3), T("float32", (4, 3), low=0, high=1),
             grad=True, **kw))
add(case(F + "sigmoid_focal_loss", T("float32", (4, 3)), Y, normalizer=T("float32", (2, 1)), raises="ValueError"))
add(case(F + "log_loss", T("float32", (5, 1), low=0.05, high=0.95), T("float32", (5, 1), low=0, high=1), grad=True))
add(case(F + "log_loss", T("float32", (5, 1), low=0.05, high=0.95), T("float32", (5, 1), low=0, high=1),
         epsilon=0.01, grad=True))

# ---- regression losses
A = T("float32", (3, 4))
B = T("float32", (3, 4))
for red in R:
    add(case(F + "mse_loss", A, B, reduction=red, grad=True))
    add(case(F + "l1_loss", A, B, reduction=red, grad=True))
    add(case(F + "smooth_l1_loss", T("float32", (3, 4), low=-3, high=3), B, reduction=red, grad=True))
    add(case(F + "smooth_l1_loss", T("float32", (3, 4), low=-3, high=3), B, reduction=red, delta=0.5, grad=True))
    add(case(F + "smooth_l1_loss", T("float32", (3, 4), low=-3, high=3), B, reduction=red, delta=2.0, grad=True))
add(case(F + "mse_loss", T("float64", (5,)), T("float64", (5,)), grad=True))
add(case(F + "mse_loss", A, B, reduction="x", raises="ValueError"))
add(case(F + "l1_loss", A, B, reduction="x", raises="ValueError"))
add(case(F + "smooth_l1_loss", A, B, reduction="x", raises="ValueError"))
add(case(F + "square_error_cost", A, B, grad=True))
add(case(F + "square_error_cost", T("float64", (2, 3)), T("float64", (2, 3)), grad=True))

# ---- nll / kl / poisson / gaussian
LP = T("float32", (5, 4), low=-3, high=0)
for red in R:
    add(case(F + "nll_loss", LP, T("int64", (5,), low=0, high=4), reduction=red, grad=True))
    add(case(F + "nll_loss", LP, T("int64", (5,), low=0, high=4), weight=T("float32", (4,), low=0.1, high=2),
             reduction=red, grad=True))
    add(case(F + "nll_loss", LP, T("int64", (5,), values=[0, 1, -100, 3, 2]), reduction=red, grad=True))
    add(case(F + "nll_loss", T("float32", (2, 4, 3, 2), low=-3, high=0), T("int64", (2, 3, 2), low=0, high=4),
             reduction=red, grad=True))
    add(case(F + "nll_loss", T("float32", (2, 4, 5), low=-3, high=0), T("int64", (2, 5), low=0, high=4),
             weight=T("float32", (4,), low=0.1, high=2), reduction=red, grad=True))
    add(case(F + "kl_div", T("float32", (3, 4), low=-3, high=0), T("float32", (3, 4), low=0, high=1), reduction=red,
             grad=True))
    add(case(F + "poisson_nll_loss", T("float32", (3, 4), low=-1, high=1), T("float32", (3, 4), low=0, high=3),
             reduction=red, grad=True))
    add(case(F + "poisson_nll_loss", T("float32", (3, 4), low=0.1, high=2), T("float32", (3, 4), low=0, high=3),
             log_input=False, full=True, reduction=red, grad=True))
    add(case(F + "gaussian_nll_loss", T("float32", (3, 4)), T("float32", (3, 4)), T("float32", (3, 4), low=0.1, high=2),
             reduction=red, grad=True))
add(case(F + "nll_loss", LP, T("int64", (5,), low=0, high=4), ignore_index=2, grad=True))
add(case(F + "nll_loss", T("float32", (5,)), T("int64", (), values=1), raises="ValueError"))
add(case(F + "nll_loss", LP, T("int64", (5,), low=0, high=4), reduction="x", raises="ValueError"))
add(case(F + "kl_div", T("float32", (3, 4), low=-3, high=0), T("float32", (3, 4), low=0, high=1),
         reduction="batchmean", grad=True))
add(case(F + "kl_div", T("float32", (3, 4), low=-3, high=0), T("float64", (3, 4), low=0, high=1), grad=True))
add(case(F + "kl_div", T("float32", (3, 4), low=-3, high=0), T("float32", (3, 4), values=[[0, 0.5, 1, 0]] * 3),
         reduction="none", grad=True))
add(case(F + "poisson_nll_loss", T("float32", (3, 4)), T("float32", (3, 4)), epsilon=0.0, raises="ValueError"))
add(case(F + "poisson_nll_loss", T("float32", (3, 4)), T("float32", (4, 3)), raises="ValueError"))
add(case(F + "poisson_nll_loss", T("float32", (3, 4)), T("float32", (3, 4), low=0, high=5), full=True, grad=True))
add(case(F + "gaussian_nll_loss", T("float32", (3, 4)), T("float32", (3, 4)), T("float32", (3,), low=0.1, high=2),
         grad=True))
add(case(F + "gaussian_nll_loss", T("float32", (3, 4)), T("float32", (3, 4)), T("float32", (3, 1), low=0.1, high=2),
         full=True, grad=True))
add(case(F + "gaussian_nll_loss", T("float32", (3, 4)), T("float32", (3, 4)), T("float32", (3, 4), low=0.0, high=1e-7),
         epsilon=1e-3, grad=True))
add(case(F + "gaussian_nll_loss", T("float32", (3, 4)), T("float32", (3, 4)), T("float32", (2, 4), low=0.1, high=1),
         raises="ValueError"))
add(case(F + "gaussian_nll_loss", T("float32", (3, 4)), T("float32", (3, 4)), T("float32", (3, 4), low=-1, high=-0.1),
         raises="ValueError"))

# ---- margin / embedding losses
X1 = T("float32", (5,))
X2 = T("float32", (5,))
LB = T("float32", (5,), values=[1, -1, 1, -1, 1])
for red in R:
    add(case(F + "margin_ranking_loss", X1, X2, LB, reduction=red, grad=True))
    add(case(F + "margin_ranking_loss", X1, X2, LB, margin=0.3, reduction=red, grad=True))
    add(case(F + "hinge_embedding_loss", T("float32", (3, 4), low=-2, high=2),
             T("float32", (3, 4), values=[[1, -1, 1, -1]] * 3), reduction=red, grad=True))
    add(case(F + "hinge_embedding_loss", T("float32", (3, 4), low=-2, high=2),
             T("float32", (3, 4), values=[[1, -1, -1, -1]] * 3), margin=0.5, reduction=red, grad=True))
    add(case(F + "cosine_embedding_loss", T("float32", (4, 5)), T("float32", (4, 5)),
             T("int64", (4,), values=[1, -1, 1, -1]), reduction=red, grad=True))
    add(case(F + "cosine_embedding_loss", T("float32", (4, 5)), T("float32", (4, 5)),
             T("float32", (4,), values=[1, -1, -1, -1]), margin=0.2, reduction=red, grad=True))
    add(case(F + "triplet_margin_loss", T("float32", (4, 5)), T("float32", (4, 5)), T("float32", (4, 5)),
             reduction=red, grad=True))
    add(case(F + "triplet_margin_loss", T("float32", (4, 5)), T("float32", (4, 5)), T("float32", (4, 5)),
             margin=0.5, p=1, swap=True, reduction=red, grad=True))
    add(case(F + "triplet_margin_with_distance_loss", T("float32", (4, 5)), T("float32", (4, 5)),
             T("float32", (4, 5)), reduction=red, grad=True))
    add(case(F + "triplet_margin_with_distance_loss", T("float32", (4, 5)), T("float32", (4, 5)),
             T("float32", (4, 5)), margin=2.0, swap=True, reduction=red, grad=True))
    add(case(F + "multi_margin_loss", T("float32", (4, 5)), T("int64", (4,), low=0, high=5), reduction=red, grad=True))
    add(case(F + "multi_margin_loss", T("float32", (4, 5)), T("int64", (4,), low=0, high=5), p=2, margin=0.5,
             weight=T("float32", (5,), low=0.1, high=2), reduction=red, grad=True))
    add(case(F + "soft_margin_loss", T("float32", (3, 4)), T("float32", (3, 4), values=[[1, -1, 1, 1]] * 3),
             reduction=red, grad=True))
    add(case(F + "multi_label_soft_margin_loss", T("float32", (3, 4)), T("float32", (3, 4), values=[[1, 0, 1, 1]] * 3),
             reduction=red, grad=True))
    add(case(F + "multi_label_soft_margin_loss", T("float32", (3, 4)), T("float32", (3, 4), values=[[1, 0, 0, 1]] * 3),
             weight=T("float32", (4,), low=0.1, high=2), reduction=red, grad=True))
add(case(F + "cosine_embedding_loss", T("float32", (5,)), T("float32", (5,)), T("int64", (1,), values=[-1]), grad=True))
add(case(F + "cosine_embedding_loss", T("float32", (4, 5)), T("float32", (4, 5)), T("int64", (4, 1), low=0, high=1),
         raises="ValueError"))
add(case(F + "cosine_embedding_loss", T("float32", (4, 5)), T("float32", (4, 6)), T("int64", (4,), low=0, high=1),
         raises="ValueError"))
add(case(F + "triplet_margin_loss", T("float32", (4, 5)), T("float32", (4, 5)), T("float32", (4, 5)), margin=-1.0,
         raises="ValueError"))
add(case(F + "triplet_margin_loss", T("float32", (4, 5)), T("float32", (4, 5)), T("float32", (4, 5)), p=3,
         epsilon=0.0, grad=True))
add(case(F + "multi_margin_loss", T("float32", (4, 5)), T("int64", (3,), low=0, high=5), raises="ValueError"))
add(case(F + "soft_margin_loss", T("float32", (3, 4)), T("float32", (3, 5)), raises="ValueError"))
add(case(F + "margin_ranking_loss", X1, X2, LB, reduction="x", raises="ValueError"))

# ---- misc: dice, npair, hsigmoid, ctc, margin_cross_entropy
add(case(F + "dice_loss", T("float32", (3, 4), low=0, high=1), T("int64", (3, 1), low=0, high=4), grad=True))
add(case(F + "dice_loss", T("float32", (2, 3, 5), low=0, high=1), T("int64", (2, 3, 1), low=0, high=5), epsilon=0.1,
         grad=True))
add(case(F + "dice_loss", T("float32", (3, 4)), T("int64", (3, 2), low=0, high=4), raises="AssertionError"))
add(case(F + "npair_loss", T("float32", (4, 3)), T("float32", (4, 3)), T("float32", (4,), values=[1, 2, 1, 3]),
         grad=True))
add(case(F + "npair_loss", T("float32", (5, 2)), T("float32", (5, 2)), T("int64", (5,), values=[0, 0, 1, 1, 2]),
         l2_reg=0.1, grad=True))
for ncls, feat, n in ((6, 3, 4), (2, 4, 3), (9, 2, 5), (8, 3, 6)):
    add(case(F + "hsigmoid_loss", T("float32", (n, feat)), T("int64", (n,), low=0, high=ncls), ncls,
             T("float32", (ncls - 1, feat)), T("float32", (ncls - 1, 1)), grad=True))
add(case(F + "hsigmoid_loss", T("float32", (4, 3)), T("int64", (4, 1), low=0, high=5), 5, T("float32", (4, 3)),
         grad=True))
add(case(F + "hsigmoid_loss", T("float32", (3, 2)), T("int64", (3,), low=0, high=5), 5, T("float32", (5, 2)),
         T("float32", (5, 1)), path_table=T("int64", (3, 3), values=[[0, 1, -1], [0, 2, 4], [3, -1, -1]]),
         path_code=T("int64", (3, 3), values=[[1, 0, 0], [0, 1, 1], [1, 0, 0]]), grad=True))
add(case(F + "hsigmoid_loss", T("float32", (4, 3)), T("int64", (4,), low=0, high=1), 1, T("float32", (1, 3)),
         raises="ValueError"))
for red in R:
    for nbt in (False, True):
        add(case(F + "ctc_loss", T("float32", (6, 2, 4), low=-2, high=2),
                 T("int32", (2, 3), values=[[1, 2, 2], [3, 1, 0]]),
                 T("int64", (2,), values=[6, 5]), T("int64", (2,), values=[3, 2]), reduction=red, norm_by_times=nbt,
                 grad=True))
add(case(F + "ctc_loss", T("float32", (5, 3, 6), low=-2, high=2), T("int32", (3, 2), low=1, high=6),
         T("int64", (3,), values=[5, 4, 5]), T("int64", (3,), values=[2, 2, 1]), blank=0, grad=True))
add(case(F + "ctc_loss", T("float32", (5, 1, 4), low=-2, high=2), T("int32", (1, 2), values=[[0, 1]]),
         T("int64", (1,), values=[5]), T("int64", (1,), values=[2]), blank=3, grad=True))
# margin_cross_entropy: Paddle 2.6.2 has no CPU kernel ("Do not support margin_cross_entropy for cpu kernel")
# so no goldens; tests/nn/test_core_losses.py checks it against the formula.

# ---- rnnt_loss (warp-transducer: input used as log-probs; FastEmit scales emission gradients)
for red in R:
    for lam in (0.0, 0.001, 0.5):
        add(case(F + "rnnt_loss", T("float32", (2, 4, 4, 5), low=-3, high=0), T("int32", (2, 3), low=1, high=5),
                 T("int32", (2,), values=[4, 3]), T("int32", (2,), values=[3, 2]), fastemit_lambda=lam,
                 reduction=red, grad=True))
add(case(F + "rnnt_loss", T("float32", (1, 3, 3, 4), low=-2, high=0), T("int32", (1, 2), values=[[0, 2]]),
         T("int32", (1,), values=[3]), T("int32", (1,), values=[2]), blank=3, grad=True))
add(case(F + "rnnt_loss", T("float64", (2, 5, 2, 3), low=-2, high=0), T("int32", (2, 1), low=1, high=3),
         T("int32", (2,), values=[5, 2]), T("int32", (2,), values=[1, 1]), grad=True))
