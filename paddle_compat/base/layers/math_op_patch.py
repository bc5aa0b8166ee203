"""``paddle.base.layers.math_op_patch``: Paddle installs the operators of static Variables here;
paddle-compat's static Variables are Tensors, whose class defines them."""

__all__ = []


def monkey_patch_variable():
    """Nothing to install: the Tensor class defines the operators."""
