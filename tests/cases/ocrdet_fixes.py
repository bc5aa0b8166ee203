"""Goldens (real Paddle 2.6.2) for the APIs that PaddleOCR / PaddleDetection modeling needed fixed
(tests/repos/ocr_det): nn.BatchNorm's act names are Paddle's legacy activation ops, with their op defaults."""

from tools.api_diff.casefmt import T, case, layer

CASES = []
add = CASES.append

for act in ("hard_swish", "swish", "leaky_relu", "hard_sigmoid", "relu6", "gelu", "elu", "softplus", "mish", "silu"):
    add(layer("paddle.nn.BatchNorm", 3, act=act, inputs=[T("float32", (2, 3, 4, 5))], grad=True))
    add(case("paddle._legacy_C_ops." + act, T("float32", (3, 7)), grad=True))
add(case("paddle._legacy_C_ops.leaky_relu", T("float32", (3, 7)), "alpha", 0.3))
add(case("paddle._legacy_C_ops.hard_sigmoid", T("float32", (3, 7)), "slope", 0.25, "offset", 0.4))

# roi_align over many rois of mixed sizes (several adaptive sampling grids, two images), as Faster/Mask R-CNN's
# RoIAlign calls it (batched implementation)
_ROIS = []
for _i in range(24):
    _x0, _y0 = (_i * 5) % 11 + 0.3, (_i * 7) % 9 + 0.6
    _ROIS.append([_x0, _y0, _x0 + 1.5 + (_i % 6) * 2.2, _y0 + 0.8 + (_i % 5) * 2.6])
_ROIS_FLAT = [v for r in _ROIS for v in r]
add(case("paddle.vision.ops.roi_align", T("float32", (2, 5, 16, 16)), T("float32", (24, 4), values=_ROIS_FLAT),
         T("int32", (2,), values=[10, 14]), 7, spatial_scale=1.0, sampling_ratio=-1, aligned=True, grad=True))
add(case("paddle.vision.ops.roi_align", T("float32", (2, 5, 16, 16)), T("float32", (24, 4), values=_ROIS_FLAT),
         T("int32", (2,), values=[17, 7]), (3, 5), spatial_scale=0.5, sampling_ratio=0, aligned=False, grad=True))
add(case("paddle.vision.ops.roi_align", T("float32", (1, 5, 16, 16)), T("float32", (0, 4)),
         T("int32", (1,), values=[0]), 7))

# multiclass NMS as PaddleDetection calls it (paddle._C_ops.multiclass_nms3): 60 overlapping boxes, 3 classes,
# 2 images; the non-adaptive threshold (eta=1) takes the pairwise-matrix path, eta<1 the incremental one
_NMS_BOXES, _NMS_SCORES = [], []
for _img in range(2):
    for _i in range(60):
        _cx, _cy = 10 + (_i * 7 + _img * 3) % 23, 12 + (_i * 11) % 19
        _w, _h = 6 + (_i * 5) % 9, 5 + (_i * 3) % 11
        _NMS_BOXES += [_cx - _w / 2, _cy - _h / 2, _cx + _w / 2, _cy + _h / 2]
    for _c in range(3):
        _NMS_SCORES += [((_i * 37 + _c * 17 + _img * 5) % 97) / 97.0 for _i in range(60)]
for _thr, _eta, _norm, _top in ((0.5, 1.0, False, 10), (0.3, 1.0, True, 100), (0.7, 0.9, False, 12),
                                (0.45, 1.0, False, -1)):
    add(case("paddle._C_ops.multiclass_nms3", T("float32", (2, 60, 4), values=_NMS_BOXES),
             T("float32", (2, 3, 60), values=_NMS_SCORES), None, 0.05, 40, _top, _thr, _norm, _eta, 0))

# degenerate boxes (zero width: FCOS clips boxes to the image border): with normalized=True two of them have a
# 0/0 IoU, and Paddle's NMS then suppresses the later one
_DEGENERATE = list(_NMS_BOXES)
for _k in range(0, 480, 12):
    _DEGENERATE[_k] = _DEGENERATE[_k + 2] = 20.0  # on one vertical line, as boxes clipped to the same border
for _norm, _eta in ((True, 1.0), (False, 1.0), (True, 0.9)):
    add(case("paddle._C_ops.multiclass_nms3", T("float32", (2, 60, 4), values=_DEGENERATE),
             T("float32", (2, 3, 60), values=_NMS_SCORES), None, 0.05, 40, 30, 0.6, _norm, _eta, -1))
