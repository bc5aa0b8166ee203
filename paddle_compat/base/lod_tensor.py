"""``paddle.base.lod_tensor``: LoD tensors belong to the static-graph executor."""

from .._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.base.lod_tensor", ["create_lod_tensor", "create_random_int_lodtensor"],
                       "LoD tensors of the static-graph executor: a later milestone")
