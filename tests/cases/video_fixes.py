"""Goldens (real Paddle 2.6.2) for the APIs that PaddleVideo's models needed fixed (tests/repos/video):
clip/hardtanh pass the gradient only strictly inside the bounds (ASRF's temporal-MSE losses clip an MSE at 0, so
their gradient at exact zeros differed); avg_pool3d pools an input smaller than the window through its padding
(MoViNet's strided shortcut on a 1x1 feature map)."""

from tools.api_diff.casefmt import T, case, layer

CASES = []
add = CASES.append

_AT_BOUNDS = [-1.0, 0.0, 0.5, 16.0, 17.0, 0.0, 16.0, 3.0]
for _lo, _hi in ((0.0, 16.0), (0, 16), (None, 16.0), (0.0, None)):
    add(case("paddle.clip", T("float32", (8,), values=_AT_BOUNDS), _lo, _hi, grad=True))
add(case("paddle.clip", T("float64", (8,), values=_AT_BOUNDS), T("float64", (), values=[0.0]),
         T("float64", (), values=[16.0]), grad=True))
add(case("Tensor.clip", T("float32", (8,), values=_AT_BOUNDS), max=16.0, grad=True))
add(case("paddle.nn.functional.hardtanh", T("float32", (8,), values=_AT_BOUNDS), 0.0, 16.0, grad=True))
add(case("paddle.nn.functional.hardtanh", T("float32", (8,), values=[v / 16 for v in _AT_BOUNDS]), grad=True))
add(layer("paddle.nn.Hardtanh", 0.0, 16.0, inputs=[T("float32", (8,), values=_AT_BOUNDS)], grad=True))

# windows larger than the unpadded input (torch's avg_pool3d refuses those)
for _pad, _exclusive in (((0, 1, 1), True), ((0, 1, 1), False), (1, True)):
    add(case("paddle.nn.functional.avg_pool3d", T("float32", (2, 3, 4, 1, 1)), (1, 3, 3), (1, 2, 2), _pad,
             exclusive=_exclusive, grad=True))
add(case("paddle.nn.functional.avg_pool3d", T("float32", (2, 3, 2, 2, 1)), 3, 1, 1, grad=True))
add(layer("paddle.nn.AvgPool3D", (1, 3, 3), stride=(1, 2, 2), padding=(0, 1, 1),
          inputs=[T("float32", (2, 4, 3, 1, 2))], grad=True))

# index_select: an [N, 1] index is taken as [N]; a 0-D index (AVA's bbox head: paddle.to_tensor(0)) is refused
# with the index's shape in Paddle's words
add(case("paddle.index_select", T("float32", (3, 4)), T("int64", (2, 1), values=[0, 2]), axis=1, grad=True))
add(case("paddle.index_select", T("float32", (3, 4)), T("int64", (), values=0), axis=1))
add(case("paddle.index_select", T("float32", (3, 4)), T("int64", (1, 2), values=[0, 1]), axis=1))
