"""Build PaddleOCR / PaddleDetection models with the repos' own builders, under whichever ``paddle`` this
interpreter imports, and summarise what they compute.

    python tests/repos/ocr_det/driver.py run ocr|det OUT.json [CASE ...]   # any interpreter
    python tests/repos/ocr_det/driver.py record                          # real Paddle 2.6.2 only

Each case: the repo's config (with the few overrides of ``CASES``), the model built by
``ppocr.modeling.architectures.build_model`` / ``ppdet.core.workspace.create``, every state_dict entry set
from a formula of its name and shape (``formula_weights``; no weight files), then
- the state_dict keys and shapes (digest),
- the eval-mode outputs on a tiny deterministic input, and the repo's post-processing of them,
- a train-mode loss from synthetic targets, computed by the repo's own loss classes.
Tensors are summarised (shape, sum, |sum|, evenly spaced samples) so the goldens stay small.

The sources are read from ``$PADDLE_COMPAT_REPOS`` (default /work/repos_cache) and the repos' Python
dependencies from ``$PADDLE_COMPAT_REPOS_DEPS`` (default /work/repos_deps); see docs/ocr_det.md.
"""

import copy
import hashlib
import json
import os
import sys
import time
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
REPOS = os.environ.get("PADDLE_COMPAT_REPOS", "/work/repos_cache")
DEPS = os.environ.get("PADDLE_COMPAT_REPOS_DEPS", "/work/repos_deps")
FIXTURES = os.path.join(os.path.dirname(HERE), "fixtures")
REPO_DIRS = {"ocr": "PaddleOCR", "det": "PaddleDetection"}
N_SAMPLES = 24

# name -> (config path, overrides, input H, W)
OCR_CASES = {
    "det_mv3_db": ("configs/det/det_mv3_db.yml", {}, 64, 64),
    "det_r50_vd_db": ("configs/det/det_r50_vd_db.yml", {}, 64, 64),
    "det_r50_dbpp": ("configs/det/det_r50_db++_icdar15.yml", {}, 64, 64),
    "det_ppocrv3_student": ("configs/det/ch_PP-OCRv3/ch_PP-OCRv3_det_student.yml", {}, 64, 64),
    "det_ppocrv4_student": ("configs/det/ch_PP-OCRv4/ch_PP-OCRv4_det_student.yml", {}, 64, 64),
    "rec_crnn_mv3": ("configs/rec/rec_mv3_none_bilstm_ctc.yml", {}, 32, 100),
    "rec_svtr_tps": ("configs/rec/rec_svtrnet.yml", {}, 64, 256),
    "rec_ppocrv3_en": ("configs/rec/PP-OCRv3/en_PP-OCRv3_rec.yml", {}, 48, 160),
    "rec_ppocrv4_en": ("configs/rec/PP-OCRv4/en_PP-OCRv4_rec.yml", {}, 48, 160),
    "cls_mv3": ("configs/cls/cls_mv3.yml", {}, 48, 192),
}

# name -> (config path, overrides, input H, W, training targets layout); sizes: the smallest where every
# pyramid level has at least the assigners' top-k anchors (ATSS 9, RT-DETR 300 queries)
DET_CASES = {
    "ppyoloe_plus_s": ("configs/ppyoloe/ppyoloe_plus_crn_s_80e_coco.yml", {}, 128, 128, "padded"),
    "picodet_s_lcnet": ("configs/picodet/picodet_s_320_coco_lcnet.yml", {}, 192, 192, "padded"),
    # the same model past static_assigner_epoch: the task-aligned assigner instead of ATSS
    "ppyoloe_plus_s_tal": ("configs/ppyoloe/ppyoloe_plus_crn_s_80e_coco.yml", {}, 128, 128, "padded_tal"),
    "yolov3_mbv3": ("configs/yolov3/yolov3_mobilenet_v3_large_270e_coco.yml", {}, 64, 64, "yolo"),
    "faster_rcnn_r34_fpn": ("configs/faster_rcnn/faster_rcnn_r34_fpn_1x_coco.yml", {}, 64, 64, "lists"),
    "mask_rcnn_r18_fpn": ("configs/mask_rcnn/mask_rcnn_r50_fpn_1x_coco.yml",
                          {"ResNet": {"depth": 18}, "BBoxPostProcess": {"nms": {"keep_top_k": 20}}}, 64, 64,
                          "lists_mask"),
    # denoising queries are random draws of each framework: off
    "rtdetr_r18vd": ("configs/rtdetr/rtdetr_r18vd_6x_coco.yml", {"RTDETRTransformer": {"num_denoising": 0}}, 128, 128,
                     "detr"),
    # eval only (their targets come from batch transforms not rebuilt here)
    "fcos_r18_fpn": ("configs/fcos/fcos_r50_fpn_1x_coco.yml", {"ResNet": {"depth": 18}}, 128, 128, None),
    "retinanet_r18_fpn": ("configs/retinanet/retinanet_r50_fpn_1x_coco.yml", {"ResNet": {"depth": 18}}, 128, 128,
                          None),
    "ssdlite_mbv3_small": ("configs/ssd/ssdlite_mobilenet_v3_small_320_coco.yml", {}, 320, 320, None),
    "solov2_r18_fpn": ("configs/solov2/solov2_r50_fpn_1x_coco.yml", {"ResNet": {"depth": 18}}, 128, 128, None),
    "yolox_nano": ("configs/yolox/yolox_nano_300e_coco.yml", {}, 128, 128, None),
    "gfl_r18vd": ("configs/gfl/gfl_r18vd_1x_coco.yml", {}, 128, 128, None),
    "tood_r18_fpn": ("configs/tood/tood_r50_fpn_1x_coco.yml", {"ResNet": {"depth": 18}}, 128, 128, None),
    "centernet_r18": ("configs/centernet/centernet_r18_140e_coco.yml", {}, 128, 128, None),
}
# their eval post-processing handles one image per batch (in Paddle too)
DET_SINGLE_IMAGE = {"solov2_r18_fpn", "centernet_r18"}


# ---------------------------------------------------------------------------------------------- formulas
def _hash_unit(key, n):
    """n numbers in [-1, 1) from integer hashing of ``key`` and the element index: exact in any numpy."""
    seed = np.uint64(int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "little"))
    with np.errstate(over="ignore"):
        h = np.arange(n, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15) + seed
        h ^= h >> np.uint64(30)
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(27)
        h *= np.uint64(0x94D049BB133111EB)
        h ^= h >> np.uint64(31)
    return (h >> np.uint64(11)).astype(np.float64) / float(1 << 52) - 1.0


def formula_value(key, shape, dtype):
    """The value every framework gives state_dict entry ``key``: uniform draws with variance 1/fan_in for
    weight tensors, and values near the usual constants for norms' scales, shifts and running statistics."""
    n = int(np.prod(shape)) if len(shape) else 1
    u = _hash_unit(key, n)
    last = key.rsplit(".", 1)[-1]
    if len(shape) >= 2:
        fan_in = shape[0] if len(shape) == 2 else int(np.prod(shape[1:]))
        v = u * np.sqrt(3.0 / max(fan_in, 1))
    elif last in ("_variance", "running_var", "_var"):
        v = 1.0 + 0.25 * (u + 1.0) / 2.0
    elif last in ("_mean", "running_mean", "bias"):
        v = 0.05 * u
    else:
        v = 1.0 + 0.1 * u
    return v.reshape(shape).astype(dtype)


def formula_weights(model, nudge=0.0):
    """Set every floating state_dict entry of ``model`` from ``formula_value``; the digest of names+shapes and
    of the values (to show both frameworks start from the same bits). ``nudge``: relative perturbation of
    every value (to measure how much Paddle itself moves under float32 rounding-size changes)."""
    sd = model.state_dict()
    new = {}
    names = hashlib.sha256()
    values = hashlib.sha256()
    first_key = {}  # one tensor listed under two names (Paddle's LSTM: weight_ih_l0 and 0.cell.weight_ih)
    for key, t in sd.items():
        shape = [int(s) for s in t.shape]
        dtype = str(t.numpy().dtype)
        names.update(f"{key}:{shape}:{dtype}\n".encode())
        if dtype.startswith("float"):
            source = first_key.setdefault(id(t), key)
            arr = new[source] if source != key else formula_value(key, shape, dtype)
            if nudge and source == key:
                arr = (arr * (1.0 + nudge * _hash_unit(key + "#nudge", arr.size).reshape(arr.shape))).astype(dtype)
            new[key] = arr
            values.update(arr.tobytes())
    model.set_state_dict(new)
    for key, t in model.state_dict().items():
        if key in new and not np.array_equal(t.numpy(), new[key]):
            raise RuntimeError(f"state_dict entry {key} was not set")
    return {"n_entries": len(sd), "keys_digest": names.hexdigest()[:16], "values_digest": values.hexdigest()[:16],
            "n_params": int(sum(int(np.prod(p.shape)) for p in model.parameters()))}, [
        f"{k}:{[int(s) for s in t.shape]}" for k, t in sd.items()]


def disable_dropout(model):
    """Dropout and drop-path draw from each framework's own generator: off, so train-mode results compare."""
    import paddle

    for layer in model.sublayers(include_self=True):
        if isinstance(layer, paddle.nn.Dropout):
            layer.p = 0.0
        if isinstance(getattr(layer, "drop_prob", None), float):
            layer.drop_prob = 0.0


def nudge_spread(model, train_fn, reference):
    """Per output path, how far Paddle's own train step moves when every weight is nudged by 1e-6 relative
    (max over 2 nudges of the largest sample difference): the float32-rounding scale of that output."""
    spread = {}
    for draw in (1, 2):
        model.clear_gradients()
        formula_weights(model, nudge=1e-6 * draw)
        other = train_fn()
        for path, g in reference.items():
            o = other.get(path, {})
            if "samples" in g and "samples" in o and len(g["samples"]) == len(o["samples"]):
                d = float(np.abs(np.asarray(g["samples"]) - np.asarray(o["samples"])).max())
                spread[path] = max(spread.get(path, 0.0), d)
    formula_weights(model)
    return spread


def input_image(b, h, w, key="input"):
    return (_hash_unit(key, b * 3 * h * w).reshape(b, 3, h, w)).astype("float32")


# ---------------------------------------------------------------------------------------------- summaries
def summarize_array(a):
    a = np.asarray(a)
    if a.dtype == object:
        return {"object": repr(a.tolist())[:200]}
    flat = a.reshape(-1)
    d = {"shape": list(a.shape), "dtype": str(a.dtype)}
    if flat.size == 0:
        return d
    if a.dtype.kind == "b":
        flat = flat.astype(np.int64)
    f = flat.astype(np.float64)
    idx = np.unique(np.linspace(0, flat.size - 1, min(N_SAMPLES, flat.size)).round().astype(np.int64))
    d.update(sum=float(f.sum()), abssum=float(np.abs(f).sum()), samples=f[idx].tolist())
    return d


def summarize(obj, prefix="out"):
    """Flatten nested dict/list/tuple of Tensors/arrays/scalars/str into {path: summary}."""
    import paddle

    out = {}
    if isinstance(obj, paddle.Tensor):
        out[prefix] = summarize_array(obj.numpy())
    elif isinstance(obj, np.ndarray):
        out[prefix] = summarize_array(obj)
    elif isinstance(obj, dict):
        for k in obj:
            out.update(summarize(obj[k], f"{prefix}.{k}"))
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            out.update(summarize(v, f"{prefix}[{i}]"))
    elif isinstance(obj, (bool, int, float, np.number, np.bool_)):
        out[prefix] = summarize_array(np.asarray(obj))
    elif isinstance(obj, str):
        out[prefix] = {"str": obj}
    elif obj is None:
        out[prefix] = {"none": True}
    else:
        out[prefix] = {"type": type(obj).__name__}
    return out


def _step(result, name, fn):
    t0 = time.time()
    try:
        result[name] = fn()
    except Exception as e:  # recorded, so that one failing part does not hide the others
        result[name] = {"error": f"{type(e).__name__}: {str(e)[:300]}"}
        result.setdefault("tracebacks", {})[name] = traceback.format_exc()[-3000:]
    result.setdefault("seconds", {})[name] = round(time.time() - t0, 3)


# ---------------------------------------------------------------------------------------------- PaddleOCR
def _ocr_config(path, overrides):
    from tools.program import load_config, merge_config

    config = load_config(path)
    merge_config(config, overrides)
    return config


def _ocr_set_out_channels(config, post_process_class):
    """What tools/train.py does before build_model for a (non-distillation) rec/cls model."""
    if not hasattr(post_process_class, "character"):
        return
    char_num = len(post_process_class.character)
    arch = config["Architecture"]
    if arch["Head"]["name"] == "MultiHead":
        out_channels_list = {"CTCLabelDecode": char_num}
        second = list(config["Loss"]["loss_config_list"][1].keys())[0]
        if second == "SARLoss":
            if config["Loss"]["loss_config_list"][1]["SARLoss"] is None:
                config["Loss"]["loss_config_list"][1]["SARLoss"] = {"ignore_index": char_num + 1}
            else:
                config["Loss"]["loss_config_list"][1]["SARLoss"]["ignore_index"] = char_num + 1
            out_channels_list["SARLabelDecode"] = char_num + 2
        elif second == "NRTRLoss":
            out_channels_list["NRTRLabelDecode"] = char_num + 3
        arch["Head"]["out_channels_list"] = out_channels_list
    else:
        arch["Head"]["out_channels"] = char_num


def _ocr_targets(model_type, config, b, h, w, n_char):
    """Synthetic batch entries after the image, in the order the repo's KeepKeys puts them."""
    import paddle

    if model_type == "det":
        yy, xx = np.mgrid[0:h, 0:w]
        shrink = ((yy >= h // 4) & (yy < h // 2) & (xx >= w // 8) & (xx < 3 * w // 4)).astype("float32")
        shrink = np.stack([shrink, shrink[::-1].copy()])[:b]
        thr = (0.3 + 0.4 * (_hash_unit("threshold_map", b * h * w).reshape(b, h, w) + 1) / 2).astype("float32")
        ones = np.ones((b, h, w), "float32")
        return [paddle.to_tensor(a) for a in (thr, ones, shrink, ones)]
    if model_type == "cls":
        return [paddle.to_tensor(np.array([[0], [1]][:b], "int64"))]
    max_len = config["Global"].get("max_text_length", 25)
    lengths = np.array([5, 3][:b], "int64")
    label_ctc = np.zeros((b, max_len), "int64")
    for i, n in enumerate(lengths):
        label_ctc[i, :n] = (np.arange(n) * 7 + 3 * i) % (n_char - 1) + 1
    batch = [paddle.to_tensor(label_ctc)]
    if config["Architecture"]["Head"]["name"] == "MultiHead":
        second = list(config["Loss"]["loss_config_list"][1].keys())[0]
        if second == "NRTRLoss":  # NRTRLabelEncode: sos=2, eos=3, chars shifted by 3 (blank/unk/sos/eos)
            gtc = np.zeros((b, max_len + 2), "int64")
            for i, n in enumerate(lengths):
                gtc[i, 0] = 2
                gtc[i, 1:n + 1] = label_ctc[i, :n] + 3
                gtc[i, n + 1] = 3
        else:  # SAR targets: the start/end token is index n_char, padding the loss's ignore_index n_char + 1
            gtc = np.full((b, max_len), n_char + 1, "int64")
            for i, n in enumerate(lengths):
                gtc[i, 0] = n_char
                gtc[i, 1:n + 1] = label_ctc[i, :n] - 1
                gtc[i, n + 1] = n_char
        batch += [paddle.to_tensor(gtc), paddle.to_tensor(lengths),
                  paddle.to_tensor(np.ones((b,), "float32"))]
    else:
        batch += [paddle.to_tensor(lengths)]
    return batch


def run_ocr_case(name):
    import paddle
    from ppocr.losses import build_loss
    from ppocr.modeling.architectures import build_model
    from ppocr.postprocess import build_post_process

    path, overrides, h, w = OCR_CASES[name]
    config = _ocr_config(path, copy.deepcopy(overrides))
    global_config = config["Global"]
    result = {"config": path}
    post = build_post_process(config["PostProcess"], global_config)
    _ocr_set_out_channels(config, post)
    paddle.seed(0)
    t0 = time.time()
    model = build_model(config["Architecture"])
    result["build_seconds"] = round(time.time() - t0, 3)
    disable_dropout(model)
    weights, keys = formula_weights(model)
    result["weights"] = weights
    model_type = config["Architecture"]["model_type"]
    b = 2
    x = paddle.to_tensor(input_image(b, h, w))
    result["input_sha"] = hashlib.sha256(x.numpy().tobytes()).hexdigest()[:16]

    def evaluate():
        model.eval()
        with paddle.no_grad():
            preds = model(x)
        out = summarize(preds, "preds")
        if model_type == "det":
            shape_list = np.array([[h, w, 1.0, 1.0]] * b)
            boxes = post(preds, shape_list)
            out.update(summarize([bx["points"] for bx in boxes], "post"))
        else:
            decoded = post(preds)
            out["post.text"] = {"str": json.dumps([t for t, _ in decoded])}
            out.update(summarize(np.array([c for _, c in decoded], "float64"), "post.conf"))
        return out

    def train_loss():
        model.train()
        n_char = len(getattr(post, "character", [])) or 2
        batch = [x] + _ocr_targets(model_type, config, b, h, w, n_char)
        algorithm = config["Architecture"]["algorithm"]
        extra = algorithm in ("SRN", "NRTR", "SAR", "SEED", "SVTR", "SVTR_LCNet", "SPIN", "VisionLAN",
                              "RobustScanner", "RFL", "DRRG", "SATRN", "SVTR_HGNet")
        preds = model(x, data=batch[1:]) if extra else model(x)
        loss_class = build_loss(config["Loss"])
        loss = loss_class(preds, batch)
        loss["loss"].backward()
        grads = {}
        for pname, p in list(model.named_parameters())[:3] + list(model.named_parameters())[-2:]:
            if p.grad is not None:
                grads[pname] = p.grad
        out = summarize({k: v for k, v in loss.items()}, "loss")
        out.update(summarize(grads, "grad"))
        return out

    _step(result, "eval", evaluate)
    _step(result, "train", train_loss)
    if os.environ.get("OCRDET_NUDGE") and "error" not in result["train"]:
        _step(result, "train_nudge", lambda: nudge_spread(model, train_loss, result["train"]))
    return result, keys


# ---------------------------------------------------------------------------------------------- PaddleDetection
_GT_BOXES = ([[4, 6, 40, 30], [20, 24, 60, 62]], [[10, 8, 34, 50]])  # per image, pixels of a 64x64 image
_GT_CLASSES = ([1, 5], [3])


def _det_inputs(h, w, b, targets):
    """The batch dict ppdet's readers produce: image/im_shape/scale_factor, and for training the targets in
    the layout that architecture's reader gives ("padded": [B, N, ...] + pad_gt_mask, as PP-YOLOE/PicoDet/
    RT-DETR; "lists": per-image tensors, as the R-CNN readers with collate_batch false; "yolo": the
    Gt2YoloTarget maps of the repo's own batch transform)."""
    import paddle

    inputs = {
        "image": paddle.to_tensor(input_image(b, h, w, "det_input")),
        "im_shape": paddle.to_tensor(np.array([[h, w]] * b, "float32")),
        "scale_factor": paddle.to_tensor(np.array([[1.0, 1.0]] * b, "float32")),
        "im_id": paddle.to_tensor(np.arange(b, dtype="int64").reshape(b, 1)),
        "epoch_id": 0,
    }
    if not targets:
        return inputs
    scale = np.array([w / 64.0, h / 64.0, w / 64.0, h / 64.0], "float32")
    boxes = [np.array(bx, "float32") * scale for bx in _GT_BOXES[:b]]
    classes = [np.array(c, "int32").reshape(-1, 1) for c in _GT_CLASSES[:b]]
    if targets == "padded_tal":
        inputs["epoch_id"] = 100
        targets = "padded"
    if targets == "padded":
        n = max(len(bx) for bx in boxes)
        gt_bbox = np.zeros((b, n, 4), "float32")
        gt_class = np.zeros((b, n, 1), "int32")
        pad = np.zeros((b, n, 1), "float32")
        for i, (bx, c) in enumerate(zip(boxes, classes)):
            gt_bbox[i, :len(bx)] = bx
            gt_class[i, :len(c)] = c
            pad[i, :len(bx)] = 1
        inputs.update(gt_bbox=paddle.to_tensor(gt_bbox), gt_class=paddle.to_tensor(gt_class),
                      pad_gt_mask=paddle.to_tensor(pad))
    elif targets in ("lists", "lists_mask"):
        inputs.update(gt_bbox=[paddle.to_tensor(bx) for bx in boxes],
                      gt_class=[paddle.to_tensor(c) for c in classes],
                      is_crowd=[paddle.to_tensor(np.zeros_like(c)) for c in classes])
        if targets == "lists_mask":  # one 4-point polygon per object, as the COCO reader gives gt_poly
            inputs["gt_poly"] = [[[np.array([x0, y0, x1, y0, x1, y1, x0, y1], "float32")] for x0, y0, x1, y1 in bx]
                                 for bx in boxes]
    elif targets == "detr":  # NormalizeBox + BboxXYXY2XYWH, collate_batch false
        size = np.array([w, h, w, h], "float32")
        cxcywh = [np.concatenate([(bx[:, :2] + bx[:, 2:]) / 2, bx[:, 2:] - bx[:, :2]], 1) / size for bx in boxes]
        inputs.update(gt_bbox=[paddle.to_tensor(bx.astype("float32")) for bx in cxcywh],
                      gt_class=[paddle.to_tensor(c) for c in classes])
    elif targets == "yolo":
        from ppdet.data.transform.batch_operators import Gt2YoloTarget

        op = Gt2YoloTarget(anchor_masks=[[6, 7, 8], [3, 4, 5], [0, 1, 2]],
                           anchors=[[10, 13], [16, 30], [33, 23], [30, 61], [62, 45], [59, 119], [116, 90],
                                    [156, 198], [373, 326]], downsample_ratios=[32, 16, 8], num_classes=80)
        samples = []
        for bx, c in zip(boxes, classes):
            xywh = np.zeros((50, 4), "float32")  # PadBox(50) + BboxXYXY2XYWH of NormalizeBox'd boxes
            xywh[:len(bx), 0] = (bx[:, 0] + bx[:, 2]) / 2 / w
            xywh[:len(bx), 1] = (bx[:, 1] + bx[:, 3]) / 2 / h
            xywh[:len(bx), 2] = (bx[:, 2] - bx[:, 0]) / w
            xywh[:len(bx), 3] = (bx[:, 3] - bx[:, 1]) / h
            cls = np.zeros((50, 1), "int32")
            cls[:len(c)] = c
            # gt_score given 1-D: the transform's default (N, 1) scores need numpy < 2 (array-to-scalar store)
            samples.append({"image": np.zeros((3, h, w), "float32"), "gt_bbox": xywh, "gt_class": cls,
                            "gt_score": np.ones((50,), "float32")})
        samples = op(samples)
        for k in sorted(samples[0]):
            if k.startswith("target") or k in ("gt_bbox", "gt_class"):
                stacked = np.stack([smp[k] for smp in samples])
                inputs[k] = paddle.to_tensor(stacked if k == "gt_class" else stacked.astype("float32"))
    return inputs


def canonical_rows(bbox, bbox_num):
    """NMS output rows [label, score, x1, y1, x2, y2] per image, ordered by label then coordinates: Paddle orders
    a class's boxes by score, and two boxes whose scores differ in the last bit swap places between frameworks
    (rounding scores instead only moves the boundary)."""
    rows, start = [], 0
    for count in bbox_num.tolist():
        part = bbox[start:start + count]
        # coordinates to 1/100 pixel: boxes of neighbouring anchors share x1 up to the last bit
        keys = [np.round(part[:, k], 2) for k in range(part.shape[1] - 1, 1, -1)] + [part[:, 0]]
        rows.append(part[np.lexsort(keys)])
        start += count
    return np.concatenate(rows + [bbox[start:]]) if rows else bbox


_DET_BASE_CONFIG = None


def run_det_case(name):
    import paddle
    import ppdet.core.workspace as workspace
    from ppdet.core.workspace import create, load_config, merge_config

    # load_config merges into ppdet's module-wide config: start each case from the registry alone
    # (registered modules are SchemaDicts whose items a config overwrites; they hold modules: no deepcopy)
    global _DET_BASE_CONFIG
    gc = workspace.global_config
    if _DET_BASE_CONFIG is None:
        _DET_BASE_CONFIG = {k: (v, dict(v) if isinstance(v, dict) else None) for k, v in gc.items()}
    for k in list(gc):
        if k not in _DET_BASE_CONFIG:
            del gc[k]
    for k, (v, items) in _DET_BASE_CONFIG.items():
        if items is not None:
            dict.clear(v)
            dict.update(v, items)
        gc[k] = v
    path, overrides, h, w, targets = DET_CASES[name]
    cfg = load_config(path)
    # heads that precompute anchors / position embeddings for the eval size read it from the config
    merge_config(dict(copy.deepcopy(overrides), eval_size=[h, w]))
    if cfg.get("norm_type") == "sync_bn":
        cfg["norm_type"] = "bn"
    result = {"config": path}
    paddle.seed(0)
    t0 = time.time()
    model = create(cfg.architecture)
    result["build_seconds"] = round(time.time() - t0, 3)
    disable_dropout(model)
    weights, keys = formula_weights(model)
    result["weights"] = weights
    b = 1 if name in DET_SINGLE_IMAGE else 2

    def evaluate():
        model.eval()
        with paddle.no_grad():
            out = model(_det_inputs(h, w, b, None))
        out = dict(out)
        if "bbox" in out:
            out["bbox"] = canonical_rows(out["bbox"].numpy(), out["bbox_num"].numpy())
        return summarize(out, "out")

    def train_loss():
        model.train()
        out = model(_det_inputs(h, w, b, targets))
        out["loss"].backward()
        grads = {}
        params = list(model.named_parameters())
        for pname, p in params[:2] + params[-2:]:
            if p.grad is not None:
                grads[pname] = p.grad
        res = summarize(out, "loss")
        res.update(summarize(grads, "grad"))
        return res

    _step(result, "eval", evaluate)
    if targets is None:
        return result, keys
    _step(result, "train", train_loss)
    if os.environ.get("OCRDET_NUDGE") and "error" not in result["train"]:
        _step(result, "train_nudge", lambda: nudge_spread(model, train_loss, result["train"]))
    return result, keys


# ---------------------------------------------------------------------------------------------- entry points
def setup_paths(repo):
    """Make the repo and its dependencies importable, as running a script from the repo's root does."""
    src = os.path.join(REPOS, REPO_DIRS[repo])
    os.chdir(src)
    for p in (os.path.join(DEPS, "_pkg_resources"), DEPS, src):
        if p not in sys.path:
            sys.path.insert(0, p)
    if not hasattr(np, "sctypes"):
        # imgaug 0.4 (imported by both repos' data modules) reads np.sctypes, removed in numpy 2
        np.sctypes = {"int": [np.int8, np.int16, np.int32, np.int64],
                      "uint": [np.uint8, np.uint16, np.uint32, np.uint64],
                      "float": [np.float16, np.float32, np.float64, np.longdouble],
                      "complex": [np.complex64, np.complex128, np.clongdouble],
                      "others": [bool, object, bytes, str, np.void]}
    # real Paddle's libpaddle and pyclipper clash on zlib symbols unless pyclipper is loaded first
    import pyclipper  # noqa: F401
    import shapely  # noqa: F401


def run(repo, names):
    setup_paths(repo)
    import paddle

    paddle.set_device("cpu")
    if "paddle_compat" in sys.modules:
        # one math thread, like real Paddle's CPU kernels here: with the 2 cores shared, torch's 2 OpenMP
        # threads made YOLOv3's eval 4-5x slower (2.8 s vs 0.5 s)
        import torch

        torch.set_num_threads(1)
    cases = OCR_CASES if repo == "ocr" else DET_CASES
    runner = run_ocr_case if repo == "ocr" else run_det_case
    return run_cases(names or list(cases), runner)


def run_cases(names, runner):
    """``runner(name)`` for each case, timed; a case that raises records its error and traceback instead.
    Returns (results, keys) as the recorders and replays store them (shared by the video and gan drivers)."""
    results, all_keys = {}, {}
    for name in names:
        t0, cpu0 = time.time(), time.process_time()
        try:
            results[name], all_keys[name] = runner(name)
        except Exception as e:
            results[name] = {"error": f"{type(e).__name__}: {str(e)[:300]}",
                             "tracebacks": {"build": traceback.format_exc()[-3000:]}}
        results[name]["total_seconds"] = round(time.time() - t0, 3)
        results[name]["cpu_seconds"] = round(time.process_time() - cpu0, 3)
        print(f"{name}: {results[name]['total_seconds']} s", file=sys.stderr, flush=True)
    return results, all_keys


def main(argv):
    if argv[0] == "run":
        repo, out_path, names = argv[1], argv[2], argv[3:]
        results, keys = run(repo, names)
        with open(out_path, "w") as f:
            json.dump({"results": results, "keys": keys}, f, indent=1)
    elif argv[0] == "record":
        sys.path.insert(0, ROOT)
        from tools.api_diff.common import oracle_stamp

        stamp = oracle_stamp()
        import subprocess

        for repo in argv[1:] or ["ocr", "det"]:
            tmp = f"/tmp/ocrdet_record_{repo}.json"
            subprocess.run([sys.executable, os.path.abspath(__file__), "run", repo, tmp], check=True,
                           env=dict(os.environ, OCRDET_NUDGE="1"))
            with open(tmp) as f:
                data = json.load(f)
            results = data["results"]
            for r in results.values():
                r.pop("tracebacks", None)
            golden = dict(stamp, repo=REPO_DIRS[repo], results=results)
            with open(os.path.join(FIXTURES, f"ocrdet_{repo}.json"), "w") as f:
                json.dump(golden, f, indent=0, sort_keys=True)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
