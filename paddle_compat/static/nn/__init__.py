"""``paddle.static.nn``: static-graph layer functions (later milestone with paddle.static on torch.fx)."""

from ..._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.static.nn", [
    "fc", "batch_norm", "bilinear_tensor_product", "embedding", "case", "cond", "static_pylayer", "conv2d",
    "conv2d_transpose", "conv3d", "conv3d_transpose", "data_norm", "deform_conv2d", "group_norm", "instance_norm",
    "layer_norm", "nce", "prelu", "py_func", "row_conv", "spectral_norm", "switch_case", "while_loop",
    "sparse_embedding", "sequence_conv", "sequence_softmax", "sequence_pool", "sequence_concat",
    "sequence_first_step", "sequence_last_step", "sequence_slice", "sequence_expand", "sequence_expand_as",
    "sequence_pad", "sequence_unpad", "sequence_reshape", "sequence_scatter", "sequence_enumerate",
    "sequence_reverse",
], "paddle.static (Program/Executor on torch.fx) is a later milestone")
