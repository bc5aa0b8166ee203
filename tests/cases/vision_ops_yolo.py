"""Goldens: paddle.vision.ops.yolo_box (box decoding) and yolo_loss (YOLOv3 loss, with grads)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

BOX = "paddle.vision.ops.yolo_box"
LOSS = "paddle.vision.ops.yolo_loss"
ANC = [10, 13, 16, 30, 33, 23]

# yolo_box: (anchors, class_num, conf_thresh, downsample_ratio, kwargs, x dtype, h, w)
BOX_CFGS = [
    (ANC[:4], 2, 0.01, 8, {}, "float32", 4, 4),
    (ANC[:4], 2, 0.5, 8, {"clip_bbox": False}, "float32", 4, 4),
    (ANC, 3, 0.3, 32, {"scale_x_y": 1.2}, "float32", 3, 3),
    (ANC, 1, 0.4, 16, {"clip_bbox": True, "scale_x_y": 1.05}, "float64", 5, 3),
    (ANC[:4], 2, 0.2, 8, {"iou_aware": True}, "float32", 4, 4),
    (ANC, 4, 0.1, 16, {"iou_aware": True, "iou_aware_factor": 0.3, "clip_bbox": False}, "float32", 3, 3),
    (ANC[:2], 80, 0.05, 32, {}, "float32", 2, 2),
]
for anchors, cn, th, ds, kw, dt, h, w in BOX_CFGS:
    an = len(anchors) // 2
    ch = an * (cn + (6 if kw.get("iou_aware") else 5))
    add(case(BOX, T(dt, (2, ch, h, w), low=-3, high=3), T("int32", (2, 2), low=64, high=400), anchors, cn, th, ds,
             **kw))

# yolo_loss: (anchor_mask, class_num, ignore_thresh, downsample_ratio, kwargs, with gt_score)
LOSS_CFGS = [
    ([0, 1, 2], 2, 0.7, 8, {}, False),
    ([1, 2], 3, 0.5, 16, {"use_label_smooth": False}, False),
    ([0, 1], 2, 0.3, 8, {"use_label_smooth": True}, True),
    ([0, 1, 2], 4, 0.6, 32, {"scale_x_y": 1.1}, True),
    ([2], 2, 0.2, 8, {"use_label_smooth": False, "scale_x_y": 1.2}, False),
]
for mask, cn, ig, ds, kw, with_score in LOSS_CFGS:
    x = T("float32", (2, len(mask) * (5 + cn), 4, 4), low=-2, high=2)
    gtb = T("float32", (2, 5, 4), low=0.05, high=0.6)
    gtl = T("int32", (2, 5), low=0, high=cn)
    if with_score:
        kw = dict(kw, gt_score=T("float32", (2, 5), low=0.2, high=1.0))
    add(case(LOSS, x, gtb, gtl, ANC, mask, cn, ig, ds, grad=True, **kw))

# explicit gt boxes including an empty (zero-size) one and two boxes on the same cell
GTB = [[[0.3, 0.3, 0.2, 0.25], [0.31, 0.32, 0.1, 0.1], [0.0, 0.0, 0.0, 0.0], [0.8, 0.6, 0.5, 0.4]],
       [[0.5, 0.5, 0.05, 0.07], [0.1, 0.9, 0.3, 0.3], [0.6, 0.2, 0.0, 0.3], [0.9, 0.9, 0.9, 0.9]]]
add(case(LOSS, T("float32", (2, 3 * 7, 4, 4), low=-2, high=2), T("float32", (2, 4, 4), values=GTB),
         T("int32", (2, 4), values=[[0, 1, 1, 0], [1, 0, 0, 1]]), ANC, [0, 1, 2], 2, 0.5, 8, grad=True))
add(case(LOSS, T("float64", (1, 2 * 6, 3, 3), low=-1, high=1), T("float64", (1, 2, 4), values=[GTB[0][0], GTB[0][3]]),
         T("int32", (1, 2), values=[[0, 0]]), ANC, [1, 2], 1, 0.4, 16, grad=True))
