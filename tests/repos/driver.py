"""Runs PaddleClas / PaddleSeg entry points, unmodified, on tiny synthetic data (see README.md).

Works under either interpreter: ours (``.venv/bin/python``) or real Paddle (``.oracle/bin/python``), so the
same steps record the golden under the oracle and replay it under paddle-compat.

    python tests/repos/driver.py prepare WORK               # synthetic data in the repos' formats
    python tests/repos/driver.py init SUITE WORK            # deterministic initial weights -> WORK/SUITE/init.pdparams
    python tests/repos/driver.py STEP SUITE WORK            # STEP: train | eval | infer | export
    .oracle/bin/python tests/repos/driver.py record WORK    # golden losses -> tests/repos/fixtures/losses.json

The sources come from ``$PADDLE_COMPAT_REPOS`` (``PaddleClas/`` and ``PaddleSeg/`` work trees).
"""

import hashlib
import json
import os
import runpy
import sys
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GOLDEN = os.path.join(HERE, "fixtures", "losses.json")
ITERATIONS = 5
BATCH = 2
IMAGE = 64
CLASSES = 4
# The quick starts' learning rates, shrunk: with batch 2 and BatchNorm, float32 rounding (an activation a few
# ulps either side of a ReLU kink) changes a gradient by ~0.5% in either framework, and at full learning rate
# that reaches the loss at 1e-3 within 5 iterations (README.md). Iteration 0 is compared before any update.
LR_SCALE = 0.01
# The recorder also trains Paddle from weights nudged by this relative amount (a few float32 ulps): how far
# Paddle's own losses move then is the part of each later loss that rounding alone decides, and the test
# allows a few times that beyond 1e-4 relative.
PERTURBATION = 1e-6
NUDGES = 3

SUITES = {  # name: (repository, quick-start config, its learning rate)
    "clas_mobilenetv3": ("PaddleClas", "ppcls/configs/quick_start/MobileNetV3_large_x1_0.yaml", 0.00375),
    "clas_resnet50_vd": ("PaddleClas", "ppcls/configs/quick_start/ResNet50_vd.yaml", 0.0125),
    "seg_pp_liteseg": ("PaddleSeg", "configs/quick_start/pp_liteseg_optic_disc_512x512_1k.yml", 0.01),
    "seg_bisenetv2": ("PaddleSeg", "configs/quick_start/bisenet_optic_disc_512x512_1k.yml", 0.01),
}


def repos_dir():
    path = os.environ.get("PADDLE_COMPAT_REPOS")
    if not path:
        raise SystemExit("set PADDLE_COMPAT_REPOS to the directory holding PaddleClas/ and PaddleSeg/")
    return os.path.abspath(path)


# ---------------------------------------------------------------- synthetic data
def _image(rng, label):
    """A JPEG-friendly image whose mean colour depends on the label, so the losses move when training."""
    base = np.zeros((IMAGE, IMAGE, 3), np.float32)
    base[..., label % 3] = 120 + 40 * (label // 3)
    noise = rng.randint(0, 100, size=(IMAGE // 8, IMAGE // 8, 3)).astype(np.float32)
    noise = np.kron(noise, np.ones((8, 8, 1), np.float32))
    return np.clip(base + noise, 0, 255).astype(np.uint8)


def prepare(work):
    import cv2

    rng = np.random.RandomState(2024)
    clas = os.path.join(work, "data", "clas")
    os.makedirs(os.path.join(clas, "jpg"), exist_ok=True)
    for split, count in (("train", BATCH * ITERATIONS), ("val", 4)):
        lines = []
        for i in range(count):
            label = i % CLASSES
            name = f"jpg/{split}_{i:03d}.jpg"
            cv2.imwrite(os.path.join(clas, name), _image(rng, label))
            lines.append(f"{name} {label}\n")
        with open(os.path.join(clas, f"{split}_list.txt"), "w") as f:
            f.writelines(lines)
    with open(os.path.join(clas, "label_list.txt"), "w") as f:
        f.writelines(f"{i} class_{i}\n" for i in range(CLASSES))

    seg = os.path.join(work, "data", "seg")
    os.makedirs(os.path.join(seg, "JPEGImages"), exist_ok=True)
    os.makedirs(os.path.join(seg, "Annotations"), exist_ok=True)
    for split, count in (("train", BATCH * ITERATIONS), ("val", 2), ("test", 2)):
        lines = []
        for i in range(count):
            image = _image(rng, i)
            yy, xx = np.mgrid[:IMAGE, :IMAGE]
            cy, cx, r = rng.randint(16, 48), rng.randint(16, 48), rng.randint(6, 16)
            mask = ((yy - cy) ** 2 + (xx - cx) ** 2 < r * r).astype(np.uint8)
            image[mask == 1] = (200, 220, 240)
            name = f"{split}_{i:03d}"
            cv2.imwrite(os.path.join(seg, "JPEGImages", name + ".jpg"), image)
            cv2.imwrite(os.path.join(seg, "Annotations", name + ".png"), mask)
            lines.append(f"JPEGImages/{name}.jpg Annotations/{name}.png\n")
        with open(os.path.join(seg, f"{split}_list.txt"), "w") as f:
            f.writelines(lines)
    return data_digest(work)


def data_digest(work):
    digest = hashlib.sha256()
    data = os.path.join(work, "data")
    for folder, _, files in sorted(os.walk(data)):
        for name in sorted(files):
            with open(os.path.join(folder, name), "rb") as f:
                digest.update(name.encode() + f.read())
    return digest.hexdigest()


# ---------------------------------------------------------------- config overrides
def _clas_options(suite, work):
    data = os.path.join(work, "data", "clas")
    out = os.path.join(work, suite)
    deterministic = [  # RandCropImage/RandFlipImage become a resize and a no-op crop: same pixels in both runs
        "DataLoader.Train.dataset.transform_ops.1={'ResizeImage':{'size':%d}}" % IMAGE,
        "DataLoader.Train.dataset.transform_ops.2={'CropImage':{'size':%d}}" % IMAGE,
    ]
    options = [
        "Global.device=cpu", "Global.epochs=1", "Global.print_batch_step=1", "Global.eval_during_train=False",
        "Global.save_interval=1", f"Global.output_dir={out}/output", f"Global.save_inference_dir={out}/inference",
        f"Global.image_shape=[3,{IMAGE},{IMAGE}]", "Global.seed=0",
        f"Arch.class_num={CLASSES}", f"Optimizer.lr.learning_rate={SUITES[suite][2] * LR_SCALE}",
        f"DataLoader.Train.dataset.image_root={data}", f"DataLoader.Train.dataset.cls_label_path={data}/train_list.txt",
        f"DataLoader.Train.sampler.batch_size={BATCH}", "DataLoader.Train.sampler.shuffle=False",
        "DataLoader.Train.loader.num_workers=0", "DataLoader.Train.loader.use_shared_memory=False",
        f"DataLoader.Eval.dataset.image_root={data}", f"DataLoader.Eval.dataset.cls_label_path={data}/val_list.txt",
        f"DataLoader.Eval.sampler.batch_size={BATCH}", "DataLoader.Eval.loader.num_workers=0",
        "DataLoader.Eval.loader.use_shared_memory=False",
        "DataLoader.Eval.dataset.transform_ops.1={'ResizeImage':{'size':%d}}" % IMAGE,
        "DataLoader.Eval.dataset.transform_ops.2={'CropImage':{'size':%d}}" % IMAGE,
        f"Infer.infer_imgs={data}/jpg", f"Infer.batch_size={BATCH}",
        "Infer.transforms.1={'ResizeImage':{'size':%d}}" % IMAGE,
        "Infer.transforms.2={'CropImage':{'size':%d}}" % IMAGE,
        f"Infer.PostProcess.topk={CLASSES - 1}", f"Infer.PostProcess.class_id_map_file={data}/label_list.txt",
    ] + deterministic
    if "mobilenet" in suite:
        options.append("Arch.dropout_prob=None")
    return options


def _seg_options(suite, work):
    data = os.path.join(work, "data", "seg")
    options = [
        f"train_dataset.dataset_root={data}", "train_dataset.shuffle=False",
        "train_dataset.transforms=[{'type':'Resize','target_size':[%d,%d]},{'type':'Normalize'}]" % (IMAGE, IMAGE),
        f"val_dataset.dataset_root={data}",
    ]
    if "pp_liteseg" in suite:
        options += [f"train_dataset.train_path={data}/train_list.txt", f"val_dataset.val_path={data}/val_list.txt",
                    "model.backbone.pretrained=None"]
    return options


def _seg_derived_config(suite, work):
    import yaml

    repo, config, _ = SUITES[suite]
    data = os.path.join(work, "data", "seg")
    derived = {"_base_": os.path.join(repos_dir(), repo, config),
               "val_dataset": {"dataset_root": data, "val_path": f"{data}/val_list.txt"}}
    if "pp_liteseg" in suite:
        derived["model"] = {"backbone": {"pretrained": None}}
    path = os.path.join(work, suite, "config.yml")
    with open(path, "w") as f:
        yaml.safe_dump(derived, f)
    return path


def _weights(suite, work, nudge=None):
    """``nudge`` 1..NUDGES (default: ``$REPOS_NUDGE``) names the weights nudged by PERTURBATION."""
    if nudge is None:
        nudge = int(os.environ.get("REPOS_NUDGE", "0"))
    return os.path.join(work, suite, f"init_nudged_{nudge}.pdparams" if nudge else "init.pdparams")


# ---------------------------------------------------------------- running the repos' own scripts
def _run_tool(repo, script, argv):
    """``python <repo>/<script> argv...`` in this process (so the losses can be read off ``backward``)."""
    path = os.path.join(repos_dir(), repo, script)
    os.chdir(os.path.join(repos_dir(), repo))
    sys.path.insert(0, os.path.join(repos_dir(), repo))
    sys.argv = [path] + argv
    runpy.run_path(path, run_name="__main__")


def _record_losses(sink):
    """Every ``Tensor.backward`` call appends its loss value: the repos call it once per iteration."""
    import paddle

    original = paddle.Tensor.backward

    def backward(self, *args, **kwargs):
        sink.append(float(np.asarray(self.numpy()).reshape(())))
        return original(self, *args, **kwargs)

    paddle.Tensor.backward = backward


def _dropout_off():
    """BiSeNetV2's SegHead builds ``nn.Dropout(0.1)`` with no config knob; with p=0 both frameworks agree."""
    import paddle

    original = paddle.nn.Dropout.__init__

    def init(self, p=0.5, *args, **kwargs):
        original(self, 0.0, *args, **kwargs)

    paddle.nn.Dropout.__init__ = init


def init_weights(suite, work):
    """Builds the model from the repo's config and writes weights drawn by numpy from each parameter's name,
    so both frameworks start from the same bits without shipping megabytes of weights."""
    import paddle

    repo, config, _ = SUITES[suite]
    sys.path.insert(0, os.path.join(repos_dir(), repo))
    os.chdir(os.path.join(repos_dir(), repo))
    if repo == "PaddleClas":
        from ppcls.arch import build_model
        from ppcls.utils import config as clas_config
        from ppcls.utils import logger

        logger.init_logger()

        cfg = clas_config.get_config(config, overrides=_clas_options(suite, work), show=False)
        model = build_model(cfg)
    else:
        from paddleseg.cvlibs import Config, SegBuilder

        model = SegBuilder(Config(config, opts=_seg_options(suite, work))).model
    state = {}
    for name, value in model.state_dict().items():
        array = np.asarray(value.numpy())
        if array.ndim >= 2:
            fan_in = int(np.prod(array.shape[1:])) if array.ndim > 2 else array.shape[0]
            rng = np.random.RandomState(zlib.crc32(name.encode()))
            array = (rng.standard_normal(array.shape) * np.sqrt(2.0 / fan_in)).astype(array.dtype)
        elif array.size and not np.all(array == array.flat[0]):
            rng = np.random.RandomState(zlib.crc32(name.encode()))
            array = (rng.uniform(-0.1, 0.1, array.shape)).astype(array.dtype)
        state[name] = array
    os.makedirs(os.path.dirname(_weights(suite, work)), exist_ok=True)
    paddle.save({k: paddle.to_tensor(v) for k, v in state.items()}, _weights(suite, work))
    for nudge in range(1, NUDGES + 1):
        rng = np.random.RandomState(nudge)
        nudged = {k: (v * (1 + PERTURBATION * rng.standard_normal(v.shape))).astype(v.dtype)
                  if v.dtype.kind == "f" else v for k, v in state.items()}
        paddle.save({k: paddle.to_tensor(v) for k, v in nudged.items()}, _weights(suite, work, nudge))
    digest = hashlib.sha256()
    for name in sorted(state):
        digest.update(name.encode() + state[name].tobytes())
    return digest.hexdigest()


def step(name, suite, work):
    """Runs one entry point; returns the losses for ``train``."""
    repo, config, _ = SUITES[suite]
    out = os.path.join(work, suite)
    losses = []
    if suite == "seg_bisenetv2":
        _dropout_off()
    if repo == "PaddleClas":
        options = _clas_options(suite, work)
        if name == "train":
            _record_losses(losses)
            options.append("Global.pretrained_model=" + _weights(suite, work)[:-len(".pdparams")])
            _run_tool(repo, "tools/train.py", ["-c", config, *_each("-o", options)])
        else:
            script = {"eval": "tools/eval.py", "infer": "tools/infer.py", "export": "tools/export_model.py"}[name]
            options.append("Global.pretrained_model=" + _clas_checkpoint(out))
            _run_tool(repo, script, ["-c", config, *_each("-o", options)])
    else:
        options = _seg_options(suite, work)
        if name == "train":
            _record_losses(losses)
            _run_tool(repo, "tools/train.py", [
                "--config", config, "--device", "cpu", "--num_workers", "0", "--iters", str(ITERATIONS),
                "--batch_size", str(BATCH), "--learning_rate", str(SUITES[suite][2] * LR_SCALE),
                "--log_iters", "1", "--save_interval", str(ITERATIONS),
                "--save_dir", f"{out}/output", "--seed", "0",
                "--opts", *options, "model.pretrained=" + _weights(suite, work)])
        else:
            model = f"{out}/output/iter_{ITERATIONS}/model.pdparams"
            data = os.path.join(work, "data", "seg")
            if name == "eval":
                _run_tool(repo, "tools/val.py", ["--config", config, "--model_path", model, "--device", "cpu",
                                                 "--num_workers", "0", "--opts", *options])
            else:  # predict.py and export.py take no --opts: a config inheriting the quick start's (_base_)
                derived = _seg_derived_config(suite, work)
                argv = {"infer": ["tools/predict.py", "--device", "cpu",
                                  "--image_path", f"{data}/JPEGImages/test_000.jpg", "--save_dir", f"{out}/predict"],
                        "export": ["tools/export.py", "--save_dir", f"{out}/inference",
                                   "--input_shape", "1", "3", str(IMAGE), str(IMAGE)]}[name]
                _run_tool(repo, argv[0], ["--config", derived, "--model_path", model, *argv[1:]])
    return losses


def _each(flag, options):
    return [word for option in options for word in (flag, option)]


def _clas_checkpoint(out):
    """PaddleClas saves ``<output_dir>/latest.pdparams`` (older versions: ``<output_dir>/<Arch.name>/``)."""
    folder = os.path.join(out, "output")
    if os.path.exists(os.path.join(folder, "latest.pdparams")):
        return os.path.join(folder, "latest")
    for arch in sorted(os.listdir(folder)):
        if os.path.exists(os.path.join(folder, arch, "latest.pdparams")):
            return os.path.join(folder, arch, "latest")
    raise SystemExit(f"no trained checkpoint under {folder}: run the train step first")


def record(work):
    # the repos decode and resize with OpenCV, so the oracle runs them with cv2 installed (stamped as such)
    os.environ["PADDLE_COMPAT_ORACLE_WITH_CV2"] = "1"
    sys.path.insert(0, ROOT)
    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    golden["data_sha256"] = prepare(work)
    golden["suites"] = {}
    import subprocess

    for suite in SUITES:
        init = subprocess.run([sys.executable, __file__, "init", suite, work], check=True, capture_output=True,
                              text=True).stdout.strip().splitlines()[-1]
        losses = subprocess.run([sys.executable, __file__, "train", suite, work], check=True, capture_output=True,
                                text=True).stdout.strip().splitlines()[-1]
        nudged = [json.loads(subprocess.run(
            [sys.executable, __file__, "train", suite, work], check=True, capture_output=True, text=True,
            env={**os.environ, "REPOS_NUDGE": str(nudge)}).stdout.strip().splitlines()[-1])
            for nudge in range(1, NUDGES + 1)]
        golden["suites"][suite] = {"init_sha256": init, "losses": json.loads(losses),
                                   "losses_from_nudged_weights": nudged}
        print(suite, golden["suites"][suite], flush=True)
    os.makedirs(os.path.dirname(GOLDEN), exist_ok=True)
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1)
        f.write("\n")


def main(argv):
    command = argv[0]
    if command == "prepare":
        print(prepare(os.path.abspath(argv[1])))
    elif command == "record":
        record(os.path.abspath(argv[1]))
    elif command == "init":
        print(init_weights(argv[1], os.path.abspath(argv[2])))
    else:
        losses = step(command, argv[1], os.path.abspath(argv[2]))
        sys.stdout.flush()
        print(json.dumps(losses[:ITERATIONS]))


if __name__ == "__main__":
    main(sys.argv[1:])
