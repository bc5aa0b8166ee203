"""``paddle.optimizer`` and ``paddle.optimizer.lr``."""

from . import lr
from .adadelta import *
from .adagrad import *
from .adam import *
from .adamax import *
from .adamw import *
from .lamb import *
from .lbfgs import *
from .momentum import *
from .optimizer import *
from .rmsprop import *
from .sgd import *

__all__ = ["Optimizer", "Adagrad", "Adam", "AdamW", "Adamax", "RMSProp", "Adadelta", "SGD", "Momentum", "Lamb",
           "LBFGS"]
