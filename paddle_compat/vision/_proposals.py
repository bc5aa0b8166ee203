"""Detection post-processing: ``matrix_nms``, ``distribute_fpn_proposals`` and ``generate_proposals``.

Pure numpy/torch implementations following Paddle 2.6.2's documented dygraph behaviour (CPU kernels),
checked against the real Paddle on small inputs.
"""

import math

import numpy as np
import torch

from paddle_compat._core import wrap

__all__ = ["matrix_nms", "distribute_fpn_proposals", "generate_proposals"]


def _np(v):
    if hasattr(v, "_t"):
        v = v._t
    if isinstance(v, torch.Tensor):
        return v.detach().cpu().numpy()
    return np.asarray(v)


def _tensor(a):
    return wrap(torch.from_numpy(np.ascontiguousarray(a)))


def _box_area(b, normalized):
    w = b[..., 2] - b[..., 0]
    h = b[..., 3] - b[..., 1]
    if not normalized:
        w = w + 1
        h = h + 1
    area = w * h
    bad = (b[..., 2] < b[..., 0]) | (b[..., 3] < b[..., 1])
    return np.where(bad, np.zeros_like(area), area)


def _iou_matrix(a, b, normalized):
    """Pairwise IoU between boxes a [P,4] and b [Q,4] (Paddle's JaccardOverlap)."""
    off = 0 if normalized else 1
    ix1 = np.maximum(a[:, None, 0], b[None, :, 0])
    iy1 = np.maximum(a[:, None, 1], b[None, :, 1])
    ix2 = np.minimum(a[:, None, 2], b[None, :, 2])
    iy2 = np.minimum(a[:, None, 3], b[None, :, 3])
    disjoint = ((b[None, :, 0] > a[:, None, 2]) | (b[None, :, 2] < a[:, None, 0])
                | (b[None, :, 1] > a[:, None, 3]) | (b[None, :, 3] < a[:, None, 1]))
    inter = (ix2 - ix1 + off) * (iy2 - iy1 + off)
    aa = _box_area(a, normalized)[:, None]
    bb = _box_area(b, normalized)[None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / (aa + bb - inter)
    return np.where(disjoint, np.zeros_like(iou), iou)


# --------------------------------------------------------------------------------------------------
# matrix_nms
# --------------------------------------------------------------------------------------------------

# Paddle's CPU kernel orders candidates with the C++ standard library's partial sort (a heap select followed
# by a heap sort), which is not stable: equal scores come out in heap order. The helpers below reproduce that
# ordering exactly so that ties resolve as in Paddle.

def _adjust_heap(a, hole, n, value, less):
    top = hole
    child = hole
    while child < (n - 1) // 2:
        child = 2 * (child + 1)
        if less(a[child], a[child - 1]):
            child -= 1
        a[hole] = a[child]
        hole = child
    if (n & 1) == 0 and child == (n - 2) // 2:
        child = 2 * (child + 1)
        a[hole] = a[child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and less(a[parent], value):
        a[hole] = a[parent]
        hole = parent
        parent = (hole - 1) // 2
    a[hole] = value


def _select_heap(a, middle, less):
    """Turn a[:middle] into a max-heap (under ``less``) of the ``middle`` smallest elements of ``a``, as
    std::__heap_select does (same sift order, so ties end where libstdc++ puts them)."""
    if middle >= 2:
        parent = (middle - 2) // 2
        while True:
            _adjust_heap(a, parent, middle, a[parent], less)
            if parent == 0:
                break
            parent -= 1
    for i in range(middle, len(a)):
        if less(a[i], a[0]):
            value = a[i]
            a[i] = a[0]
            _adjust_heap(a, 0, middle, value, less)


def _partial_sort(a, middle, less):
    """In-place partial sort of list ``a`` so that a[:middle] holds the smallest under ``less``, in order."""
    if middle <= 0:
        return a
    _select_heap(a, middle, less)
    last = middle
    while last > 1:
        last -= 1
        value = a[last]
        a[last] = a[0]
        _adjust_heap(a, 0, last, value, less)
    return a


def _heap_select(a, first, middle, last, less):
    """Heap-select on the slice a[first:last] (middle is absolute); used as the introselect fallback."""
    sub = a[first:last]
    _select_heap(sub, middle - first, less)
    a[first:last] = sub


def _partition_pivot(a, first, last, less):
    mid = first + (last - first) // 2
    x, y, z = first + 1, mid, last - 1
    if less(a[x], a[y]):
        if less(a[y], a[z]):
            pick = y
        elif less(a[x], a[z]):
            pick = z
        else:
            pick = x
    elif less(a[x], a[z]):
        pick = x
    elif less(a[y], a[z]):
        pick = z
    else:
        pick = y
    a[first], a[pick] = a[pick], a[first]
    lo, hi = first + 1, last
    while True:
        while less(a[lo], a[first]):
            lo += 1
        hi -= 1
        while less(a[first], a[hi]):
            hi -= 1
        if not lo < hi:
            return lo
        a[lo], a[hi] = a[hi], a[lo]
        lo += 1


def _insertion_sort(a, first, last, less):
    for i in range(first + 1, last):
        val = a[i]
        if less(val, a[first]):
            a[first + 1:i + 1] = a[first:i]
            a[first] = val
        else:
            j = i
            while less(val, a[j - 1]):
                a[j] = a[j - 1]
                j -= 1
            a[j] = val


def _std_sort(a, less):
    """The C++ standard library's (unstable) introsort, reproduced so that ties order as in Paddle."""
    n = len(a)
    if n < 2:
        return a

    def loop(first, last, depth):
        while last - first > 16:
            if depth == 0:
                sub = a[first:last]
                _partial_sort(sub, len(sub), less)
                a[first:last] = sub
                return
            depth -= 1
            cut = _partition_pivot(a, first, last, less)
            loop(cut, last, depth)
            last = cut

    loop(0, n, 2 * (n.bit_length() - 1))
    if n > 16:
        _insertion_sort(a, 0, 16, less)
        for i in range(16, n):
            val = a[i]
            j = i
            while less(val, a[j - 1]):
                a[j] = a[j - 1]
                j -= 1
            a[j] = val
    else:
        _insertion_sort(a, 0, n, less)
    return a


def _nth_element(a, nth, less):
    first, last = 0, len(a)
    if first == last or nth == last:
        return a
    depth = 2 * (len(a).bit_length() - 1)
    while last - first > 3:
        if depth == 0:
            _heap_select(a, first, nth + 1, last, less)
            a[first], a[nth] = a[nth], a[first]
            return a
        depth -= 1
        cut = _partition_pivot(a, first, last, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(a, first, last, less)
    return a


def _matrix_nms_class(boxes, scores, score_threshold, post_threshold, nms_top_k, use_gaussian, sigma,
                      normalized):
    cand = np.nonzero(scores > score_threshold)[0]
    if cand.size == 0:
        return cand, scores[:0]
    num = cand.size if nms_top_k <= -1 else min(cand.size, nms_top_k)
    sv = scores.tolist()
    order = np.asarray(_partial_sort(cand.tolist(), num, lambda x, y: sv[x] > sv[y])[:num], dtype=np.int64)
    n = order.size
    b = boxes[order]
    s = scores[order]
    iou = _iou_matrix(b, b, normalized)
    low = np.tril(iou, k=-1)              # iou[i, j] for j < i
    iou_max = np.zeros(n, dtype=iou.dtype)
    if n > 1:
        iou_max[1:] = np.max(low[1:, :], axis=1) if n > 1 else 0
    keep_idx = []
    keep_score = []
    if s[0] > post_threshold:
        keep_idx.append(order[0])
        keep_score.append(s[0])
    for i in range(1, n):
        cur = iou[i, :i]
        mx = iou_max[:i]
        if use_gaussian:
            decay = np.exp((mx * mx - cur * cur) * sigma)
        else:
            decay = (1 - cur) / (1 - mx)
        ds = min(1.0, float(np.min(decay))) * s[i]
        ds = s.dtype.type(ds)
        if ds <= post_threshold:
            continue
        keep_idx.append(order[i])
        keep_score.append(ds)
    return np.asarray(keep_idx, dtype=np.int64), np.asarray(keep_score, dtype=scores.dtype)


def matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k, use_gaussian=False,
               gaussian_sigma=2.0, background_label=0, normalized=True, return_index=False,
               return_rois_num=True, name=None):
    bx = _np(bboxes)
    sc = _np(scores)
    dt = sc.dtype
    n_img, n_cls, n_box = sc.shape
    outs, idxs, nums = [], [], []
    for i in range(n_img):
        dets = []   # (label, score, index)
        for c in range(n_cls):
            if c == background_label:
                continue
            ki, ks = _matrix_nms_class(bx[i], sc[i, c], score_threshold, post_threshold, nms_top_k,
                                       use_gaussian, gaussian_sigma, normalized)
            for k, s in zip(ki, ks):
                dets.append((c, s, int(k)))
        num = len(dets) if keep_top_k <= -1 else min(len(dets), keep_top_k)
        order = _partial_sort(list(range(len(dets))), num, lambda x, y, d=dets: d[x][1] > d[y][1])[:num]
        for j in order:
            c, s, k = dets[j]
            outs.append(np.concatenate([np.asarray([c, s], dtype=dt), bx[i, k].astype(dt)]))
            idxs.append(i * n_box + k)
        nums.append(len(order))
    out = np.stack(outs).astype(dt) if outs else np.zeros((0, 6), dtype=dt)
    index = np.asarray(idxs, dtype=np.int32).reshape(-1, 1)
    rois_num = np.asarray(nums, dtype=np.int32)
    out_t = _tensor(out)
    index_t = _tensor(index) if return_index else None
    rois_t = _tensor(rois_num) if return_rois_num else None
    return out_t, rois_t, index_t


# --------------------------------------------------------------------------------------------------
# distribute_fpn_proposals
# --------------------------------------------------------------------------------------------------

def distribute_fpn_proposals(fpn_rois, min_level, max_level, refer_level, refer_scale, pixel_offset=False,
                             rois_num=None, name=None):
    num_lvl = max_level - min_level + 1
    assert num_lvl < 100, "Only support max to 100 levels, (max_level - min_level + 1 < 100)"
    assert rois_num is not None, "rois_num should not be None in dygraph mode."
    rois = _np(fpn_rois)
    nums = _np(rois_num).astype(np.int64).reshape(-1)
    if np.any(nums <= 0):
        # Paddle's kernel slices every image's rows and rejects an empty slice
        k = int(np.nonzero(nums <= 0)[0][0])
        start = int(nums[:k].sum())
        raise ValueError(f"(InvalidArgument) distribute_fpn_proposals: image {k} has no rois; the row slice "
                         f"[{start}, {start}) is empty (start row index must be less than end row index)")
    area = _box_area(rois, not pixel_offset)
    scale = np.sqrt(area)
    lvl = np.floor(np.log2(scale / refer_scale + 1e-8) + refer_level)
    lvl = np.clip(lvl, min_level, max_level).astype(np.int64)
    img_of = np.repeat(np.arange(nums.size), nums)
    multi_rois, per_level_nums, shuffle = [], [], []
    for lv in range(min_level, max_level + 1):
        sel = np.nonzero(lvl == lv)[0]
        shuffle.append(sel)
        multi_rois.append(_tensor(rois[sel].reshape(-1, 4)))
        cnt = np.bincount(img_of[sel], minlength=nums.size).astype(np.int32)
        per_level_nums.append(_tensor(cnt))
    shuffle = np.concatenate(shuffle) if shuffle else np.zeros(0, np.int64)
    restore = np.empty(shuffle.size, dtype=np.int32)
    restore[shuffle] = np.arange(shuffle.size, dtype=np.int32)
    return multi_rois, _tensor(restore.reshape(-1, 1)), per_level_nums


# --------------------------------------------------------------------------------------------------
# generate_proposals
# --------------------------------------------------------------------------------------------------

_BBOX_CLIP = math.log(1000.0 / 16.0)


def _nms(boxes, scores, thresh, eta, normalized):
    # Paddle sorts (score, position) pairs ascending with a stable sort and pops from the back, so among
    # equal scores the later position is visited first
    order = np.argsort(scores, kind="stable")[::-1]
    selected = []
    adaptive = thresh
    for i in order:
        keep = True
        if selected:
            ov = _iou_matrix(boxes[i:i + 1], boxes[np.asarray(selected)], normalized)[0]
            keep = bool(np.all(ov <= adaptive))
        if keep:
            selected.append(int(i))
            if eta < 1 and adaptive > 0.5:
                adaptive *= eta
    return np.asarray(selected, dtype=np.int64)


def _proposals_one(sc, dl, im, anchors, variances, pre_n, post_n, nms_thresh, min_size, eta, pixel_offset):
    off = 1.0 if pixel_offset else 0.0
    a = sc.shape[0]
    s = sc.transpose(1, 2, 0).reshape(-1)
    d = dl.reshape(a, 4, sc.shape[1], sc.shape[2]).transpose(2, 3, 0, 1).reshape(-1, 4)
    sv = s.tolist()
    idx = list(range(s.size))
    if pre_n <= 0 or pre_n >= s.size:
        _std_sort(idx, lambda x, y: sv[x] > sv[y])
    else:
        idx = _nth_element(idx, pre_n, lambda x, y: sv[x] > sv[y])[:pre_n]
    order = np.asarray(idx, dtype=np.int64)
    s = s[order]
    d = d[order]
    an = anchors[order]
    var = variances[order]
    dt = an.dtype
    aw = an[:, 2] - an[:, 0] + off
    ah = an[:, 3] - an[:, 1] + off
    acx = an[:, 0] + 0.5 * aw
    acy = an[:, 1] + 0.5 * ah
    cx = var[:, 0] * d[:, 0] * aw + acx
    cy = var[:, 1] * d[:, 1] * ah + acy
    w = np.exp(np.minimum(var[:, 2] * d[:, 2], _BBOX_CLIP)) * aw
    h = np.exp(np.minimum(var[:, 3] * d[:, 3], _BBOX_CLIP)) * ah
    props = np.stack([cx - w / 2, cy - h / 2, cx + w / 2 - off, cy + h / 2 - off], axis=1).astype(dt)
    im_h, im_w = float(im[0]), float(im[1])
    props[:, 0] = np.clip(props[:, 0], 0, im_w - off)
    props[:, 1] = np.clip(props[:, 1], 0, im_h - off)
    props[:, 2] = np.clip(props[:, 2], 0, im_w - off)
    props[:, 3] = np.clip(props[:, 3], 0, im_h - off)
    ms = max(min_size, 1.0)
    ws = props[:, 2] - props[:, 0] + off
    hs = props[:, 3] - props[:, 1] + off
    ok = (ws >= ms) & (hs >= ms)
    if pixel_offset:
        xc = props[:, 0] + ws / 2
        yc = props[:, 1] + hs / 2
        ok &= (xc <= im_w) & (yc <= im_h)
    keep = np.nonzero(ok)[0]
    if keep.size == 0:
        return np.zeros((1, 4), dtype=dt), np.zeros((1, 1), dtype=s.dtype)
    props = props[keep]
    s = s[keep]
    if nms_thresh <= 0:
        return props, s.reshape(-1, 1)
    sel = _nms(props, s, nms_thresh, eta, not pixel_offset)
    if 0 < post_n < sel.size:
        sel = sel[:post_n]
    return props[sel], s[sel].reshape(-1, 1)


def generate_proposals(scores, bbox_deltas, img_size, anchors, variances, pre_nms_top_n=6000,
                       post_nms_top_n=1000, nms_thresh=0.5, min_size=0.1, eta=1.0, pixel_offset=False,
                       return_rois_num=False, name=None):
    assert return_rois_num, "return_rois_num should be True in dygraph mode."
    sc = _np(scores)
    dl = _np(bbox_deltas)
    ims = _np(img_size)
    if ims.dtype != sc.dtype:
        raise ValueError(f"(InvalidArgument) generate_proposals: img_size holds {ims.dtype} data but the kernel "
                         f"reads it as {sc.dtype} (the dtype of scores)")
    an = _np(anchors).reshape(-1, 4)
    var = _np(variances).reshape(-1, 4)
    # the kernel indexes anchors/variances by the flat (h, w, a) position without a size check: fewer rows
    # than H*W*A make Paddle read past the buffer (undefined values); here the missing rows are zeros
    need = sc.shape[1] * sc.shape[2] * sc.shape[3] if sc.ndim == 4 else 0
    if an.shape[0] < need:
        an = np.concatenate([an, np.zeros((need - an.shape[0], 4), an.dtype)])
    if var.shape[0] < need:
        var = np.concatenate([var, np.zeros((need - var.shape[0], 4), var.dtype)])
    rois, probs, nums = [], [], []
    for i in range(sc.shape[0]):
        r, p = _proposals_one(sc[i], dl[i], ims[i], an, var, pre_nms_top_n, post_nms_top_n, nms_thresh,
                              min_size, eta, pixel_offset)
        rois.append(r)
        probs.append(p)
        nums.append(r.shape[0])
    rois = np.concatenate(rois) if rois else np.zeros((0, 4), sc.dtype)
    probs = np.concatenate(probs) if probs else np.zeros((0, 1), sc.dtype)
    return _tensor(rois), _tensor(probs), _tensor(np.asarray(nums, dtype=np.int32))
