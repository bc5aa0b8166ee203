"""``paddle.distribution``: probability distributions, transforms and KL divergence on our tensor ops."""

from . import (
    bernoulli,
    beta,
    categorical,
    cauchy,
    dirichlet,
    exponential_family,
    geometric,
    gumbel,
    independent,
    kl,
    laplace,
    lognormal,
    multinomial,
    normal,
    transform,
    transformed_distribution,
    uniform,
)
from .continuous import Beta, Cauchy, Dirichlet, Gumbel, Laplace, LogNormal, Normal, Uniform
from .discrete import Bernoulli, Categorical, Geometric, Multinomial
from .distribution import Distribution, ExponentialFamily
from .kl import kl_divergence, register_kl
from .transform import (
    AbsTransform,
    AffineTransform,
    ChainTransform,
    ExpTransform,
    IndependentTransform,
    PowerTransform,
    ReshapeTransform,
    SigmoidTransform,
    SoftmaxTransform,
    StackTransform,
    StickBreakingTransform,
    TanhTransform,
    Transform,
)
from .transformed_distribution import Independent, TransformedDistribution

__all__ = [
    "Bernoulli",
    "Beta",
    "Categorical",
    "Cauchy",
    "Dirichlet",
    "Distribution",
    "ExponentialFamily",
    "Multinomial",
    "Normal",
    "Uniform",
    "kl_divergence",
    "register_kl",
    "Independent",
    "TransformedDistribution",
    "Laplace",
    "LogNormal",
    "Gumbel",
    "Geometric",
    *transform.__all__,
]
