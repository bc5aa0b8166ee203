"""``paddle.fluid.initializer``: the 2.4 initializers, which 2.6.2 keeps (same arguments) in
``paddle.nn.initializer``: ``Constant``/``ConstantInitializer``, ``Normal``/``NormalInitializer(loc, scale)``,
``Uniform``/``UniformInitializer(low, high)``, ``Xavier``/``XavierInitializer``, ``MSRA``/``MSRAInitializer``,
``TruncatedNormal(Initializer)``, ``NumpyArrayInitializer``, ``Bilinear``."""

from ._alias import make_getattr

_TABLE = {
    "Constant": "paddle.nn.initializer.ConstantInitializer",
    "ConstantInitializer": "paddle.nn.initializer.ConstantInitializer",
    "Normal": "paddle.nn.initializer.NormalInitializer", "NormalInitializer": "paddle.nn.initializer.NormalInitializer",
    "Uniform": "paddle.nn.initializer.UniformInitializer",
    "UniformInitializer": "paddle.nn.initializer.UniformInitializer",
    "Xavier": "paddle.nn.initializer.XavierInitializer", "XavierInitializer": "paddle.nn.initializer.XavierInitializer",
    "MSRA": "paddle.nn.initializer.MSRAInitializer", "MSRAInitializer": "paddle.nn.initializer.MSRAInitializer",
    "TruncatedNormal": "paddle.nn.initializer.TruncatedNormalInitializer",
    "TruncatedNormalInitializer": "paddle.nn.initializer.TruncatedNormalInitializer",
    "NumpyArrayInitializer": "paddle.nn.initializer.NumpyArrayInitializer",
    "Bilinear": "paddle.nn.initializer.Bilinear", "BilinearInitializer": "paddle.nn.initializer.Bilinear",
    "Initializer": "paddle.nn.initializer.Initializer",
    "set_global_initializer": "paddle.nn.initializer.set_global_initializer",
}
__getattr__ = make_getattr("paddle.fluid.initializer", _TABLE, {}, globals())
__all__ = []
