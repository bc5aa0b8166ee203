"""``paddle.base.lod_tensor``: ``create_lod_tensor`` / ``create_random_int_lodtensor`` build LoDTensors whose
LoD (per-sequence offsets) is their point; paddle-compat's executor tensors carry no LoD, so they raise
NotImplementedError (feed padded numpy arrays instead)."""

from .._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.base.lod_tensor", ["create_lod_tensor", "create_random_int_lodtensor"],
                       "LoD (variable-length sequences) is not supported by paddle-compat's executor")
