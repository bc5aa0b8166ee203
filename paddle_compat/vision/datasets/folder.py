"""DatasetFolder (root/class_x/xxx.ext) and ImageFolder (all images under root)."""

import os

from ...io import Dataset
from .mnist import _default_dtype

__all__ = []

IMG_EXTENSIONS = (".jpg", ".jpeg", ".png", ".ppm", ".bmp", ".pgm", ".tif", ".tiff", ".webp")


def has_valid_extension(filename, extensions):
    if not isinstance(extensions, (list, tuple)):
        raise AssertionError("`extensions` must be list or tuple.")
    return filename.lower().endswith(tuple(x.lower() for x in extensions))


def make_dataset(dir, class_to_idx, extensions, is_valid_file=None):  # noqa: A002 - Paddle's name
    images = []
    dir = os.path.expanduser(dir)
    if extensions is not None:
        def is_valid_file(x):
            return has_valid_extension(x, extensions)
    for target in sorted(class_to_idx):
        d = os.path.join(dir, target)
        if not os.path.isdir(d):
            continue
        for root, _, fnames in sorted(os.walk(d, followlinks=True)):
            for fname in sorted(fnames):
                path = os.path.join(root, fname)
                if is_valid_file(path):
                    images.append((path, class_to_idx[target]))
    return images


def pil_loader(path):
    from PIL import Image

    with open(path, "rb") as f:
        return Image.open(f).convert("RGB")


def cv2_loader(path):
    try:
        import cv2
    except ImportError:
        raise ImportError("the 'cv2' image backend needs opencv-python (cv2), which is not installed") from None
    return cv2.cvtColor(cv2.imread(path), cv2.COLOR_BGR2RGB)


def default_loader(path):
    from ..image import get_image_backend

    return cv2_loader(path) if get_image_backend() == "cv2" else pil_loader(path)


def _keep_samples(dataset, samples, what, loader, extensions):
    """DatasetFolder's and ImageFolder's common ending: Paddle's error for an empty ``root``, then the
    loader, extensions and samples as attributes."""
    if not samples:
        raise RuntimeError(f"Found 0 {what} in subfolders of: " + dataset.root + "\n"
                           "Supported extensions are: " + ",".join(extensions))
    dataset.loader = default_loader if loader is None else loader
    dataset.extensions = extensions
    dataset.samples = samples


class DatasetFolder(Dataset):
    """Samples (loaded image, class index); classes are the sorted sub-directory names of ``root``."""

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        self.root = root
        self.transform = transform
        if extensions is None:
            extensions = IMG_EXTENSIONS
        classes, class_to_idx = self._find_classes(self.root)
        samples = make_dataset(self.root, class_to_idx, extensions, is_valid_file)
        _keep_samples(self, samples, "directories", loader, extensions)
        self.classes = classes
        self.class_to_idx = class_to_idx
        self.targets = [s[1] for s in samples]
        self.dtype = _default_dtype()

    def _find_classes(self, dir):  # noqa: A002
        classes = sorted(d.name for d in os.scandir(dir) if d.is_dir())
        return classes, {c: i for i, c in enumerate(classes)}

    def __getitem__(self, index):
        path, target = self.samples[index]
        sample = self.loader(path)
        if self.transform is not None:
            sample = self.transform(sample)
        return sample, target

    def __len__(self):
        return len(self.samples)


class ImageFolder(Dataset):
    """Every image file under ``root`` (recursively, sorted); a sample is ``[image]``."""

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        self.root = root
        if extensions is None:
            extensions = IMG_EXTENSIONS
        samples = []
        path = os.path.expanduser(root)
        if extensions is not None:
            def is_valid_file(x):
                return has_valid_extension(x, extensions)
        for r, _, fnames in sorted(os.walk(path, followlinks=True)):
            for fname in sorted(fnames):
                f = os.path.join(r, fname)
                if is_valid_file(f):
                    samples.append(f)
        _keep_samples(self, samples, "files", loader, extensions)
        self.transform = transform

    def __getitem__(self, index):
        sample = self.loader(self.samples[index])
        if self.transform is not None:
            sample = self.transform(sample)
        return [sample]

    def __len__(self):
        return len(self.samples)
