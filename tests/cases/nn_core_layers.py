"""Goldens for paddle.nn core layers (Linear, Embedding, Bilinear, dropout/pad/upsample/fold layers, containers,
loss layers, PairwiseDistance) from real Paddle 2.6.2: parameter names, state_dict, outputs and grads."""

from tools.api_diff.casefmt import T, layer

N = "paddle.nn."
CASES = []
add = CASES.append

# ---- Linear / Bilinear / Embedding (default init is random -> replay loads Paddle's weights)
for args, kw, x in (((3, 5), {}, T("float32", (4, 3))), ((4, 2), {}, T("float32", (2, 3, 4))),
                    ((3, 5), {"bias_attr": False}, T("float32", (4, 3))),
                    ((6, 1), {"name": "fc"}, T("float32", (2, 6))),
                    ((3, 3), {"weight_attr": "my_w", "bias_attr": "my_b"}, T("float32", (1, 3))), ((2, 4), {},
                    T("float32", (2,)))):
    add(layer(N + "Linear", *args, inputs=[x], grad=True, **kw))
add(layer(N + "Bilinear", 3, 2, 4, inputs=[T("float32", (5, 3)), T("float32", (5, 2))], grad=True))
add(layer(N + "Bilinear", 2, 2, 1, bias_attr=False, inputs=[T("float32", (3, 2)), T("float32", (3, 2))], grad=True))
for args, kw, ids in (((10, 4), {}, T("int64", (3, 5), low=0, high=10)), ((10, 4), {"padding_idx": 2},
                      T("int64", (2, 4), values=[[2, 1, 2, 0], [9, 2, 3, 2]])), ((6, 3), {"padding_idx": -1},
                      T("int64", (4,), values=[5, 0, 5, 1])),
                      ((6, 3), {"sparse": True}, T("int32", (2, 2), low=0, high=6))):
    add(layer(N + "Embedding", *args, inputs=[ids], grad=True, **kw))

# ---- parameter-free layers
X4 = T("float32", (2, 3, 4, 5))
add(layer(N + "Identity", 3, foo=1, inputs=[X4], grad=True))
add(layer(N + "Flatten", inputs=[X4], grad=True))
add(layer(N + "Flatten", start_axis=0, stop_axis=2, inputs=[X4], grad=True))
add(layer(N + "Unflatten", 1, [3, 1], inputs=[T("float32", (2, 3, 4))], grad=True))
add(layer(N + "Unflatten", -1, (2, -1), inputs=[T("float32", (2, 3, 4))], grad=True))
add(layer(N + "Dropout", p=0.0, inputs=[X4], grad=True))
add(layer(N + "Dropout2D", p=0.0, inputs=[X4], grad=True))
add(layer(N + "Dropout3D", p=0.0, inputs=[T("float32", (1, 2, 3, 4, 5))], grad=True))
add(layer(N + "AlphaDropout", p=0.0, inputs=[X4], grad=True))
add(layer(N + "Pad1D", 2, inputs=[T("float32", (2, 3, 4))], grad=True))
add(layer(N + "Pad1D", [1, 2], mode="reflect", inputs=[T("float32", (2, 3, 4))], grad=True))
add(layer(N + "Pad2D", 1, inputs=[X4], grad=True))
add(layer(N + "Pad2D", [1, 0, 2, 1], mode="replicate", data_format="NHWC", inputs=[X4], grad=True))
add(layer(N + "Pad3D", [1, 0, 1, 0, 0, 1], mode="circular", inputs=[T("float32", (1, 2, 3, 4, 5))], grad=True))
add(layer(N + "Pad3D", 1, value=2.0, inputs=[T("float32", (1, 2, 3, 4, 5))], grad=True))
add(layer(N + "ZeroPad2D", [1, 2, 0, 1], inputs=[X4], grad=True))
add(layer(N + "ZeroPad2D", 2, inputs=[X4], grad=True))
add(layer(N + "Upsample", size=[6, 7], inputs=[X4], grad=True))
add(layer(N + "Upsample", scale_factor=2, mode="bilinear", align_corners=True, inputs=[X4], grad=True))
add(layer(N + "Upsample", scale_factor=1.5, mode="BICUBIC", inputs=[X4], grad=True))
add(layer(N + "UpsamplingNearest2D", size=8, inputs=[X4], grad=True))
add(layer(N + "UpsamplingNearest2D", scale_factor=2, inputs=[X4], grad=True))
add(layer(N + "UpsamplingBilinear2D", size=[5, 9], inputs=[X4], grad=True))
add(layer(N + "UpsamplingBilinear2D", scale_factor=1.5, inputs=[X4], grad=True))
add(layer(N + "Unfold", [2, 3], inputs=[X4], grad=True))
add(layer(N + "Unfold", 2, strides=2, paddings=1, dilations=1, inputs=[X4], grad=True))
add(layer(N + "Fold", [4, 5], 2, inputs=[T("float32", (2, 12, 12))], grad=True))
add(layer(N + "CosineSimilarity", inputs=[T("float32", (3, 4)), T("float32", (3, 4))], grad=True))
add(layer(N + "CosineSimilarity", axis=0, eps=1e-6, inputs=[T("float32", (3, 4)), T("float32", (3, 4))], grad=True))
add(layer(N + "PairwiseDistance", inputs=[T("float32", (3, 4)), T("float32", (3, 4))], grad=True))
add(layer(N + "PairwiseDistance", p=1.0, epsilon=0.0, keepdim=True, inputs=[T("float32", (3, 4)), T("float32", (3, 4))],
          grad=True))

# ---- loss layers
L = T("float32", (6, 5), low=-2, high=2)
Y6 = T("int64", (6,), low=0, high=5)
add(layer(N + "CrossEntropyLoss", inputs=[L, Y6], grad=True))
add(layer(N + "CrossEntropyLoss", reduction="none", ignore_index=2, inputs=[L, T("int64", (6, 1), low=0, high=5)],
          grad=True))
add(layer(N + "CrossEntropyLoss", soft_label=True, reduction="sum", inputs=[L, T("float32", (6, 5), low=0, high=1)],
          grad=True))
add(layer(N + "CrossEntropyLoss", label_smoothing=0.1, inputs=[L, Y6], grad=True))
add(layer(N + "CrossEntropyLoss", axis=1, inputs=[T("float32", (2, 5, 3)), T("int64", (2, 3), low=0, high=5)],
          grad=True))
add(layer(N + "MSELoss", inputs=[T("float32", (3, 4)), T("float32", (3, 4))], grad=True))
add(layer(N + "MSELoss", "sum", inputs=[T("float32", (3, 4)), T("float32", (3, 4))], grad=True))
add(layer(N + "L1Loss", reduction="none", inputs=[T("float32", (3, 4)), T("float32", (3, 4))], grad=True))
add(layer(N + "BCELoss", inputs=[T("float32", (3, 4), low=0.05, high=0.95), T("float32", (3, 4), low=0, high=1)],
          grad=True))
add(layer(N + "BCEWithLogitsLoss", inputs=[T("float32", (3, 4)), T("float32", (3, 4), low=0, high=1)], grad=True))
add(layer(N + "NLLLoss", inputs=[T("float32", (4, 3), low=-3, high=0), T("int64", (4,), low=0, high=3)], grad=True))
add(layer(N + "NLLLoss", ignore_index=1, reduction="sum",
          inputs=[T("float32", (4, 3), low=-3, high=0), T("int64", (4,), low=0, high=3)], grad=True))
add(layer(N + "PoissonNLLLoss", inputs=[T("float32", (3, 4)), T("float32", (3, 4), low=0, high=3)], grad=True))
add(layer(N + "KLDivLoss", "batchmean", inputs=[T("float32", (3, 4), low=-3, high=0),
                                               T("float32", (3, 4), low=0, high=1)], grad=True))
add(layer(N + "MarginRankingLoss", margin=0.1, inputs=[T("float32", (5,)), T("float32", (5,)),
                                                     T("float32", (5,), values=[1, -1, 1, 1, -1])], grad=True))
add(layer(N + "SmoothL1Loss", delta=0.5, inputs=[T("float32", (3, 4), low=-2, high=2), T("float32", (3, 4))],
          grad=True))
add(layer(N + "MultiLabelSoftMarginLoss",
          inputs=[T("float32", (3, 4)), T("float32", (3, 4), values=[[1, 0, 1, 0]] * 3)],
          grad=True))
add(layer(N + "HingeEmbeddingLoss", inputs=[T("float32", (3, 4)), T("float32", (3, 4), values=[[1, -1, 1, -1]] * 3)],
          grad=True))
add(layer(N + "CosineEmbeddingLoss", margin=0.3, inputs=[T("float32", (4, 3)), T("float32", (4, 3)),
                                                       T("int64", (4,), values=[1, -1, 1, -1])], grad=True))
add(layer(N + "TripletMarginLoss", inputs=[T("float32", (4, 3)), T("float32", (4, 3)), T("float32", (4, 3))],
          grad=True))
add(layer(N + "TripletMarginWithDistanceLoss", swap=True,
          inputs=[T("float32", (4, 3)), T("float32", (4, 3)), T("float32", (4, 3))], grad=True))
add(layer(N + "MultiMarginLoss", p=2, inputs=[T("float32", (4, 5)), T("int64", (4,), low=0, high=5)], grad=True))
add(layer(N + "SoftMarginLoss", inputs=[T("float32", (3, 4)), T("float32", (3, 4), values=[[1, -1, -1, 1]] * 3)],
          grad=True))
add(layer(N + "GaussianNLLLoss", full=True, inputs=[T("float32", (3, 4)), T("float32", (3, 4)),
                                                   T("float32", (3, 4), low=0.1, high=1)], grad=True))
add(layer(N + "CTCLoss", inputs=[T("float32", (6, 2, 4), low=-2, high=2),
                                T("int32", (2, 3), values=[[1, 2, 2], [3, 1, 0]]),
                                T("int64", (2,), values=[6, 5]), T("int64", (2,), values=[3, 2])], grad=True))
add(layer(N + "HSigmoidLoss", 3, 6, inputs=[T("float32", (4, 3)), T("int64", (4,), low=0, high=6)], grad=True))
add(layer(N + "HSigmoidLoss", 3, 5, is_custom=True,
          inputs=[T("float32", (3, 3)), T("int64", (3,), low=0, high=5),
                  T("int64", (3, 3), values=[[0, 1, -1], [0, 2, 4], [3, -1, -1]]),
                  T("int64", (3, 3), values=[[1, 0, 0], [0, 1, 1], [1, 0, 0]])], grad=True))
add(layer(N + "MSELoss", reduction="avg", inputs=[T("float32", (3, 4)), T("float32", (3, 4))]))
add(layer(N + "BCEWithLogitsLoss", reduction="avg", inputs=[T("float32", (3, 4)), T("float32", (3, 4))]))

# ---- containers: structured names and parameter names
add(layer(N + "Sequential", inputs=[T("float32", (2, 3))], grad=True, id="Sequential:empty"))
add(layer(N + "RNNTLoss", fastemit_lambda=0.1,
          inputs=[T("float32", (2, 4, 3, 5), low=-3, high=0), T("int32", (2, 2), low=1, high=5),
                  T("int32", (2,), values=[4, 3]), T("int32", (2,), values=[2, 1])], grad=True))
add(layer(N + "GELU", inputs=[T("float64", (3, 4))], grad=True))
add(layer(N + "Linear", 3, 2, inputs=[T("float32", (5, 4, 3))], grad=True))
add(layer(N + "Embedding", 5, 2, padding_idx=0, inputs=[T("int64", (3, 3), low=0, high=5)], grad=True))
