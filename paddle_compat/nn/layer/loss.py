"""``paddle.nn`` loss layers (Paddle's ``nn/layer/loss.py``)."""

from ..._core.dtypes import get_default_dtype
from .. import functional as F
from ._codegen import functional_layer, keep_arguments
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


def _check_positive_epsilon(epsilon):
    if epsilon <= 0:
        raise ValueError(
            f"The value of `epsilon` in PoissonNLLLoss should be positve, but received {epsilon:f}, which is "
            "not allowed"
        )


def _check_margin(margin):
    if margin > 1 or margin < -1:
        raise ValueError(
            f"The value of 'margin' should be in the interval of [-1, 1], but received {margin}, which is not "
            "allowed."
        )


def _loss(name, fn, signature, stores, inputs, call=None, before="", after=""):
    """A loss layer over ``fn`` (see functional_layer); ``before`` / ``after`` are its argument checks."""
    return functional_layer(
        name, __name__, fn, signature, stores, inputs=inputs, call=call, before=before, after=after
    )


def _std_check(layer_name):
    return f"_check(reduction, _STD.format({layer_name!r}))"


_INPUT_LABEL = "input, label"

BCEWithLogitsLoss = _loss(
    "BCEWithLogitsLoss", F.binary_cross_entropy_with_logits,
    "weight=None, reduction='mean', pos_weight=None, name=None",
    "weight reduction pos_weight name", "logit, label",
    before=_std_check("BCEWithLogitsLoss"),
)
CrossEntropyLoss = _loss(
    "CrossEntropyLoss", F.cross_entropy, "weight=None, ignore_index=-100, reduction='mean', soft_label=False, "
    "axis=-1, use_softmax=True, label_smoothing=0.0, name=None",
    "weight reduction ignore_index soft_label axis use_softmax label_smoothing name", _INPUT_LABEL,
)


class HSigmoidLoss(Layer):
    def __init__(self, feature_size, num_classes, weight_attr=None, bias_attr=None, is_custom=False,
                 is_sparse=False, name=None):
        super().__init__()
        if (num_classes < 2) and (not is_custom):
            raise ValueError("num_classes must not be less than 2 with default tree")
        if (not is_custom) and is_sparse:
            print("Sparse mode should not be used without custom tree")
            is_sparse = False
        keep_arguments(
            self, locals(), "_feature_size=feature_size _num_classes=num_classes _is_custom=is_custom "
            "_is_sparse=is_sparse _weight_attr=weight_attr _bias_attr=bias_attr _name=name",
        )
        self._dtype = get_default_dtype()
        print("With sparse mode, if your models has only small parameter prefetch may cause speed down")
        c = self._num_classes if is_custom else self._num_classes - 1
        self.weight = self.create_parameter([c, self._feature_size], attr=self._weight_attr, is_bias=False,
                                            dtype=self._dtype)
        self.bias = self.create_parameter([c, 1], attr=self._bias_attr, is_bias=True, dtype=self._dtype)

    def forward(self, input, label, path_table=None, path_code=None):  # noqa: A002
        return F.hsigmoid_loss(input, label, self._num_classes, self.weight, self.bias, path_table=path_table,
                               path_code=path_code, is_sparse=self._is_sparse, name=self._name)


MSELoss = _loss(
    "MSELoss", F.mse_loss, "reduction='mean'", "reduction", _INPUT_LABEL,
    after="_check(reduction, \"'reduction' in 'MSELoss' should be 'sum', 'mean' or 'none', but received {}.\")",
)
L1Loss = _loss(
    "L1Loss", F.l1_loss, "reduction='mean', name=None", "reduction name", _INPUT_LABEL,
    before=_std_check("L1Loss"),
)
BCELoss = _loss(
    "BCELoss", F.binary_cross_entropy, "weight=None, reduction='mean', name=None", "weight reduction name",
    _INPUT_LABEL, before=_std_check("bce_loss"),
)
NLLLoss = _loss(
    "NLLLoss", F.nll_loss, "weight=None, ignore_index=-100, reduction='mean', name=None",
    "_weight=weight _ignore_index=ignore_index _reduction=reduction _name=name", _INPUT_LABEL,
    before=_std_check("nll_loss"),
)
PoissonNLLLoss = _loss(
    "PoissonNLLLoss", F.poisson_nll_loss, "log_input=True, full=False, epsilon=1e-8, reduction='mean', name=None",
    "_log_input=log_input _full=full _epsilon=epsilon _reduction=reduction _name=name", _INPUT_LABEL,
    before="_check_positive_epsilon(epsilon)\n" + _std_check("PoissonNLLLoss"),
)
KLDivLoss = _loss(
    "KLDivLoss", F.kl_div, "reduction='mean'", "reduction", _INPUT_LABEL
)
MarginRankingLoss = _loss(
    "MarginRankingLoss", F.margin_ranking_loss, "margin=0.0, reduction='mean', name=None", "margin reduction name",
    "input, other, label",
    before=_std_check("MarginRankingLoss"),
)
CTCLoss = _loss(
    "CTCLoss", F.ctc_loss, "blank=0, reduction='mean'", "blank reduction",
    "log_probs, labels, input_lengths, label_lengths, norm_by_times=False",
    call="log_probs, labels, input_lengths, label_lengths, self.blank, self.reduction, norm_by_times=norm_by_times",
)
RNNTLoss = _loss(
    "RNNTLoss", F.rnnt_loss, "blank=0, fastemit_lambda=0.001, reduction='mean', name=None",
    "blank reduction fastemit_lambda name", "input, label, input_lengths, label_lengths",
)
SmoothL1Loss = _loss(
    "SmoothL1Loss", F.smooth_l1_loss, "reduction='mean', delta=1.0, name=None", "reduction delta name", _INPUT_LABEL
)
MultiLabelSoftMarginLoss = _loss(
    "MultiLabelSoftMarginLoss", F.multi_label_soft_margin_loss, "weight=None, reduction='mean', name=None",
    "weight reduction name", _INPUT_LABEL,
    after="_check(reduction, \"'reduction' in 'MultiLabelSoftMarginloss' should be 'sum', 'mean' or 'none', but "
    "received {}.\")",
)
HingeEmbeddingLoss = _loss(
    "HingeEmbeddingLoss", F.hinge_embedding_loss, "margin=1.0, reduction='mean', name=None", "margin reduction name",
    _INPUT_LABEL,
)
CosineEmbeddingLoss = _loss(
    "CosineEmbeddingLoss", F.cosine_embedding_loss, "margin=0, reduction='mean', name=None", "margin reduction name",
    "input1, input2, label",
    before="_check_margin(margin)\n_check(reduction, \"The value of 'reduction' should be 'sum', 'mean' or 'none', "
    "but received {}, which is not allowed.\")",
)
TripletMarginWithDistanceLoss = _loss(
    "TripletMarginWithDistanceLoss", F.triplet_margin_with_distance_loss,
    "distance_function=None, margin=1.0, swap=False, reduction: str = 'mean', name=None",
    "margin swap reduction distance_function name", "input, positive, negative",
    # Paddle 2.6 does not forward ``distance_function`` here (the default distance is used).
    call="input, positive, negative, margin=self.margin, swap=self.swap, reduction=self.reduction, name=self.name",
    after=_std_check("TripletMarginWithDistanceLoss"),
)
TripletMarginLoss = _loss(
    "TripletMarginLoss", F.triplet_margin_loss, "margin=1.0, p=2.0, epsilon=1e-6, swap=False, reduction='mean', "
    "name=None", "margin p epsilon swap reduction name", "input, positive, negative",
    after=_std_check("TripletMarginLoss"),
)
MultiMarginLoss = _loss(
    "MultiMarginLoss", F.multi_margin_loss, "p: int = 1, margin: float = 1.0, weight=None, reduction='mean', "
    "name=None", "p margin weight reduction name", _INPUT_LABEL,
    after="_check(reduction, \"'reduction' in 'MultiMarginLoss' should be 'sum', 'mean' or 'none', but received {}.\")",
)
SoftMarginLoss = _loss(
    "SoftMarginLoss", F.soft_margin_loss, "reduction='mean', name=None", "reduction name", _INPUT_LABEL,
    before=_std_check("SoftMarginLoss"),
)
GaussianNLLLoss = _loss(
    "GaussianNLLLoss", F.gaussian_nll_loss, "full=False, epsilon=1e-6, reduction='mean', name=None",
    "full epsilon reduction name", "input, label, variance",
    before=_std_check("GaussianNLLLoss"),
)
