"""Fleet metrics: each worker holds partial statistics (numpy arrays, or the names/Variables of scope variables
that hold them); they are summed (or max/min-reduced) over the workers with ``fleet.util.all_reduce`` and the
global metric is computed from the reduced values. Without an initialised group the local values are used."""

import builtins
import math

import numpy as np

__all__ = []


def _defaults(scope, util):
    if scope is None:
        from ....static import global_scope

        scope = global_scope()
    if util is None:
        from ... import fleet

        util = fleet.util
    return scope, util


def _value(x, scope):
    """A scope variable (given by Variable or by name) read as a numpy array; anything else as is."""
    from ....common_ops_import import Variable

    if isinstance(x, Variable):
        return np.array(scope.find_var(x.name).get_tensor())
    if isinstance(x, str):
        return np.array(scope.find_var(x).get_tensor())
    return x


def _reduced(x, mode, util):
    shape = np.array(x.shape)
    return util.all_reduce(x, mode).reshape(shape)


def sum(input, scope=None, util=None):  # noqa: A001, A002 - Paddle's names
    """Element-wise sum of ``input`` over all workers."""
    scope, util = _defaults(scope, util)
    return _reduced(_value(input, scope), "sum", util)


def max(input, scope=None, util=None):  # noqa: A001, A002
    """Element-wise maximum of ``input`` over all workers."""
    scope, util = _defaults(scope, util)
    return _reduced(_value(input, scope), "max", util)


def min(input, scope=None, util=None):  # noqa: A001, A002
    """Element-wise minimum of ``input`` over all workers."""
    scope, util = _defaults(scope, util)
    return _reduced(_value(input, scope), "min", util)


def _global_stat(stat, util):
    shape = np.array(stat.shape)
    return util.all_reduce(stat.reshape(-1), "sum").reshape(shape)


def auc(stat_pos, stat_neg, scope=None, util=None):
    """Global AUC from the positive/negative bucket histograms (shape ``[1, num_buckets]``, as ``paddle.static.auc``
    keeps them): the ROC area by the trapezoid rule, walking the buckets from the highest score down; 0.5 when
    one class is empty."""
    scope, util = _defaults(scope, util)
    stat_pos, stat_neg = _value(stat_pos, scope), _value(stat_neg, scope)
    pos_hist = _global_stat(stat_pos, util)[0]
    neg_hist = _global_stat(stat_neg, util)[0]
    area = 0.0
    pos = neg = 0.0
    total = 0
    for bucket in builtins.range(len(pos_hist) - 1, -1, -1):
        new_pos = pos + pos_hist[bucket]
        new_neg = neg + neg_hist[bucket]
        total += pos_hist[bucket]
        total += neg_hist[bucket]
        area += (new_neg - neg) * (pos + new_pos) / 2
        pos, neg = new_pos, new_neg
    if pos * neg == 0 or total == 0:
        return 0.5
    return area / (pos * neg)


def _ratio(numerator, denominator, scope, util):
    numerator, denominator = _value(numerator, scope), _value(denominator, scope)
    summed = _global_stat(numerator, util)
    count = util.all_reduce(denominator, "sum")
    return float(summed[0]) / float(count[0])


def mae(abserr, total_ins_num, scope=None, util=None):
    """Global mean absolute error: summed absolute error over summed instance count."""
    scope, util = _defaults(scope, util)
    return _ratio(abserr, total_ins_num, scope, util)


def rmse(sqrerr, total_ins_num, scope=None, util=None):
    """Global root mean squared error."""
    scope, util = _defaults(scope, util)
    return math.sqrt(_ratio(sqrerr, total_ins_num, scope, util))


def mse(sqrerr, total_ins_num, scope=None, util=None):
    """Global mean squared error."""
    scope, util = _defaults(scope, util)
    return _ratio(sqrerr, total_ins_num, scope, util)


def acc(correct, total, scope=None, util=None):
    """Global accuracy: summed correct count over summed total count."""
    scope, util = _defaults(scope, util)
    correct, total = _value(correct, scope), _value(total, scope)
    correct = util.all_reduce(correct, "sum")
    total = util.all_reduce(total, "sum")
    return float(correct[0]) / float(total[0])
