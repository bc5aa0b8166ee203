"""Goldens: paddle.vision.ops.matrix_nms, distribute_fpn_proposals and generate_proposals."""

import numpy as np

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

MNMS = "paddle.vision.ops.matrix_nms"
DFPN = "paddle.vision.ops.distribute_fpn_proposals"
GENP = "paddle.vision.ops.generate_proposals"


def _boxes(seed, shape, scale):
    rng = np.random.RandomState(seed)
    xy = rng.uniform(0, scale, size=shape[:-1] + (2,))
    wh = rng.uniform(0.05 * scale, 0.5 * scale, size=shape[:-1] + (2,))
    return np.concatenate([xy, xy + wh], axis=-1).round(4).tolist()


def _scores(seed, shape):
    return np.random.RandomState(seed).uniform(0, 1, size=shape).round(4).tolist()


# matrix_nms: (seed, N, C, M, positional args, kwargs)
MNMS_CFGS = [
    (0, 1, 3, 6, (0.1, 0.1, -1, -1), {}),
    (1, 2, 4, 8, (0.2, 0.3, 5, 6), {"return_index": True}),
    (2, 2, 3, 10, (0.05, 0.2, -1, 10), {"use_gaussian": True, "gaussian_sigma": 1.5, "return_index": True}),
    (3, 1, 3, 7, (0.1, 0.1, -1, -1), {"background_label": -1, "normalized": False, "return_index": True}),
    (4, 2, 2, 5, (0.3, 0.5, 3, 2), {"return_rois_num": False}),
    (5, 1, 2, 4, (0.99, 0.99, -1, -1), {"return_index": True}),
]
for seed, n, c, m, pos, kw in MNMS_CFGS:
    dt = "float64" if seed == 2 else "float32"
    add(case(MNMS, T(dt, (n, m, 4), values=_boxes(seed, (n, m, 4), 1.0 if kw.get("normalized", True) else 50.0)),
             T(dt, (n, c, m), values=_scores(seed + 100, (n, c, m))), *pos, **kw))

# distribute_fpn_proposals: (seed, rois_num, min, max, refer_level, refer_scale, pixel_offset)
DFPN_CFGS = [
    (0, [5, 3], 2, 5, 4, 224, False),
    (1, [4], 2, 4, 3, 112, True),
    (2, [2, 0, 6], 1, 3, 2, 64, False),
]
for seed, nums, lo, hi, rl, rs, po in DFPN_CFGS:
    r = sum(nums)
    add(case(DFPN, T("float32", (r, 4), values=_boxes(seed, (r, 4), 500.0)), lo, hi, rl, rs, pixel_offset=po,
             rois_num=T("int32", (len(nums),), values=nums)))


def _anchors(h, w, sizes, stride):
    out = np.zeros((h, w, len(sizes), 4), dtype=np.float64)
    for i in range(h):
        for j in range(w):
            cx, cy = (j + 0.5) * stride, (i + 0.5) * stride
            for k, s in enumerate(sizes):
                out[i, j, k] = [cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2]
    return out.tolist()


# generate_proposals: (seed, N, A sizes, H, W, stride, kwargs)
GENP_CFGS = [
    (0, 1, [16, 32], 3, 3, 8, {}),
    (1, 2, [8, 24, 48], 4, 3, 8, {"pre_nms_top_n": 20, "post_nms_top_n": 6, "nms_thresh": 0.6}),
    (2, 1, [16], 4, 4, 4, {"pixel_offset": True, "min_size": 2.0, "nms_thresh": 0.4}),
    (3, 2, [12, 20], 3, 3, 8, {"eta": 0.8, "nms_thresh": 0.7, "post_nms_top_n": 10}),
]
for seed, n, sizes, h, w, stride, kw in GENP_CFGS:
    a = len(sizes)
    rng = np.random.RandomState(seed)
    add(case(GENP, T("float32", (n, a, h, w), values=rng.uniform(0, 1, (n, a, h, w)).round(4).tolist()),
             T("float32", (n, 4 * a, h, w), values=rng.uniform(-0.5, 0.5, (n, 4 * a, h, w)).round(4).tolist()),
             T("float32", (n, 2), values=[[h * stride, w * stride]] * n),
             T("float32", (h, w, a, 4), values=_anchors(h, w, sizes, stride)),
             T("float32", (h, w, a, 4), values=np.full((h, w, a, 4), 1.0).tolist()),
             return_rois_num=True, **kw))

# larger / tie-heavy configurations (appended: ids above stay stable)
for seed, n, c, m, pos, kw, dec in [
    (10, 2, 5, 40, (0.1, 0.2, 20, 30), {"return_index": True}, 1),
    (11, 1, 3, 30, (0.0, 0.05, -1, -1), {"use_gaussian": True, "return_index": True}, 1),
    (12, 3, 4, 25, (0.3, 0.3, 10, 5), {"background_label": 2, "return_index": True}, 4),
]:
    add(case(MNMS, T("float32", (n, m, 4), values=_boxes(seed, (n, m, 4), 1.0)),
             T("float32", (n, c, m), values=np.round(np.array(_scores(seed + 100, (n, c, m))), dec).tolist()),
             *pos, **kw))

_deg = [[0, 0, 0, 0], [5, 5, 4, 9], [0, 0, 1000, 1000], [10, 10, 10.5, 10.5], [0, 0, 223, 223], [0, 0, 224, 224]]
add(case(DFPN, T("float32", (6, 4), values=_deg), 2, 5, 4, 224, rois_num=T("int32", (2,), values=[2, 4])))
add(case(DFPN, T("float64", (6, 4), values=_deg), 3, 6, 4, 224, pixel_offset=True,
         rois_num=T("int32", (1,), values=[6])))
add(case(DFPN, T("float32", (20, 4), values=_boxes(7, (20, 4), 800.0)), 2, 6, 4, 224,
         rois_num=T("int32", (3,), values=[7, 6, 7])))
add(case(DFPN, T("float32", (3, 4), values=_boxes(8, (3, 4), 100.0)), 2, 5, 4, 224,
         rois_num=T("int32", (2,), values=[3, 0]), raises="ValueError"))

for seed, n, sizes, h, w, stride, kw in [
    (20, 1, [16, 32, 64], 6, 6, 8, {"pre_nms_top_n": 60, "post_nms_top_n": 15, "nms_thresh": 0.5}),
    (21, 2, [8, 16], 5, 4, 4, {"pixel_offset": True, "nms_thresh": 0.6, "eta": 0.9, "post_nms_top_n": 12}),
    (22, 1, [4], 2, 2, 4, {"min_size": 50.0}),
    (23, 1, [16], 3, 3, 8, {"nms_thresh": 0.0, "post_nms_top_n": 2}),
]:
    a = len(sizes)
    rng = np.random.RandomState(seed)
    add(case(GENP, T("float32", (n, a, h, w), values=rng.uniform(0, 1, (n, a, h, w)).round(2).tolist()),
             T("float32", (n, 4 * a, h, w), values=rng.uniform(-1.5, 1.5, (n, 4 * a, h, w)).round(4).tolist()),
             T("float32", (n, 2), values=[[h * stride - 3, w * stride + 2]] * n),
             T("float32", (h, w, a, 4), values=_anchors(h, w, sizes, stride)),
             T("float32", (h, w, a, 4), values=np.full((h, w, a, 4), [0.1, 0.1, 0.2, 0.2]).tolist()),
             return_rois_num=True, **kw))

# a float64 img_size with float32 scores is rejected by Paddle's kernel
add(case(GENP, T("float32", (1, 1, 2, 2), values=[[[[0.9, 0.2], [0.4, 0.7]]]]),
         T("float32", (1, 4, 2, 2), values=np.zeros((1, 4, 2, 2)).tolist()),
         T("float64", (1, 2), values=[[8.0, 8.0]]),
         T("float32", (2, 2, 1, 4), values=_anchors(2, 2, [4], 4)),
         T("float32", (2, 2, 1, 4), values=np.ones((2, 2, 1, 4)).tolist()), return_rois_num=True, raises="ValueError"))

# heavy score ties: exercise Paddle's (unstable) candidate ordering on both the full-sort and top-n paths
for seed, n, sizes, h, w, stride, kw in [
    (30, 1, [16, 32], 6, 5, 8, {"nms_thresh": 0.5}),
    (31, 2, [16, 32], 6, 5, 8, {"pre_nms_top_n": 25, "post_nms_top_n": 20, "nms_thresh": 0.7}),
    (32, 1, [16, 32], 6, 5, 8, {"pre_nms_top_n": 17, "nms_thresh": 0.0}),
    (33, 1, [16], 8, 8, 4, {"pre_nms_top_n": 40, "nms_thresh": 0.0, "pixel_offset": True}),
]:
    a = len(sizes)
    rng = np.random.RandomState(seed)
    add(case(GENP, T("float32", (n, a, h, w), values=rng.randint(0, 4, (n, a, h, w)).astype(float).tolist()),
             T("float32", (n, 4 * a, h, w), values=rng.uniform(-0.5, 0.5, (n, 4 * a, h, w)).round(4).tolist()),
             T("float32", (n, 2), values=[[h * stride, w * stride]] * n),
             T("float32", (h, w, a, 4), values=_anchors(h, w, sizes, stride)),
             T("float32", (h, w, a, 4), values=np.ones((h, w, a, 4)).tolist()),
             return_rois_num=True, **kw))

for seed, n, c, m, pos, kw in [
    (40, 2, 4, 50, (0.0, 0.0, 30, 40), {"return_index": True}),
    (41, 1, 6, 60, (0.1, 0.1, -1, 100), {"use_gaussian": True, "return_index": True, "normalized": False}),
]:
    sc = np.random.RandomState(seed + 100).randint(1, 5, (n, c, m)) / 4.0
    add(case(MNMS, T("float32", (n, m, 4), values=_boxes(seed, (n, m, 4), 1.0 if kw.get("normalized", True) else 30.0)),
             T("float32", (n, c, m), values=sc.tolist()), *pos, **kw))
