"""Build PaddleGAN models with the repo's own config files and builders, under whichever ``paddle`` this
interpreter imports, and summarise what they compute.

    python tests/repos/gan/driver.py run OUT.json [CASE ...]   # any interpreter
    python tests/repos/gan/driver.py record [CASE ...]         # real Paddle 2.6.2 only

Each case: the repo's config file (``ppgan.utils.config.get_config``) with the model shrunk by the overrides of
``CASES``, the model built by ``ppgan.models.builder.build_model`` (its generators, discriminators and criterions
through the repo's registries), every state_dict entry of every net (and of criterions holding layers, such as
the perceptual loss's VGG) set from a formula of its name and shape (no weight files), then
- the state_dict keys and shapes (digest),
- eval: the model's own ``setup_input`` + ``test_iter`` on a tiny deterministic batch (the repo's PSNR/SSIM
  metrics where the config validates with them), the tensors it leaves in ``visual_items``,
- train: one ``train_iter`` with the config's optimizers and LR schedulers (built by the model's
  ``setup_lr_schedulers``/``setup_optimizers``), the losses it reports and the gradients of the first and last
  parameters of each net.
Tensors are summarised (shape, sum, |sum|, evenly spaced samples) so the goldens stay small.

The repo's ``get_path_from_url`` (pretrained SPyNet/VGG/EDVR downloads made while building) is replaced by a
function returning an empty ``.pdparams`` (saved with this interpreter's ``paddle.save``): ``set_state_dict({})``
leaves the layers as built and the formula weights then set them. Sources from ``$PADDLE_COMPAT_REPOS`` (default
/work/repos_cache), dependencies from ``$PADDLE_COMPAT_GAN_DEPS`` (default /work/repos_deps_gan); docs/paddlegan.md.
"""

import copy
import hashlib
import json
import os
import random
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
REPOS = os.environ.get("PADDLE_COMPAT_REPOS", "/work/repos_cache")
DEPS = os.environ.get("PADDLE_COMPAT_GAN_DEPS", "/work/repos_deps_gan")
FIXTURES = os.path.join(os.path.dirname(HERE), "fixtures")
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tests.repos.ocr_det.driver import _hash_unit, _step, formula_value, run_cases, summarize  # noqa: E402


def image(shape, key, low=0.0, high=1.0):
    return (low + (high - low) * (_hash_unit(key, int(np.prod(shape))) + 1.0) / 2.0).reshape(shape).astype("float32")


def pm1(shape, key):
    return image(shape, key, -1.0, 1.0)


# ---------------------------------------------------------------------------------------------- cases
# name -> dict(config=..., model=overrides merged into cfg.model (None deletes a key), batch=fn -> setup_input's
# argument, eval=True/False, train=True/False, metrics=True to use the config's validate metrics)
def _sr_batch(scale, lq=(1, 3, 12, 12), frames=None, key="sr", lqx2=False):
    def make():
        import paddle

        b, c, h, w = lq
        if frames:  # EDVR's setup_input takes the tensors as they come (its reader yields tensors)
            return {"lq": paddle.to_tensor(image((b, frames, c, h, w), key + "lq")),
                    "gt": paddle.to_tensor(image((b, frames, c, h * scale, w * scale), key + "gt")), "lq_path": ["x"]}
        batch = {"lq": image(lq, key + "lq"), "gt": image((b, c, h * scale, w * scale), key + "gt"), "lq_path": ["x"]}
        if lqx2:  # DRN's intermediate scale
            batch["lqx2"] = paddle.to_tensor(image((b, c, h * 2, w * 2), key + "lqx2"))
        return batch
    return make


def _pair_batch(shape, key):
    def make():
        return {"A": pm1(shape, key + "A"), "B": pm1(shape, key + "B"), "A_path": ["a"], "B_path": ["b"],
                "A_paths": ["a"], "B_paths": ["b"]}
    return make


def _restore_batch(shape, key):
    def make():
        import paddle

        return [paddle.to_tensor(image(shape, key + "target")), paddle.to_tensor(image(shape, key + "lq"))]
    return make


def _invdn_batch():
    import paddle

    shape = (1, 3, 16, 16)
    return [paddle.to_tensor(image(shape, "invdn_noisy")), paddle.to_tensor(image(shape, "invdn_gt")),
            paddle.to_tensor(image((1, 3, 4, 4), "invdn_lq"))]


def _anime_batch():
    s = (1, 3, 32, 32)
    return {"real": pm1(s, "real"), "anime": pm1(s, "anime"), "anime_gray": pm1(s, "anime_gray"),
            "smooth_gray": pm1(s, "smooth_gray"), "A": pm1(s, "real"), "A_path": ["a"]}


def _lapstyle_batch(size):
    def make():
        return {"ci": image((1, 3, size, size), "ci"), "si": image((1, 3, size, size), "si"), "ci_path": ["c"]}
    return make


def _paddle_sr_batch(shape, key):
    def make():
        import paddle

        return {"lq": paddle.to_tensor(image(shape, key + "lq")), "gt": paddle.to_tensor(image(shape, key + "gt")),
                "lq_path": ["x"]}
    return make


def _aot_batch():
    import paddle

    mask = np.zeros((1, 1, 64, 64), "float32")  # reflect padding by 8 at 1/4 size
    mask[:, :, 16:40, 20:52] = 1.0
    return {"img": paddle.to_tensor(pm1((1, 3, 64, 64), "aot")), "mask": paddle.to_tensor(mask), "img_path": ["a"]}


def _stargan_batch():
    import paddle

    s = (2, 3, 32, 32)
    return {"src": paddle.to_tensor(pm1(s, "src")), "src_cls": paddle.to_tensor(np.array([0, 1], "int64")),
            "ref": paddle.to_tensor(pm1(s, "ref")), "ref2": paddle.to_tensor(pm1(s, "ref2")),
            "ref_cls": paddle.to_tensor(np.array([2, 0], "int64"))}


def _photopen_batch():
    import paddle

    labels = (np.arange(32 * 32).reshape(1, 1, 32, 32) // 80 % 13).astype("float32")  # 13 classes, in bands
    return {"img": paddle.to_tensor(pm1((1, 3, 32, 32), "photopen")), "ins": paddle.to_tensor(labels),
            "img_path": ["p"]}


def _singan_png():
    """SinGAN trains on one image file: a 32x32 PNG written by OpenCV 4.11 (both interpreters' version)."""
    import cv2

    path = os.path.join(tempfile.gettempdir(), f"ppgan_singan_{os.getpid()}.png")
    if not os.path.exists(path):
        cv2.imwrite(path, (image((32, 32, 3), "singan") * 255).astype(np.uint8))
    return path


def _gfpgan_batch():
    import paddle

    s = (1, 3, 32, 32)
    return {"lq": paddle.to_tensor(pm1(s, "gfpgan_lq")), "gt": paddle.to_tensor(pm1(s, "gfpgan_gt"))}


def _firstorder_batch():
    import paddle

    return {"source": paddle.to_tensor(image((1, 3, 64, 64), "fo_source")),
            "driving": paddle.to_tensor(image((1, 3, 64, 64), "fo_driving"))}


def _wav2lip_batch():
    t = 5  # syncnet_T: the generator folds the T frames into the batch
    return {"x": image((1, 6, t, 96, 96), "w2l_x"), "indiv_mels": pm1((1, t, 1, 80, 16), "w2l_mels"),
            "mel": pm1((1, 1, 80, 16), "w2l_mel"), "y": image((1, 3, t, 96, 96), "w2l_y")}


CASES = {
    "cyclegan": dict(config="configs/cyclegan_horse2zebra.yaml",
                     model={"generator": {"ngf": 8, "n_blocks": 2}, "discriminator": {"ndf": 8}},
                     batch=_pair_batch((1, 3, 32, 32), "cyclegan"), export=[[1, 3, 32, 32]] * 2),
    "pix2pix": dict(config="configs/pix2pix_facades.yaml",
                    model={"generator": {"ngf": 8, "num_downs": 5}, "discriminator": {"ndf": 8}},
                    batch=_pair_batch((2, 3, 32, 32), "pix2pix")),
    # the config's benchmark switch: nets converted in place by paddle.jit.to_static(input_spec [None, 3, 32, 32]);
    # train only: Paddle's converted UNet fails at eval on CPU (run_program: "Required tensor shall not be nullptr")
    "pix2pix_to_static": dict(config="configs/pix2pix_facades.yaml",
                              model={"generator": {"ngf": 8, "num_downs": 5}, "discriminator": {"ndf": 8},
                                     "to_static": True, "image_shape": [3, 32, 32]},
                              batch=_pair_batch((2, 3, 32, 32), "pix2pix"), eval=False),
    "esrgan_psnr": dict(config="configs/esrgan_psnr_x4_div2k.yaml", model={"generator": {"nf": 8, "nb": 2}},
                        batch=_sr_batch(4), metrics=True, export=[[1, 3, 12, 12]], amp="O1"),
    "esrgan_gan": dict(config="configs/esrgan_x4_div2k.yaml",
                       model={"generator": {"nf": 8, "nb": 1}, "discriminator": {"num_feat": 8},
                              "perceptual_criterion": {"layer_weights": {"4": 1.0}}},
                       batch=_sr_batch(4, lq=(1, 3, 32, 32)), metrics=True),  # PSNR, SSIM, LPIPS
    "lesrcnn": dict(config="configs/lesrcnn_psnr_x4_div2k.yaml", model={}, batch=_sr_batch(4, lq=(1, 3, 8, 8)),
                    metrics=True),
    "pan": dict(config="configs/pan_psnr_x4_div2k.yaml", model={"generator": {"nf": 8, "unf": 8, "nb": 2}},
                batch=_sr_batch(4), metrics=True),
    "drn": dict(config="configs/drn_psnr_x4_div2k.yaml", model={"generator": {"n_blocks": 2, "n_feats": 8}},
                batch=_sr_batch(4, lq=(1, 3, 8, 8), lqx2=True), metrics=True),
    "edvr_m": dict(config="configs/edvr_m_w_tsa.yaml",
                   model={"generator": {"nf": 16, "groups": 8, "front_RBs": 1, "back_RBs": 1}},
                   batch=_sr_batch(4, lq=(1, 3, 16, 16), frames=5), metrics=True, amp="O2"),
    "basicvsr": dict(config="configs/basicvsr_reds.yaml", model={"generator": {"mid_channels": 8, "num_blocks": 1}},
                     batch=_sr_batch(4, lq=(1, 3, 64, 64), frames=2), metrics=True),
    # eval only: its EDVR-M keyframe extractor is fixed at 64 channels and pads the clip with frames 3-4 at both
    # ends (5 frames at least), a train step at 4x would take tens of seconds
    "iconvsr": dict(config="configs/iconvsr_reds.yaml", model={"generator": {"mid_channels": 64, "num_blocks": 1}},
                    batch=_sr_batch(4, lq=(1, 3, 64, 64), frames=5), metrics=True, train=False),
    "msvsr": dict(config="configs/msvsr_reds.yaml",
                  model={"generator": {"mid_channels": 8, "num_init_blocks": 1, "num_blocks": 1,
                                       "num_reconstruction_blocks": 1, "deform_groups": 2, "stage1_groups": 2}},
                  batch=_sr_batch(4, lq=(1, 3, 64, 64), frames=2), metrics=True),
    "swinir": dict(config="configs/swinir_denoising.yaml",
                   model={"generator": {"img_size": 16, "window_size": 4, "depths": [1, 1], "embed_dim": 12,
                                        "num_heads": [2, 2]}},
                   batch=_restore_batch((1, 3, 16, 16), "swinir")),
    "nafnet": dict(config="configs/nafnet_denoising.yaml",
                   model={"generator": {"width": 8, "enc_blk_nums": [1, 1], "middle_blk_num": 1,
                                        "dec_blk_nums": [1, 1]}},
                   batch=_restore_batch((1, 3, 16, 16), "nafnet"), export=[[1, 3, 16, 16]]),
    "mprnet": dict(config="configs/mprnet_denoising.yaml",
                   model={"generator": {"n_feat": 8, "scale_unetfeats": 4, "scale_orsnetfeats": 4}},
                   batch=_restore_batch((1, 3, 32, 32), "mprnet")),
    "invdn": dict(config="configs/invdn_denoising.yaml", model={"generator": {"block_num": [1, 1]}},
                  batch=_invdn_batch),
    "ugatit_light": dict(config="configs/ugatit_selfie2anime_light.yaml",
                         model={"generator": {"ngf": 8, "n_blocks": 1, "img_size": 32},
                                "discriminator_g": {"ndf": 8, "n_layers": 5},
                                "discriminator_l": {"ndf": 8, "n_layers": 3}},
                         batch=_pair_batch((1, 3, 32, 32), "ugatit")),
    "animeganv2": dict(config="configs/animeganv2.yaml", model={"pretrain_ckpt": None},
                       batch=_anime_batch, eval_mode="is_train_false"),
    "stylegan2": dict(config="configs/stylegan_v2_256_ffhq.yaml",
                      model={"generator": {"size": 16, "style_dim": 16, "n_mlp": 2, "channel_multiplier": 1},
                             "discriminator": {"size": 16, "channel_multiplier": 1},
                             "num_style_feat": 16, "params": {"gen_iters": 4, "disc_iters": 1}},
                      batch=lambda: {"A": pm1((2, 3, 16, 16), "stylegan")}),
    "lapstyle_draft": dict(config="configs/lapstyle_draft.yaml", model={}, batch=_lapstyle_batch(32)),
    "dcgan": dict(config="configs/dcgan_mnist.yaml",
                  model={"generator": {"ngf": 8, "input_nz": 16}, "discriminator": {"ndf": 8}},
                  batch=lambda: {"img": pm1((2, 1, 64, 64), "dcgan")}),
    "cond_dcgan": dict(config="configs/cond_dcgan_mnist.yaml",
                       model={"generator": {"ngf": 8, "latent_dim": 16}, "discriminator": {"ndf": 8}},
                       batch=lambda: {"img": pm1((2, 1, 28, 28), "cdcgan"), "class_id": np.array([3, 7], "int64")}),
    "wgan": dict(config="configs/wgan_mnist.yaml",
                 model={"generator": {"ngf": 8, "latent_dim": 16}, "discriminator": {"ndf": 8},
                        "params": {"disc_iters": 1}},
                 batch=lambda: {"img": pm1((2, 1, 28, 28), "wgan")}),
    "rcan": dict(config="configs/rcan_rssr_x4.yaml",
                 model={"generator": {"n_resgroups": 1, "n_resblocks": 1, "n_feats": 16}},
                 batch=_sr_batch(4, lq=(1, 3, 8, 8)), metrics=True),
    "prenet": dict(config="configs/prenet.yaml", model={"generator": {"recurrent_iter": 2}},
                   batch=_paddle_sr_batch((1, 3, 16, 16), "prenet"), export=[[1, 3, 16, 16]]),
    "basicvsr_pp": dict(config="configs/basicvsr++_reds.yaml",
                        model={"generator": {"mid_channels": 16, "num_blocks": 1}},  # 16 deform groups
                        batch=_sr_batch(4, lq=(1, 3, 64, 64), frames=2), metrics=True),
    "edvr_l_blur": dict(config="configs/edvr_l_blur_w_tsa.yaml",
                        model={"generator": {"nf": 16, "groups": 8, "front_RBs": 1, "back_RBs": 1}},
                        batch=_sr_batch(1, lq=(1, 3, 32, 32), frames=5), metrics=True),
    "ugatit_p2c": dict(config="configs/ugatit_photo2cartoon.yaml",
                       model={"generator": {"ngf": 8, "img_size": 32},  # its decoder reads 4 blocks' features
                              "discriminator_g": {"ndf": 8, "n_layers": 5},
                              "discriminator_l": {"ndf": 8, "n_layers": 3}},
                       batch=_pair_batch((1, 3, 32, 32), "p2c")),
    "aotgan": dict(config="configs/aotgan.yaml", model={"generator": {"block_num": 1}, "img_size": 64},
                   batch=_aot_batch),
    "gpen": dict(config="configs/gpen_256_ffhq.yaml",
                 model={"generator": {"size": 64, "style_dim": 32, "n_mlp": 2, "narrow": 0.125},
                        "discriminator": {"size": 64, "narrow": 0.125}},
                 batch=lambda: [pm1((1, 3, 64, 64), "gpen_deg"), pm1((1, 3, 64, 64), "gpen_real")],
                 # its identity loss crops faces at the coordinates of 256 px images for a 112 px IR-SE50
                 train=False, export=[[1, 3, 64, 64]]),
    "starganv2": dict(config="configs/starganv2_afhq.yaml",
                      model={"generator": {"img_size": 32, "style_dim": 16, "max_conv_dim": 32},
                             "style": {"img_size": 32, "style_dim": 16, "max_conv_dim": 32},
                             "mapping": {"style_dim": 16}, "discriminator": {"img_size": 32, "max_conv_dim": 32}},
                      batch=_stargan_batch),
    "wav2lip": dict(config="configs/wav2lip.yaml", model={}, batch=_wav2lip_batch),
    "wav2lip_hq": dict(config="configs/wav2lip_hq.yaml", model={}, batch=_wav2lip_batch,
                       export=[[1, 5, 1, 80, 16], [1, 6, 5, 96, 96]]),
    # eval only (net_g_ema): its training crops eyes/mouth at landmark boxes for the facial discriminators
    "gfpgan": dict(config="configs/gfpgan_ffhq1024.yaml",
                   model={"network_g": {"out_size": 32, "num_style_feat": 32, "num_mlp": 2, "narrow": 0.25,
                                        "decoder_load_path": None},
                          "network_d": {"out_size": 32}, "network_d_left_eye": None, "network_d_right_eye": None,
                          "network_d_mouth": None, "network_identity": None,
                          "perceptual_opt": None},  # paddle.vision vgg19(pretrained=True): a download
                   batch=_gfpgan_batch, train=False),
    "photopen": dict(config="configs/photopen.yaml",
                     model={"generator": {"ngf": 8, "crop_size": 32, "nef": 8},
                            "discriminator": {"ndf": 8, "num_D": 1, "crop_size": 32, "n_layers_D": 2},
                            "criterion": {"crop_size": 32}, "crop_size": 32},
                     # its perceptual loss runs VGG19's classifier, sized for 224 px crops
                     batch=_photopen_batch, train=False),
    "lapstyle_rev_first": dict(config="configs/lapstyle_rev_first.yaml", model={}, batch=_lapstyle_batch(64)),
    "singan": dict(config="configs/singan_universal.yaml",
                   model={"generator": {"nfc_init": 8, "min_nfc_init": 8},
                          "discriminator": {"nfc_init": 8, "min_nfc_init": 8}, "train_image": "<singan_png>"},
                   batch=lambda: {}),
    # train only: its test_iter draws keypoint plots with matplotlib
    "firstorder": dict(config="configs/firstorder_fashion.yaml",
                       model={"common_params": {"num_kp": 4},
                              "generator": {"kp_detector_cfg": {"block_expansion": 8, "max_features": 32,
                                                                "num_blocks": 3},
                                            "generator_cfg": {"block_expansion": 8, "max_features": 32,
                                                              "num_bottleneck_blocks": 1,
                                                              "dense_motion_params": {"block_expansion": 8,
                                                                                      "max_features": 32,
                                                                                      "num_blocks": 3}}},
                              "discriminator": {"discriminator_cfg": {"block_expansion": 8, "max_features": 32,
                                                                      "num_blocks": 2}},
                              "train_params": {"scales": [1, 0.5], "loss_weights": {"feature_matching": [10, 10]}}},
                       batch=_firstorder_batch,
                       eval=False),
}

QUICK = ["cyclegan", "pix2pix", "pan", "edvr_m", "basicvsr", "swinir", "nafnet", "ugatit_light", "stylegan2"]


# ---------------------------------------------------------------------------------------------- helpers
def _merge(dst, src):
    for k, v in src.items():
        if v is None:
            dst.pop(k, None)
        elif isinstance(v, dict) and isinstance(dst.get(k), dict):
            _merge(dst[k], v)
        else:
            dst[k] = copy.deepcopy(v)
    return dst


def weight_layers(model):
    """The model's nets, then every other paddle Layer attribute holding state (criterions' VGG, ...)."""
    import paddle

    layers = dict(model.nets)
    for name in sorted(vars(model)):
        v = getattr(model, name)
        if isinstance(v, paddle.nn.Layer) and name not in layers and len(v.state_dict()):
            if not any(v is net for net in layers.values()):
                layers[name] = v
    return layers


def formula_weights(layers, nudge=0.0):
    """Every floating state_dict entry of every layer set from ``formula_value`` of "<layer>.<key>"."""
    names, values = hashlib.sha256(), hashlib.sha256()
    n_entries = n_params = 0
    keys = []
    for lname, layer in layers.items():
        sd = layer.state_dict()
        new, first_key = {}, {}
        for key, t in sd.items():
            shape = [int(s) for s in t.shape]
            dtype = str(t.numpy().dtype)
            names.update(f"{lname}.{key}:{shape}:{dtype}\n".encode())
            keys.append(f"{lname}.{key}:{shape}")
            if dtype.startswith("float"):
                source = first_key.setdefault(id(t), key)
                arr = new[source] if source != key else formula_value(f"{lname}.{key}", shape, dtype)
                if nudge and source == key:
                    arr = (arr * (1.0 + nudge * _hash_unit(key + "#nudge", arr.size).reshape(arr.shape))).astype(dtype)
                new[key] = arr
                values.update(arr.tobytes())
        layer.set_state_dict(new)
        for key, t in layer.state_dict().items():
            if key in new and not np.array_equal(t.numpy(), new[key]):
                raise RuntimeError(f"state_dict entry {lname}.{key} was not set")
        n_entries += len(sd)
        n_params += int(sum(int(np.prod(p.shape)) for p in layer.parameters()))
    return {"n_entries": n_entries, "keys_digest": names.hexdigest()[:16], "values_digest": values.hexdigest()[:16],
            "n_params": n_params}, keys


def disable_dropout(layers):
    import paddle

    for net in layers.values():
        for layer in net.sublayers(include_self=True):
            if isinstance(layer, (paddle.nn.Dropout, paddle.nn.Dropout2D)):
                layer.p = 0.0
            if isinstance(getattr(layer, "drop_prob", None), float):
                layer.drop_prob = 0.0


def _load_config(path, overrides):
    from ppgan.utils.config import get_config

    cfg = get_config(path)
    _merge(cfg.model, overrides)
    if cfg.model.get("train_image") == "<singan_png>":
        cfg.model["train_image"] = _singan_png()
    return cfg


def build_case(name, nudge=0.0):
    import paddle
    from ppgan.models.builder import build_model

    case = CASES[name]
    cfg = _load_config(case["config"], case["model"])
    paddle.seed(0)
    np.random.seed(0)
    random.seed(0)  # StyleGAN2's mixing_noise, ImagePool
    model = build_model(cfg.model)
    layers = weight_layers(model)
    disable_dropout(layers)
    weights, keys = formula_weights(layers, nudge)
    model.formula_nudge = nudge
    return cfg, model, layers, weights, keys


def _tensors(items):
    import paddle

    return {k: v for k, v in items.items() if isinstance(v, (paddle.Tensor, np.ndarray))}


def evaluate(name, cfg, model):
    import paddle

    case = CASES[name]
    metrics = None
    if case.get("metrics") and cfg.get("validate", {}).get("metrics"):
        metrics = model.setup_metrics(cfg.validate.metrics)
    if case.get("eval_mode") == "is_train_false":
        model.setup_train_mode(False)
    model.setup_input(case["batch"]())
    model.test_iter(metrics=metrics)
    out = summarize(_tensors(model.visual_items), "visual")
    if hasattr(model, "output") and isinstance(model.output, paddle.Tensor):
        out.update(summarize(model.output, "output"))
    for mname, m in (metrics or {}).items():
        out.update(summarize(np.asarray(m.accumulate(), "float64"), f"metric.{mname}"))
    if case.get("eval_mode") == "is_train_false":
        model.setup_train_mode(True)
    return out


def train_step(name, cfg, model, layers):
    case = CASES[name]
    lr = model.setup_lr_schedulers(copy.deepcopy(cfg.lr_scheduler))
    optimizers = model.setup_optimizers(lr, copy.deepcopy(cfg.optimizer))
    # First Order's setup_optimizers re-initialises its nets (random draws): the formula weights again
    formula_weights(layers, model.formula_nudge)
    # as the trainer: SinGAN derives its per-scale iteration counts from the total
    model.set_total_iter(cfg.get("total_iters") or cfg.get("epochs", 1))
    model.setup_input(case["batch"]())
    model.train_iter(optimizers)
    out = summarize({k: v for k, v in model.losses.items()}, "loss")
    grads = {}
    for lname, net in model.nets.items():
        params = [(n, p) for n, p in net.named_parameters() if p.grad is not None]
        for pname, p in params[:1] + params[-1:]:
            grads[f"{lname}.{pname}"] = p.grad
    out.update(summarize(grads, "grad"))
    return out


def _spread(reference, nudged_runs):
    """Per output path, the largest sample difference between Paddle's own result and its results with every
    weight nudged by 1e-6 / 2e-6 relative: the float32-rounding scale of that output."""
    spread = {}
    for other in nudged_runs:
        for path, g in reference.items():
            o = other.get(path, {})
            if "samples" in g and "samples" in o and len(g["samples"]) == len(o["samples"]):
                d = float(np.abs(np.asarray(g["samples"]) - np.asarray(o["samples"])).max())
                spread[path] = max(spread.get(path, 0.0), d)
    return spread


def train_amp_step(name, cfg, model, layers, level):
    """One train_iter_amp as the trainer runs it with amp: True (O2: nets and optimizers through
    paddle.amp.decorate; a GradScaler(init_loss_scaling=1024) per optimizer)."""
    import paddle

    case = CASES[name]
    lr = model.setup_lr_schedulers(copy.deepcopy(cfg.lr_scheduler))
    optimizers = model.setup_optimizers(lr, copy.deepcopy(cfg.optimizer))
    formula_weights(layers, model.formula_nudge)
    if level == "O2":
        nets, opts = paddle.amp.decorate(models=list(model.nets.values()), optimizers=list(optimizers.values()),
                                         level="O2", save_dtype="float32")
        for k, net in zip(list(model.nets), nets):
            model.nets[k] = net
        for k, opt in zip(list(optimizers), opts):
            optimizers[k] = opt
    scalers = [paddle.amp.GradScaler(init_loss_scaling=1024) for _ in optimizers]
    model.setup_input(case["batch"]())
    model.train_iter_amp(optimizers, scalers, level)
    out = summarize({k: v for k, v in model.losses.items()}, "loss")
    for lname, net in model.nets.items():
        params = [(n, p) for n, p in net.named_parameters() if p.grad is not None]
        out.update(summarize({f"{lname}.{n}": p.grad for n, p in params[:1] + params[-1:]}, "grad"))
        out.update(summarize({f"{lname}.{n}": p for n, p in params[:1]}, "param_after"))
    return out


def export_step(name, cfg, model):
    """What tools/export_model.py does after loading weights (the nets as built: train mode), then each saved
    inference model loaded back with paddle.jit.load and run on a deterministic input."""
    import paddle

    shapes = CASES[name]["export"]
    folder = tempfile.mkdtemp(prefix="ppgan_export_")
    model.export_model(cfg.export_model, folder, shapes)
    out = {}
    files = sorted(f[:-len(".pdmodel")] for f in os.listdir(folder) if f.endswith(".pdmodel"))
    out["export.files"] = {"str": json.dumps(files)}
    n_inputs = cfg.export_model[0]["inputs_num"]  # one name for all files: export_model reuses the first's
    for prefix in files:
        loaded = paddle.jit.load(os.path.join(folder, prefix))
        inputs = [paddle.to_tensor(image(s, f"export{i}")) for i, s in enumerate(shapes[:n_inputs])]
        out.update(summarize(loaded(*inputs), f"export.{prefix}"))
    return out


def run_case(name, nudges=()):
    result = {"config": CASES[name]["config"]}
    t0 = time.time()
    cfg, model, layers, weights, keys = build_case(name)
    result["build_seconds"] = round(time.time() - t0, 3)
    result["weights"] = weights
    steps = {"eval": lambda c, m, ls: evaluate(name, c, m), "train": lambda c, m, ls: train_step(name, c, m, ls)}
    if CASES[name].get("amp"):
        steps["train_amp"] = lambda c, m, ls: train_amp_step(name, c, m, ls, CASES[name]["amp"])
    for step, fn in steps.items():
        if not CASES[name].get(step, True):
            continue
        if step != "eval":  # eval leaves the nets in train mode: rebuild so train starts from the built state
            cfg, model, layers, _, _ = build_case(name)
        _step(result, step, lambda fn=fn, args=(cfg, model, layers): fn(*args))
        if nudges and "error" not in result[step]:
            try:
                result[f"{step}_nudge"] = _spread(result[step], [fn(*build_case(name, nudge)[:3]) for nudge in nudges])
            except Exception as e:
                result[f"{step}_nudge"] = {"error": f"{type(e).__name__}: {e}"[:300]}
    if CASES[name].get("export"):
        cfg, model, layers, _, _ = build_case(name)
        _step(result, "export", lambda: export_step(name, cfg, model))
    return result, keys


# ---------------------------------------------------------------------------------------------- entry points
_CAFFE_VGG19 = [64, 64, "M", 128, 128, "M", 256, 256, 256, 256, "M", 512, 512, 512, 512, "M", 512, 512, 512, 512, "M"]


def _caffe_vgg_npy():
    """A stand-in for AnimeGANv2's vgg19_no_fc.npy (a pickled dict conv{block}_{n} -> [HWIO filter, bias]), zeros
    of the right shapes: the formula weights replace them."""
    path = os.path.join(tempfile.gettempdir(), f"ppgan_caffevgg_{os.getpid()}.npy")
    if not os.path.exists(path):
        weights, c_in, block, number = {}, 3, 1, 1
        for v in _CAFFE_VGG19:
            if v == "M":
                block, number = block + 1, 1
                continue
            weights[f"conv{block}_{number}"] = [np.zeros((3, 3, c_in, v), "float32"), np.zeros((v,), "float32")]
            c_in, number = v, number + 1
        np.save(path, np.array(weights, dtype=object), allow_pickle=True)
    return path


def _fake_download(url, *args, **kwargs):
    return _caffe_vgg_npy() if url.endswith(".npy") else _empty_weights_file()


def _empty_weights_file():
    import paddle

    path = os.path.join(tempfile.gettempdir(), f"ppgan_empty_{os.getpid()}.pdparams")
    if not os.path.exists(path):
        paddle.save({}, path)
    return path


def setup_paths():
    """Make the repo importable as running tools/main.py from its root does; its dependencies after site-packages
    (the oracle's own OpenCV wins where it has one)."""
    src = os.path.join(REPOS, "PaddleGAN")
    os.chdir(src)
    if src not in sys.path:
        sys.path.insert(0, src)
    if DEPS not in sys.path:
        sys.path.append(DEPS)
    # real Paddle's libpaddle and scipy's/OpenCV's wheels clash on zlib symbols unless those load first
    import cv2  # noqa: F401
    import scipy.ndimage  # noqa: F401
    import skimage.filters  # noqa: F401


def run(names, nudges=()):
    setup_paths()
    import paddle

    paddle.set_device("cpu")
    if "paddle_compat" in sys.modules:
        import torch

        torch.set_num_threads(1)
    import ppgan.metrics  # noqa: F401  (before the downloads are replaced: LPIPS fetches weights)
    import ppgan.models  # noqa: F401

    for mod_name, mod in list(sys.modules.items()):
        for fetch in ("get_path_from_url", "get_weights_path_from_url"):
            if mod_name.startswith("ppgan") and hasattr(mod, fetch):
                setattr(mod, fetch, _fake_download)
    return run_cases(names or list(CASES), lambda name: run_case(name, nudges))


def main(argv):
    if argv and argv[0] == "run":
        out_path, names = argv[1], argv[2:]
        nudges = (1e-6, 2e-6) if os.environ.get("GAN_NUDGE") else ()
        results, keys = run(names, nudges)
        with open(out_path, "w") as f:
            json.dump({"results": results, "keys": keys}, f, indent=1)
    elif argv and argv[0] == "record":
        from tools.api_diff.common import oracle_stamp

        stamp = oracle_stamp()
        import subprocess

        tmp = "/tmp/gan_record.json"
        subprocess.run([sys.executable, os.path.abspath(__file__), "run", tmp, *argv[1:]], check=True,
                       env=dict(os.environ, GAN_NUDGE="1"))
        with open(tmp) as f:
            data = json.load(f)
        out_path = os.path.join(FIXTURES, "gan_models.json")
        golden = {"results": {}}
        if argv[1:] and os.path.exists(out_path):  # re-record some cases only
            with open(out_path) as f:
                golden = json.load(f)
        for name, r in data["results"].items():
            r.pop("tracebacks", None)
            golden["results"][name] = r
        golden.update(stamp, repo="PaddleGAN", commit=COMMIT)
        with open(out_path, "w") as f:
            json.dump(golden, f, indent=0, sort_keys=True)
    else:
        raise SystemExit(__doc__)


COMMIT = "094a2eb926d451ad9ad56c92c6f23e2c7199df73"

if __name__ == "__main__":
    main(sys.argv[1:])
