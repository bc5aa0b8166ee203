"""Goldens for paddle.nn.functional vision / extension ops (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append

for r in (1, 2, 3):
    add(case(F + "pixel_shuffle", T("float32", (2, 9 * r * r // (1 if r > 1 else 1), 3, 4)), r, grad=True))
    add(case(F + "pixel_shuffle", T("float32", (2, 3, 4, 2 * r * r)), r, data_format="NHWC", grad=True))
    add(case(F + "pixel_unshuffle", T("float32", (2, 3, 6, 6)), r, grad=True))
    add(case(F + "pixel_unshuffle", T("float32", (2, 6, 6, 3)), r, data_format="NHWC", grad=True))
add(case(F + "pixel_shuffle", T("float32", (2, 9, 3, 4)), 2, raises="ValueError"))
add(case(F + "pixel_shuffle", T("float32", (2, 8, 3, 4)), 2, data_format="NCL", raises="ValueError"))
add(case(F + "pixel_shuffle", T("float32", (2, 8, 3, 4)), 2.0, raises="TypeError"))
add(case(F + "pixel_unshuffle", T("float32", (2, 3, 6)), 2, raises="ValueError"))
add(case(F + "pixel_unshuffle", T("float32", (2, 3, 6, 6)), 0, raises="ValueError"))
for g in (1, 2, 3, 6):
    add(case(F + "channel_shuffle", T("float32", (2, 6, 3, 4)), g, grad=True))
    add(case(F + "channel_shuffle", T("float32", (2, 3, 4, 6)), g, data_format="NHWC", grad=True))
add(case(F + "channel_shuffle", T("float32", (2, 6, 3, 4)), 4, raises="ValueError"))
add(case(F + "channel_shuffle", T("float32", (2, 6, 3, 4)), 0, raises="ValueError"))

for ac in (True, False):
    add(case(F + "affine_grid", T("float32", (2, 2, 3)), [2, 3, 5, 4], align_corners=ac, grad=True))
    add(case(F + "affine_grid", T("float32", (2, 3, 4)), [2, 3, 2, 5, 4], align_corners=ac, grad=True))
    for mode in ("bilinear", "nearest"):
        for pm in ("zeros", "reflection", "border"):
            add(
                case(
                    F + "grid_sample",
                    T("float32", (2, 3, 5, 6)),
                    T("float32", (2, 4, 7, 2), -1.2, 1.2),
                    mode=mode,
                    padding_mode=pm,
                    align_corners=ac,
                    grad=True,
                )
            )
            add(
                case(
                    F + "grid_sample",
                    T("float32", (1, 2, 3, 4, 5)),
                    T("float32", (1, 2, 3, 4, 3), -1.2, 1.2),
                    mode=mode,
                    padding_mode=pm,
                    align_corners=ac,
                    grad=True,
                )
            )
add(
    case(F + "grid_sample", T("float32", (2, 3, 5, 6)), T("float32", (2, 4, 7, 2)), mode="bicubic", raises="ValueError")
)
add(
    case(
        F + "grid_sample",
        T("float32", (2, 3, 5, 6)),
        T("float32", (2, 4, 7, 2)),
        padding_mode="wrap",
        raises="ValueError",
    )
)
add(
    case(
        F + "grid_sample", T("float32", (2, 3, 5, 6)), T("float32", (2, 4, 7, 2)), align_corners=1, raises="ValueError"
    )
)
add(case(F + "affine_grid", T("float32", (2, 2, 3)), [2, 3, 5, 4]))

# extension
add(case(F + "sequence_mask", T("int64", (4,), 0, 6)))
add(case(F + "sequence_mask", T("int64", (2, 3), 0, 6), maxlen=7))
add(case(F + "sequence_mask", T("int32", (5,), 0, 6), maxlen=4, dtype="float32"))
add(case(F + "sequence_mask", T("int64", (5,), 0, 6), dtype="bool"))
add(case(F + "sequence_mask", T("int64", (5,), 0, 6), dtype="int32"))
add(case(F + "gather_tree", T("int64", (5, 2, 3), 0, 9), T("int64", (5, 2, 3), 0, 3)))
add(case(F + "gather_tree", T("int32", (3, 1, 4), 0, 9), T("int32", (3, 1, 4), 0, 4)))
add(case(F + "gather_tree", T("int64", (1, 2, 2), 0, 9), T("int64", (1, 2, 2), 0, 2)))
for ratio in (0.25, 0.125, 0.5):
    add(case(F + "temporal_shift", T("float32", (6, 8, 2, 3)), 3, shift_ratio=ratio, grad=True))
    add(case(F + "temporal_shift", T("float32", (4, 2, 3, 8)), 2, shift_ratio=ratio, data_format="NHWC", grad=True))
add(case(F + "temporal_shift", T("float32", (6, 8, 2, 3)), 3, data_format="NCL", raises="ValueError"))
for off, d1, d2 in ((0, -2, -1), (1, -2, -1), (-1, 0, 2), (2, 1, 0)):
    add(case(F + "diag_embed", T("float32", (2, 3)), off, d1, d2))
