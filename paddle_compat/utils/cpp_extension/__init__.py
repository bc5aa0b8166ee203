"""``paddle.utils.cpp_extension`` on ``torch.utils.cpp_extension``: a Paddle custom-operator build script
(``setup(name=..., ext_modules=CppExtension(sources=[...]))`` or ``load(name, sources)``) builds a torch C++
extension. The C++ side must use torch's extension API, not Paddle's (``paddle/extension.h``); see
docs/cpp_extension.md."""

from .cpp_extension import BuildExtension, CppExtension, CUDAExtension, load, setup  # noqa: F401
from .extension_utils import get_build_directory, load_op_meta_info_and_register_op, parse_op_info  # noqa: F401

__all__ = ["CppExtension", "CUDAExtension", "load", "setup", "get_build_directory"]


def _present_as_paddle():
    # also when imported as ``import paddle.utils.cpp_extension``, which skips paddle.utils.__getattr__
    import paddle_compat

    paddle_compat._present_classes_as_paddle(__name__)


_present_as_paddle()
