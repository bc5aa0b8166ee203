"""``paddle.regularizer``: weight-decay terms added to a parameter's gradient by the optimizer."""

__all__ = ["L1Decay", "L2Decay"]


def _check_coeff(coeff):
    if coeff is None:
        raise TypeError("coeff of a regularizer must be a float, but received None")
    return coeff


class WeightDecayRegularizer:
    """Base class: ``regularizer(param, grad, block)`` returns the term added to ``grad``."""

    def __init__(self):
        pass

    def __call__(self, param, grad, block=None):
        raise NotImplementedError()

    def __str__(self):
        raise NotImplementedError()

    # foreach form used by the optimizers: returns the new gradients (torch tensors)
    def _apply_foreach(self, params, grads):
        raise NotImplementedError()


class L1Decay(WeightDecayRegularizer):
    """grad += coeff * sign(param)."""

    def __init__(self, coeff=0.0):
        super().__init__()
        self._coeff = _check_coeff(coeff)

    def __call__(self, param, grad, block=None):
        from ._core import wrap

        return wrap(param._t.detach().sign() * self._coeff)

    def _apply_foreach(self, params, grads):
        import torch

        signs = torch._foreach_sign(params)
        return torch._foreach_add(grads, signs, alpha=self._coeff)

    def __str__(self):
        return "L1Decay, coeff=%f" % self._coeff


class L2Decay(WeightDecayRegularizer):
    """grad += coeff * param."""

    def __init__(self, coeff=0.0):
        super().__init__()
        self._coeff = _check_coeff(coeff)

    def __call__(self, param, grad, block=None):
        from ._core import wrap

        return wrap(param._t.detach() * self._coeff)

    def _apply_foreach(self, params, grads):
        import torch

        return torch._foreach_add(grads, params, alpha=self._coeff)

    def __str__(self):
        return "L2Decay, coeff=%f" % self._coeff
