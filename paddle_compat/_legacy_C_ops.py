"""``paddle._legacy_C_ops``: Paddle's old-style C++ op functions, ``op(*inputs, [output counts], 'attr', value,
...)`` (e.g. ``argsort(x, 'axis', 0, 'descending', True)``), for the ops model code calls directly (PaddleSeg's
Lovasz loss, PaddleDetection's ``ppdet/modeling/ops.py``). Attributes are matched by name, missing ones take the
op definition's default; each call forwards to the ``paddle._C_ops`` op of the same meaning (thin aliases of
public implementations). An op that is not mapped raises AttributeError naming it.
"""

from . import _C_ops

_REQUIRED = object()


def _legacy(name, n_inputs, attrs, call):
    """``attrs``: (name, default) in the order ``call`` takes them after the inputs."""
    defaults = dict(attrs)
    order = [a for a, _ in attrs]

    def op(*args):
        inputs = list(args[:n_inputs])
        rest = list(args[n_inputs:])
        while rest and not isinstance(rest[0], str):  # counts of duplicable outputs: not needed here
            rest.pop(0)
        if len(rest) % 2:
            raise ValueError(f"_legacy_C_ops.{name}: attributes must come as name/value pairs, got {rest!r}")
        given = dict(zip(rest[0::2], rest[1::2]))
        unknown = set(given) - set(defaults)
        if unknown:
            raise NotImplementedError(f"_legacy_C_ops.{name}: attribute(s) {sorted(unknown)} are not supported by "
                                      "paddle-compat")
        values = []
        for attr in order:
            value = given.get(attr, defaults[attr])
            if value is _REQUIRED:
                raise ValueError(f"_legacy_C_ops.{name}: attribute '{attr}' is required")
            values.append(value)
        return call(*inputs, *values)

    op.__name__ = op.__qualname__ = name
    return op


_c = _C_ops.__getattr__


def _distribute_fpn_proposals(*args):
    # the legacy op's outputs: MultiFpnRois, RestoreIndex, MultiLevelRoIsNum (the C op has the last two swapped)
    multi_rois, rois_num_per_level, restore_index = _c("distribute_fpn_proposals")(*args)
    return multi_rois, restore_index, rois_num_per_level

_OPS = {
    "argsort": _legacy("argsort", 1, [("axis", -1), ("descending", False)], _c("argsort")),
    "multiclass_nms3": _legacy("multiclass_nms3", 3, [
        ("score_threshold", _REQUIRED), ("nms_top_k", _REQUIRED), ("keep_top_k", _REQUIRED), ("nms_threshold", 0.3),
        ("normalized", True), ("nms_eta", 1.0), ("background_label", 0)], _c("multiclass_nms3")),
    "matrix_nms": _legacy("matrix_nms", 2, [
        ("score_threshold", _REQUIRED), ("nms_top_k", _REQUIRED), ("keep_top_k", _REQUIRED), ("post_threshold", 0.0),
        ("use_gaussian", False), ("gaussian_sigma", 2.0), ("background_label", 0), ("normalized", True)],
        _c("matrix_nms")),
    "box_coder": _legacy("box_coder", 3, [
        ("code_type", "encode_center_size"), ("box_normalized", True), ("axis", 0), ("variance", [])],
        _c("box_coder")),
    "generate_proposals_v2": _legacy("generate_proposals_v2", 5, [
        ("pre_nms_topN", 6000), ("post_nms_topN", 1000), ("nms_thresh", 0.5), ("min_size", 0.1), ("eta", 1.0),
        ("pixel_offset", True)], _c("generate_proposals")),
    "distribute_fpn_proposals": _legacy("distribute_fpn_proposals", 2, [
        ("min_level", _REQUIRED), ("max_level", _REQUIRED), ("refer_level", _REQUIRED), ("refer_scale", _REQUIRED),
        ("pixel_offset", True)], _distribute_fpn_proposals),
    "prior_box": _legacy("prior_box", 2, [
        ("min_sizes", _REQUIRED), ("max_sizes", []), ("aspect_ratios", [1.0]), ("variances", []),
        ("flip", False), ("clip", False), ("step_w", 0.0), ("step_h", 0.0), ("offset", 0.5),
        ("min_max_aspect_ratios_order", False)], _c("prior_box")),
    "yolo_box": _legacy("yolo_box", 2, [
        ("anchors", _REQUIRED), ("class_num", _REQUIRED), ("conf_thresh", 0.01), ("downsample_ratio", 32),
        ("clip_bbox", True), ("scale_x_y", 1.0), ("iou_aware", False), ("iou_aware_factor", 0.5)], _c("yolo_box")),
    "softmax": _legacy("softmax", 1, [("axis", -1)], _c("softmax")),
    "scale": _legacy("scale", 1, [("scale", 1.0), ("bias", 0.0), ("bias_after_scale", True)], _c("scale")),
    "matmul_v2": _legacy("matmul_v2", 2, [("trans_x", False), ("trans_y", False)], _c("matmul")),
}
for _name in ("relu", "sigmoid", "tanh", "exp", "log", "sqrt", "abs", "assign"):
    _OPS[_name] = _legacy(_name, 1, [], _c(_name))


def _activation_ops():
    # the legacy activation ops with their op-definition defaults (nn.BatchNorm(act=...) and fluid-era layers
    # call these): leaky_relu's alpha is 0.02 and hard_sigmoid is 0.2*x+0.5, unlike the functional defaults
    from .nn import functional as F

    def hard_swish(x, threshold, scale, offset):
        if (threshold, scale, offset) != (6.0, 6.0, 3.0):
            raise NotImplementedError("_legacy_C_ops.hard_swish: only threshold=6, scale=6, offset=3")
        return F.hardswish(x)

    def swish(x, beta):
        if beta != 1.0:
            raise NotImplementedError("_legacy_C_ops.swish: only beta=1.0")
        return F.silu(x)

    return {
        "hard_swish": _legacy("hard_swish", 1, [("threshold", 6.0), ("scale", 6.0), ("offset", 3.0)], hard_swish),
        "swish": _legacy("swish", 1, [("beta", 1.0)], swish),
        "silu": _legacy("silu", 1, [], F.silu),
        "leaky_relu": _legacy("leaky_relu", 1, [("alpha", 0.02)], F.leaky_relu),
        "hard_sigmoid": _legacy("hard_sigmoid", 1, [("slope", 0.2), ("offset", 0.5)], F.hardsigmoid),
        "relu6": _legacy("relu6", 1, [("threshold", 6.0)], lambda x, threshold: F.hardtanh(x, 0.0, threshold)),
        "gelu": _legacy("gelu", 1, [("approximate", False)], F.gelu),
        "elu": _legacy("elu", 1, [("alpha", 1.0)], F.elu),
        "softplus": _legacy("softplus", 1, [("beta", 1.0), ("threshold", 20.0)], F.softplus),
        "mish": _legacy("mish", 1, [("threshold", 20.0)], lambda x, threshold: F.mish(x)),
    }


_ACTIVATIONS = None


def _elementwise(name, modern):
    # Paddle's axis=-1 is numpy broadcasting, the only alignment the public ops honour
    def call(x, y, axis):
        if axis != -1:
            raise NotImplementedError(f"_legacy_C_ops.{name}: axis={axis} is not supported (only -1)")
        return modern(x, y)

    return _legacy(name, 2, [("axis", -1)], call)


for _name, _modern in (("elementwise_add", "add"), ("elementwise_sub", "subtract"), ("elementwise_mul", "multiply"),
                       ("elementwise_div", "divide")):
    _OPS[_name] = _elementwise(_name, _c(_modern))


def __getattr__(name):
    global _ACTIVATIONS
    if name in _OPS:
        return _OPS[name]
    if _ACTIVATIONS is None:
        _ACTIVATIONS = _activation_ops()
    try:
        return _ACTIVATIONS[name]
    except KeyError:
        raise AttributeError(
            f"module 'paddle._legacy_C_ops' has no attribute '{name}' (paddle-compat maps the legacy C ops model "
            f"code calls directly; use the public paddle API for '{name}')"
        ) from None


def __dir__():
    return sorted(set(_OPS) | {"hard_swish", "swish", "silu", "leaky_relu", "hard_sigmoid", "relu6", "gelu", "elu",
                               "softplus", "mish"})


__all__ = []
