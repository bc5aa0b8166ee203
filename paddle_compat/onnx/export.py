"""``paddle.onnx.export`` on torch's TorchScript-based ONNX exporter (``torch.onnx.export(dynamo=False)``).

The Layer is traced through its torch view (``Layer._torch_module()``, which shares the parameters), with
example inputs built from ``input_spec``; ``None``/-1 dimensions become dynamic axes of the ONNX model.
Paddle's default opset 9 is below what torch's dynamo exporter supports (18+), so the TorchScript exporter
is the one used; it needs the ``onnx`` package (Paddle needs ``paddle2onnx`` in the same place)."""

import inspect
import os

__all__ = []

# Size given to a dynamic dimension while tracing; not 1, which the exporter may treat as broadcastable.
_TRACE_DIM = 2
_SUPPORTED_CONFIGS = frozenset({"enable_onnx_checker"})


def export(layer, path, input_spec=None, opset_version=9, **configs):
    """Export ``layer`` to ``path + '.onnx'``.

    ``input_spec``: a list of ``paddle.static.InputSpec`` (``None`` dims become dynamic axes) or example
    Tensors (fixed shapes); other values (bool, int) are passed to ``forward`` as constants. Returns None."""
    try:
        import onnx  # noqa: F401 - torch's exporter imports it to serialize the model
    except ImportError:
        raise ImportError(
            "paddle.onnx.export needs the `onnx` package (torch.onnx writes the model with it): "
            "pip install onnx"
        ) from None
    file_prefix = os.path.basename(path)
    if file_prefix == "":
        raise ValueError(
            "The input path MUST be format of dirname/file_prefix [dirname\\file_prefix in Windows system], but "
            f"the file_prefix is empty in received path: {path}"
        )
    unsupported = sorted(set(configs) - _SUPPORTED_CONFIGS)
    if unsupported:
        raise NotImplementedError(
            f"paddle.onnx.export: configs {unsupported} (paddle2onnx options) are not supported by the "
            "torch.onnx-based export"
        )
    if input_spec is None:
        # a forward converted by paddle.jit.to_static(input_spec=...) carries its specs
        input_spec = getattr(getattr(layer, "forward", None), "_input_spec", None)
    if input_spec is None:
        raise ValueError(
            "paddle.onnx.export needs 'input_spec' (a list of paddle.static.InputSpec or example Tensors) to "
            "trace the Layer's forward"
        )
    if not isinstance(input_spec, (list, tuple)):
        raise TypeError(f"The type of 'input_spec' should be 'list', but received {type(input_spec)}.")
    example_args, input_names, dynamic_axes = _trace_inputs(layer, input_spec)
    _run_exporter(layer, path + ".onnx", example_args, input_names, dynamic_axes, opset_version,
                  configs.get("enable_onnx_checker", False))


def _forward_arg_names(layer, count):
    try:
        params = [
            p.name for p in inspect.signature(layer.forward).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
    except (TypeError, ValueError):
        params = []
    return [params[i] if i < len(params) else f"input_{i}" for i in range(count)]


def _trace_inputs(layer, input_spec):
    import torch

    from .._core.dtypes import to_torch_dtype
    from .._core.tensor import Tensor
    from ..static.input import InputSpec

    default_names = _forward_arg_names(layer, len(input_spec))
    example_args, input_names, dynamic_axes = [], [], {}
    for i, spec in enumerate(input_spec):
        if isinstance(spec, InputSpec):
            name = spec.name or default_names[i]
            shape = [_TRACE_DIM if d is None or d < 0 else d for d in spec.shape]
            dtype = to_torch_dtype(spec.dtype)
            example = torch.ones(shape, dtype=dtype) if not dtype.is_floating_point else torch.rand(shape, dtype=dtype)
            dynamic = {axis: f"{name}_dim{axis}" for axis, d in enumerate(spec.shape) if d is None or d < 0}
            if dynamic:
                dynamic_axes[name] = dynamic
        elif isinstance(spec, Tensor):
            name = getattr(spec, "name", None) or default_names[i]
            example = spec._t.detach()
        else:
            example_args.append(spec)
            continue
        example_args.append(example)
        input_names.append(name)
    return tuple(example_args), input_names, dynamic_axes


def _run_exporter(layer, save_file, example_args, input_names, dynamic_axes, opset_version, check):
    import warnings

    import torch

    module = layer._torch_module()
    save_dir = os.path.dirname(save_file)
    if save_dir:
        os.makedirs(save_dir, exist_ok=True)
    with warnings.catch_warnings():
        # torch deprecates the TorchScript exporter in favour of the dynamo one, which has no opset < 18.
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        # Paddle's argument checks inside paddle_compat read traced sizes; the user's own code still warns.
        warnings.filterwarnings("ignore", category=torch.jit.TracerWarning, module=r"paddle_compat\.")
        torch.onnx.export(
            module,
            example_args,
            save_file,
            dynamo=False,
            input_names=input_names,
            dynamic_axes=dynamic_axes or None,
            opset_version=opset_version,
            # the Layer's own mode, as Paddle exports it; constants are folded only in eval mode (folding
            # rewrites parameters, which torch advises against for a training-mode export)
            training=torch.onnx.TrainingMode.TRAIN if layer.training else torch.onnx.TrainingMode.EVAL,
            do_constant_folding=not layer.training,
        )
    if check:
        import onnx

        onnx.checker.check_model(onnx.load(save_file))
