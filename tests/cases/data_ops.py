"""Golden cases (case format) for the Tensor-level APIs of paddle.metric, paddle.text and
paddle.vision.transforms (Tensor CHW images). PIL / numpy / dataset / DataLoader behaviour is covered by
tools/api_diff/record_data.py (tests/data/)."""

from tools.api_diff.casefmt import A, T, case, layer

F = "paddle.vision.transforms."
IMG = T("float32", [3, 10, 12], low=0.0, high=1.0)
IMG2 = T("float32", [2, 3, 6, 7], low=0.0, high=1.0)
SP = [[0, 0], [11, 0], [11, 9], [0, 9]]
EP = [[1, 2], [10, 0], [11, 8], [2, 9]]

CASES = [
    # paddle.metric.accuracy
    case("paddle.metric.accuracy", T("float32", [8, 5]), T("int64", [8, 1], low=0, high=5)),
    case("paddle.metric.accuracy", T("float32", [8, 5]), T("int64", [8, 1], low=0, high=5), k=3),
    case("paddle.metric.accuracy", T("float64", [6, 4]), T("int32", [6, 1], low=0, high=4), k=2),
    case("paddle.metric.accuracy", T("float32", [6, 4]), T("int64", [6], low=0, high=4), raises="ValueError"),
    # paddle.text.viterbi_decode / ViterbiDecoder
    case("paddle.text.viterbi_decode", T("float32", [3, 5, 4]), T("float32", [4, 4]),
         T("int64", [3], values=[5, 2, 4])),
    case("paddle.text.viterbi_decode", T("float32", [3, 5, 4]), T("float32", [4, 4]),
         T("int64", [3], values=[5, 2, 4]), include_bos_eos_tag=False),
    case("paddle.text.viterbi_decode", T("float64", [4, 7, 6]), T("float64", [6, 6]),
         T("int64", [4], values=[3, 7, 1, 6])),
    case("paddle.text.viterbi_decode", T("float32", [2, 3, 4]), T("float32", [4, 4]),
         T("int32", [2], values=[3, 2]), raises="ValueError"),
    layer("paddle.text.ViterbiDecoder", T("float32", [5, 5]), inputs=(T("float32", [2, 6, 5]),
                                                                      T("int64", [2], values=[6, 3]))),
    layer("paddle.text.ViterbiDecoder", T("float32", [5, 5]), include_bos_eos_tag=False,
          inputs=(T("float32", [2, 6, 5]), T("int64", [2], values=[4, 6]))),
    # paddle.vision.transforms functional on Tensor images
    case(F + "to_tensor", IMG),
    case(F + "to_tensor", IMG, data_format="HWC"),
    case(F + "hflip", IMG),
    case(F + "vflip", IMG),
    case(F + "crop", IMG, 1, 2, 5, 6),
    case(F + "center_crop", IMG, 5),
    case(F + "center_crop", IMG, [4, 7]),
    case(F + "pad", IMG, 2),
    case(F + "pad", IMG, [1, 2], fill=0.5),
    case(F + "pad", IMG, [1, 2, 3, 0], padding_mode="edge"),
    case(F + "pad", IMG, 2, padding_mode="reflect"),
    case(F + "pad", IMG, 2, padding_mode="symmetric", raises="ValueError"),
    case(F + "resize", IMG, 6),
    case(F + "resize", IMG, [5, 7]),
    case(F + "resize", IMG, [13, 9], "nearest"),
    case(F + "resize", IMG, [7, 15], "bicubic"),
    case(F + "resize", IMG2, [4, 5]),
    case(F + "rotate", IMG, 25),
    case(F + "rotate", IMG, 40, expand=True),
    case(F + "rotate", IMG, -70, "bilinear", center=[3, 3], fill=[0.5, 0.2, 0.1]),
    case(F + "affine", IMG, 30, [1, 2], 1.1, 5),
    case(F + "affine", IMG, -15.0, [0, 1], 0.9, [3, 4], interpolation="bilinear", fill=1),
    case(F + "affine", IMG2, 12.0, [1, 0], 1.0, 0),
    case(F + "perspective", IMG, SP, EP),
    case(F + "perspective", IMG, SP, EP, "bilinear", fill=3),
    case(F + "to_grayscale", IMG),
    case(F + "to_grayscale", IMG, 3),
    case(F + "normalize", IMG, [0.5, 0.4, 0.3], [0.2, 0.25, 0.3]),
    case(F + "normalize", T("float32", [10, 12, 3]), [0.5, 0.4, 0.3], [0.2, 0.25, 0.3], data_format="HWC"),
    case(F + "normalize", A("float32", [3, 4, 5]), [0.5, 0.4, 0.3], [0.2, 0.25, 0.3]),
    case(F + "erase", IMG, 1, 2, 3, 4, 0.0),
    case(F + "erase", IMG, 0, 0, 2, 2, T("float32", [3, 2, 2])),
    case(F + "adjust_brightness", IMG, 1.3),
    case(F + "adjust_brightness", IMG, 0.4),
    case(F + "adjust_contrast", IMG, 0.6),
    case(F + "adjust_contrast", T("float32", [1, 10, 12], low=0.0, high=1.0), 1.7),
    case(F + "adjust_hue", IMG, 0.2),
    case(F + "adjust_hue", IMG, -0.45),
    case(F + "adjust_hue", T("uint8", [3, 6, 7], low=0, high=255), 0.1),
    case(F + "adjust_hue", IMG, 0.7, raises="AssertionError"),
    case(F + "hflip", T("float32", [4]), raises="RuntimeError"),
    case(F + "functional.adjust_saturation", IMG, 0.3),
]
