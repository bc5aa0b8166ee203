"""Build PaddleVideo models with the repo's own config loader and builder, under whichever ``paddle`` this
interpreter imports, and summarise what they compute.

    python tests/repos/video/driver.py run OUT.json [CASE ...]   # any interpreter
    python tests/repos/video/driver.py record                    # real Paddle 2.6.2 only

Each case: the repo's config (``paddlevideo.utils.get_config``), its ``MODEL`` section with the few overrides of
``CASES`` (smaller widths/depths/frame counts, no pretrained files), the model built by
``paddlevideo.modeling.builder.build_model``, every state_dict entry set from a formula of its name and shape
(the ocr_det driver's ``formula_weights``; no weight files), then
- the state_dict keys and shapes (digest),
- the model's ``test`` step (eval mode) on a tiny deterministic batch in the layout the repo's readers give,
- the model's ``train`` step (train mode): its loss/metrics dict, ``loss.backward()``, the gradients of the
  first and last parameters.

The sources are read from ``$PADDLE_COMPAT_REPOS/PaddleVideo`` (default /work/repos_cache) and the repo's
Python dependencies from ``$PADDLE_COMPAT_VIDEO_DEPS`` (default /work/repos_deps_video); see docs/paddlevideo.md.
"""

import copy
import hashlib
import json
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, ROOT)
from tests.repos.ocr_det.driver import (  # noqa: E402
    _hash_unit,
    _step,
    disable_dropout,
    formula_weights,
    nudge_spread,
    run_cases,
    summarize,
)

REPOS = os.environ.get("PADDLE_COMPAT_REPOS", "/work/repos_cache")
DEPS = os.environ.get("PADDLE_COMPAT_VIDEO_DEPS", "/work/repos_deps_video")
FIXTURES = os.path.join(os.path.dirname(HERE), "fixtures")

_TSM4 = {"backbone": {"num_seg": 4}, "head": {"num_classes": 10}}
_RUNTIME4 = {"runtime_cfg": {"test": {"num_seg": 4}}}
_VIT_SMALL = {"img_size": 32, "patch_size": 16, "embed_dim": 32, "depth": 2, "num_heads": 2, "num_seg": 4}

# name -> (config path, MODEL overrides (merged into the config's MODEL), batch layout, batch arguments)
CASES = {
    # ---- 2D recognizers: imgs [N, T, C, H, W], labels [N, 1]
    "tsn_r50": ("configs/recognition/tsn/tsn_k400_frames.yaml", {"head": {"num_classes": 10}}, "frames",
                {"t": 3, "hw": 32}),
    "tsm_r50": ("configs/recognition/tsm/tsm_k400_frames.yaml", _TSM4, "frames", {"t": 4, "hw": 32, "export": True}),
    "tsm_r50_nhwc": ("configs/recognition/tsm/tsm_k400_frames_nhwc.yaml", _TSM4, "frames",
                     {"t": 4, "hw": 32, "channels_last": True}),
    "pptsm_r50": ("configs/recognition/pptsm/pptsm_k400_frames_uniform.yaml",
                  {"backbone": {"num_seg": 4}, "head": {"num_classes": 10, "num_seg": 4}}, "frames",
                  {"t": 4, "hw": 32}),
    "pptsn_r50": ("configs/recognition/pptsn/pptsn_k400_frames.yaml", {"head": {"num_classes": 10}}, "frames",
                  {"t": 3, "hw": 32}),
    "pptsm_mv2": ("configs/recognition/pptsm/pptsm_mv2_k400_videos_uniform.yaml",
                  {"backbone": {"num_seg": 4, "class_num": 10}}, "frames", {"t": 4, "hw": 32}),
    "pptsm_mv3": ("configs/recognition/pptsm/pptsm_mv3_k400_frames_uniform.yaml",
                  {"backbone": {"num_seg": 4, "class_num": 10}}, "frames", {"t": 4, "hw": 32, "export": True}),
    "pptsm_v2_lcnet": ("configs/recognition/pptsm/v2/pptsm_lcnet_k400_8frames_uniform.yaml",
                       {"backbone": {"num_seg": 4, "class_num": 10}}, "frames", {"t": 4, "hw": 32, "export": True}),
    # ---- 3D recognizers
    "slowfast_r50": ("configs/recognition/slowfast/slowfast.yaml",
                     {"head": {"num_classes": 10, "num_frames": 16, "crop_size": 64}}, "slowfast",
                     {"t": 16, "alpha": 8, "hw": 64}),
    # multigrid training's variant: alpha 4, fusion kernel 7, the head's multigrid_short pooling
    "slowfast_multigrid": ("configs/recognition/slowfast/slowfast_multigrid.yaml",
                           {"head": {"num_classes": 10, "num_frames": 16, "crop_size": 64}}, "slowfast",
                           {"t": 16, "alpha": 4, "hw": 64}),
    "posec3d_slowonly": ("configs/recognition/posec3d/posec3d.yaml", {"head": {"num_classes": 10}}, "clip",
                         {"c": 17, "t": 4, "hw": 32}),
    "movinet_a0": ("configs/recognition/movinet/movinet_k400_frame.yaml", {"backbone": {"num_classes": 10}},
                   "frames", {"t": 4, "hw": 32}),
    # causal: streaming buffers (cumulative temporal pooling, causal temporal padding)
    "movinet_a0_causal": ("configs/recognition/movinet/movinet_k400_frame.yaml",
                          {"backbone": {"num_classes": 10, "causal": True, "conv_type": "2plus1d"}}, "frames",
                          {"t": 4, "hw": 32}),
    # DML distillation: ResNet50-vd TSM teacher and PP-TSMv2 student trained together
    "pptsm_v2_dml": ("configs/recognition/pptsm/v2/pptsm_lcnet_k400_8frames_uniform_dml_distillation.yaml",
                     {"models": [{"Teacher": {"backbone": {"num_seg": 4},
                                              "head": {"num_classes": 10, "num_seg": 4}}},
                                 {"Student": {"backbone": {"num_seg": 4, "class_num": 10}}}]},
                     "frames", {"t": 4, "hw": 32}),
    # ---- transformers: imgs [N, C, T, H, W]
    "timesformer": ("configs/recognition/timesformer/timesformer_k400_videos.yaml",
                    dict(_RUNTIME4, backbone=_VIT_SMALL, head={"num_classes": 10, "in_channels": 32}), "clip",
                    {"t": 4, "hw": 32, "export": True}),
    "pptimesformer": ("configs/recognition/pptimesformer/pptimesformer_k400_videos.yaml",
                      dict(_RUNTIME4, backbone=_VIT_SMALL, head={"num_classes": 10, "in_channels": 32}), "clip",
                      {"t": 4, "hw": 32}),
    "tokenshift_vit": ("configs/recognition/token_transformer/tokShift_transformer_ucf101_256_videos.yaml",
                       dict(_RUNTIME4, backbone=_VIT_SMALL, head={"num_classes": 10, "in_channels": 32,
                                                                  "num_seg": 4}), "clip", {"t": 4, "hw": 32}),
    "videoswin": ("configs/recognition/videoswin/videoswin_small_k400_videos.yaml",
                  dict(_RUNTIME4, backbone={"embed_dim": 16, "depths": [1, 1, 2, 1], "num_heads": [1, 2, 2, 4],
                                            "window_size": [2, 4, 4], "drop_path_rate": 0.0},
                       head={"num_classes": 10, "in_channels": 128}), "clip", {"t": 4, "hw": 32}),
    # ---- 1D: AttentionLSTM over two pre-extracted feature streams
    "attention_lstm": ("configs/recognition/attention_lstm/attention_lstm_youtube8m.yaml",
                       {"head": {"num_classes": 10, "feature_dims": [24, 8], "embedding_size": 16,
                                 "lstm_size": 12}}, "features", {"length": 6, "dims": [24, 8], "classes": 10}),
    # ---- skeleton: [N, C, T, V, M]
    "stgcn_ntu": ("configs/recognition/stgcn/stgcn_ntucs.yaml", {"head": {"num_classes": 10}}, "skeleton",
                  {"t": 8, "v": 25, "m": 2, "export": True}),
    # FSD-10 skeletons: 2-D joints (x, y), one person
    "stgcn_fsd": ("configs/recognition/stgcn/stgcn_fsd.yaml", {"head": {"num_classes": 10}}, "skeleton",
                  {"c": 2, "t": 8, "v": 25, "m": 1}),
    "agcn_fsd": ("configs/recognition/agcn/agcn_fsd.yaml", {"head": {"num_classes": 10}}, "skeleton",
                 {"c": 2, "t": 8, "v": 25, "m": 1}),
    "agcn2s_joint": ("configs/recognition/agcn2s/agcn2s_ntucs_joint.yaml", {"head": {"num_classes": 10}},
                     "skeleton", {"t": 8, "v": 25, "m": 2}),
    "ctrgcn_joint": ("configs/recognition/ctrgcn/ctrgcn_ntucs_joint.yaml",
                     {"backbone": {"base_channel": 16}, "head": {"num_classes": 10, "in_channels": 16}},
                     "skeleton", {"t": 8, "v": 25, "m": 2}),
    # ---- localizer: BMN over [N, 400, tscale] features
    "bmn": ("configs/localization/bmn.yaml",
            {"backbone": {"tscale": 8, "dscale": 8, "num_sample": 4, "num_sample_perbin": 2, "feat_dim": 16},
             "loss": {"tscale": 8, "dscale": 8}}, "bmn", {"feat": 16, "t": 8, "export": True}),
    # ---- shot boundaries: TransNetV2 over [N, T, 27, 48, 3] frames (its head's loss names an undefined
    # variable: train fails in Paddle too)
    "transnetv2": ("configs/partitioners/transnetv2/transnetv2.yaml", {"backbone": {"F": 4, "D": 32}},
                   "transnet", {"t": 16}),
    # ---- spatio-temporal action detection: AVA's SlowFast FastRCNN with the RoI head (few proposals: the
    # sampler's random choice only happens past 32 of them)
    "ava_fastrcnn": ("configs/detection/ava/ava.yaml", {"head": {"bbox_head": {"num_classes": 11}}}, "ava",
                     {"t": 8, "alpha": 4, "hw": 64, "classes": 11}),
    # ---- spatio-temporal detection: YOWO (3D ResNeXt-101 + Darknet-19, not shrinkable by config) on a 16-frame
    # clip, infer step only: its test step and region loss move tensors with .cuda(), which on a CPU build of
    # Paddle prints an error and ends the process
    "yowo": ("configs/localization/yowo.yaml", {}, "clip", {"t": 16, "hw": 32, "eval_mode": "infer",
                                                            "train": False}),
    # ---- depth estimation: ADDS (day/night ResNet-18 encoders + depth decoder), infer step only (its train step
    # needs the multi-frame, multi-scale KITTI/Oxford batch with camera intrinsics)
    "adds_depth": ("configs/estimation/adds/adds.yaml", {"backbone": {"height": 64, "width": 128, "batch_size": 2}},
                   "image", {"h": 64, "w": 128, "eval_mode": "infer", "train": False}),
    # ---- segmenters over [1, dim, T] features
    "ms_tcn": ("configs/segmentation/ms_tcn/ms_tcn_gtea.yaml",
               {"backbone": {"num_stages": 2, "num_layers": 3, "num_f_maps": 16, "dim": 32},
                "head": {"in_channels": 16}}, "segment", {"dim": 32, "t": 24, "classes": 11}),
    "asrf": ("configs/segmentation/asrf/asrf_gtea.yaml",
             {"backbone": {"in_channel": 32, "num_features": 16, "num_stages": 2, "num_layers": 3},
              "head": {"num_features": 16, "num_stages": 2, "num_layers": 3, "num_stages_asb": 2,
                       "num_stages_brb": 2},
              "loss": {"file_path": "@asrf/split.bundle", "label_path": "@asrf/gt_arr",
                       "boundary_path": "@asrf/gt_boundary_arr"}},
             "segment_boundary", {"dim": 32, "t": 24, "classes": 11}),
}


# ---------------------------------------------------------------------------------------------- config + inputs
def _merge(dst, src):
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            _merge(dst[k], v)
        elif isinstance(v, list) and isinstance(dst.get(k), list) and all(isinstance(x, dict) for x in v):
            for d, x in zip(dst[k], v):  # a list of sub-configs (distillation's models): item by item
                _merge(d, x)
        else:
            dst[k] = copy.deepcopy(v)


def _no_pretrained(cfg):
    """Weights come from the formula: no checkpoint paths (the files are not here)."""
    if isinstance(cfg, dict):
        for k in list(cfg):
            if k.startswith("pretrained"):
                cfg[k] = None
            else:
                _no_pretrained(cfg[k])
    elif isinstance(cfg, list):
        for v in cfg:
            _no_pretrained(v)


def _data_files(cfg, t, classes):
    """Paths starting with "@" name synthetic dataset files (ASRF's losses read class / boundary frequencies
    from the training split's label arrays at construction): write two videos' labels to a temporary folder."""
    if isinstance(cfg, list):
        for v in cfg:
            _data_files(v, t, classes)
    if not isinstance(cfg, dict):
        return
    for v in cfg.values():
        if isinstance(v, str) and v.startswith("@"):
            import tempfile

            root = tempfile.mkdtemp(prefix="video_driver_")
            os.makedirs(os.path.join(root, "asrf", "gt_arr"))
            os.makedirs(os.path.join(root, "asrf", "gt_boundary_arr"))
            with open(os.path.join(root, "asrf", "split.bundle"), "w") as f:
                f.write("video_a.txt\nvideo_b.txt\n")
            for i, video in enumerate(("video_a", "video_b")):
                gt = (np.arange(t) * classes // t + i) % classes
                np.save(os.path.join(root, "asrf", "gt_arr", video + ".npy"), gt.astype("int64"))
                np.save(os.path.join(root, "asrf", "gt_boundary_arr", video + ".npy"),
                        np.r_[0, (np.diff(gt) != 0)].astype("int64"))
            for key, val in cfg.items():
                if isinstance(val, str) and val.startswith("@"):
                    cfg[key] = os.path.join(root, val[1:])
            return
        _data_files(v, t, classes)


def _values(key, shape, scale=1.0):
    return (scale * _hash_unit(key, int(np.prod(shape))).reshape(shape)).astype("float32")


def make_batch(layout, args, b=2):
    """The batch list the repo's readers hand the model, from deterministic values. Returns (batch for the
    test step, batch for the train step)."""
    import paddle

    t = paddle.to_tensor
    labels = t(np.array([[1], [3]][:b], "int64"))
    if layout == "frames":
        shape = [b, args["t"], args["hw"], args["hw"], 3] if args.get("channels_last") else [
            b, args["t"], 3, args["hw"], args["hw"]]
        x = t(_values("frames", shape))
        return [x], [x, labels]
    if layout == "clip":
        x = t(_values("clip", [b, args.get("c", 3), args["t"], args["hw"], args["hw"]]))
        return [x], [x, labels]
    if layout == "slowfast":
        fast = _values("fast", [b, 3, args["t"], args["hw"], args["hw"]])
        slow = np.ascontiguousarray(fast[:, :, ::args["alpha"]])
        xs = [t(slow), t(fast)]
        return xs, xs + [labels]
    if layout == "skeleton":
        x = t(_values("skeleton", [b, args.get("c", 3), args["t"], args["v"], args["m"]]))
        return [x], [x, labels]
    if layout == "features":
        batch = []
        lengths = np.array([args["length"], args["length"] - 2][:b], "int64")
        for i, dim in enumerate(args["dims"]):
            data = _values(f"feature{i}", [b, args["length"], dim])
            mask = (np.arange(args["length"])[None, :, None] < lengths[:, None, None]).astype("float32")
            data = data * mask
            batch += [t(data), t(lengths), t(np.repeat(mask, dim, axis=2))]
        multi_hot = np.zeros((b, args["classes"]), "float32")
        multi_hot[0, [1, 4]] = 1
        multi_hot[1, [2]] = 1
        return batch + [t(multi_hot)], batch + [t(multi_hot)]
    if layout == "bmn":
        x = t(_values("bmn_feat", [b, args["feat"], args["t"]]))
        n = args["t"]
        iou = (0.5 + 0.5 * _values("gt_iou", [b, n, n])).clip(0, 1)
        start = (0.5 + 0.5 * _values("gt_start", [b, n])).clip(0, 1)
        end = (0.5 + 0.5 * _values("gt_end", [b, n])).clip(0, 1)
        return [x], [x, t(iou), t(start), t(end)]
    if layout == "ava":
        fast = _values("ava_fast", [b, 3, args["t"], args["hw"], args["hw"]])
        slow = np.ascontiguousarray(fast[:, :, ::args["alpha"]])
        proposals = np.array([[[4, 6, 40, 50], [20, 10, 60, 60], [8, 30, 30, 62]],
                              [[10, 4, 50, 44], [30, 20, 62, 58], [0, 0, 0, 0]]], "float32")
        n_prop = np.array([3, 2], "int64")
        # two ground truths per image (a single positive or negative index squeezes to 0-D, which the repo's
        # index_select refuses, in Paddle too)
        gt = np.array([[[6, 8, 38, 52], [36, 30, 62, 62]], [[12, 6, 48, 40], [28, 22, 60, 60]]], "float32")
        n_gt = np.array([2, 2], "int64")
        labels = np.zeros((b, 2, args["classes"]), "float32")
        labels[0, 0, [1, 4]] = 1
        labels[0, 1, 5] = 1
        labels[1, 0, 2] = 1
        labels[1, 1, [3, 7]] = 1
        scores = np.array([[0.9, 0.8, 0.7], [0.95, 0.6, 0.0]], "float32")
        entity = np.array([[0, 1, 2], [0, 1, 0]], "int64")
        img_shape = np.array([[args["hw"], args["hw"]]] * b, "int64")
        arrays = [slow, fast, proposals, gt, labels, scores, entity, img_shape, np.arange(b, dtype="int64"), n_prop,
                  n_gt, n_gt, n_prop, n_prop]
        # the test step reads the first image's proposals only: one image, as the AVA test reader gives
        return [t(a[:1]) for a in arrays], [t(a) for a in arrays]
    if layout == "image":
        x = t(_values("image", [b, 3, args["h"], args["w"]]) * 0.5 + 0.5)
        return [x], [x, labels]
    if layout == "transnet":
        x = t(((_values("transnet", [b, args["t"], 27, 48, 3]) + 1) * 127.5).round())
        one_hot = np.zeros((b, args["t"]), "float32")
        one_hot[:, args["t"] // 2] = 1
        return [x], [x, t(one_hot), t(one_hot.copy())]
    if layout in ("segment", "segment_boundary"):
        x = t(_values("segment_feat", [1, args["dim"], args["t"]]))
        n = args["t"]
        gt = (np.arange(n) * args["classes"] // n).astype("int64")[None]
        if layout == "segment":
            return [x, t(gt)], [x, t(gt)]
        boundary = np.zeros((1, 1, n), "float32")
        boundary[0, 0, np.flatnonzero(np.diff(gt[0])) + 1] = 1.0
        return [x, t(gt), t(boundary)], [x, t(gt), t(boundary)]
    raise ValueError(layout)


def _numpy_scalars_as_float64(out):
    """Metrics the repo computes in numpy (AttentionLSTM's PERR/GAP) come back as numpy scalars whose dtype
    follows the numpy version's promotion rules (float64 under numpy 1.26's value-based casting, float32 under
    numpy 2's NEP 50), not Paddle: summarise them as float64 on both sides."""
    if isinstance(out, dict):
        return {k: (np.float64(v) if isinstance(v, np.floating) else v) for k, v in out.items()}
    return out


# ---------------------------------------------------------------------------------------------- one case
def run_case(name):
    import paddle
    from paddlevideo.modeling.builder import build_model
    from paddlevideo.utils import get_config

    path, overrides, layout, args = CASES[name]
    cfg = get_config(path, show=False)
    model_cfg = cfg.MODEL
    _merge(model_cfg, overrides)
    _no_pretrained(model_cfg)
    _data_files(model_cfg, args.get("t", 8), args.get("classes", 10))
    result = {"config": path}
    paddle.seed(0)
    t0 = time.time()
    with paddle.utils.unique_name.guard():  # the backbones name their parameters: one namespace per model
        model = build_model(model_cfg)
    result["build_seconds"] = round(time.time() - t0, 3)
    disable_dropout(model)
    weights, keys = formula_weights(model)
    result["weights"] = weights
    # a fresh batch per step: Recognizer2D reshapes its input in place (paddle.reshape_)
    result["input_sha"] = hashlib.sha256(
        b"".join(x.numpy().tobytes() for x in make_batch(layout, args)[1])).hexdigest()[:16]

    def evaluate():
        model.eval()
        with paddle.no_grad():
            out = model(make_batch(layout, args)[0], mode=args.get("eval_mode", "test"))
        return summarize(_numpy_scalars_as_float64(out), "test")

    def train_step():
        model.train()
        model.clear_gradients()
        out = model(make_batch(layout, args)[1], mode="train")
        out["loss"].backward()
        grads = {}
        params = [(n, p) for n, p in model.named_parameters() if not p.stop_gradient]
        for pname, p in params[:2] + params[-2:]:
            if p.grad is not None:
                grads[pname] = p.grad
        res = summarize(_numpy_scalars_as_float64(out), "train")
        res.update(summarize(grads, "grad"))
        return res

    def export():
        """What tools/export_model.py does: eval mode, re-parameterise the "rep" layers (PP-TSMv2's LCNetV2
        blocks), jit.to_static with an InputSpec per input (batch dimension None), jit.save; then jit.load and
        run the saved program on the test batch."""
        import tempfile

        from paddle.static import InputSpec

        formula_weights(model)  # the train step (and the nudges) moved BatchNorm's running statistics
        model.eval()
        for layer in model.sublayers():
            if hasattr(layer, "rep") and not layer.is_repped:
                layer.rep()
        batch = make_batch(layout, args)[0]
        with paddle.no_grad():
            out = summarize(model(batch, mode="infer"), "repped")
        spec = [[InputSpec(shape=[None] + list(x.shape[1:]), dtype=x.dtype) for x in make_batch(layout, args)[0]]]
        static = paddle.jit.to_static(model, input_spec=spec)
        path = os.path.join(tempfile.mkdtemp(prefix="video_export_"), "model")
        paddle.jit.save(static, path)
        loaded = paddle.jit.load(path)
        loaded.eval()
        out.update(summarize(loaded(*make_batch(layout, args)[0]), "loaded"))
        return out

    _step(result, "eval", evaluate)
    if args.get("train", True):
        _step(result, "train", train_step)
        if os.environ.get("VIDEO_NUDGE") and "error" not in result["train"]:
            _step(result, "train_nudge", lambda: nudge_spread(model, train_step, result["train"]))
    if args.get("export"):
        _step(result, "export", export)
    return result, keys


# ---------------------------------------------------------------------------------------------- entry points
def setup_paths():
    """Make the repo and its dependencies importable, as running main.py from the repo's root does."""
    src = os.path.join(REPOS, "PaddleVideo")
    os.chdir(src)
    for p in (DEPS, src):
        if p not in sys.path:
            sys.path.insert(0, p)
    # real Paddle's libpaddle and scipy's/cv2's wheels clash on zlib symbols unless these load first
    import cv2  # noqa: F401
    import scipy.signal  # noqa: F401

    # the segmenters' metrics call np.float/np.int, removed in numpy 1.24 (both interpreters have newer numpy)
    for alias, builtin in (("float", float), ("int", int), ("bool", bool)):
        if alias not in np.__dict__:
            setattr(np, alias, builtin)


def run(names):
    setup_paths()
    import paddle

    paddle.set_device("cpu")
    if "paddle_compat" in sys.modules:
        import torch

        torch.set_num_threads(1)  # one math thread, like real Paddle's CPU kernels here (2 shared cores)
    return run_cases(names or list(CASES), run_case)


def main(argv):
    if argv and argv[0] == "run":
        out_path, names = argv[1], argv[2:]
        results, keys = run(names)
        with open(out_path, "w") as f:
            json.dump({"results": results, "keys": keys}, f, indent=1)
    elif argv and argv[0] == "record":
        from tools.api_diff.common import oracle_stamp

        stamp = oracle_stamp()
        import subprocess

        tmp = "/tmp/video_record.json"
        subprocess.run([sys.executable, os.path.abspath(__file__), "run", tmp, *argv[1:]], check=True,
                       env=dict(os.environ, VIDEO_NUDGE="1"))
        with open(tmp) as f:
            results = json.load(f)["results"]
        for r in results.values():
            r.pop("tracebacks", None)
        golden = dict(stamp, repo="PaddleVideo", results=results)
        with open(os.path.join(FIXTURES, "video_models.json"), "w") as f:
            json.dump(golden, f, indent=0, sort_keys=True)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
