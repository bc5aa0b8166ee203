import numpy as np
import paddle
import pytest
from paddle.vision import transforms as T
from paddle.vision.transforms import functional as F


def test_numpy_ops_needing_opencv_say_so():
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
