"""``paddle.vision.ops``: detection operators written in torch/numpy (no torchvision).

YOLO ops live in ``_yolo.py``, proposal generation and matrix NMS in ``_proposals.py``.
"""

import math

import numpy as np
import torch

from .._core import Tensor, to_torch, wrap
from ..nn import Layer
from ..nn.initializer import Normal
from ._proposals import distribute_fpn_proposals, generate_proposals, matrix_nms
from ._yolo import yolo_box, yolo_loss
from .models._blocks import ConvNormActivation  # noqa: F401 - Paddle exposes it here, outside __all__

__all__ = ["nms", "box_coder", "prior_box", "roi_align", "RoIAlign", "roi_pool", "RoIPool", "psroi_pool",
           "PSRoIPool", "deform_conv2d", "DeformConv2D", "read_file", "decode_jpeg", "yolo_box", "yolo_loss",
           "generate_proposals", "distribute_fpn_proposals", "matrix_nms"]


def _iou_matrix(boxes):
    x1, y1, x2, y2 = boxes.unbind(1)
    area = (x2 - x1) * (y2 - y1)
    lt_x = torch.maximum(x1[:, None], x1[None, :])
    lt_y = torch.maximum(y1[:, None], y1[None, :])
    rb_x = torch.minimum(x2[:, None], x2[None, :])
    rb_y = torch.minimum(y2[:, None], y2[None, :])
    inter = (rb_x - lt_x).clamp(min=0) * (rb_y - lt_y).clamp(min=0)
    return inter / (area[:, None] + area[None, :] - inter)


def _nms_sorted(boxes, iou_threshold):
    """Greedy NMS over boxes already in priority order; indices of the kept boxes (int64)."""
    n = boxes.shape[0]
    if n == 0:
        return torch.zeros([0], dtype=torch.int64)
    iou = _iou_matrix(boxes.detach().to(torch.float64)).cpu().numpy()
    suppressed = np.zeros(n, dtype=bool)
    keep = []
    for i in range(n):
        if suppressed[i]:
            continue
        keep.append(i)
        suppressed |= iou[i] > iou_threshold
    return torch.tensor(keep, dtype=torch.int64, device=boxes.device)


def nms(boxes, iou_threshold=0.3, scores=None, category_idxs=None, categories=None, top_k=None):
    b = boxes._t
    if b.dim() != 2 or b.shape[-1] != 4:
        raise ValueError(f"nms: boxes must have shape [N, 4], but got {list(b.shape)}")
    if scores is None:
        return wrap(_nms_sorted(b, iou_threshold))
    s = scores._t
    if category_idxs is None:
        order = torch.argsort(s, descending=True, stable=True)
        return wrap(order[_nms_sorted(b[order], iou_threshold)])
    if top_k is not None and top_k > s.shape[0]:
        raise ValueError("top_k should be smaller equal than the number of boxes")
    if categories is None:
        raise ValueError("if category_idxs is given, categories which is a list of unique id of all categories is "
                         "necessary")
    cats = category_idxs._t
    keep_mask = torch.zeros(s.shape[0], dtype=torch.bool, device=s.device)
    for category in categories:
        idx = torch.nonzero(cats == int(category)).reshape(-1)
        if idx.numel() == 0:
            continue
        order = torch.argsort(s[idx], descending=True, stable=True)
        keep_mask[idx[order[_nms_sorted(b[idx[order]], iou_threshold)]]] = True
    kept = torch.nonzero(keep_mask).reshape(-1)
    order = torch.argsort(s[kept], descending=True, stable=True)
    if top_k is not None:
        order = order[:top_k]
    return wrap(kept[order])


def box_coder(prior_box, prior_box_var, target_box, code_type="encode_center_size", box_normalized=True, axis=0,
              name=None):
    prior = prior_box._t
    target = target_box._t
    if isinstance(prior_box_var, Tensor):
        var = prior_box_var._t
    elif isinstance(prior_box_var, (list, tuple)):
        if len(prior_box_var) != 4:
            raise ValueError("Input prior_box_var must be Variable or list|tuple with 4 elements.")
        var = torch.tensor(prior_box_var, dtype=prior.dtype, device=prior.device)
    elif prior_box_var is None:
        var = torch.ones(4, dtype=prior.dtype, device=prior.device)
    else:
        raise TypeError("Input prior_box_var must be Variable or list|tuple")
    one = 0.0 if box_normalized else 1.0
    pw = prior[:, 2] - prior[:, 0] + one
    ph = prior[:, 3] - prior[:, 1] + one
    pcx = prior[:, 0] + pw / 2
    pcy = prior[:, 1] + ph / 2
    if code_type == "encode_center_size":
        # target [N, 4] against every prior [M, 4] -> [N, M, 4]
        # Paddle's kernel: target centres are plain midpoints, only widths get the +1 of pixel boxes
        tw = target[:, 2] - target[:, 0] + one
        th = target[:, 3] - target[:, 1] + one
        tcx = (target[:, 0] + target[:, 2]) / 2
        tcy = (target[:, 1] + target[:, 3]) / 2
        out = torch.stack([
            (tcx[:, None] - pcx[None, :]) / pw[None, :],
            (tcy[:, None] - pcy[None, :]) / ph[None, :],
            torch.log(torch.abs(tw[:, None] / pw[None, :])),
            torch.log(torch.abs(th[:, None] / ph[None, :])),
        ], dim=-1)
        v = var if var.dim() == 1 else var[None, :, :]
        return wrap(out / v)
    if code_type == "decode_center_size":
        # target [N, M, 4]; priors broadcast along `axis`
        if axis == 0:
            pw, ph, pcx, pcy = (t[None, :] for t in (pw, ph, pcx, pcy))
            v = var if var.dim() == 1 else var[None, :, :]
        else:
            pw, ph, pcx, pcy = (t[:, None] for t in (pw, ph, pcx, pcy))
            v = var if var.dim() == 1 else var[:, None, :]
        v = v.expand(target.shape) if v.dim() > 1 else v
        cx = v[..., 0] * target[..., 0] * pw + pcx
        cy = v[..., 1] * target[..., 1] * ph + pcy
        w = torch.exp(v[..., 2] * target[..., 2]) * pw
        h = torch.exp(v[..., 3] * target[..., 3]) * ph
        return wrap(torch.stack([cx - w / 2, cy - h / 2, cx + w / 2 - one, cy + h / 2 - one], dim=-1))
    raise ValueError(f"code_type must be 'encode_center_size' or 'decode_center_size', but got {code_type!r}")


def prior_box(input, image, min_sizes, max_sizes=None, aspect_ratios=[1.0], variance=[0.1, 0.1, 0.2, 0.2],  # noqa: A002
              flip=False, clip=False, steps=[0.0, 0.0], offset=0.5, min_max_aspect_ratios_order=False, name=None):
    min_sizes = [float(m) for m in (min_sizes if isinstance(min_sizes, (list, tuple)) else [min_sizes])]
    ratios_in = aspect_ratios if isinstance(aspect_ratios, (list, tuple)) else [aspect_ratios]
    steps = steps if isinstance(steps, (list, tuple)) else [steps]
    if len(steps) != 2:
        raise ValueError("steps should be (step_w, step_h)")
    has_max = max_sizes is not None and len(max_sizes) > 0 and max_sizes[0] > 0
    max_sizes = [float(m) for m in max_sizes] if has_max else []
    ratios = [1.0]
    for r in ratios_in:
        r = float(r)
        if all(abs(r - e) > 1e-6 for e in ratios):
            ratios.append(r)
            if flip:
                ratios.append(1.0 / r)
    feat_h, feat_w = input.shape[2], input.shape[3]
    img_h, img_w = image.shape[2], image.shape[3]
    step_w, step_h = float(steps[0]), float(steps[1])
    if step_w == 0 or step_h == 0:
        step_w, step_h = img_w / feat_w, img_h / feat_h
    half_sizes = []  # (half width, half height) of each prior at one location, in Paddle's order
    for s, min_size in enumerate(min_sizes):
        by_ratio = [(min_size * math.sqrt(r) / 2, min_size / math.sqrt(r) / 2) for r in ratios]
        by_max = [(math.sqrt(min_size * max_sizes[s]) / 2,) * 2] if max_sizes else []
        if min_max_aspect_ratios_order:
            others = [hw for r, hw in zip(ratios, by_ratio) if abs(r - 1.0) >= 1e-6]
            half_sizes += [(min_size / 2, min_size / 2)] + by_max + others
        else:
            half_sizes += by_ratio + by_max
    boxes = [[[((w + offset) * step_w - bw) / img_w, ((h + offset) * step_h - bh) / img_h,
               ((w + offset) * step_w + bw) / img_w, ((h + offset) * step_h + bh) / img_h]
              for bw, bh in half_sizes]
             for h in range(feat_h) for w in range(feat_w)]
    dtype = input._t.dtype if input._t.is_floating_point() else torch.float32
    out = torch.tensor(boxes, dtype=dtype).reshape(feat_h, feat_w, -1, 4)
    if clip:
        out = out.clamp(0.0, 1.0)
    var = torch.tensor(variance, dtype=dtype).expand(out.shape).contiguous()
    return wrap(out), wrap(var)


def _round(v):
    """C++ round(): halves away from zero (Python's round() goes to even)."""
    return math.floor(v + 0.5) if v >= 0 else math.ceil(v - 0.5)


def _rois_batch_index(boxes_num, n_rois):
    counts = to_torch(boxes_num).reshape(-1).tolist()
    index = []
    for i, c in enumerate(counts):
        index += [i] * int(c)
    if len(index) != n_rois:
        raise ValueError(f"boxes_num sums to {len(index)} but there are {n_rois} boxes")
    return index


def _pair(output_size, name):
    if isinstance(output_size, int):
        return output_size, output_size
    if isinstance(output_size, (tuple, list)) and len(output_size) == 2:
        return int(output_size[0]), int(output_size[1])
    raise TypeError(f"{name}: output_size must be an int or a pair of ints, but got {output_size!r}")


def roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0, sampling_ratio=-1, aligned=True, name=None):
    pooled_h, pooled_w = _pair(output_size, "roi_align")
    if boxes_num is None:
        raise ValueError("boxes_num should not be None in dygraph mode.")
    feats, rois = x._t, boxes._t.detach()  # Paddle gives no gradient to the boxes
    n_rois = rois.shape[0]
    batch_index = torch.tensor(_rois_batch_index(boxes_num, n_rois), dtype=torch.long, device=feats.device)
    if n_rois == 0:
        return wrap(feats.new_zeros((0, feats.shape[1], pooled_h, pooled_w)))
    args = (feats, pooled_h, pooled_w, spatial_scale, sampling_ratio, aligned)
    out = _roi_align_t(rois, batch_index, *args, min_size_one=not aligned)
    if aligned and feats.requires_grad and torch.is_grad_enabled():
        # Paddle's CPU grad kernel spreads the gradient of a roi narrower or lower than one pixel as if it were
        # one pixel (its forward does not): those rois take values from the forward, gradient from the other
        sizes = rois[:, 2:] - rois[:, :2]
        small = ((sizes * spatial_scale) < 1.0).any(dim=1).nonzero().reshape(-1)
        if small.numel():
            as_grad = _roi_align_t(rois[small], batch_index[small], *args, min_size_one=True)
            out = out.index_copy(0, small, as_grad - as_grad.detach() + out[small].detach())
    return wrap(out)


def _roi_align_t(rois, batch_index, feats, pooled_h, pooled_w, spatial_scale, sampling_ratio, aligned, min_size_one):
    """RoIAlign as one sparse matrix product: each output bin is a fixed weighted sum of feature pixels (the
    bilinear weights of its sampling points over the grid count), so [R*PH*PW, N*H*W] @ [N*H*W, C]; the
    gradient is the transposed product (no per-roi loops, no scatter of [points, C] blocks)."""
    n, channels, height, width = feats.shape
    n_rois = rois.shape[0]
    offset = 0.5 if aligned else 0.0
    x1, y1, x2, y2 = (rois * spatial_scale - offset).unbind(1)
    roi_w, roi_h = x2 - x1, y2 - y1
    if min_size_one:
        roi_w, roi_h = roi_w.clamp(min=1.0), roi_h.clamp(min=1.0)
    bin_h, bin_w = roi_h / pooled_h, roi_w / pooled_w
    if sampling_ratio > 0:
        grids = [(sampling_ratio, sampling_ratio)] * n_rois
    else:  # the adaptive sampling grid of each roi: ceil(roi size / pooled size), at least 1
        grids = list(zip((roi_h.double() / pooled_h).ceil().clamp(min=1).long().tolist(),
                         (roi_w.double() / pooled_w).ceil().clamp(min=1).long().tolist()))
    ph = torch.arange(pooled_h, dtype=feats.dtype, device=feats.device)
    pw = torch.arange(pooled_w, dtype=feats.dtype, device=feats.device)
    by_grid = {}
    for r, g in enumerate(grids):
        by_grid.setdefault(g, []).append(r)
    rows, cols, weights = [], [], []
    for (grid_h, grid_w), members in by_grid.items():
        idx = torch.tensor(members, dtype=torch.long, device=feats.device)
        k = idx.numel()
        iy = (torch.arange(grid_h, dtype=feats.dtype, device=feats.device) + 0.5) / grid_h
        ix = (torch.arange(grid_w, dtype=feats.dtype, device=feats.device) + 0.5) / grid_w
        ys = y1[idx, None, None] + (ph[:, None] + iy[None, :])[None] * bin_h[idx, None, None]  # [K, PH, GH]
        xs = x1[idx, None, None] + (pw[:, None] + ix[None, :])[None] * bin_w[idx, None, None]  # [K, PW, GW]
        shape = (k, pooled_h, pooled_w, grid_h, grid_w)
        yy = ys[:, :, None, :, None].expand(shape)
        xx = xs[:, None, :, None, :].expand(shape)
        base = (batch_index[idx] * (height * width))[:, None, None, None, None]
        out_row = (idx[:, None, None] * (pooled_h * pooled_w) + torch.arange(
            pooled_h * pooled_w, device=feats.device).reshape(1, pooled_h, pooled_w))[..., None, None].expand(shape)
        for pixel, weight in _bilinear_corners(yy, xx, height, width):
            rows.append(out_row.reshape(-1))
            cols.append((base + pixel).reshape(-1))
            weights.append((weight / (grid_h * grid_w)).reshape(-1))
    matrix = torch.sparse_coo_tensor(
        torch.stack([torch.cat(rows), torch.cat(cols)]), torch.cat(weights).to(feats.dtype),
        (n_rois * pooled_h * pooled_w, n * height * width), check_invariants=False).coalesce()
    table = feats.permute(0, 2, 3, 1).reshape(n * height * width, channels)
    out = torch.sparse.mm(matrix, table)  # [R*PH*PW, C]
    return out.reshape(n_rois, pooled_h, pooled_w, channels).permute(0, 3, 1, 2).contiguous()


def _bilinear_corners(y, x, height, width):
    """(flat pixel index, weight) of the four corners of bilinear samples at float y, x, with Paddle's
    kernel's border rules (zero weight outside [-1, size], clamped to the last row/column)."""
    valid = ((y >= -1.0) & (y <= height) & (x >= -1.0) & (x <= width)).to(y.dtype)
    y = y.clamp(min=0)
    x = x.clamp(min=0)
    y0 = y.floor().long().clamp(max=height - 1)
    x0 = x.floor().long().clamp(max=width - 1)
    y1 = (y0 + 1).clamp(max=height - 1)
    x1 = (x0 + 1).clamp(max=width - 1)
    y = torch.where(y0 >= height - 1, y0.to(y.dtype), y)
    x = torch.where(x0 >= width - 1, x0.to(x.dtype), x)
    ly, lx = y - y0, x - x0
    hy, hx = 1 - ly, 1 - lx
    return ((y0 * width + x0, hy * hx * valid), (y0 * width + x1, hy * lx * valid),
            (y1 * width + x0, ly * hx * valid), (y1 * width + x1, ly * lx * valid))


def roi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    pooled_h, pooled_w = _pair(output_size, "roi_pool")
    if boxes_num is None:
        raise ValueError("boxes_num should not be None in dygraph mode.")
    feats, rois = x._t, boxes._t
    height, width = feats.shape[-2:]
    batch_index = _rois_batch_index(boxes_num, rois.shape[0])
    out = feats.new_zeros((rois.shape[0], feats.shape[1], pooled_h, pooled_w))
    for r, b in enumerate(batch_index):
        x1, y1, x2, y2 = (_round(float(v) * spatial_scale) for v in rois[r])
        roi_h, roi_w = max(y2 - y1 + 1, 1), max(x2 - x1 + 1, 1)
        for i in range(pooled_h):
            hs = min(max(int(math.floor(i * roi_h / pooled_h)) + y1, 0), height)
            he = min(max(int(math.ceil((i + 1) * roi_h / pooled_h)) + y1, 0), height)
            for j in range(pooled_w):
                ws = min(max(int(math.floor(j * roi_w / pooled_w)) + x1, 0), width)
                we = min(max(int(math.ceil((j + 1) * roi_w / pooled_w)) + x1, 0), width)
                if he > hs and we > ws:
                    out[r, :, i, j] = feats[b, :, hs:he, ws:we].amax(dim=(-1, -2))
    return wrap(out)


def psroi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    pooled_h, pooled_w = _pair(output_size, "psroi_pool")
    feats, rois = x._t, boxes._t
    if feats.dim() != 4:
        raise ValueError("Input features with shape should be (N, C, H, W)")
    if pooled_h * pooled_w == 0:
        raise ValueError("output_size should not contain 0.")
    channels_out = feats.shape[1] // (pooled_h * pooled_w)
    height, width = feats.shape[-2:]
    batch_index = _rois_batch_index(boxes_num, rois.shape[0])
    out = feats.new_zeros((rois.shape[0], channels_out, pooled_h, pooled_w))
    for r, b in enumerate(batch_index):
        x1 = _round(float(rois[r, 0])) * spatial_scale
        y1 = _round(float(rois[r, 1])) * spatial_scale
        x2 = (_round(float(rois[r, 2])) + 1.0) * spatial_scale
        y2 = (_round(float(rois[r, 3])) + 1.0) * spatial_scale
        roi_h, roi_w = max(y2 - y1, 0.1), max(x2 - x1, 0.1)
        bin_h, bin_w = roi_h / pooled_h, roi_w / pooled_w
        for i in range(pooled_h):
            hs = min(max(int(math.floor(i * bin_h + y1)), 0), height)
            he = min(max(int(math.ceil((i + 1) * bin_h + y1)), 0), height)
            for j in range(pooled_w):
                ws = min(max(int(math.floor(j * bin_w + x1)), 0), width)
                we = min(max(int(math.ceil((j + 1) * bin_w + x1)), 0), width)
                if he <= hs or we <= ws:
                    continue
                chans = torch.arange(channels_out) * (pooled_h * pooled_w) + i * pooled_w + j
                out[r, :, i, j] = feats[b, chans, hs:he, ws:we].mean(dim=(-1, -2))
    return wrap(out)


class _RoIOpLayer(Layer):
    _op = None

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num):
        return type(self)._op(x, boxes, boxes_num, self._output_size, self._spatial_scale)

    def extra_repr(self):
        return f"output_size={self._output_size}, spatial_scale={self._spatial_scale}"


class RoIAlign(_RoIOpLayer):
    _op = staticmethod(roi_align)


class RoIPool(_RoIOpLayer):
    _op = staticmethod(roi_pool)


class PSRoIPool(_RoIOpLayer):
    _op = staticmethod(psroi_pool)


def _deform_sample(x, offset, mask, kernel, stride, padding, dilation, deformable_groups):
    """Bilinearly sampled columns [N, C, KH*KW, OH, OW] of deformable convolution (zero outside)."""
    n, c, height, width = x.shape
    kh, kw = kernel
    oh, ow = offset.shape[-2:]
    dtype, device = x.dtype, x.device
    base_y = (torch.arange(oh, device=device, dtype=dtype) * stride[0] - padding[0])[:, None]
    base_x = (torch.arange(ow, device=device, dtype=dtype) * stride[1] - padding[1])[None, :]
    off = offset.reshape(n, deformable_groups, kh * kw, 2, oh, ow)
    cols = x.new_zeros((n, c, kh * kw, oh, ow))
    per_group = c // deformable_groups
    flat = x.reshape(n, c, height * width)
    for k in range(kh * kw):
        ki, kj = divmod(k, kw)
        py = base_y + ki * dilation[0] + off[:, :, k, 0]  # [N, DG, OH, OW]
        px = base_x + kj * dilation[1] + off[:, :, k, 1]
        inside = (py > -1) & (py < height) & (px > -1) & (px < width)
        y0, x0 = py.floor(), px.floor()
        sampled = 0
        for dy in (0, 1):
            for dx in (0, 1):
                yy, xx = y0 + dy, x0 + dx
                weight = (1 - (py - yy).abs()) * (1 - (px - xx).abs())
                ok = inside & (yy >= 0) & (yy < height) & (xx >= 0) & (xx < width)
                idx = (yy.clamp(0, height - 1) * width + xx.clamp(0, width - 1)).long()  # [N, DG, OH, OW]
                idx = idx.repeat_interleave(per_group, dim=1).reshape(n, c, oh * ow)
                vals = torch.gather(flat, 2, idx).reshape(n, c, oh, ow)
                w = (weight * ok).repeat_interleave(per_group, dim=1)
                sampled = sampled + vals * w
        if mask is not None:
            m = mask.reshape(n, deformable_groups, kh * kw, oh, ow)[:, :, k].repeat_interleave(per_group, dim=1)
            sampled = sampled * m
        cols[:, :, k] = sampled
    return cols


def _pair_arg(v):
    return (int(v), int(v)) if isinstance(v, int) else (int(v[0]), int(v[1]))


def deform_conv2d(x, offset, weight, bias=None, stride=1, padding=0, dilation=1, deformable_groups=1, groups=1,
                  mask=None, name=None):
    xt, wt = x._t, weight._t
    out_c, in_per_group, kh, kw = wt.shape
    cols = _deform_sample(xt, offset._t, None if mask is None else mask._t, (kh, kw), _pair_arg(stride),
                          _pair_arg(padding), _pair_arg(dilation), deformable_groups)
    n, c, k, oh, ow = cols.shape
    cols = cols.reshape(n, groups, c // groups * k, oh * ow)
    w = wt.reshape(groups, out_c // groups, in_per_group * k)
    out = torch.einsum("gok,ngkp->ngop", w, cols).reshape(n, out_c, oh, ow)
    if bias is not None:
        out = out + bias._t.reshape(1, -1, 1, 1)
    return wrap(out)


def read_file(filename, name=None):
    """The bytes of a file as a 1-D uint8 Tensor."""
    with open(filename, "rb") as f:
        data = f.read()
    return wrap(torch.frombuffer(bytearray(data), dtype=torch.uint8))


def decode_jpeg(x, mode="unchanged", name=None):
    """Decode JPEG bytes (a uint8 Tensor) into a CHW uint8 Tensor with Pillow."""
    import io

    from PIL import Image

    modes = {"unchanged": None, "gray": "L", "rgb": "RGB"}
    if mode not in modes:
        raise ValueError(f"decode_jpeg: mode must be one of {sorted(modes)}, but got {mode!r}")
    image = Image.open(io.BytesIO(x._t.cpu().numpy().tobytes()))
    if modes[mode] is not None:
        image = image.convert(modes[mode])
    array = np.asarray(image)
    if array.ndim == 2:
        array = array[None]
    else:
        array = array.transpose(2, 0, 1)
    return wrap(torch.from_numpy(np.ascontiguousarray(array)))


class DeformConv2D(Layer):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, deformable_groups=1,
                 groups=1, weight_attr=None, bias_attr=None):
        super().__init__()
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups.")
        self._in_channels, self._out_channels = in_channels, out_channels
        self._kernel_size = _pair_arg(kernel_size)
        self._stride, self._padding, self._dilation = stride, padding, dilation
        self._deformable_groups, self._groups = deformable_groups, groups
        shape = [out_channels, in_channels // groups, *self._kernel_size]
        fan_in = (in_channels // groups) * self._kernel_size[0] * self._kernel_size[1]
        self.weight = self.create_parameter(shape=shape, attr=weight_attr,
                                            default_initializer=Normal(0.0, (2.0 / fan_in) ** 0.5))
        self.bias = self.create_parameter(attr=bias_attr, shape=[out_channels], is_bias=True)

    def forward(self, x, offset, mask=None):
        return deform_conv2d(x, offset, self.weight, self.bias, self._stride, self._padding, self._dilation,
                             self._deformable_groups, self._groups, mask)
