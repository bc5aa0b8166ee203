"""Model-zoo sweep: every backbone ``ppcls.arch.backbone`` exports and every model ``paddleseg.models`` registers,
built under real Paddle 2.6.2 (``record``) and under paddle-compat (``replay``) with the same deterministic weights.

Run from the repository root with ``PADDLE_COMPAT_REPOS`` naming the folder of PaddleClas/ and PaddleSeg/::

    .oracle/bin/python tests/repos/zoo/zoo.py record clas [NAME ...]   # writes fixtures/zoo_clas.json
    .venv/bin/python tests/repos/zoo/zoo.py replay clas [NAME ...]     # compares, prints one line per model

Per model: state_dict keys/shapes/dtypes (a digest), the eval-mode output (shape, statistics, a slice), the
train-mode loss (mean of squared outputs, batch 2), the gradients' global norm, and the loss after one SGD step
(gradients clipped to global norm 1, so the step is bounded whatever the output scale). Weights come from a numpy
stream seeded by each state_dict key (``deterministic_weights``), never from files.
"""

import hashlib
import inspect
import json
import os
import re
import sys
import time
import traceback
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
FIXTURES = os.path.join(os.path.dirname(HERE), "fixtures")
CLASSES = 10
SEG_CLASSES = 4
LEARNING_RATE = 0.1
SLICE = 8
# Too big for a shared 2-core, 23 GB box (hundreds of millions of parameters, or 224x224-only transformers whose
# forward alone takes tens of seconds); the same code paths run in their smaller siblings.
TOO_BIG = re.compile(r"huge|giant|_large_(224|384)|large_patch|Transformer\w*_large|_wsl|ResNeSt(200|269)|SENet154|"
                     r"RegNetX_(16|32)GF|"
                     r"DenseNet264|ResNet200|Res2Net200|ResNeXt152|DPN131|DPN107|EfficientNetB[5-7]|"
                     r"CAE_vit|cae_|EVA_|UniFormer_base|NextViT_base|CvT_W24")


SENSITIVITY = os.path.join(FIXTURES, "zoo_sensitivity.json")
# A train-mode result may differ from Paddle's by this many times the most Paddle's own result moved when its
# weights were nudged by 1e-9 relative (zoo.py sensitivity; recorded for the models that need it).
SENSITIVITY_ALLOWANCE = 3.0


def golden_path(repo):
    return os.path.join(FIXTURES, f"zoo_{repo}.json")


def repos_dir():
    path = os.environ.get("PADDLE_COMPAT_REPOS", "/work/repos_cache")
    return os.path.abspath(path)


def _enter(repo):
    path = os.path.join(repos_dir(), "PaddleClas" if repo == "clas" else "PaddleSeg")
    if path not in sys.path:
        sys.path.insert(0, path)
    os.chdir(path)


# ---------------------------------------------------------------- what is swept
SMALL_HINT = re.compile(r"tiny|small|x0_25|x0_35|XXS|_T0|B0|18|S1|A0|128S|M0|39|_s\b|_S$|_26w_4s|200MF|b0|_T$")


def clas_names():
    """Every exported backbone: first the smallest-looking one of each source module (one per family, for
    coverage early in a sweep), then the rest."""
    _enter("clas")
    import ppcls.arch.backbone as backbones

    names = [name for name in backbones.__all__ if name not in ("get_apis",)]
    names.sort(key=lambda n: (0 if SMALL_HINT.search(n) else 1, len(n), n))
    first, seen = [], set()
    for name in names:
        module = getattr(getattr(backbones, name), "__module__", name)
        if module not in seen:
            seen.add(module)
            first.append(name)
    return first + [n for n in names if n not in first]


SEG_BACKBONE_PREFERENCE = ("STDC1", "MobileNetV3_small_x1_0", "MobileNetV3_large_x1_0", "ResNet18_vd",
                           "HRNet_W18_Small_V1",
                           "MixVisionTransformer_B0", "HRNet_W18", "ResNet50_vd")


def seg_configs():
    """model type -> the config (relative path) with the smallest backbone, read from PaddleSeg's configs/."""
    import yaml

    _enter("seg")
    found = {}
    for folder, _, files in os.walk("configs"):
        for file in sorted(files):
            if not file.endswith(".yml") or "_base_" in folder:
                continue
            path = os.path.join(folder, file)
            chain, model, seen = path, {}, 0
            while chain and seen < 6:
                with open(chain) as f:
                    text = yaml.safe_load(f) or {}
                model = {**(text.get("model") or {}), **model} if not model else model
                base = text.get("_base_")
                chain = os.path.normpath(os.path.join(os.path.dirname(chain), base)) if base else None
                seen += 1
            if "type" not in model:
                continue
            backbone = (model.get("backbone") or {}).get("type", "") if isinstance(model.get("backbone"), dict) else ""
            rank = (SEG_BACKBONE_PREFERENCE.index(backbone) if backbone in SEG_BACKBONE_PREFERENCE
                    else len(SEG_BACKBONE_PREFERENCE) + (50 if re.search(r"50|101|48|large|base", backbone + file)
                                                         else 0))
            key = ("export" in file, rank, len(file), path)  # export configs carry no training section
            if model["type"] not in found or key < found[model["type"]][0]:
                found[model["type"]] = (key, path)
    return {name: path for name, (_, path) in sorted(found.items())}


def seg_names():
    _enter("seg")
    import paddleseg.models  # noqa: F401  (registers the components)
    from paddleseg.cvlibs import manager

    return sorted(manager.MODELS.components_dict)


# ---------------------------------------------------------------- building
def _accepts(factory, name):
    try:
        target = factory
        parameters = inspect.signature(target).parameters
    except (TypeError, ValueError):
        return False
    return name in parameters


def build_clas(name, options):
    _enter("clas")
    import ppcls.arch.backbone as backbones
    from ppcls.utils import logger

    if logger._logger is None:
        logger.init_logger()

    factory = getattr(backbones, name)
    target = factory.__init__ if inspect.isclass(factory) else factory
    if _accepts(target, "pretrained"):
        options = {"pretrained": False, **options}
    return factory(**options)


def _instantiate(cfg):
    from paddleseg.cvlibs import manager

    cfg = dict(cfg)
    kind = cfg.pop("type")
    for registry in (manager.MODELS, manager.BACKBONES, manager.LOSSES, manager.TRANSFORMS):
        if kind in registry.components_dict:
            factory = registry[kind]
            break
    else:
        raise KeyError(kind)
    params = {}
    for key, value in cfg.items():
        if isinstance(value, dict) and "type" in value:
            value = _instantiate(value)
        elif isinstance(value, list):
            value = [_instantiate(v) if isinstance(v, dict) and "type" in v else v for v in value]
        params[key] = value
    return factory(**params)


def seg_model_cfg(config):
    _enter("seg")
    from paddleseg.cvlibs import Config

    cfg = Config(config).model_cfg
    cfg = json.loads(json.dumps(cfg))
    cfg["num_classes"] = SEG_CLASSES
    for part in (cfg, cfg.get("backbone")):  # no downloads; some factories require the argument itself
        if isinstance(part, dict) and "pretrained" in part:
            part["pretrained"] = None
    return cfg


def build_seg(name, options):
    _enter("seg")
    import paddleseg.models  # noqa: F401

    return _instantiate(options["model"])


# ---------------------------------------------------------------- deterministic weights, dropout off
NUDGE = float(os.environ.get("ZOO_NUDGE", "0"))
SLOW_EVAL_S = 0.3
FLOAT64_BUDGET = os.environ.get("ZOO_RECORDING") == "1"  # the oracle decides; replay follows the golden


def deterministic_weights(model):
    """Every floating state_dict entry drawn from numpy seeded by its key: rank >= 2 normal with He scale,
    rank 1/0 uniform in a range fitting its role (variances positive, scales near 1, the rest near 0)."""
    for key, value in model.state_dict().items():
        array = np.asarray(value.numpy())
        if array.dtype.kind != "f" or array.size == 0:
            continue
        rng = np.random.default_rng(zlib.crc32(key.encode()))
        leaf = key.rsplit(".", 1)[-1].lower()
        if array.ndim >= 2:
            fan_in = int(np.prod(array.shape[1:])) if array.ndim > 2 else array.shape[0]
            new = rng.standard_normal(array.shape, dtype=np.float32) * np.float32(np.sqrt(2.0 / max(fan_in, 1)))
        elif "var" in leaf:
            new = rng.uniform(0.5, 1.5, array.shape)
        elif leaf in ("weight", "scale", "gamma", "w_0") or leaf.startswith(("gamma", "scale", "alpha", "lambda")):
            new = rng.uniform(0.8, 1.2, array.shape)
        else:
            new = rng.uniform(-0.1, 0.1, array.shape)
        if NUDGE:  # sensitivity runs: the same weights moved by NUDGE relative (seeded per key)
            new = new * (1 + NUDGE * np.random.default_rng(zlib.crc32(key.encode()) + 1).standard_normal(new.shape))
        value.set_value(new.astype(array.dtype))


def dropout_off(model):
    import paddle

    dropouts = tuple(getattr(paddle.nn, n) for n in ("Dropout", "Dropout2D", "Dropout3D", "AlphaDropout"))
    for layer in model.sublayers(include_self=True):
        if isinstance(layer, dropouts):
            layer.p = 0.0
        # "dropout": nn.MultiHeadAttention's attention-weight dropout rate
        for attr in ("drop_prob", "drop_path_prob", "dropout_prob", "drop_rate", "drop_path_rate", "dropout",
                     "attn_drop_rate", "attention_dropout", "drop_connect_rate"):
            value = getattr(layer, attr, None)
            # rates are Python floats, numpy scalars or 0-d arrays (``[x.numpy() for x in paddle.linspace(...)]``)
            if isinstance(value, (float, np.floating)) or (isinstance(value, np.ndarray) and value.size == 1):
                setattr(layer, attr, 0.0)
        config = getattr(layer, "mconfig", None)  # EfficientNetV2: drop path unless survival_prob is falsy
        if config is not None and getattr(config, "survival_prob", None):
            config.survival_prob = None


def state_digest(model):
    digest = hashlib.sha256()
    entries = []
    for key, value in model.state_dict().items():
        entry = f"{key}:{list(value.shape)}:{str(value.dtype).replace('paddle.', '')}"
        entries.append(entry)
        digest.update(entry.encode() + b"\n")
    total = int(sum(int(np.prod(v.shape)) for v in model.state_dict().values()))
    return digest.hexdigest()[:16], entries, total


# ---------------------------------------------------------------- measuring
def flatten(out):
    import paddle

    if isinstance(out, paddle.Tensor):
        return [out]
    if isinstance(out, dict):
        return [t for k in sorted(out) for t in flatten(out[k])]
    if isinstance(out, (list, tuple)):
        return [t for item in out for t in flatten(item)]
    return []


def _input(shape, seed):
    return np.random.default_rng(seed).standard_normal(shape).astype("float32")


def stats(tensors):
    result = []
    for t in tensors:
        a = np.asarray(t.numpy()).astype("float64")
        flat = a.reshape(-1)
        result.append({"shape": list(a.shape), "dtype": str(t.dtype).replace("paddle.", ""),
                       "mean": float(flat.mean()) if flat.size else 0.0,
                       "std": float(flat.std()) if flat.size else 0.0,
                       "absmax": float(np.abs(flat).max()) if flat.size else 0.0,
                       "slice": [float(v) for v in flat[:: max(1, flat.size // SLICE)][:SLICE]]})
    return result


def _loss(outputs):
    import paddle

    floats = [o for o in outputs if o.dtype in (paddle.float32, paddle.float64)]
    loss = None
    for o in floats:
        term = (o ** 2).mean()
        loss = term if loss is None else loss + term
    return loss


def measure(model, size, train_dtype="float64"):
    import paddle

    result = {}
    digest, entries, total = state_digest(model)
    result["state"] = {"digest": digest, "entries": len(entries), "numel": total}
    deterministic_weights(model)
    dropout_off(model)
    model.eval()
    start = time.perf_counter()
    with paddle.no_grad():
        out = flatten(model(paddle.to_tensor(_input([1, 3, size, size], 0))))
    result["eval_s"] = round(time.perf_counter() - start, 3)
    result["eval"] = stats(out)
    if train_dtype != "float32" and result["eval_s"] > SLOW_EVAL_S and FLOAT64_BUDGET:
        # some float64 CPU kernels are 100x slower in Paddle (EfficientNetV2_S trained for 16 minutes)
        train_dtype = "float32"
        result["float64_skipped"] = f"float32 eval took {result['eval_s']} s"
    if train_dtype != "float32":
        model._to_impl(dtype=train_dtype, floating_only=True)  # index buffers stay integers
        with paddle.no_grad():
            x = paddle.to_tensor(_input([1, 3, size, size], 0).astype(train_dtype))
            result["eval64"] = stats(flatten(model(x)))
    model.train()
    x = paddle.to_tensor(_input([2, 3, size, size], 1).astype(train_dtype))
    start = time.perf_counter()
    loss = _loss(flatten(model(x)))
    if loss is None:
        return result, entries
    loss.backward()
    params = [p for p in model.parameters() if not p.stop_gradient]
    grads = [p.grad for p in params if p.grad is not None]
    result["grad_norm"] = float(np.sqrt(sum(float(np.vdot(g.numpy().ravel(), g.numpy().ravel())) for g in grads)))
    result["grads"] = len(grads)
    optimizer = paddle.optimizer.SGD(learning_rate=LEARNING_RATE, parameters=params,
                                     grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0))
    optimizer.step()
    optimizer.clear_grad()
    result["loss"] = float(loss.numpy())
    with paddle.no_grad():
        result["loss_after_step"] = float(_loss(flatten(model(x))).numpy())
    result["train_s"] = round(time.perf_counter() - start, 3)
    result["train_dtype"] = train_dtype
    return result, entries


SPECIAL = {"WideResNet": {"depth": 10, "widen_factor": 2, "dropout": 0.0, "num_classes": CLASSES}}


def _attempts(repo, name):
    """Options and input sizes to try in order: the oracle keeps the first that works."""
    if repo == "clas":
        _enter("clas")
        import ppcls.arch.backbone as backbones

        factory = getattr(backbones, name)
        target = factory.__init__ if inspect.isclass(factory) else factory
        if name in SPECIAL:
            return [(SPECIAL[name], 64)]
        base = {"class_num": CLASSES} if _accepts(target, "class_num") or _accepts(target, "kwargs") else {}
        attempts = [(base, 64)]
        if _accepts(target, "img_size") or _accepts(target, "kwargs"):
            attempts.append(({**base, "img_size": 64}, 64))
        attempts += [(base, 96), (base, 112), (base, 128), ({**base, "img_size": 128}, 128), (base, 224), ({}, 224),
                     (base, 256)]
        return attempts
    config = seg_configs().get(name)
    if config is None:
        return []
    model = seg_model_cfg(config)
    small = _small_backbone(model)
    configs = [small, model] if small != model else [model]
    return [({"config": config, "model": m}, size) for size in (64, 128, 256) for m in configs]


SMALL_BACKBONES = ((re.compile(r"ResNet(34|50|101|152)_vd"), "ResNet18_vd"),
                   (re.compile(r"HRNet_W(30|32|40|44|48|60|64)"), "HRNet_W18"),
                   (re.compile(r"ViT_(base|large)_patch16_(224|384)"), "ViT_small_patch16_224"),
                   (re.compile(r"MSCAN_[BSL]"), "MSCAN_T"))


def _small_backbone(model):
    """The same model with a small sibling of its configured backbone (the configs mostly name ResNet50/101)."""
    backbone = model.get("backbone")
    if not isinstance(backbone, dict):
        return model
    for pattern, small in SMALL_BACKBONES:
        if pattern.fullmatch(backbone.get("type", "")):
            return {**model, "backbone": {**backbone, "type": small}}
    return model


class ProbeError(Exception):
    """The model rejects this input size (or these options) in eval mode."""


def run_one(repo, name, options, size, probe=False, train_dtype="float64"):
    import paddle

    paddle.seed(0)
    np.random.seed(0)
    start = time.perf_counter()
    build = build_clas if repo == "clas" else build_seg
    with paddle.utils.unique_name.guard():  # models naming their parameters can be built again
        model = build(name, options)
    built = time.perf_counter() - start
    if probe:  # a size the model rejects fails here, before the weights are drawn
        model.eval()
        empty = []

        def note_empty(layer, inputs, output):
            if any(0 in t.shape or any(d < 0 for d in t.shape) for t in flatten(output)):
                empty.append(type(layer).__name__)

        hooks = [layer.register_forward_post_hook(note_empty) for layer in model.sublayers()]
        try:
            with paddle.no_grad():
                model(paddle.zeros([1, 3, size, size]))
        except Exception as error:
            raise ProbeError(f"{type(error).__name__}: {error}") from error
        finally:
            for hook in hooks:
                hook.remove()
        if empty:  # Paddle returns an empty map for a kernel larger than its input; a size too small
            raise ProbeError(f"{empty[0]} gives an empty output at {size}x{size}")
    result, entries = measure(model, size, train_dtype)
    result["build_s"] = round(built, 3)
    result["options"] = options
    result["size"] = size
    return result, entries


# ---------------------------------------------------------------- record (oracle) / replay (ours)
def _setup():
    import paddle

    try:
        paddle.set_num_threads(1) if hasattr(paddle, "set_num_threads") else None
    except Exception:
        pass
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass
    import logging

    logging.disable(logging.WARNING)
    if "paddle_compat" in sys.modules and os.environ.get("ZOO_EXACT_INIT") != "1":
        _fast_initializers()


def _fast_initializers():
    """paddle-compat draws initial weights bit-exactly as Paddle's CPU kernels (a numpy mt19937 + glibc logf
    port, ~80% of the build time of a model here); every state_dict entry is overwritten by
    deterministic_weights anyway, so the sweep fills with torch's generator instead (ZOO_EXACT_INIT=1 keeps
    the exact path)."""
    import torch

    from paddle_compat.nn.initializer import initializer, normal

    def fill(t, kind, a, b, seed):
        with torch.no_grad():
            if kind == "uniform":
                t.uniform_(float(a), float(b))
            elif kind == "normal":
                t.normal_(float(a), float(b))
            else:
                torch.nn.init.trunc_normal_(t, float(a), float(b), float(a) - 2 * float(b), float(a) + 2 * float(b))

    _EXACT_FILLS.update(initializer=initializer._paddle_cpu_fill, normal=normal._paddle_cpu_fill)
    initializer._paddle_cpu_fill = fill
    normal._paddle_cpu_fill = fill
    _EXACT_FILLS["fast"] = fill


# Models whose train-mode forward draws from Paddle's generator after construction (LeViT's Residual drop path:
# paddle.rand with the rate in a `drop` attribute dropout_off does not know; PointRend's point sampling): their
# draws match Paddle's only when construction consumed the generator as Paddle does, so they are built with the
# exact initializers.
RANDOM_IN_TRAIN_FORWARD = {"LeViT_384", "PointRend"}
_EXACT_FILLS = {}


def _exact_init(exact):
    if not _EXACT_FILLS:
        return
    from paddle_compat.nn.initializer import initializer, normal

    initializer._paddle_cpu_fill = _EXACT_FILLS["initializer" if exact else "fast"]
    normal._paddle_cpu_fill = _EXACT_FILLS["normal" if exact else "fast"]


def record(repo, names, keys_dir=None):
    global FLOAT64_BUDGET
    FLOAT64_BUDGET = True
    sys.path.insert(0, ROOT)
    os.environ["PADDLE_COMPAT_ORACLE_WITH_CV2"] = "1"  # the repos import cv2 and tqdm themselves
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    path = golden_path(repo)
    golden = {"models": {}}
    if os.path.exists(path):
        with open(path) as f:
            golden = json.load(f)
    golden.update(stamp)
    _setup()
    all_names = clas_names() if repo == "clas" else seg_names()
    for name in names or all_names:
        if name in golden["models"] and not names:  # resuming an interrupted sweep
            continue
        if CURRENT:
            with open(CURRENT, "w") as f:
                f.write(name)
        if TOO_BIG.search(name):
            golden["models"][name] = {"skipped": "too big for the shared CPU box"}
            print(f"{name}: skipped (too big)", flush=True)
            continue
        errors = []
        for options, size in _attempts(repo, name) or [(None, None)]:
            if options is None:
                errors.append("no config in PaddleSeg's configs/ builds it")
                break
            try:
                result, entries = run_one(repo, name, options, size, probe=True)
            except Exception as error:  # the oracle's failures decide which attempt is kept
                errors.append(f"{size}: {type(error).__name__}: {str(error)[:200]}")
                if isinstance(error, ProbeError):
                    continue
                try:  # float64 training unsupported by the model (hard-coded float32 tensors...)?
                    result, entries = run_one(repo, name, options, size, probe=True, train_dtype="float32")
                    result["float64_error"] = errors.pop()
                except Exception:
                    continue
            golden["models"][name] = result
            if keys_dir:
                os.makedirs(keys_dir, exist_ok=True)
                with open(os.path.join(keys_dir, f"{repo}_{name}.json"), "w") as f:
                    json.dump(entries, f)
            print(f"{name}: size {size} numel {result['state']['numel']} build {result['build_s']}s "
                  f"eval {result['eval_s']}s train {result.get('train_s')}s", flush=True)
            break
        else:
            golden["models"][name] = {"oracle_error": errors[-1]}
            print(f"{name}: oracle fails: {errors}", flush=True)
        with open(path + ".tmp", "w") as f:
            json.dump(golden, f, indent=0, sort_keys=True)
        os.replace(path + ".tmp", path)


def _relative(a, b, scale):
    return abs(a - b) / max(scale, 1e-12)


def _stats_difference(e, a):
    """Largest difference of two outputs' recorded statistics and slices, relative to the output's scale."""
    scale = max(e["absmax"], 1e-6)
    return max([_relative(x, y, scale) for x, y in zip(e["slice"], a["slice"])] +
               [_relative(e[k], a[k], scale) for k in ("mean", "std", "absmax")])


def compare(expected, actual, moved=None):
    """Differences beyond rounding noise, as a list of strings (empty: the model matches), the largest relative
    difference seen in float64 (float32 where the model only runs in float32), and the float32 eval
    differences that float64 shows to be rounding amplified by the random weights."""
    problems = []
    worst = 0.0
    if expected["state"] != actual["state"]:
        problems.append(f"state_dict {actual['state']} != {expected['state']}")
    if len(expected["eval"]) != len(actual["eval"]):
        problems.append(f"{len(actual['eval'])} eval outputs != {len(expected['eval'])}")
    noise = []
    for stage, tolerance in (("eval", EVAL_TOLERANCE), ("eval64", TRAIN_TOLERANCE_64)):
        if stage not in expected:
            continue
        if stage not in actual:
            problems.append(f"{stage} missing")
            continue
        for i, (e, a) in enumerate(zip(expected[stage], actual[stage])):
            if e["shape"] != a["shape"] or (e["dtype"] != a["dtype"] and stage == "eval"):
                problems.append(f"{stage} output {i}: {a['dtype']}{a['shape']} != {e['dtype']}{e['shape']}")
                continue
            diff = _stats_difference(e, a)
            chaotic = SENSITIVITY_ALLOWANCE * (moved or {}).get(stage, 0.0) if stage == "eval64" else 0.0
            if tolerance < diff <= chaotic:
                noise.append(f"{stage} output {i}: relative diff {diff:.2e} (Paddle's own moves "
                             f"{moved[stage]:.2e} for a weight nudge)")
            elif diff > tolerance:
                (noise if stage == "eval" and "eval64" in expected else problems).append(
                    f"{stage} output {i}: relative diff {diff:.2e}")
            if stage == "eval64" or "eval64" not in expected:
                worst = max(worst, diff)
    for key in ("loss", "loss_after_step", "grad_norm"):
        if key in expected:
            if key not in actual:
                problems.append(f"{key} missing")
                continue
            diff = _relative(expected[key], actual[key], abs(expected[key]))
            worst = max(worst, diff)
            tolerance = TRAIN_TOLERANCE if expected.get("train_dtype", "float32") == "float32" else TRAIN_TOLERANCE_64
            chaotic = SENSITIVITY_ALLOWANCE * (moved or {}).get(key, 0.0)
            if tolerance < diff <= chaotic:
                noise.append(f"{key} rel {diff:.2e} (Paddle's own moves {moved[key]:.2e} for a weight nudge)")
            elif diff > tolerance:
                problems.append(f"{key} {actual[key]:.6g} != {expected[key]:.6g} (rel {diff:.2e})")
    if expected.get("grads") != actual.get("grads"):
        problems.append(f"{actual.get('grads')} gradients != {expected.get('grads')}")
    return problems, worst, noise


# float32 noise: deep random-weight networks accumulate ~1e-6..1e-5 relative rounding per output; train mode
# adds BatchNorm over batch 2 and a clipped SGD step.
EVAL_TOLERANCE = 1e-3
TRAIN_TOLERANCE = 2e-3
# Training runs in float64 (both frameworks), where rounding no longer hides a wrong gradient: with batch 2,
# BatchNorm over a 2x2 map normalises 8 values and amplifies float32 rounding to ~1e-2 after one step.
TRAIN_TOLERANCE_64 = 1e-5


def replay(repo, names, out_path=None, keys_dir=None):
    sys.path.insert(0, ROOT)
    from tools.api_diff.common import load_golden_json

    golden = load_golden_json(os.environ.get("ZOO_GOLDEN") or golden_path(repo))["models"]
    moved = {}
    if os.path.exists(SENSITIVITY):
        moved = {k.split("/", 1)[1]: v["relative_change"]
                 for k, v in load_golden_json(SENSITIVITY)["models"].items() if k.startswith(repo + "/")}
    _setup()
    results = {}
    for name in names or sorted(golden):
        expected = golden[name]
        if "skipped" in expected or "oracle_error" in expected:
            results[name] = {"verdict": "skip", "why": expected.get("skipped") or expected.get("oracle_error")}
            continue
        start = time.perf_counter()
        _exact_init(name in RANDOM_IN_TRAIN_FORWARD)
        try:
            actual, entries = run_one(repo, name, expected["options"], expected["size"],
                                      train_dtype=expected.get("train_dtype", "float32"))
            problems, worst, noise = compare(expected, actual, moved.get(name))
        except Exception as error:
            noise = []
            problems, worst, actual = [f"{type(error).__name__}: {str(error)[:300]}"], None, {}
            tail = traceback.format_exc().splitlines()[-12:]
            problems.append(" | ".join(line.strip() for line in tail))
        elapsed = time.perf_counter() - start
        verdict = "FAIL" if problems else "noise" if noise else "ok"
        results[name] = {"verdict": verdict, "problems": problems or noise, "worst": worst,
                         "seconds": round(elapsed, 2),
                         "oracle_seconds": round(expected["build_s"] + expected["eval_s"]
                                                 + expected.get("train_s", 0), 2)}
        if keys_dir and problems and actual:
            with open(os.path.join(keys_dir, f"ours_{repo}_{name}.json"), "w") as f:
                json.dump(entries, f)
        print(f"{name}: {verdict} {elapsed:.1f}s worst={worst} {problems[:3] if problems else ''}", flush=True)
        if out_path:
            with open(out_path, "w") as f:
                json.dump(results, f, indent=1)
    return results


CURRENT = os.environ.get("ZOO_CURRENT")


def report(results_paths):
    """Markdown tables for docs/zoo.md from the goldens and replay results (``ZOO_OUT`` files)."""
    lines = []
    for repo, path in results_paths.items():
        with open(golden_path(repo)) as f:
            golden = json.load(f)["models"]
        results = {}
        if os.path.exists(path):
            with open(path) as f:
                results = json.load(f)
        verdicts = {}
        rows = []
        for name in sorted(golden, key=str.lower):
            g = golden[name]
            r = results.get(name, {})
            if "skipped" in g:
                verdict, note = "skipped", g["skipped"]
            elif "oracle_error" in g:
                verdict, note = "oracle fails", g["oracle_error"].replace("|", "/")[:90]
            elif not r:
                verdict, note = "not replayed", ""
            else:
                verdict = r["verdict"]
                note = "; ".join(r.get("problems", []))[:120].replace("|", "/")
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
            if "eval" in g:
                worst = r.get("worst")
                rows.append(f"| {name} | {g['size']} | {g['state']['numel'] / 1e6:.1f}M | {verdict} | "
                            f"{'' if worst is None else f'{worst:.1e}'} | {r.get('seconds', '')} | "
                            f"{g['build_s'] + g['eval_s'] + g.get('train_s', 0):.2f} | {note} |")
            else:
                rows.append(f"| {name} | | | {verdict} | | | | {note} |")
        lines.append(f"### {repo}: " + ", ".join(f"{v} {k}" for k, v in sorted(verdicts.items())))
        lines.append("")
        lines.append("| model | input | params | verdict | worst rel. diff | ours s | Paddle s | note |")
        lines.append("|---|---|---|---|---|---|---|---|")
        lines += rows
        lines.append("")
    return "\n".join(lines)


def drive(repo):
    """``record`` until every model has an entry: a model that kills the interpreter (real Paddle aborts on a
    CUDA-only call) is recorded as an oracle error and the sweep resumes after it."""
    current = f"/tmp/zoo_current_{repo}_{os.getpid()}"
    for _ in range(50):
        if os.path.exists(current):
            os.remove(current)
        import subprocess

        rc = subprocess.call([sys.executable, __file__, "record", repo], env={**os.environ, "ZOO_CURRENT": current})
        if rc == 0:
            return
        with open(current) as f:
            name = f.read().strip()
        with open(golden_path(repo)) as f:
            golden = json.load(f)
        golden["models"][name] = {"oracle_error": f"real Paddle's interpreter exits (status {rc})"}
        with open(golden_path(repo), "w") as f:
            json.dump(golden, f, indent=0, sort_keys=True)
        print(f"{name}: the interpreter exited with {rc}; resuming", flush=True)


def sensitivity(repo, names):
    """Under the oracle: how much Paddle's own results move when the weights move by ZOO_NUDGE relative
    (default 1e-9): a model whose train-mode results move by far more than that is chaotic there (BatchNorm
    over two values, ReLU kinks) and a difference of that size from paddle-compat is rounding, not a bug."""
    global NUDGE
    sys.path.insert(0, ROOT)
    os.environ["PADDLE_COMPAT_ORACLE_WITH_CV2"] = "1"
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    with open(golden_path(repo)) as f:
        golden = json.load(f)["models"]
    path = SENSITIVITY
    store = {"models": {}}
    if os.path.exists(path):
        with open(path) as f:
            store = json.load(f)
    store.update(stamp)
    _setup()
    for name in names:
        expected = golden[name]
        float32 = expected.get("train_dtype", "float32") == "float32"  # 1e-9 is below float32's resolution
        # ZOO_NUDGES="1e-9,1e-8,1e-7": the largest movement over several nudges (one sample can land calm)
        nudges = [float(v) for v in os.environ.get("ZOO_NUDGES", os.environ.get(
            "ZOO_NUDGE", "1e-6" if float32 else "1e-9")).split(",")]
        moved = {}
        for NUDGE in nudges:  # noqa: B007 - the global deterministic_weights reads
            nudged, _ = run_one(repo, name, expected["options"], expected["size"],
                                train_dtype=expected.get("train_dtype", "float32"))
            for key in ("loss", "grad_norm", "loss_after_step"):
                if key in expected:
                    moved[key] = max(moved.get(key, 0.0), _relative(expected[key], nudged[key], abs(expected[key])))
            if "eval64" in expected and "eval64" in nudged:  # eval-mode chaos (RepVGG_D2se: deep SE stacks)
                moved["eval64"] = max(moved.get("eval64", 0.0), max(
                    _stats_difference(e, a) for e, a in zip(expected["eval64"], nudged["eval64"])))
        NUDGE = nudges[0] if len(nudges) == 1 else nudges
        print(json.dumps({"model": name, "nudge": NUDGE, "relative_change": moved}), flush=True)
        store["models"][f"{repo}/{name}"] = {"nudge": NUDGE, "relative_change": moved}
        with open(path + ".tmp", "w") as f:
            json.dump(store, f, indent=0, sort_keys=True)
        os.replace(path + ".tmp", path)


def main(argv):
    mode, repo, names = argv[0], argv[1], argv[2:]
    if mode == "sensitivity":
        return sensitivity(repo, names)
    if mode == "drive":
        return drive(repo)
    if mode == "report":
        print(report({r: f"/tmp/zoo_ours_{r}.json" for r in argv[1:]}))
        return None
    keys_dir = os.environ.get("ZOO_KEYS_DIR")
    if mode == "record":
        record(repo, names, keys_dir)
    elif mode == "replay":
        replay(repo, names, os.environ.get("ZOO_OUT"), keys_dir)
    elif mode == "list":
        print("\n".join(clas_names() if repo == "clas" else [f"{k} {v}" for k, v in seg_configs().items()]))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
