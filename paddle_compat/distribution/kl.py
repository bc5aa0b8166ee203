"""``kl_divergence`` dispatch on (type(p), type(q)) and ``register_kl``, most specific pair first."""

import functools
import warnings

from .continuous import Beta, Cauchy, Dirichlet, Laplace, LogNormal, Normal, Uniform
from .discrete import Bernoulli, Categorical, Geometric
from .distribution import Distribution, ExponentialFamily, sum_rightmost

__all__ = ["register_kl", "kl_divergence"]

_REGISTER_TABLE = {}


def kl_divergence(p, q):
    return _dispatch(type(p), type(q))(p, q)


def register_kl(cls_p, cls_q):
    if not (
        isinstance(cls_p, type)
        and isinstance(cls_q, type)
        and issubclass(cls_p, Distribution)
        and issubclass(cls_q, Distribution)
    ):
        raise TypeError("cls_p and cls_q must be subclass of Distribution")

    def decorator(f):
        _REGISTER_TABLE[cls_p, cls_q] = f
        return f

    return decorator


@functools.total_ordering
class _Specificity:
    def __init__(self, *classes):
        self.classes = classes

    def __eq__(self, other):
        return self.classes == other.classes

    def __le__(self, other):
        for x, y in zip(self.classes, other.classes):
            if not issubclass(x, y):
                return False
            if x is not y:
                break
        return True


def _dispatch(cls_p, cls_q):
    matches = [(p, q) for p, q in _REGISTER_TABLE if issubclass(cls_p, p) and issubclass(cls_q, q)]
    if not matches:
        raise NotImplementedError(f"no kl_divergence registered for ({cls_p.__name__}, {cls_q.__name__})")
    left_p, left_q = min(_Specificity(*m) for m in matches).classes
    right_p, right_q = min(_Specificity(*reversed(m)) for m in matches).classes
    if _REGISTER_TABLE[left_p, left_q] is not _REGISTER_TABLE[right_p, right_q]:
        warnings.warn(
            f"Ambiguous kl_divergence({cls_p.__name__}, {cls_q.__name__}). Please register_kl("
            f"{left_p.__name__}, {right_q.__name__})",
            RuntimeWarning,
        )
    return _REGISTER_TABLE[left_p, left_q]


def _delegate(p, q):
    return p.kl_divergence(q)


for _cls in (Bernoulli, Categorical, Cauchy, Normal, Uniform, Laplace, Geometric):
    register_kl(_cls, _cls)(_delegate)


@register_kl(Beta, Beta)
def _kl_beta_beta(p, q):
    return (
        (q.alpha.lgamma() + q.beta.lgamma() + (p.alpha + p.beta).lgamma())
        - (p.alpha.lgamma() + p.beta.lgamma() + (q.alpha + q.beta).lgamma())
        + (p.alpha - q.alpha) * p.alpha.digamma()
        + (p.beta - q.beta) * p.beta.digamma()
        + ((q.alpha + q.beta) - (p.alpha + p.beta)) * (p.alpha + p.beta).digamma()
    )


@register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(p, q):
    pc, qc = p.concentration, q.concentration
    return (
        (pc.sum(-1).lgamma() - qc.sum(-1).lgamma())
        - (pc.lgamma() - qc.lgamma()).sum(-1)
        + ((pc - qc) * (pc.digamma() - pc.sum(-1).digamma().unsqueeze(-1))).sum(-1)
    )


@register_kl(ExponentialFamily, ExponentialFamily)
def _kl_expfamily_expfamily(p, q):
    from ..autograd import grad

    if type(p) is not type(q):
        raise NotImplementedError
    p_params = p._natural_parameters_recording_grad()
    p_log_norm = p._log_normalizer(*p_params)
    try:
        p_grads = grad(p_log_norm, p_params, create_graph=True)
    except RuntimeError as e:
        raise TypeError(
            f"Cann't compute kl_divergence({type(p).__name__}, {type(q).__name__}) use bregman "
            f"divergence. Please register_kl({type(p).__name__}, {type(q).__name__})."
        ) from e
    kl = q._log_normalizer(*q._natural_parameters) - p_log_norm
    for p_param, q_param, p_grad in zip(p_params, q._natural_parameters, p_grads):
        kl -= sum_rightmost((q_param - p_param) * p_grad, len(q.event_shape))
    return kl


@register_kl(LogNormal, LogNormal)
def _kl_lognormal_lognormal(p, q):
    return p._base.kl_divergence(q._base)
