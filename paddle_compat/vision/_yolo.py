"""YOLOv3 box decoding (``yolo_box``) and training loss (``yolo_loss``) in pure torch.

Semantics follow Paddle 2.6.2's ``paddle.vision.ops.yolo_box`` / ``yolo_loss`` (CPU kernels), derived from
the documented behaviour and checked against the real Paddle on small inputs.
"""

import torch
import torch.nn.functional as F

from paddle_compat._core import wrap

__all__ = ["yolo_box", "yolo_loss"]


def _t(v):
    return v._t if hasattr(v, "_t") else torch.as_tensor(v)


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True, name=None,
             scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    xt = _t(x).detach()
    st = _t(img_size).detach()
    anchors = [int(a) for a in anchors]
    an_num = len(anchors) // 2
    n, c, h, w = xt.shape
    entry = 5 + class_num
    expect = an_num * (entry + (1 if iou_aware else 0))
    if c != expect:
        raise ValueError(f"yolo_box: input channel number should be {expect}, but got {c}")
    dt = xt.dtype
    if iou_aware:
        iou = torch.sigmoid(xt[:, :an_num])                     # [N, A, H, W]
        body = xt[:, an_num:]
    else:
        iou = None
        body = xt
    p = body.reshape(n, an_num, entry, h, w)
    conf = torch.sigmoid(p[:, :, 4])
    if iou_aware:
        conf = conf.pow(1.0 - iou_aware_factor) * iou.pow(iou_aware_factor)
    keep = ~(conf < conf_thresh)                                 # [N, A, H, W]

    img_h = st[:, 0].to(dt).reshape(n, 1, 1, 1)
    img_w = st[:, 1].to(dt).reshape(n, 1, 1, 1)
    scale = float(torch.tensor(float(scale_x_y), dtype=torch.float32))  # a float32 attribute in Paddle
    bias = -0.5 * (scale - 1.0)
    gx = torch.arange(w, dtype=dt).reshape(1, 1, 1, w)
    gy = torch.arange(h, dtype=dt).reshape(1, 1, h, 1)
    aw = torch.tensor(anchors[0::2], dtype=dt).reshape(1, an_num, 1, 1)
    ah = torch.tensor(anchors[1::2], dtype=dt).reshape(1, an_num, 1, 1)
    in_w = downsample_ratio * w
    in_h = downsample_ratio * h
    cx = (gx + torch.sigmoid(p[:, :, 0]) * scale + bias) * img_w / w
    cy = (gy + torch.sigmoid(p[:, :, 1]) * scale + bias) * img_h / h
    bw = torch.exp(p[:, :, 2]) * aw * img_w / in_w
    bh = torch.exp(p[:, :, 3]) * ah * img_h / in_h
    x1 = cx - bw / 2
    y1 = cy - bh / 2
    x2 = cx + bw / 2
    y2 = cy + bh / 2
    if clip_bbox:
        zero = torch.zeros((), dtype=dt)
        x1 = torch.maximum(x1, zero)
        y1 = torch.maximum(y1, zero)
        x2 = torch.minimum(x2, img_w - 1)
        y2 = torch.minimum(y2, img_h - 1)
    boxes = torch.stack([x1, y1, x2, y2], dim=-1)               # [N, A, H, W, 4]
    scores = conf.unsqueeze(-1) * torch.sigmoid(p[:, :, 5:]).permute(0, 1, 3, 4, 2)
    kf = keep.unsqueeze(-1)
    boxes = torch.where(kf, boxes, torch.zeros((), dtype=dt)).reshape(n, an_num * h * w, 4)
    scores = torch.where(kf, scores, torch.zeros((), dtype=dt)).reshape(n, an_num * h * w, class_num)
    return wrap(boxes.contiguous()), wrap(scores.contiguous())


def _sce(x, label):
    return F.binary_cross_entropy_with_logits(x, label, reduction="none")


def _l1(x, y):
    return _L1.apply(x, y)


class _L1(torch.autograd.Function):
    """|x - y| whose gradient w.r.t. x is +1 where x > y, else -1 (as in Paddle's kernel)."""

    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y)
        return (y - x).abs()

    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors
        one = torch.ones((), dtype=x.dtype)
        return g * torch.where(x > y, one, -one), None


def _iou_xywh(b1, b2):
    """IoU of center-format boxes; b1, b2 broadcastable [..., 4]."""
    b1x1, b1x2 = b1[..., 0] - b1[..., 2] / 2, b1[..., 0] + b1[..., 2] / 2
    b1y1, b1y2 = b1[..., 1] - b1[..., 3] / 2, b1[..., 1] + b1[..., 3] / 2
    b2x1, b2x2 = b2[..., 0] - b2[..., 2] / 2, b2[..., 0] + b2[..., 2] / 2
    b2y1, b2y2 = b2[..., 1] - b2[..., 3] / 2, b2[..., 1] + b2[..., 3] / 2
    iw = (torch.minimum(b1x2, b2x2) - torch.maximum(b1x1, b2x1)).clamp(min=0)
    ih = (torch.minimum(b1y2, b2y2) - torch.maximum(b1y1, b2y1)).clamp(min=0)
    inter = iw * ih
    a1 = (b1x2 - b1x1) * (b1y2 - b1y1)
    a2 = (b2x2 - b2x1) * (b2y2 - b2y1)
    return inter / (a1 + a2 - inter)


def yolo_loss(x, gt_box, gt_label, anchors, anchor_mask, class_num, ignore_thresh, downsample_ratio,
              gt_score=None, use_label_smooth=True, name=None, scale_x_y=1.0):
    xt = _t(x)
    gb = _t(gt_box).detach()
    gl = _t(gt_label).detach().long()
    anchors = [int(a) for a in anchors]
    anchor_mask = [int(a) for a in anchor_mask]
    an_num = len(anchors) // 2
    mask_num = len(anchor_mask)
    n, c, h, w = xt.shape
    b = gb.shape[1]
    dt = xt.dtype
    entry = 5 + class_num
    if c != mask_num * entry:
        raise ValueError(f"yolo_loss: input channel number should be {mask_num * entry}, but got {c}")
    gs = torch.ones((n, b), dtype=dt) if gt_score is None else _t(gt_score).detach().to(dt)
    input_size = downsample_ratio * h
    if use_label_smooth:
        sw = min(1.0 / class_num, 1.0 / 40)
        label_pos, label_neg = 1.0 - sw, sw
    else:
        label_pos, label_neg = 1.0, 0.0
    scale = float(torch.tensor(float(scale_x_y), dtype=torch.float32))  # a float32 attribute in Paddle
    bias = -0.5 * (scale - 1.0)

    p = xt.reshape(n, mask_num, entry, h, w)
    pd = p.detach()
    valid = ~((gb[..., 2] < 1e-6) | (gb[..., 3] < 1e-6))            # [N, B]

    # objectness mask: 0 negative, -1 ignored, >0 positive (gt score)
    gx = torch.arange(w, dtype=dt).reshape(1, 1, 1, w)
    gy = torch.arange(h, dtype=dt).reshape(1, 1, h, 1)
    maw = torch.tensor([anchors[2 * m] for m in anchor_mask], dtype=dt).reshape(1, mask_num, 1, 1)
    mah = torch.tensor([anchors[2 * m + 1] for m in anchor_mask], dtype=dt).reshape(1, mask_num, 1, 1)
    px = (gx + torch.sigmoid(pd[:, :, 0]) * scale + bias) / h
    py = (gy + torch.sigmoid(pd[:, :, 1]) * scale + bias) / h
    pw = torch.exp(pd[:, :, 2]) * maw / input_size
    ph = torch.exp(pd[:, :, 3]) * mah / input_size
    pred = torch.stack([px, py, pw, ph], dim=-1)                      # [N, M, H, W, 4]
    obj = torch.zeros((n, mask_num, h, w), dtype=dt)
    if b > 0:
        ious = _iou_xywh(pred.unsqueeze(-2), gb.reshape(n, 1, 1, 1, b, 4))  # [N, M, H, W, B]
        ious = torch.where(valid.reshape(n, 1, 1, 1, b), ious, torch.zeros((), dtype=dt))
        best = ious.max(dim=-1).values.clamp(min=0)
        obj = torch.where(best > ignore_thresh, torch.full((), -1.0, dtype=dt), obj)

    # anchor matching per gt box (shape-only IoU against every anchor); positives as (i, t, mask idx, anchor, gj, gi)
    an_wh = torch.tensor(anchors, dtype=dt).reshape(an_num, 2) / input_size
    an_boxes = torch.cat([torch.zeros((an_num, 2), dtype=dt), an_wh], dim=1)
    matches = []
    for i in range(n):
        for t in range(b):
            if not bool(valid[i, t]):
                continue
            g = gb[i, t]
            shift = torch.stack([torch.zeros((), dtype=dt), torch.zeros((), dtype=dt), g[2], g[3]])
            aiou = _iou_xywh(an_boxes, shift.unsqueeze(0))
            best_iou, best_n = 0.0, 0
            for a in range(an_num):
                v = float(aiou[a])
                if v > best_iou:
                    best_iou, best_n = v, a
            if best_n not in anchor_mask:
                continue
            matches.append((i, t, anchor_mask.index(best_n), best_n, int(float(g[1]) * h), int(float(g[0]) * w)))
    # Paddle's backward assigns (does not accumulate) the location/class gradient of a cell, so when several gt
    # boxes land on the same cell and anchor only the last one contributes gradient; the loss value sums them all.
    last = {}
    for k, (i, _t2, mi, _bn, gj, gi) in enumerate(matches):
        last[(i, mi, gj, gi)] = k
    loss_terms = [[] for _ in range(n)]
    for k, (i, t, mi, best_n, gj, gi) in enumerate(matches):
        g = gb[i, t]
        score = gs[i, t]
        tx = g[0] * h - gi
        ty = g[1] * h - gj
        tw = torch.log(g[2] * input_size / anchors[2 * best_n])
        th = torch.log(g[3] * input_size / anchors[2 * best_n + 1])
        sc = (2.0 - g[2] * g[3]) * score
        cell = p[i, mi, :, gj, gi]
        if last[(i, mi, gj, gi)] != k:
            cell = cell.detach()
        loc = (_sce(cell[0], tx) + _sce(cell[1], ty) + _l1(cell[2], tw) + _l1(cell[3], th)) * sc
        obj[i, mi, gj, gi] = score
        lab = int(gl[i, t])
        tgt = torch.full((class_num,), label_neg, dtype=dt)
        if 0 <= lab < class_num:
            tgt[lab] = label_pos
        cls = (_sce(cell[5:], tgt) * score).sum()
        loss_terms[i].append(loc + cls)

    conf = p[:, :, 4]
    pos = obj > 1e-5
    neg = (~pos) & (obj > -0.5)
    obj_loss = (_sce(conf, torch.ones((), dtype=dt).expand_as(conf)) * torch.where(pos, obj, torch.zeros((), dtype=dt))
                + _sce(conf, torch.zeros((), dtype=dt).expand_as(conf)) * neg.to(dt))
    obj_loss = obj_loss.reshape(n, -1).sum(dim=1)
    per = [sum(terms, torch.zeros((), dtype=dt)) if terms else torch.zeros((), dtype=dt) for terms in loss_terms]
    loss = torch.stack(per) + obj_loss
    return wrap(loss)
