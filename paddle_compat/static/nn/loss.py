"""``paddle.static.nn.nce``: noise-contrastive estimation (Paddle's ``nce`` operator, then ``cost / (k + 1)``).

The negative classes are drawn with torch's generator, so the sampled cost differs from Paddle's run for the same
seed; parameters, shapes and the formula are Paddle's."""

import numpy as np

from ...base.data_feeder import check_variable_and_dtype
from ...base.layer_helper import LayerHelper
from .common import static_only

__all__ = []


def _alias_table(probs):
    """Walker's alias table of ``probs`` (the layout Paddle's custom_dist sampler reads): (alias, alias_probs)."""
    n = len(probs)
    scaled = [p * n for p in probs]
    alias, accept = [-1] * n, [1.0] * n
    small = [i for i, p in enumerate(scaled) if p < 1.0]
    large = [i for i, p in enumerate(scaled) if p > 1.0]
    for i, p in enumerate(scaled):
        if p == 1.0:
            accept[i] = p
    while small and large:
        lo, hi = small.pop(0), large.pop(0)
        accept[lo], alias[lo] = scaled[lo], hi
        scaled[hi] = scaled[hi] + scaled[lo] - 1.0
        if scaled[hi] > 1.0:
            large.append(hi)
        elif scaled[hi] < 1.0:
            small.append(hi)
        else:
            accept[hi] = scaled[hi]
    for i in small + large:
        accept[i], alias[i] = 1.0, -1
    return alias, accept


@static_only
def nce(input, label, num_total_classes, sample_weight=None, param_attr=None, bias_attr=None,  # noqa: A002
        num_neg_samples=None, name=None, sampler="uniform", custom_dist=None, seed=0, is_sparse=False):
    from ...nn.initializer import Assign
    from ...nn.param_attr import ParamAttr

    helper = LayerHelper("nce", input=input, label=label, param_attr=param_attr, bias_attr=bias_attr, name=name)
    check_variable_and_dtype(input, "input", ["float32", "float64"], "nce")
    check_variable_and_dtype(label, "label", ["int64"], "nce")
    if len(input.shape) != 2:
        raise ValueError(f"The rank of `input` must be 2, but received {len(input.shape)}.")
    dim = input.shape[1]
    weight = helper.create_parameter(attr=helper.param_attr, shape=[num_total_classes, dim], is_bias=False,
                                     dtype=input.dtype)
    inputs = {}
    if helper.bias_attr:
        inputs["Bias"] = helper.create_parameter(attr=helper.bias_attr, shape=[num_total_classes, 1], is_bias=True,
                                                 dtype=input.dtype)
    cost = helper.create_variable_for_type_inference(dtype=input.dtype)
    sample_logits = helper.create_variable_for_type_inference(dtype=input.dtype)
    sample_labels = helper.create_variable_for_type_inference(dtype=label.dtype)
    inputs.update({"Input": input, "Label": label, "Weight": weight,
                   "SampleWeight": sample_weight if sample_weight is not None else []})
    if sampler == "uniform":
        sampler_code = 0
    elif sampler == "log_uniform":
        sampler_code = 1
    elif sampler == "custom_dist":
        assert custom_dist is not None
        alias, accept = _alias_table(list(custom_dist))

        def constant(array):
            # an int32 parameter cannot be a trainable (grad-requiring) static parameter here; it is
            # stop_gradient anyway, as in Paddle
            attr = ParamAttr() if array.dtype.kind == "f" else ParamAttr(trainable=False)
            param = helper.create_parameter(attr=attr, shape=array.shape, dtype=array.dtype,
                                            default_initializer=Assign(array))
            param.stop_gradient = True
            return param

        inputs["CustomDistProbs"] = constant(np.array(custom_dist).astype("float32"))
        inputs["CustomDistAlias"] = constant(np.array(alias).astype("int32"))
        inputs["CustomDistAliasProbs"] = constant(np.array(accept).astype("float32"))
        sampler_code = 2
    else:
        raise Exception("Unsupported sampler type.")  # noqa: TRY002 - Paddle raises a bare Exception
    num_neg_samples = 10 if num_neg_samples is None else int(num_neg_samples)
    print("With sparse mode, if your models has only small parameter prefetch may cause speed down")
    helper.append_op(type="nce", inputs=inputs,
                     outputs={"Cost": cost, "SampleLogits": sample_logits, "SampleLabels": sample_labels},
                     attrs={"num_total_classes": int(num_total_classes), "num_neg_samples": num_neg_samples,
                            "seed": seed, "sampler": sampler_code, "is_sparse": is_sparse,
                            "remote_prefetch": is_sparse})
    # Paddle's ``cost / (k + 1)`` on a Variable: one scale op whose output is named tmp_<n>
    from ...utils import unique_name

    block = helper.main_program.current_block()
    out = block.create_var(name=unique_name.generate_with_ignorable_key("tmp"), dtype=input.dtype,
                           stop_gradient=False)
    helper.append_op(type="scale", inputs={"X": [cost]}, outputs={"Out": [out]},
                     attrs={"scale": 1.0 / (num_neg_samples + 1), "bias": 0.0, "bias_after_scale": True})
    return out


nce.__module__ = "paddle.static.nn.loss"
