"""``paddle.nn`` loss layers (Paddle's ``nn/layer/loss.py``)."""

from ..._core.dtypes import get_default_dtype
from .. import functional as F
from .layers import Layer

__all__ = [
    "BCEWithLogitsLoss", "CrossEntropyLoss", "HSigmoidLoss", "MSELoss", "L1Loss", "NLLLoss", "PoissonNLLLoss",
    "BCELoss", "KLDivLoss", "MarginRankingLoss", "MultiLabelSoftMarginLoss", "CTCLoss", "RNNTLoss",
    "SmoothL1Loss", "HingeEmbeddingLoss", "CosineEmbeddingLoss", "MultiMarginLoss",
    "TripletMarginWithDistanceLoss", "TripletMarginLoss", "SoftMarginLoss", "GaussianNLLLoss",
]


def _check(reduction, msg):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(msg.format(reduction))


_STD = "The value of 'reduction' in {} should be 'sum', 'mean' or 'none', but received {{}}, which is not allowed."


class BCEWithLogitsLoss(Layer):
    def __init__(self, weight=None, reduction="mean", pos_weight=None, name=None):
        _check(reduction, _STD.format("BCEWithLogitsLoss"))
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.pos_weight = pos_weight
        self.name = name

    def forward(self, logit, label):
        return F.binary_cross_entropy_with_logits(logit, label, self.weight, self.reduction, self.pos_weight,
                                                  self.name)


class CrossEntropyLoss(Layer):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", soft_label=False, axis=-1,
                 use_softmax=True, label_smoothing=0.0, name=None):
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.ignore_index = ignore_index
        self.soft_label = soft_label
        self.axis = axis
        self.use_softmax = use_softmax
        self.label_smoothing = label_smoothing
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.cross_entropy(input, label, weight=self.weight, ignore_index=self.ignore_index,
                               reduction=self.reduction, soft_label=self.soft_label, axis=self.axis,
                               use_softmax=self.use_softmax, label_smoothing=self.label_smoothing, name=self.name)


class HSigmoidLoss(Layer):
    def __init__(self, feature_size, num_classes, weight_attr=None, bias_attr=None, is_custom=False,
                 is_sparse=False, name=None):
        super().__init__()
        if (num_classes < 2) and (not is_custom):
            raise ValueError("num_classes must not be less than 2 with default tree")
        if (not is_custom) and is_sparse:
            print("Sparse mode should not be used without custom tree")
            is_sparse = False
        self._feature_size = feature_size
        self._num_classes = num_classes
        self._is_custom = is_custom
        self._is_sparse = is_sparse
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._name = name
        self._dtype = get_default_dtype()
        print("With sparse mode, if your models has only small parameter prefetch may cause speed down")
        c = self._num_classes if is_custom else self._num_classes - 1
        self.weight = self.create_parameter([c, self._feature_size], attr=self._weight_attr, is_bias=False,
                                            dtype=self._dtype)
        self.bias = self.create_parameter([c, 1], attr=self._bias_attr, is_bias=True, dtype=self._dtype)

    def forward(self, input, label, path_table=None, path_code=None):  # noqa: A002
        return F.hsigmoid_loss(input, label, self._num_classes, self.weight, self.bias, path_table=path_table,
                               path_code=path_code, is_sparse=self._is_sparse, name=self._name)


class MSELoss(Layer):
    def __init__(self, reduction="mean"):
        super().__init__()
        _check(reduction, "'reduction' in 'MSELoss' should be 'sum', 'mean' or 'none', but received {}.")
        self.reduction = reduction

    def forward(self, input, label):  # noqa: A002
        return F.mse_loss(input, label, self.reduction)


class L1Loss(Layer):
    def __init__(self, reduction="mean", name=None):
        _check(reduction, _STD.format("L1Loss"))
        super().__init__()
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.l1_loss(input, label, self.reduction, name=self.name)


class BCELoss(Layer):
    def __init__(self, weight=None, reduction="mean", name=None):
        _check(reduction, _STD.format("bce_loss"))
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.binary_cross_entropy(input, label, self.weight, self.reduction, self.name)


class NLLLoss(Layer):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", name=None):
        _check(reduction, _STD.format("nll_loss"))
        super().__init__()
        self._weight = weight
        self._ignore_index = ignore_index
        self._reduction = reduction
        self._name = name

    def forward(self, input, label):  # noqa: A002
        return F.nll_loss(input, label, weight=self._weight, ignore_index=self._ignore_index,
                          reduction=self._reduction, name=self._name)


class PoissonNLLLoss(Layer):
    def __init__(self, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
        if epsilon <= 0:
            raise ValueError(
                f"The value of `epsilon` in PoissonNLLLoss should be positve, but received {epsilon:f}, which is "
                "not allowed"
            )
        _check(reduction, _STD.format("PoissonNLLLoss"))
        super().__init__()
        self._log_input = log_input
        self._full = full
        self._epsilon = epsilon
        self._reduction = reduction
        self._name = name

    def forward(self, input, label):  # noqa: A002
        return F.poisson_nll_loss(input, label, log_input=self._log_input, full=self._full, epsilon=self._epsilon,
                                  reduction=self._reduction, name=self._name)


class KLDivLoss(Layer):
    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = reduction

    def forward(self, input, label):  # noqa: A002
        return F.kl_div(input, label, self.reduction)


class MarginRankingLoss(Layer):
    def __init__(self, margin=0.0, reduction="mean", name=None):
        _check(reduction, _STD.format("MarginRankingLoss"))
        super().__init__()
        self.margin = margin
        self.reduction = reduction
        self.name = name

    def forward(self, input, other, label):  # noqa: A002
        return F.margin_ranking_loss(input, other, label, self.margin, self.reduction, self.name)


class CTCLoss(Layer):
    def __init__(self, blank=0, reduction="mean"):
        super().__init__()
        self.blank = blank
        self.reduction = reduction

    def forward(self, log_probs, labels, input_lengths, label_lengths, norm_by_times=False):
        return F.ctc_loss(log_probs, labels, input_lengths, label_lengths, self.blank, self.reduction,
                          norm_by_times=norm_by_times)


class RNNTLoss(Layer):
    def __init__(self, blank=0, fastemit_lambda=0.001, reduction="mean", name=None):
        super().__init__()
        self.blank = blank
        self.reduction = reduction
        self.fastemit_lambda = fastemit_lambda
        self.name = name

    def forward(self, input, label, input_lengths, label_lengths):  # noqa: A002
        return F.rnnt_loss(input, label, input_lengths, label_lengths, blank=self.blank,
                           fastemit_lambda=self.fastemit_lambda, reduction=self.reduction, name=self.name)


class SmoothL1Loss(Layer):
    def __init__(self, reduction="mean", delta=1.0, name=None):
        super().__init__()
        self.reduction = reduction
        self.delta = delta
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.smooth_l1_loss(input, label, reduction=self.reduction, delta=self.delta, name=self.name)


class MultiLabelSoftMarginLoss(Layer):
    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__()
        _check(reduction, "'reduction' in 'MultiLabelSoftMarginloss' should be 'sum', 'mean' or 'none', but "
                          "received {}.")
        self.weight = weight
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.multi_label_soft_margin_loss(input, label, weight=self.weight, reduction=self.reduction,
                                              name=self.name)


class HingeEmbeddingLoss(Layer):
    def __init__(self, margin=1.0, reduction="mean", name=None):
        super().__init__()
        self.margin = margin
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.hinge_embedding_loss(input, label, reduction=self.reduction, margin=self.margin, name=self.name)


class CosineEmbeddingLoss(Layer):
    def __init__(self, margin=0, reduction="mean", name=None):
        if margin > 1 or margin < -1:
            raise ValueError(
                f"The value of 'margin' should be in the interval of [-1, 1], but received {margin}, which is not "
                "allowed."
            )
        _check(reduction, "The value of 'reduction' should be 'sum', 'mean' or 'none', but received {}, which is "
                          "not allowed.")
        super().__init__()
        self.margin = margin
        self.reduction = reduction
        self.name = name

    def forward(self, input1, input2, label):
        return F.cosine_embedding_loss(input1, input2, label, margin=self.margin, reduction=self.reduction,
                                       name=self.name)


class TripletMarginWithDistanceLoss(Layer):
    def __init__(self, distance_function=None, margin=1.0, swap=False, reduction: str = "mean", name=None):
        super().__init__()
        _check(reduction, "The value of 'reduction' in TripletMarginWithDistanceLoss should be 'sum', 'mean' or "
                          "'none', but received {}, which is not allowed.")
        self.margin = margin
        self.swap = swap
        self.reduction = reduction
        self.distance_function = distance_function
        self.name = name

    def forward(self, input, positive, negative):  # noqa: A002
        # Paddle 2.6 does not forward ``distance_function`` here (the default distance is used).
        return F.triplet_margin_with_distance_loss(input, positive, negative, margin=self.margin, swap=self.swap,
                                                   reduction=self.reduction, name=self.name)


class TripletMarginLoss(Layer):
    def __init__(self, margin=1.0, p=2.0, epsilon=1e-6, swap=False, reduction="mean", name=None):
        super().__init__()
        _check(reduction, "The value of 'reduction' in TripletMarginLoss should be 'sum', 'mean' or 'none', but "
                          "received {}, which is not allowed.")
        self.margin = margin
        self.p = p
        self.epsilon = epsilon
        self.swap = swap
        self.reduction = reduction
        self.name = name

    def forward(self, input, positive, negative):  # noqa: A002
        return F.triplet_margin_loss(input, positive, negative, margin=self.margin, p=self.p, epsilon=self.epsilon,
                                     swap=self.swap, reduction=self.reduction, name=self.name)


class MultiMarginLoss(Layer):
    def __init__(self, p: int = 1, margin: float = 1.0, weight=None, reduction="mean", name=None):
        super().__init__()
        _check(reduction, "'reduction' in 'MultiMarginLoss' should be 'sum', 'mean' or 'none', but received {}.")
        self.p = p
        self.margin = margin
        self.weight = weight
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.multi_margin_loss(input, label, p=self.p, margin=self.margin, weight=self.weight,
                                   reduction=self.reduction, name=self.name)


class SoftMarginLoss(Layer):
    def __init__(self, reduction="mean", name=None):
        _check(reduction, _STD.format("SoftMarginLoss"))
        super().__init__()
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.soft_margin_loss(input, label, self.reduction, self.name)


class GaussianNLLLoss(Layer):
    def __init__(self, full=False, epsilon=1e-6, reduction="mean", name=None):
        _check(reduction, "The value of 'reduction' in GaussianNLLLoss should be 'sum', 'mean' or 'none', but "
                          "received {}, which is not allowed.")
        super().__init__()
        self.full = full
        self.epsilon = epsilon
        self.reduction = reduction
        self.name = name

    def forward(self, input, label, variance):  # noqa: A002
        return F.gaussian_nll_loss(input, label, variance, self.full, self.epsilon, self.reduction, self.name)
