import numpy as np
import paddle
import pytest
from paddle.vision import transforms as T
from paddle.vision.transforms import functional as F


def test_numpy_ops_needing_opencv_say_so(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "cv2", None)  # as if OpenCV were not installed
    img = np.zeros((4, 5, 3), np.uint8)
    for fn in (lambda: F.resize(img, 3), lambda: F.rotate(img, 10), lambda: F.adjust_hue(img, 0.1),
               lambda: F.affine(img, 1, [0, 0], 1, 0), lambda: F.perspective(img, [[0, 0]] * 4, [[0, 0]] * 4)):
        with pytest.raises(ImportError, match="opencv"):
            fn()


def test_wrong_image_type():
    with pytest.raises(TypeError, match="img should be PIL Image"):
        F.crop("not an image", 0, 0, 1, 1)
    with pytest.raises(TypeError, match="pic should be PIL Image"):
        T.ToTensor()([[1, 2]])
    with pytest.raises(RuntimeError, match="not support"):
        F.hflip(paddle.ones([4]))


def test_numpy_ops_match_pil():
    from PIL import Image

    arr = np.random.RandomState(0).randint(0, 256, (6, 7, 3)).astype(np.uint8)
    pil = Image.fromarray(arr)
    np.testing.assert_array_equal(F.hflip(arr), np.array(F.hflip(pil)))
    np.testing.assert_array_equal(F.vflip(arr), np.array(F.vflip(pil)))
    for mode in ("constant", "edge", "reflect", "symmetric"):
        np.testing.assert_array_equal(F.pad(arr, [1, 2, 3, 0], padding_mode=mode),
                                      np.array(F.pad(pil, [1, 2, 3, 0], padding_mode=mode)))
    g = F.to_grayscale(arr)
    assert g.shape == (6, 7, 1) and np.abs(g[..., 0].astype(int) - np.array(pil.convert("L"), int)).max() <= 1


def test_tensor_batch_and_uint8():
    x = paddle.to_tensor(np.random.RandomState(0).randint(0, 256, (2, 3, 6, 6)).astype("float32"))
    out = F.affine(x, 10, [1, 0], 1.0, 0)
    assert out.shape == [2, 3, 6, 6]
    u = paddle.to_tensor(np.random.RandomState(0).randint(0, 256, (3, 6, 6)).astype("uint8"))
    assert F.hflip(u).dtype == paddle.uint8 and F.adjust_brightness(u, 2).dtype == paddle.uint8
    assert F.pad(u, 1, padding_mode="reflect").shape == [3, 8, 8]


def test_random_erasing_tensor_inplace():
    x = paddle.ones([3, 8, 8])
    np.random.seed(0)
    import random

    random.seed(0)
    y = T.RandomErasing(prob=1.0, value=0, inplace=True)(x)
    assert y is x and float(x.sum()) < 3 * 64


def test_cv2_paths_plumbing_with_a_stub(monkeypatch):
    """OpenCV is not installed here: a stub cv2 checks the numpy-image plumbing (arguments, output shapes);
    the pixel values of the real cv2 backend are not verified."""
    import math
    import sys
    import types

    calls = []
    cv2 = types.ModuleType("cv2")
    cv2.INTER_NEAREST, cv2.INTER_LINEAR, cv2.INTER_AREA, cv2.INTER_CUBIC, cv2.INTER_LANCZOS4 = range(5)
    cv2.COLOR_BGR2GRAY, cv2.COLOR_BGR2HSV_FULL, cv2.COLOR_HSV2BGR_FULL = range(3)

    def resize(img, dsize, interpolation):
        calls.append(("resize", dsize, interpolation))
        return np.zeros((dsize[1], dsize[0]) + img.shape[2:3], img.dtype)[..., : img.shape[2] if img.shape[2] > 1
                                                                          else None].squeeze()

    def get_rot(center, angle, scale):
        a = math.radians(angle)
        al, be = scale * math.cos(a), scale * math.sin(a)
        return np.array([[al, be, (1 - al) * center[0] - be * center[1]],
                         [-be, al, be * center[0] + (1 - al) * center[1]]])

    cv2.resize = resize
    cv2.getRotationMatrix2D = lambda center, angle, scale: get_rot(center, angle, scale)
    cv2.warpAffine = lambda img, m, dsize, flags, borderValue: np.zeros((dsize[1], dsize[0]) + img.shape[2:],
                                                                        img.dtype)
    cv2.getPerspectiveTransform = lambda a, b: np.eye(3)
    cv2.warpPerspective = lambda img, m, dsize, flags, borderValue: img.copy()
    cv2.cvtColor = lambda img, code: img[..., 0] if code == cv2.COLOR_BGR2GRAY else img.copy()
    cv2.split = lambda img: [img[..., i] for i in range(3)]
    cv2.merge = lambda chans: np.stack(chans, -1)
    monkeypatch.setitem(sys.modules, "cv2", cv2)
    img = np.random.RandomState(0).randint(0, 256, (6, 8, 3)).astype(np.uint8)
    assert F.resize(img, 4).shape == (4, 5, 3) and calls[-1] == ("resize", (5, 4), 1)
    assert F.resize(img, (3, 7), "nearest").shape == (3, 7, 3)
    assert F.rotate(img, 30).shape == img.shape
    assert F.rotate(img, 90, expand=True).shape == (8, 6, 3)
    assert F.affine(img, 10, [1, 2], 1.0, [0, 0]).shape == img.shape
    assert F.perspective(img, [[0, 0]] * 4, [[0, 0]] * 4).shape == img.shape
    assert F.adjust_hue(img, 0.1).shape == img.shape
    assert F.adjust_saturation(img, 0.5).shape == img.shape
    assert T.Resize(4)(img).shape == (4, 5, 3)
