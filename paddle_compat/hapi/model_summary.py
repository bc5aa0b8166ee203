"""``paddle.summary``: Paddle's per-layer table (names, shapes, parameter counts, sizes in MB)."""

import numbers
from collections import OrderedDict

import numpy as np

from .._core import Tensor
from ..static.input import InputSpec

__all__ = ["summary"]


def _all_numbers(items):
    return all(isinstance(i, numbers.Number) for i in items)


def _normalize_input_size(input_size, input):
    if input_size is None and input is None:
        raise ValueError("input_size and input cannot be None at the same time")
    if input_size is None:
        if isinstance(input, Tensor):
            input_size = tuple(input.shape)
        elif isinstance(input, (list, tuple)):
            input_size = [tuple(x.shape) for x in input]
        elif isinstance(input, dict):
            input_size = [tuple(v.shape) for v in input.values()]
        else:
            raise ValueError(
                "Input is not tensor, list, tuple and dict, unable to determine input_size, please input input_size."
            )
    if isinstance(input_size, InputSpec):
        return tuple(input_size.shape)
    if isinstance(input_size, list):
        sizes = []
        for item in input_size:
            if isinstance(item, int):
                item = (item,)
            if isinstance(item, InputSpec):
                sizes.append(tuple(item.shape))
            elif isinstance(item, tuple):
                sizes.append(item)
            else:
                raise TypeError(
                    f"When input_size is list, expect item in input_size is a tuple or InputSpec, but got {type(item)}"
                )
        return sizes
    if isinstance(input_size, int):
        return (input_size,)
    return input_size


def _check_shape(shape):
    unknown = 0
    out = []
    for item in shape:
        if item is None or item == -1:
            unknown += 1
            if unknown > 1:
                raise ValueError("Option input_size only the dim of batch_size can be None or -1.")
            item = 1
        elif isinstance(item, numbers.Number) and item <= 0:
            raise ValueError(f"Expected element in input size greater than zero, but got {item}")
        out.append(item)
    return tuple(out)


def _check_input(input_size):
    if isinstance(input_size, (list, tuple)) and not any(isinstance(i, (list, tuple)) for i in input_size):
        return _check_shape(input_size)
    return [_check_input(i) for i in input_size]


def summary(net, input_size=None, dtypes=None, input=None):  # noqa: A002 - Paddle's argument name
    """Print the summary table of ``net`` and return ``{'total_params', 'trainable_params'}``."""
    sizes = _check_input(_normalize_input_size(input_size, input))
    was_training = net.training
    if was_training:
        net.eval()
    try:
        text, info = summary_string(net, sizes, dtypes, input)
    finally:
        if was_training:
            net.train()
    print(text)
    return info


def _shape_of(x):
    if isinstance(x, Tensor):
        return list(x.shape)
    if isinstance(x, (list, tuple)):
        return [_shape_of(i) for i in x]
    return None


def _output_shape(output):
    if isinstance(output, (list, tuple)):
        return [_output_shape(o) for o in output]
    return list(output.shape) if hasattr(output, "shape") else []


def _build_dtypes(input_size, dtype):
    dtype = dtype or "float32"
    if isinstance(input_size, (list, tuple)) and _all_numbers(input_size):
        return [dtype]
    return [_build_dtypes(i, dtype) for i in input_size]


def _build_input(input_size, dtypes):
    import paddle_compat as paddle

    if isinstance(input_size, (list, tuple)) and _all_numbers(input_size):
        dtype = dtypes[0] if isinstance(dtypes, (list, tuple)) else dtypes
        return paddle.cast(paddle.rand(list(input_size)), dtype)
    return [_build_input(i, d) for i, d in zip(input_size, dtypes)]


def _input_megabytes(input_size):
    if isinstance(input_size, (list, tuple)) and _all_numbers(input_size):
        return abs(np.prod(input_size) * 4.0 / (1024**2.0))
    return sum(_input_megabytes(i) for i in input_size)


def summary_string(model, input_size=None, dtypes=None, input=None):  # noqa: A002
    from ..autograd import no_grad
    from ..nn import LayerList, Sequential

    if not isinstance(dtypes, (list, tuple)):
        dtypes = _build_dtypes(input_size, dtypes)
    depth = len(list(model.sublayers()))
    rows = OrderedDict()
    hooks = []

    def hook(layer, inputs, output):
        class_name = type(layer).__name__
        try:
            layer_idx = int(layer._full_name.split("_")[-1])
        except (AttributeError, ValueError):
            layer_idx = len(rows)
        row = rows.setdefault("%s-%i" % (class_name, layer_idx + 1), OrderedDict())
        row["input_shape"] = _shape_of(inputs) or []
        row["output_shape"] = _output_shape(output)
        params = 0
        row["trainable_params"] = 0
        trainable_seen = False
        for param in layer._parameters.values():
            if param is None:
                continue
            params += np.prod(param.shape)
            if getattr(param, "trainable", True) and not param.stop_gradient:
                row["trainable_params"] += np.prod(param.shape)
                row["trainable"] = True
                trainable_seen = True
            elif not trainable_seen:
                row["trainable"] = False
        row["nb_params"] = params

    def register(layer):
        if not isinstance(layer, (Sequential, LayerList)) and (layer is not model or depth < 1):
            hooks.append(layer.register_forward_post_hook(hook))
        elif getattr(layer, "could_use_cudnn", False):  # SimpleRNN/LSTM/GRU are LayerLists: Paddle lists them too
            hooks.append(layer.register_forward_post_hook(hook))

    if isinstance(input_size, tuple):
        input_size = [input_size]
    model.apply(register)
    try:
        with no_grad():
            if input is not None:
                model(input)
            else:
                model(*_build_input(input_size, dtypes))
    finally:
        for h in hooks:
            h.remove()

    widths = {"layer": 15, "input": 20, "output": 20, "params": 15, "table": 75}
    for name, row in rows.items():
        widths["output"] = max(widths["output"], len(str(row["output_shape"])))
        widths["input"] = max(widths["input"], len(str(row["input_shape"])))
        widths["layer"] = max(widths["layer"], len(str(name)))
        widths["params"] = max(widths["params"], len(str(row["nb_params"])))
    widths["table"] = max(widths["table"], widths["layer"] + widths["input"] + widths["output"] + widths["params"] + 5)

    def line(a, b, c, d):
        return "{:^{}} {:^{}} {:^{}} {:^{}}".format(
            a, widths["layer"], b, widths["input"], c, widths["output"], d, widths["params"]
        )

    out = ["-" * widths["table"], line("Layer (type)", "Input Shape", "Output Shape", "Param #"), "=" * widths["table"]]
    total_params = total_output = trainable_params = 0
    for name, row in rows.items():
        out.append(line(name, str(row["input_shape"]), str(row["output_shape"]), "{:,}".format(row["nb_params"])))
        total_params += row["nb_params"]
        try:
            total_output += np.sum(np.prod(row["output_shape"], axis=-1))
        except ValueError:
            for shape in row["output_shape"]:
                total_output += np.sum(np.prod(shape, axis=-1))
        if row.get("trainable"):
            trainable_params += row["trainable_params"]
    total_input_size = _input_megabytes(input_size)
    total_output_size = abs(2.0 * total_output * 4.0 / (1024**2.0))  # x2 for gradients
    total_params_size = abs(total_params * 4.0 / (1024**2.0))
    total_size = total_params_size + total_output_size + total_input_size
    out += [
        "=" * widths["table"],
        f"Total params: {total_params:,}",
        f"Trainable params: {trainable_params:,}",
        f"Non-trainable params: {total_params - trainable_params:,}",
        "-" * widths["table"],
        "Input size (MB): %0.2f" % total_input_size,
        "Forward/backward pass size (MB): %0.2f" % total_output_size,
        "Params size (MB): %0.2f" % total_params_size,
        "Estimated Total Size (MB): %0.2f" % total_size,
        "-" * widths["table"],
    ]
    # plain ints: Paddle's numpy<2 counts print as 61610, numpy 2 scalars as np.int64(61610)
    return "\n".join(out) + "\n", {"total_params": int(total_params), "trainable_params": int(trainable_params)}
