"""Helpers of ``paddle.utils.cpp_extension``: the build directory, the Paddle-header check, and the
registry look-ups (``load_op_meta_info_and_register_op``, ``parse_op_info``) answered from torch's
operator registry."""

import os
import re

__all__ = []

DOC_HINT = "docs/cpp_extension.md of paddle-compat"

# A source that includes any Paddle C++ header is written against Paddle's C++ API, which torch cannot build.
_PADDLE_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](paddle/[^>"]+)[>"]', re.MULTILINE)


class PaddleCppApiError(RuntimeError):
    """A source uses Paddle's C++ extension API, which a torch extension build cannot compile."""


def check_sources_use_torch_api(sources):
    """Raise ``PaddleCppApiError`` naming the first source that includes a Paddle C++ header."""
    for source in sources:
        try:
            with open(source, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue  # a missing file is reported by the compiler with its own message
        match = _PADDLE_INCLUDE.search(text)
        if match is not None:
            raise PaddleCppApiError(
                f"{source} includes <{match.group(1)}>: paddle-compat builds custom operators with "
                "torch.utils.cpp_extension, so the C++ source must use torch's extension API instead of "
                "Paddle's: #include <torch/extension.h>, at::Tensor instead of paddle::Tensor, and "
                "TORCH_LIBRARY / PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) instead of PD_BUILD_OP / PD_KERNEL "
                f"(see {DOC_HINT} for the full mapping)."
            )


def find_cuda_home():
    """The CUDA toolkit's root, found as Paddle does: $CUDA_HOME or $CUDA_PATH, else two levels above the `nvcc`
    on PATH, else /usr/local/cuda (kept even when absent: this build has no CUDA)."""
    import shutil

    cuda_home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
    if cuda_home is None:
        nvcc = shutil.which("nvcc")
        cuda_home = os.path.dirname(os.path.dirname(nvcc)) if nvcc else "/usr/local/cuda"
    return cuda_home


def get_build_directory(verbose=False):
    """Root directory for built extensions: ``$PADDLE_EXTENSION_DIR``, else ``~/.cache/paddle_extensions``
    (created if missing)."""
    root = os.environ.get("PADDLE_EXTENSION_DIR")
    if root is None:
        root = os.path.join(os.path.expanduser("~/.cache"), "paddle_extensions")
        log_v(f"$PADDLE_EXTENSION_DIR is not set, using path: {root} by default.", verbose)
    os.makedirs(root, exist_ok=True)
    return root


def log_v(info, verbose=True):
    if verbose:
        import logging

        logging.getLogger("utils.cpp_extension").info(info)


def _all_op_names():
    import torch

    return set(torch._C._dispatch_get_all_op_names())


def load_op_meta_info_and_register_op(lib_filename):
    """Load a shared library of custom operators (``torch.ops.load_library``); returns the names of the
    operators it registered (``namespace::op``)."""
    import torch

    before = _all_op_names()
    torch.ops.load_library(lib_filename)
    return sorted(_all_op_names() - before)


def parse_op_info(op_name):
    """``(input_names, attr_names, output_names)`` of a registered operator (``namespace::op``): tensor
    arguments are inputs, the other arguments attributes."""
    import torch

    schemas = torch._C._jit_get_schemas_for_operator(op_name) if "::" in op_name else []
    if not schemas:
        raise ValueError(
            f"Please load {op_name} shared library file firstly by "
            "`paddle.utils.cpp_extension.load_op_meta_info_and_register_op(...)`"
        )
    schema = schemas[0]
    tensor_type = torch._C.TensorType.get()
    in_names, attr_names = [], []
    for arg in schema.arguments:
        (in_names if arg.type.isSubtypeOf(tensor_type) else attr_names).append(arg.name)
    out_names = [ret.name or f"out{i}" for i, ret in enumerate(schema.returns)]
    return in_names, attr_names, out_names
