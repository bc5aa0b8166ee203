"""``paddle.fluid.optimizer``: Paddle 2.4's ``SGD``/``SGDOptimizer``, ``Momentum``/``MomentumOptimizer`` and
``Adam``/``AdamOptimizer`` as thin subclasses of ``paddle.optimizer.SGD``/``Momentum``/``Adam`` taking the 2.4
argument names (``parameter_list`` -> ``parameters``, ``regularization`` -> ``weight_decay``; signatures from
the Paddle 2.4 API reference -- there is no 2.4 oracle here). Other fluid optimizers raise AttributeError naming
the ``paddle.optimizer`` class."""

from ..optimizer import SGD as _SGD
from ..optimizer import Adam as _Adam
from ..optimizer import Momentum as _Momentum
from ._alias import make_getattr


class SGDOptimizer(_SGD):
    def __init__(self, learning_rate, parameter_list=None, regularization=None, grad_clip=None, name=None):
        super().__init__(learning_rate=learning_rate, parameters=parameter_list, weight_decay=regularization,
                         grad_clip=grad_clip, name=name)


class MomentumOptimizer(_Momentum):
    def __init__(self, learning_rate, momentum, parameter_list=None, use_nesterov=False, regularization=None,
                 grad_clip=None, name=None):
        super().__init__(learning_rate=learning_rate, momentum=momentum, parameters=parameter_list,
                         use_nesterov=use_nesterov, weight_decay=regularization, grad_clip=grad_clip, name=name)


class AdamOptimizer(_Adam):
    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, parameter_list=None,
                 regularization=None, grad_clip=None, name=None, lazy_mode=False):
        super().__init__(learning_rate=learning_rate, beta1=beta1, beta2=beta2, epsilon=epsilon,
                         parameters=parameter_list, weight_decay=regularization, grad_clip=grad_clip,
                         lazy_mode=lazy_mode, name=name)


SGD, Momentum, Adam = SGDOptimizer, MomentumOptimizer, AdamOptimizer
for _cls in (SGDOptimizer, MomentumOptimizer, AdamOptimizer):
    _cls.__module__ = "paddle.fluid.optimizer"
del _cls

_HINTS = {name: f"paddle.optimizer.{target}(learning_rate, ..., parameters=, weight_decay=)" for name, target in {
    "Adagrad": "Adagrad", "AdagradOptimizer": "Adagrad", "RMSProp": "RMSProp", "RMSPropOptimizer": "RMSProp",
    "Adamax": "Adamax", "AdamaxOptimizer": "Adamax", "Adadelta": "Adadelta", "AdadeltaOptimizer": "Adadelta",
    "Lamb": "Lamb", "LambOptimizer": "Lamb", "LarsMomentum": "Momentum", "LarsMomentumOptimizer": "Momentum",
    "Ftrl": "SGD", "FtrlOptimizer": "SGD", "DecayedAdagrad": "Adagrad", "DecayedAdagradOptimizer": "Adagrad",
    "Dpsgd": "SGD", "DpsgdOptimizer": "SGD", "ModelAverage": "SGD", "ExponentialMovingAverage": "SGD",
    "LookaheadOptimizer": "SGD", "RecomputeOptimizer": "SGD", "PipelineOptimizer": "SGD",
}.items()}
_HINTS["ExponentialMovingAverage"] = "paddle.static.ExponentialMovingAverage"
__getattr__ = make_getattr("paddle.fluid.optimizer", {}, _HINTS, globals())
__all__ = ["SGD", "SGDOptimizer", "Momentum", "MomentumOptimizer", "Adam", "AdamOptimizer"]
