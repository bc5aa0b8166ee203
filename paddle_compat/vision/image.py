"""``paddle.vision.set_image_backend`` / ``get_image_backend`` / ``image_load``."""

__all__ = ["set_image_backend", "get_image_backend", "image_load"]

_image_backend = "pil"
_BACKENDS = ("pil", "cv2", "tensor")


def set_image_backend(backend):
    """Select how vision datasets load images: 'pil' (default), 'cv2' or 'tensor'."""
    global _image_backend
    if backend not in _BACKENDS:
        raise ValueError(f"Expected backend are one of ['pil', 'cv2', 'tensor'], but got {backend}")
    _image_backend = backend


def get_image_backend():
    return _image_backend


def image_load(path, backend=None):
    """Open ``path`` with PIL ('pil') or OpenCV ('cv2'); 'tensor' returns None, as in Paddle 2.6.2."""
    if backend is None:
        backend = _image_backend
    if backend not in _BACKENDS:
        raise ValueError(f"Expected backend are one of ['pil', 'cv2', 'tensor'], but got {backend}")
    if backend == "pil":
        from PIL import Image

        return Image.open(path)
    if backend == "cv2":
        try:
            import cv2
        except ImportError:
            raise ImportError("image_load(backend='cv2') needs opencv-python (cv2), which is not installed") from None
        return cv2.imread(path)
    return None
