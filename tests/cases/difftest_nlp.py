"""Goldens from differential testing of NLP-style Paddle scripts (text classification, seq2seq, losses):
label / input validation of the loss functions (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case, layer

F = "paddle.nn.functional."
CASES = []
add = CASES.append

LOG = T("float32", (4, 5), low=-2, high=2)
BAD_HI = T("int64", (4,), values=[0, 1, 7, 2])
BAD_LO = T("int64", (4,), values=[0, -1, 2, 3])
BAD_HI2 = T("int64", (4, 1), values=[[0], [5], [2], [-3]])
# cross_entropy / softmax_with_cross_entropy: a label outside [0, C) is Paddle's OutOfRange -> IndexError, on
# every path (fast mean/sum path, reduction="none", weight, ignore_index, use_softmax=False)
for lab in (BAD_HI, BAD_LO):
    add(case(F + "cross_entropy", LOG, lab, raises="IndexError"))
    add(case(F + "cross_entropy", LOG, lab, reduction="none", raises="IndexError"))
    add(case(F + "cross_entropy", LOG, lab, reduction="sum", ignore_index=0, raises="IndexError"))
    add(case(F + "cross_entropy", LOG, lab, weight=T("float32", (5,), low=0.5, high=1.5), raises="IndexError"))
    add(case(F + "cross_entropy", T("float32", (4, 5), low=0.1, high=1), lab, use_softmax=False,
             raises="IndexError"))
    # label_smoothing goes through one_hot: InvalidArgument -> ValueError
    add(case(F + "cross_entropy", LOG, lab, label_smoothing=0.1, raises="ValueError"))
add(case(F + "cross_entropy", LOG, BAD_HI2, raises="IndexError"))
add(case(F + "softmax_with_cross_entropy", LOG, BAD_HI2, raises="IndexError"))
add(case(F + "softmax_with_cross_entropy", LOG, BAD_HI2, ignore_index=5, raises="IndexError"))
add(case(F + "cross_entropy", LOG, T("int64", (4,), values=[0, -100, 4, 3]), reduction="none", grad=True))
# soft labels / label shapes not matching the logits: InvalidArgument -> ValueError
add(case(F + "cross_entropy", LOG, T("float32", (4, 3), low=0, high=1), soft_label=True, raises="ValueError"))
add(case(F + "cross_entropy", LOG, T("float32", (3, 5), low=0, high=1), soft_label=True, raises="ValueError"))
add(case(F + "softmax_with_cross_entropy", LOG, T("float32", (4, 4), low=0, high=1), soft_label=True,
         raises="ValueError"))
add(case(F + "cross_entropy", LOG, T("int64", (3,), low=0, high=5), raises="ValueError"))
add(case(F + "cross_entropy", LOG, T("int64", (3, 1), low=0, high=5), reduction="none", raises="ValueError"))
# nll_loss reads the label as int64 only
LSM = T("float32", (4, 5), low=-3, high=-0.1)
add(case(F + "nll_loss", LSM, T("int32", (4,), low=0, high=5), raises="ValueError"))
add(case(F + "nll_loss", LSM, T("float32", (4,), values=[0.0, 1.0, 2.0, 3.0]), reduction="none", raises="ValueError"))
add(case(F + "nll_loss", LSM, T("int64", (4,), low=0, high=5), reduction="none", grad=True))
# binary_cross_entropy: inputs outside [0, 1] are rejected (InvalidArgument -> ValueError)
PROB = T("float32", (3, 4), low=0.05, high=0.95)
TGT = T("float32", (3, 4), low=0, high=1)
add(case(F + "binary_cross_entropy", T("float32", (3, 4), low=0.5, high=1.5), TGT, raises="ValueError"))
add(case(F + "binary_cross_entropy", T("float32", (3, 4), low=-1, high=-0.1), TGT, reduction="none",
         raises="ValueError"))
add(case(F + "binary_cross_entropy", PROB, TGT, weight=T("float32", (4,), low=0.5, high=1.5), grad=True))
add(case(F + "binary_cross_entropy", T("float32", (2,), values=[0.0, 1.0]), T("float32", (2,), values=[0.0, 1.0]),
         reduction="none"))

# ---- embedding ids must be int32/int64: Paddle's kernel raises (Unimplemented) -> NotImplementedError
EW = T("float32", (6, 3))
add(case(F + "embedding", T("float32", (3,), values=[0.0, 1.0, 2.0]), EW, raises="NotImplementedError"))
add(case(F + "embedding", T("bool", (2,), values=[True, False]), EW, raises="NotImplementedError"))
add(case(F + "embedding", T("int32", (2, 2), low=0, high=6), EW, padding_idx=1, grad=True))

# ---- RNN input / state dtype and size mismatches: Paddle's kernels raise InvalidArgument -> ValueError
X32 = T("float32", (2, 3, 4))
X64 = T("float64", (2, 3, 4))
add(layer("paddle.nn.GRU", 4, 3, inputs=[X64], raises="ValueError"))
add(layer("paddle.nn.LSTM", 4, 3, direction="bidirect", inputs=[X64], raises="ValueError"))
add(layer("paddle.nn.LSTM", 4, 3, inputs=[X32, (T("float64", (1, 2, 3)), T("float64", (1, 2, 3)))],
          raises="ValueError"))
add(layer("paddle.nn.SimpleRNN", 4, 3, inputs=[X32, T("float64", (1, 2, 3))], raises="ValueError"))
add(layer("paddle.nn.LSTMCell", 4, 3, inputs=[T("float32", (2, 5))], raises="ValueError"))
add(layer("paddle.nn.GRUCell", 4, 3, inputs=[T("float32", (2, 3))], raises="ValueError"))
add(layer("paddle.nn.SimpleRNNCell", 4, 3, inputs=[T("float32", (2, 6))], raises="ValueError"))
add(layer("paddle.nn.GRUCell", 4, 3, inputs=[T("float64", (2, 4))], raises="ValueError"))

# ---- Transformer constructors check their arguments with assert -> AssertionError
add(layer("paddle.nn.MultiHeadAttention", 8, 3, raises="AssertionError"))
add(layer("paddle.nn.MultiHeadAttention", 0, 2, raises="AssertionError"))
add(layer("paddle.nn.MultiHeadAttention", 8, 0, raises="AssertionError"))
add(layer("paddle.nn.TransformerEncoderLayer", 8, 3, 16, raises="AssertionError"))
add(layer("paddle.nn.TransformerEncoderLayer", 8, 2, 0, raises="AssertionError"))
add(layer("paddle.nn.TransformerEncoderLayer", 8, 2, 16, weight_attr=[None, None, None], raises="AssertionError"))
add(layer("paddle.nn.TransformerDecoderLayer", 8, -1, 16, raises="AssertionError"))
add(layer("paddle.nn.Transformer", 0, 2, raises="AssertionError"))
add(layer("paddle.nn.Transformer", 8, 2, weight_attr=[None, None, None, None], raises="AssertionError"))
# an attention mask that does not broadcast against [B, H, Lq, Lk]: InvalidArgument -> ValueError
add(layer("paddle.nn.MultiHeadAttention", 8, 2, inputs=[T("float32", (2, 3, 8)), None, None,
                                                        T("bool", (2, 1, 3, 4))], raises="ValueError"))
