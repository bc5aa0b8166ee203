"""``paddle._C_ops``: Paddle's generated C++ op functions, for the ops model code calls directly.

Each op takes its inputs and then its attributes positionally, in the order of Paddle's op definition
(``paddle._C_ops.argsort(x, axis, descending)``, ``multiclass_nms3(bboxes, scores, rois_num, score_threshold,
nms_top_k, keep_top_k, nms_threshold, normalized, nms_eta, background_label)``), and returns what the C++ op
returns (tuples for multi-output ops). They are thin aliases of paddle-compat's public implementations;
``multiclass_nms3``, which has no public Python API in Paddle 2.6, is implemented here. An op that is not
mapped raises AttributeError naming it. Positional orders and outputs are checked against real Paddle in
tests/compat (module_scenarios.py).
"""

import numpy as np
import torch

from ._core.tensor import Tensor, unwrap, wrap

_OPS = {}


def _op(name):
    def register(fn):
        _OPS[name] = fn
        fn.__name__ = fn.__qualname__ = name
        return fn

    return register


def _paddle():
    import paddle_compat

    return paddle_compat


def _axes(axis):
    # C ops take reduction axes as a list; [] means every axis
    if isinstance(axis, Tensor):
        axis = axis.tolist()
    if isinstance(axis, (list, tuple)):
        return None if len(axis) == 0 else list(axis)
    return axis


# --- elementwise ---------------------------------------------------------------------------------------
def _unary(name, getter):
    _op(name)(lambda x: getter()(x))


for _name, _path in [
    ("relu", "nn.functional.relu"), ("sigmoid", "nn.functional.sigmoid"), ("silu", "nn.functional.silu"),
    ("hardswish", "nn.functional.hardswish"), ("tanh", "tanh"), ("exp", "exp"), ("log", "log"), ("sqrt", "sqrt"),
    ("rsqrt", "rsqrt"), ("abs", "abs"), ("floor", "floor"), ("ceil", "ceil"), ("sign", "sign"),
    ("square", "square"), ("logical_not", "logical_not"), ("assign", "assign"), ("sin", "sin"), ("cos", "cos"),
    ("reciprocal", "reciprocal"), ("round", "round"), ("isnan", "isnan"), ("isinf", "isinf"),
    ("nonzero", "nonzero"), ("shape", "shape"),
]:
    def _getter(path=_path):
        obj = _paddle()
        for part in path.split("."):
            obj = getattr(obj, part)
        return obj

    _unary(_name, _getter)

for _name in ["add", "subtract", "multiply", "divide", "maximum", "minimum", "equal", "not_equal", "greater_than",
              "greater_equal", "less_than", "less_equal", "logical_and", "logical_or", "masked_select",
              "floor_divide", "remainder"]:
    _op(_name)(lambda x, y, _f=_name: getattr(_paddle(), _f)(x, y))

_op("elementwise_pow")(lambda x, y: _paddle().pow(x, y))


@_op("pow")
def _pow(x, y):
    return _paddle().pow(x, y)


@_op("softmax")
def _softmax(x, axis):
    return _paddle().nn.functional.softmax(x, axis)


@_op("log_softmax")
def _log_softmax(x, axis):
    return _paddle().nn.functional.log_softmax(x, axis)


@_op("gelu")
def _gelu(x, approximate):
    return _paddle().nn.functional.gelu(x, approximate)


@_op("leaky_relu")
def _leaky_relu(x, negative_slope):
    return _paddle().nn.functional.leaky_relu(x, negative_slope)


@_op("hardsigmoid")
def _hardsigmoid(x, slope, offset):
    return _paddle().nn.functional.hardsigmoid(x, slope, offset)


@_op("scale")
def _scale(x, scale, bias, bias_after_scale):
    return _paddle().scale(x, scale, bias, bias_after_scale)


@_op("clip")
def _clip(x, min, max):  # noqa: A002 - Paddle's attribute names
    return _paddle().clip(x, min, max)


@_op("cast")
def _cast(x, dtype):
    return _paddle().cast(x, dtype)


@_op("matmul")
def _matmul(x, y, transpose_x, transpose_y):
    return _paddle().matmul(x, y, transpose_x, transpose_y)


@_op("where")
def _where(condition, x, y):
    return _paddle().where(condition, x, y)


# --- shape ---------------------------------------------------------------------------------------------
@_op("reshape")
def _reshape(x, shape):
    return _paddle().reshape(x, shape)


@_op("transpose")
def _transpose(x, perm):
    return _paddle().transpose(x, perm)


@_op("concat")
def _concat(x, axis):
    return _paddle().concat(x, axis)


@_op("stack")
def _stack(x, axis):
    return _paddle().stack(x, axis)


@_op("split")
def _split(x, sections, axis):
    return _paddle().split(x, list(sections), axis)


@_op("split_with_num")
def _split_with_num(x, num, axis):
    return _paddle().split(x, num, axis)


@_op("unsqueeze")
def _unsqueeze(x, axis):
    return _paddle().unsqueeze(x, axis)


@_op("squeeze")
def _squeeze(x, axis):
    return _paddle().squeeze(x, axis if len(axis) else None)


@_op("flatten")
def _flatten(x, start_axis, stop_axis):
    return _paddle().flatten(x, start_axis, stop_axis)


@_op("expand")
def _expand(x, shape):
    return _paddle().expand(x, shape)


@_op("tile")
def _tile(x, repeat_times):
    return _paddle().tile(x, repeat_times)


@_op("gather")
def _gather(x, index, axis):
    return _paddle().gather(x, index, axis)


@_op("index_select")
def _index_select(x, index, axis):
    return _paddle().index_select(x, index, axis)


# --- reductions / search -------------------------------------------------------------------------------
@_op("sum")
def _sum(x, axis, dtype, keepdim):
    return _paddle().sum(x, _axes(axis), dtype, keepdim)


@_op("mean")
def _mean(x, axis, keepdim):
    return _paddle().mean(x, _axes(axis), keepdim)


@_op("max")
def _max(x, axis, keepdim):
    return _paddle().max(x, _axes(axis), keepdim)


@_op("min")
def _min(x, axis, keepdim):
    return _paddle().min(x, _axes(axis), keepdim)


@_op("argmax")
def _argmax(x, axis, keepdim, flatten, dtype):
    return _paddle().argmax(x, None if flatten else axis, keepdim, dtype)


@_op("argmin")
def _argmin(x, axis, keepdim, flatten, dtype):
    return _paddle().argmin(x, None if flatten else axis, keepdim, dtype)


@_op("argsort")
def _argsort(x, axis, descending):
    values, indices = torch.sort(x._t, dim=axis, descending=descending, stable=True)
    return wrap(values), wrap(indices)


@_op("topk")
def _topk(x, k, axis, largest, sorted):  # noqa: A002 - Paddle's attribute name
    return _paddle().topk(x, k, axis, largest, sorted)


@_op("cumsum")
def _cumsum(x, axis, flatten, exclusive, reverse):
    t = x._t.reshape(-1) if flatten else x._t
    dim = 0 if flatten else axis
    if reverse:
        t = t.flip(dim)
    out = torch.cumsum(t, dim)
    if exclusive:
        out = out - t
    if reverse:
        out = out.flip(dim)
    return wrap(out)


@_op("one_hot")
def _one_hot(x, num_classes):
    return _paddle().nn.functional.one_hot(x, num_classes)


# --- creation ------------------------------------------------------------------------------------------
@_op("full")
def _full(shape, value, dtype, place):
    return _paddle().full(shape, value, dtype)


@_op("full_like")
def _full_like(x, value, dtype, place):
    return _paddle().full_like(x, value, dtype)


@_op("arange")
def _arange(start, end, step, dtype, place):
    return _paddle().arange(start, end, step, dtype)


# --- normalisation -------------------------------------------------------------------------------------
@_op("layer_norm")
def _layer_norm(x, scale, bias, epsilon, begin_norm_axis):
    # Paddle 2.6.2's dygraph C function returns the normalised tensor only (not mean/variance)
    shape = x.shape[begin_norm_axis:]
    return _paddle().nn.functional.layer_norm(x, shape, None if scale is None else scale.reshape(shape),
                                              None if bias is None else bias.reshape(shape), epsilon)


# --- detection -----------------------------------------------------------------------------------------
def _ops():
    from .vision import ops

    return ops


@_op("nms")
def _nms(x, threshold):
    return _ops().nms(x, threshold)


@_op("box_coder")
def _box_coder(prior_box, prior_box_var, target_box, code_type, box_normalized, axis, variance):
    var = prior_box_var if prior_box_var is not None else list(variance)
    return _ops().box_coder(prior_box, var, target_box, code_type, box_normalized, axis)


@_op("prior_box")
def _prior_box(input, image, min_sizes, max_sizes, aspect_ratios, variances, flip, clip, step_w, step_h,  # noqa: A002
               offset, min_max_aspect_ratios_order):
    # no variances: Paddle's kernel writes none into its (zero-filled) variance output
    return _ops().prior_box(input, image, min_sizes, max_sizes or None, aspect_ratios, variances or [0.0] * 4, flip,
                            clip, [step_w, step_h], offset, min_max_aspect_ratios_order)


@_op("generate_proposals")
def _generate_proposals(scores, bbox_deltas, im_shape, anchors, variances, pre_nms_top_n, post_nms_top_n,
                        nms_thresh, min_size, eta, pixel_offset):
    return _ops().generate_proposals(scores, bbox_deltas, im_shape, anchors, variances, pre_nms_top_n,
                                     post_nms_top_n, nms_thresh, min_size, eta, pixel_offset, return_rois_num=True)


@_op("distribute_fpn_proposals")
def _distribute_fpn_proposals(fpn_rois, rois_num, min_level, max_level, refer_level, refer_scale, pixel_offset):
    multi_rois, restore_index, rois_num_per_level = _ops().distribute_fpn_proposals(
        fpn_rois, min_level, max_level, refer_level, refer_scale, pixel_offset, rois_num)
    return multi_rois, rois_num_per_level, restore_index  # the C op's output order


@_op("matrix_nms")
def _matrix_nms(bboxes, scores, score_threshold, nms_top_k, keep_top_k, post_threshold, use_gaussian,
                gaussian_sigma, background_label, normalized):
    out, rois_num, index = _ops().matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k,
                                             use_gaussian, gaussian_sigma, background_label, normalized,
                                             return_index=True, return_rois_num=True)
    return out, index, rois_num  # the C op's output order (the Python API returns rois_num second)


@_op("yolo_box")
def _yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox, scale_x_y, iou_aware,
              iou_aware_factor):
    return _ops().yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox,
                           scale_x_y=scale_x_y, iou_aware=iou_aware, iou_aware_factor=iou_aware_factor)


def _jaccard(box, kept, normalized):
    """IoU of one box with each row of ``kept`` (Paddle's JaccardOverlap, +1 pixel sizes when not normalized);
    any two arrays of boxes that broadcast (``[M, 1, 4]`` with ``[1, M, 4]`` gives the pairwise matrix)."""
    norm = 0.0 if normalized else 1.0
    kept_x0, kept_y0, kept_x1, kept_y1 = kept[..., 0], kept[..., 1], kept[..., 2], kept[..., 3]
    box_x0, box_y0, box_x1, box_y1 = box[..., 0], box[..., 1], box[..., 2], box[..., 3]
    disjoint = (kept_x0 > box_x1) | (kept_x1 < box_x0) | (kept_y0 > box_y1) | (kept_y1 < box_y0)
    inter_w = np.minimum(box_x1, kept_x1) - np.maximum(box_x0, kept_x0) + norm
    inter_h = np.minimum(box_y1, kept_y1) - np.maximum(box_y0, kept_y0) + norm
    inter = inter_w * inter_h

    def area(b):
        w, h = b[..., 2] - b[..., 0], b[..., 3] - b[..., 1]
        valid = (w >= 0) & (h >= 0)
        return np.where(valid, (w + norm) * (h + norm), 0.0)

    with np.errstate(invalid="ignore", divide="ignore"):  # 0/0 for zero-area boxes: NaN, as Paddle computes
        iou = inter / (area(box) + area(kept) - inter)
    return np.where(disjoint, 0.0, iou)


def _nms_fast(boxes, scores, score_threshold, nms_threshold, eta, top_k, normalized):
    candidates = np.nonzero(scores > score_threshold)[0]
    order = candidates[np.argsort(-scores[candidates], kind="stable")]
    if top_k > -1:
        order = order[:top_k]
    if eta >= 1 or nms_threshold <= 0.5:
        # the threshold never adapts: greedy suppression over the pairwise IoU matrix of the candidates (the
        # same IoU per pair as _jaccard: its formula is symmetric)
        ordered = boxes[order]
        # "not <=" rather than ">": a NaN IoU (two zero-area boxes when normalized) suppresses, as in Paddle
        over = ~(_jaccard(ordered[:, None, :], ordered[None, :, :], normalized) <= nms_threshold)
        suppressed = np.zeros(len(order), dtype=bool)
        selected = []
        for pos in range(len(order)):
            if not suppressed[pos]:
                selected.append(int(order[pos]))
                suppressed |= over[pos]
        return selected
    selected = []
    threshold = nms_threshold
    for idx in order:
        keep = not selected or bool(np.all(_jaccard(boxes[idx], boxes[selected], normalized) <= threshold))
        if keep:
            selected.append(int(idx))
            if eta < 1 and threshold > 0.5:
                threshold *= eta
    return selected


@_op("multiclass_nms3")
def _multiclass_nms3(bboxes, scores, rois_num, score_threshold, nms_top_k, keep_top_k, nms_threshold, normalized,
                     nms_eta, background_label):
    """Per-class NMS then a per-image keep_top_k, as Paddle's CPU kernel: rows ``[label, score, x1, y1, x2, y2]``
    grouped by increasing label, the row index of each kept box in the input, and the kept count per image.
    ``scores`` [N, C, M] with ``bboxes`` [N, M, 4]; or ``scores`` [M, C] with ``bboxes`` [M, C, 4] split into
    images by ``rois_num``."""
    box_t, score_t = bboxes._t, scores._t
    boxes_np = box_t.detach().cpu().numpy()
    scores_np = score_t.detach().cpu().numpy()
    if score_t.dim() == 3:
        n_images, class_num, n_boxes = scores_np.shape
        images = [(boxes_np[n], scores_np[n], n * n_boxes) for n in range(n_images)]
    else:
        class_num = scores_np.shape[1]
        counts = unwrap(rois_num).cpu().numpy().tolist() if rois_num is not None else [scores_np.shape[0]]
        images, start = [], 0
        for count in counts:
            images.append((boxes_np[start:start + count], scores_np[start:start + count], start * class_num))
            start += count
    lod = score_t.dim() == 2
    rows, index, kept_counts = [], [], []
    for image_boxes, image_scores, offset in images:
        kept = {}
        for c in range(class_num):
            if c == background_label:
                continue
            class_scores = image_scores[:, c] if lod else image_scores[c]
            class_boxes = image_boxes[:, c, :] if lod else image_boxes
            selected = _nms_fast(class_boxes, class_scores, score_threshold, nms_threshold, nms_eta, nms_top_k,
                                 normalized)
            kept[c] = sorted(selected) if lod else selected
        total = sum(len(v) for v in kept.values())
        if -1 < keep_top_k < total:
            pairs = []
            for c, selected in kept.items():
                class_scores = image_scores[:, c] if lod else image_scores[c]
                pairs.extend((class_scores[i], c, i) for i in selected)
            pairs = sorted(pairs, key=lambda p: -p[0])[:keep_top_k]  # sorted() is stable, as Paddle's sort
            kept = {}
            for _, c, i in pairs:
                kept.setdefault(c, []).append(i)
            if lod:
                kept = {c: sorted(v) for c, v in kept.items()}
            total = keep_top_k
        for c in sorted(kept):
            class_scores = image_scores[:, c] if lod else image_scores[c]
            for i in kept[c]:
                box = image_boxes[i, c] if lod else image_boxes[i]
                rows.append([c, class_scores[i], *box])
                index.append(offset + (i * class_num + c if lod else i))
        kept_counts.append(total)
    box_dim = box_t.shape[-1]
    out = torch.tensor(np.asarray(rows, dtype=boxes_np.dtype).reshape(-1, box_dim + 2), device=box_t.device)
    out_index = torch.tensor(np.asarray(index, dtype=np.int32).reshape(-1, 1), device=box_t.device)
    out_num = torch.tensor(np.asarray(kept_counts, dtype=np.int32), device=box_t.device)
    return wrap(out), wrap(out_index), wrap(out_num)


def __getattr__(name):
    try:
        return _OPS[name]
    except KeyError:
        raise AttributeError(
            f"module 'paddle._C_ops' has no attribute '{name}' (paddle-compat maps the C ops model code calls "
            f"directly; use the public paddle API for '{name}')"
        ) from None


def __dir__():
    return sorted(_OPS)


__all__ = []
