from . import activation, common, container, conv, distance, layers, loss, norm, pooling, rnn, transformer, vision
from .activation import *
from .common import *
from .container import *
from .conv import *
from .distance import *
from .layers import *
from .loss import *
from .norm import *
from .pooling import *
from .rnn import *
from .transformer import *
from .vision import *
