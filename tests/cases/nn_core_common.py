"""Goldens for paddle.nn.functional common/input/distance ops (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append

# ---- linear / bilinear
for xs, ws, bs in (((4, 3), (3, 5), (5,)), ((2, 3, 4), (4, 2), (2,)), ((3,), (3, 2), (2,)), ((4, 3), (3, 5), None),
                   ((2, 2, 2, 3), (3, 4), (4,))):
    add(case(F + "linear", T("float32", xs), T("float32", ws), None if bs is None else T("float32", bs), grad=True))
add(case(F + "linear", T("float64", (4, 3)), T("float64", (3, 5)), T("float64", (5,)), grad=True))
add(case(F + "linear", T("float32", (4, 3)), T("float32", (4, 5)), raises="ValueError"))
add(case(F + "bilinear", T("float32", (4, 3)), T("float32", (4, 2)), T("float32", (5, 3, 2)), T("float32", (1, 5)),
         grad=True))
add(case(F + "bilinear", T("float64", (2, 3)), T("float64", (2, 4)), T("float64", (2, 3, 4)), grad=True))

# ---- dropout family: deterministic configurations
X = T("float32", (4, 6), low=-2, high=2)
X4 = T("float32", (2, 3, 4, 5))
X5 = T("float32", (2, 3, 2, 3, 2))
add(case(F + "dropout", X, p=0.0, grad=True))
add(case(F + "dropout", X, p=0.5, training=False, grad=True))
add(case(F + "dropout", X, p=0.3, training=False, mode="downscale_in_infer", grad=True))
add(case(F + "dropout", X, p=1.0, grad=True))
add(case(F + "dropout", X, p=0.4, axis=1, training=False))
add(case(F + "dropout", X, p=0.4, axis=[0, 1], training=False, mode="downscale_in_infer"))
add(case(F + "dropout", X, p=1.0, axis=0, grad=True))
add(case(F + "dropout", T("float32", (100, 100)), p=0.3, check="meta"))
add(case(F + "dropout", T("float32", (100, 100)), p=0.3, axis=1, check="meta"))
add(case(F + "dropout", X, p=1.5, raises="ValueError"))
add(case(F + "dropout", X, p=-0.1, raises="ValueError"))
add(case(F + "dropout", X, p=0.5, mode="foo", raises="ValueError"))
add(case(F + "dropout", X, p="0.5", raises="TypeError"))
add(case(F + "dropout", X, p=0.5, axis=3, raises="ValueError"))
add(case(F + "dropout2d", X4, p=0.5, training=False, grad=True))
add(case(F + "dropout2d", X4, p=0.0, data_format="NHWC"))
add(case(F + "dropout2d", X4, p=0.3, check="meta"))
add(case(F + "dropout2d", X, p=0.5, raises="ValueError"))
add(case(F + "dropout2d", X4, p=0.5, data_format="NCDHW", raises="ValueError"))
add(case(F + "dropout3d", X5, p=0.5, training=False, grad=True))
add(case(F + "dropout3d", X5, p=0.3, data_format="NDHWC", check="meta"))
add(case(F + "dropout3d", X4, p=0.5, raises="ValueError"))
add(case(F + "alpha_dropout", X, p=0.5, training=False, grad=True))
add(case(F + "alpha_dropout", X, p=1.0, grad=True))
add(case(F + "alpha_dropout", X, p=0.0, grad=True))
add(case(F + "alpha_dropout", T("float32", (100, 100)), p=0.2, check="meta"))
add(case(F + "alpha_dropout", X, p=2.0, raises="ValueError"))

# ---- label_smooth / one_hot / embedding
add(case(F + "label_smooth", T("float32", (3, 4), low=0, high=1), grad=True))
add(case(F + "label_smooth", T("float32", (2, 3, 5), low=0, high=1), epsilon=0.3, grad=True))
add(case(F + "label_smooth", T("float32", (3, 4), low=0, high=1), prior_dist=T("float32", (1, 4), low=0, high=1),
         epsilon=0.2, grad=True))
add(case(F + "label_smooth", T("float64", (3, 4), low=0, high=1), epsilon=0.0))
add(case(F + "one_hot", T("int64", (5,), low=0, high=4), 4))
add(case(F + "one_hot", T("int32", (2, 3), low=0, high=6), 6))
add(case(F + "one_hot", T("int64", (2, 3, 1), low=0, high=3), 3))
add(case(F + "one_hot", T("int64", (3,), values=[0, 5, 1]), 4, raises="ValueError"))
W = T("float32", (10, 4))
add(case(F + "embedding", T("int64", (3, 4), low=0, high=10), W, grad=True))
add(case(F + "embedding", T("int32", (5,), low=0, high=10), W, grad=True))
add(case(F + "embedding", T("int64", (2, 6), low=0, high=10), W, padding_idx=3, grad=True))
add(case(F + "embedding", T("int64", (2, 6), values=[[1, 2, 9, 9, 0, 1], [9, 3, 9, 4, 5, 6]]), W, padding_idx=-1,
         grad=True))
add(case(F + "embedding", T("int64", (4,), values=[0, 0, 1, 0]), W, padding_idx=0, sparse=True, grad=True))
add(case(F + "embedding", T("int64", (2, 3), low=0, high=10), T("float64", (10, 3)), grad=True))
add(case(F + "embedding", T("int64", (3,), values=[0, 10, 1]), W, raises="ValueError"))

# ---- pad (constant, all-dims form and spatial forms, every mode and format)
for shape, pad in (((2, 3), [1, 0, 2, 1]), ((2, 3, 4), [0, 1, 1, 0, 2, 2]), ((1, 2, 3, 4), [0, 0, 1, 1, 2, 0, 1, 3])):
    add(case(F + "pad", T("float32", shape), pad, grad=True))
    add(case(F + "pad", T("float32", shape), pad, value=1.5, grad=True))
for mode in ("constant", "reflect", "replicate", "circular"):
    add(case(F + "pad", T("float32", (2, 3, 5)), [1, 2], mode=mode, data_format="NCL", grad=True))
    add(case(F + "pad", T("float32", (2, 5, 3)), [2, 1], mode=mode, data_format="NLC", grad=True))
    add(case(F + "pad", T("float32", (1, 2, 4, 5)), [1, 2, 0, 3], mode=mode, grad=True))
    add(case(F + "pad", T("float32", (1, 4, 5, 2)), [2, 1, 3, 0], mode=mode, data_format="NHWC", grad=True))
    add(case(F + "pad", T("float32", (1, 2, 3, 4, 5)), [1, 0, 2, 1, 0, 2], mode=mode, data_format="NCDHW", grad=True))
    add(case(F + "pad", T("float64", (1, 3, 4, 5, 2)), [1, 1, 0, 2, 2, 0], mode=mode, data_format="NDHWC",
             grad=True))
add(case(F + "pad", T("float32", (1, 2, 4, 5)), [1, 1, 1, 1], value=-2.0, grad=True))
add(case(F + "pad", T("float32", (1, 2, 4, 5)), T("int32", (4,), values=[1, 0, 2, 1]), mode="reflect"))
add(case(F + "pad", T("float32", (1, 2, 4, 5)), [-1, 0, 1, 0], grad=True))
add(case(F + "pad", T("int64", (1, 2, 3, 3)), [1, 1, 1, 1]))
add(case(F + "pad", T("float32", (1, 2, 4, 5)), [1, 1], mode="foo", raises="AssertionError"))
add(case(F + "pad", T("float32", (1, 2, 4, 5)), [1, 1, 1, 1], data_format="NCL", raises="AssertionError"))
add(case(F + "pad", T("float32", (2, 3)), [1, 1], mode="reflect", raises="AssertionError"))
add(case(F + "zeropad2d", T("float32", (1, 2, 3, 4)), [1, 2, 0, 1], grad=True))
add(case(F + "zeropad2d", T("float32", (1, 3, 4, 2)), [1, 1, 2, 2], data_format="NHWC", grad=True))

# ---- interpolate / upsample
I3 = T("float32", (2, 3, 5))
I4 = T("float32", (2, 3, 4, 5))
I4h = T("float32", (2, 4, 5, 3))
I5 = T("float32", (1, 2, 3, 4, 5))
for mode, x in (("nearest", I4), ("bilinear", I4), ("bicubic", I4), ("linear", I3), ("trilinear", I5),
                ("nearest", I5), ("area", I4)):
    nsp = len(x.shape) - 2
    sizes = {1: [8], 2: [7, 9], 3: [5, 6, 7]}[nsp]
    small = {1: [3], 2: [3, 2], 3: [2, 3, 3]}[nsp]
    df = {1: "NCW", 2: "NCHW", 3: "NCDHW"}[nsp]
    add(case(F + "interpolate", x, size=sizes, mode=mode, data_format=df, grad=True))
    add(case(F + "interpolate", x, size=small, mode=mode, data_format=df, grad=True))
    add(case(F + "interpolate", x, scale_factor=2, mode=mode, data_format=df, grad=True))
    add(case(F + "interpolate", x, scale_factor=[1.5] * nsp, mode=mode, data_format=df, grad=True))
    add(case(F + "interpolate", x, scale_factor=0.6, mode=mode, data_format=df, grad=True))
    if mode not in ("nearest", "area"):
        add(case(F + "interpolate", x, size=sizes, mode=mode, align_corners=True, data_format=df, grad=True))
        add(case(F + "interpolate", x, scale_factor=1.7, mode=mode, align_corners=True, data_format=df, grad=True))
    if mode in ("bilinear", "linear", "trilinear"):
        add(case(F + "interpolate", x, size=sizes, mode=mode, align_mode=1, data_format=df, grad=True))
        add(case(F + "interpolate", x, size=small, mode=mode, align_mode=1, data_format=df, grad=True))
        add(case(F + "interpolate", x, scale_factor=2.5, mode=mode, align_mode=1, data_format=df, grad=True))
for mode in ("nearest", "bilinear", "bicubic"):
    add(case(F + "interpolate", I4h, size=[6, 4], mode=mode, data_format="NHWC", grad=True))
    add(case(F + "interpolate", I4h, scale_factor=[2, 1.5], mode=mode, data_format="NHWC", grad=True))
add(case(F + "interpolate", T("float32", (2, 5, 3)), size=[7], mode="linear", data_format="NWC", grad=True))
add(case(F + "interpolate", T("float32", (1, 3, 4, 5, 2)), size=[4, 6, 3], mode="trilinear", data_format="NDHWC",
         grad=True))
add(case(F + "interpolate", I4, size=T("int32", (2,), values=[6, 7]), mode="bilinear"))
add(case(F + "interpolate", I4, size=[T("int32", (), values=6), 7], mode="nearest"))
add(case(F + "interpolate", I4, scale_factor=T("float32", (), values=2.0), mode="nearest"))
add(case(F + "interpolate", T("float64", (1, 2, 3, 3)), size=[5, 5], mode="bilinear", grad=True))
add(case(F + "interpolate", I4, size=[6, 7], mode="foo", raises="ValueError"))
add(case(F + "interpolate", I3, size=[6], mode="bilinear", raises="ValueError"))
add(case(F + "interpolate", I4, mode="bilinear", raises="ValueError"))
add(case(F + "interpolate", I4, size=[6, 7], scale_factor=2, raises="ValueError"))
add(case(F + "interpolate", I4, size=[6], raises="ValueError"))
add(case(F + "interpolate", I4, size=[6, 7], mode="nearest", align_corners=True, raises="ValueError"))
add(case(F + "interpolate", I4, size=[6, 7], mode="bilinear", align_mode=2, raises="ValueError"))
add(case(F + "interpolate", I4, size=[6, 7], data_format="NCW", raises="ValueError"))
add(case(F + "interpolate", I4, scale_factor=-1.0, raises="ValueError"))
add(case(F + "interpolate", I3, size=[6], mode="nearest", raises="ValueError"))
add(case(F + "upsample", I4, size=[8, 10], mode="bilinear", align_corners=True, grad=True))
add(case(F + "upsample", I4, scale_factor=2, grad=True))

# ---- unfold / fold
U = T("float32", (2, 3, 6, 7))
for ks, st, pd, dl in ((2, 1, 0, 1), ([3, 2], [2, 1], 1, 1), (3, 2, [1, 2], 1), (2, 1, [1, 0, 2, 1], 1),
                       (2, 1, 0, 2), ([2, 3], [1, 2], [0, 1, 1, 0], [2, 1])):
    add(case(F + "unfold", U, ks, strides=st, paddings=pd, dilations=dl, grad=True))
add(case(F + "unfold", T("float32", (3, 6, 7)), 2, raises="AssertionError"))
for osz, ks, st, pd, dl, L in (([4, 5], 2, 1, 0, 1, 12), ([6, 6], [3, 2], [1, 2], [1, 0], 1, 30),
                               ([5, 5], 2, 1, [1, 0, 0, 1], 1, 25), ([6, 5], 2, 2, 0, 1, 6), ([5, 5], 2, 1, 0, 2, 9)):
    kprod = (ks if isinstance(ks, int) else ks[0]) * (ks if isinstance(ks, int) else ks[1])
    add(case(F + "fold", T("float32", (2, 3 * kprod, L)), osz, ks, strides=st, paddings=pd, dilations=dl, grad=True))

# ---- cosine_similarity / pairwise_distance
add(case(F + "cosine_similarity", T("float32", (4, 5)), T("float32", (4, 5)), grad=True))
add(case(F + "cosine_similarity", T("float32", (4, 5)), T("float32", (4, 5)), axis=0, grad=True))
add(case(F + "cosine_similarity", T("float32", (2, 3, 4)), T("float32", (1, 3, 4)), axis=-1, eps=1e-4, grad=True))
add(case(F + "cosine_similarity", T("float64", (3, 6)), T("float64", (3, 6)), grad=True))
add(case(F + "cosine_similarity", T("float32", (2, 3), values=[[0, 0, 0], [1, 2, 3]]), T("float32", (2, 3)), grad=True))
for p in (2.0, 1.0, 3.0, float("inf"), 0.0):
    add(case(F + "pairwise_distance", T("float32", (4, 5)), T("float32", (4, 5)), p=p, grad=p != 0.0))
add(case(F + "pairwise_distance", T("float32", (4, 5)), T("float32", (4, 5)), keepdim=True, grad=True))
add(case(F + "pairwise_distance", T("float32", (2, 3, 4)), T("float32", (2, 3, 4)), epsilon=0.0, grad=True))
add(case(F + "pairwise_distance", T("float64", (5,)), T("float64", (5,)), grad=True))
add(case(F + "pairwise_distance", T("float32", (3, 4)), T("float32", (1, 4)), p=1.5, grad=True))

add(case(F + "class_center_sample", T("int64", (5,), values=[3, 1, 3, 7, 0]), 10, 2))
add(case(F + "class_center_sample", T("int64", (5,), values=[3, 1, 3, 7, 0]), 10, 4))
add(case(F + "class_center_sample", T("int64", (6,), low=0, high=20), 20, 10, check="meta"))
add(case(F + "class_center_sample", T("int64", (6,), low=0, high=20), 10, 20, raises="ValueError"))

# ---- more interpolate / pad configurations
add(case(F + "interpolate", T("float32", (2, 5, 3)), scale_factor=1.5, mode="linear", data_format="NWC",
         align_mode=1, grad=True))
add(case(F + "interpolate", T("float32", (1, 3, 4, 5, 2)), scale_factor=[1.5, 2, 0.5], mode="trilinear",
         data_format="NDHWC", align_corners=True, grad=True))
add(case(F + "interpolate", T("float32", (1, 5, 4, 3)), size=[2, 7], mode="bicubic", align_corners=True,
         data_format="NHWC", grad=True))
add(case(F + "interpolate", T("float32", (1, 2, 5, 4)), size=[1, 1], mode="bilinear", grad=True))
add(case(F + "interpolate", T("float32", (1, 2, 5, 4)), size=[1, 3], mode="bicubic", grad=True))
add(case(F + "interpolate", T("float32", (1, 2, 5)), size=[1], mode="linear", data_format="NCW", grad=True))
add(case(F + "interpolate", T("float32", (1, 2, 5, 4)), size=[1, 6], mode="bilinear", align_mode=1, grad=True))
add(case(F + "interpolate", T("float32", (1, 2, 6, 6)), size=[3, 2], mode="area", grad=True))
add(case(F + "interpolate", T("float32", (1, 2, 7)), size=[3], mode="area", data_format="NCW", grad=True))
add(case(F + "interpolate", T("float32", (1, 2, 4, 4, 6)), size=[2, 2, 3], mode="area", data_format="NCDHW",
         grad=True))
add(case(F + "interpolate", T("float32", (1, 2, 3, 3)), size=[9, 9], mode="nearest", grad=True))
add(case(F + "interpolate", T("float32", (1, 2, 9, 9)), size=[4, 5], mode="nearest", grad=True))
add(case(F + "interpolate", T("float64", (1, 2, 3, 4, 2)), scale_factor=2, mode="nearest", data_format="NCDHW",
         grad=True))
for shape, pad in (((3,), [1, 2]), ((2, 2, 2, 2, 2), [0, 1, 1, 0, 0, 0, 2, 1, 1, 1])):
    add(case(F + "pad", T("float32", shape), pad, value=0.5, grad=True))
add(case(F + "pad", T("float64", (2, 3, 4)), [2, 2], mode="reflect", data_format="NCL", grad=True))
add(case(F + "pad", T("float32", (2, 3, 4)), [4, 1], mode="reflect", data_format="NCL"))
add(case(F + "pad", T("float32", (1, 2, 3)), [1, 2, 3], data_format="NCL", raises="ValueError"))
add(case(F + "linear", T("float32", (0, 3)), T("float32", (3, 2)), T("float32", (2,))))
add(case(F + "cosine_similarity", T("float32", (2, 3, 4)), T("float32", (2, 3, 4)), axis=1, grad=True))

# ---- float64 linear modes (Paddle computes coordinates in float32 even for float64 data)
for mode, shape, sz, df in (("linear", (1, 2, 5), [8], "NCW"), ("bilinear", (1, 2, 4, 5), [7, 3], "NCHW"),
                            ("trilinear", (1, 2, 3, 4, 3), [5, 2, 4], "NCDHW")):
    add(case(F + "interpolate", T("float64", shape), size=sz, mode=mode, data_format=df, grad=True))
    add(case(F + "interpolate", T("float64", shape), size=sz, mode=mode, align_corners=True, data_format=df,
             grad=True))
    add(case(F + "interpolate", T("float64", shape), scale_factor=1.7, mode=mode, data_format=df, grad=True))
    add(case(F + "interpolate", T("float64", shape), size=sz, mode=mode, align_mode=1, data_format=df, grad=True))
add(case(F + "interpolate", T("float64", (1, 2, 4, 5)), size=[6, 7], mode="bicubic", grad=True))
add(case(F + "interpolate", T("float64", (1, 3, 4, 2)), size=[6, 3], mode="bilinear", data_format="NHWC", grad=True))
