"""CppExtension / CUDAExtension / BuildExtension / setup / load on ``torch.utils.cpp_extension``."""

import os
import types

import setuptools
import torch
from torch.utils import cpp_extension as _torch_ext

from ...nn.layer.layers import _to_paddle_tree, _to_torch_tree
from .extension_utils import _all_op_names, check_sources_use_torch_api, find_cuda_home, get_build_directory, log_v

__all__ = []

CUDA_HOME = find_cuda_home()


def _generate_extension_name(sources):
    assert len(sources) > 0, "source files is empty"
    stems = []
    for source in sources:
        stem = os.path.splitext(os.path.basename(source))[0]
        if stem not in stems:
            stems.append(stem)
    return "_".join(stems)


def _fill_compiler_keys(kwargs):
    extra_compile_args = kwargs.get("extra_compile_args")
    if isinstance(extra_compile_args, dict):
        for compiler in ("cxx", "nvcc"):
            extra_compile_args.setdefault(compiler, [])


def CppExtension(sources, *args, **kwargs):
    """A ``setuptools.Extension`` for C++ sources written against torch's extension API (CPU only); the
    name defaults to the source file names joined by '_' (``setup`` replaces it with its ``name``)."""
    check_sources_use_torch_api(sources)
    _fill_compiler_keys(kwargs)
    name = kwargs.pop("name", None) or _generate_extension_name(sources)
    return _torch_ext.CppExtension(name, sources, *args, **kwargs)


def CUDAExtension(sources, *args, **kwargs):
    """A ``setuptools.Extension`` for C++/CUDA sources (torch's ``CUDAExtension``: needs the CUDA toolkit
    and a CUDA build of torch)."""
    check_sources_use_torch_api(sources)
    _fill_compiler_keys(kwargs)
    name = kwargs.pop("name", None) or _generate_extension_name(sources)
    return _torch_ext.CUDAExtension(name, sources, *args, **kwargs)


class BuildExtension(_torch_ext.BuildExtension):
    """torch's ``build_ext`` command, with Paddle's defaults: no Python ABI suffix on the library name,
    and ``output_dir`` (where the built library goes)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("no_python_abi_suffix", True)
        output_dir = kwargs.pop("output_dir", None)
        super().__init__(*args, **kwargs)
        self.output_dir = output_dir
        self.contain_cuda_file = False

    def finalize_options(self):
        super().finalize_options()
        if self.output_dir is not None:
            self.build_lib = self.output_dir

    def build_extensions(self):
        for extension in self.extensions:
            check_sources_use_torch_api(extension.sources)
            self.contain_cuda_file = self.contain_cuda_file or any(
                os.path.splitext(s)[1] in (".cu", ".cuh") for s in extension.sources
            )
        super().build_extensions()


_SETUP_NAME_REQUIRED = """
    Required to specific `name` argument in paddle.utils.cpp_extension.setup.
    It's used as `import XXX` when you want install and import your custom operators.

    For Example:
        from paddle.utils.cpp_extension import CUDAExtension, setup
        setup(name='custom_module',
              ext_modules=CUDAExtension(
              sources=['relu_op.cc', 'relu_op.cu'])

        from custom_module import relu
    """


def setup(**attr):
    """``setuptools.setup`` building the one extension of ``ext_modules`` as the importable module
    ``name`` (torch's BuildExtension). Its functions take and return ``torch.Tensor``: convert with
    ``paddle_compat.interop`` (``load`` does that conversion itself)."""
    cmdclass = attr.get("cmdclass", {})
    assert isinstance(cmdclass, dict)
    if "build_ext" not in cmdclass:
        cmdclass["build_ext"] = BuildExtension.with_options(no_python_abi_suffix=True)
        attr["cmdclass"] = cmdclass
    if "name" not in attr:
        raise ValueError(_SETUP_NAME_REQUIRED)
    assert not attr["name"].endswith("module"), "Please don't use 'module' as suffix in `name` argument, "
    ext_modules = attr.get("ext_modules", [])
    if not isinstance(ext_modules, list):
        ext_modules = [ext_modules]
    assert len(ext_modules) == 1, (
        f"Required only one Extension, but received {len(ext_modules)}. If you want to compile multi operators, "
        "you can include all necessary source files in one Extension."
    )
    for ext_module in ext_modules:
        ext_module.name = attr["name"]
    attr["ext_modules"] = ext_modules
    attr["zip_safe"] = False
    setuptools.setup(**attr)


def load(
    name,
    sources,
    extra_cxx_cflags=None,
    extra_cuda_cflags=None,
    extra_ldflags=None,
    extra_include_paths=None,
    extra_library_paths=None,
    build_directory=None,
    verbose=False,
):
    """Compile ``sources`` just in time (torch's ``load``: ninja and a C++ compiler) under
    ``build_directory/name`` and return the extension as a module whose functions take and return
    Paddle Tensors."""
    if build_directory is None:
        build_directory = get_build_directory(verbose)
    build_directory = os.path.abspath(build_directory)
    log_v(f"build_directory: {build_directory}", verbose)
    sources = [os.path.abspath(source) for source in sources]
    extra_cxx_cflags = [] if extra_cxx_cflags is None else extra_cxx_cflags
    extra_cuda_cflags = [] if extra_cuda_cflags is None else extra_cuda_cflags
    assert isinstance(extra_cxx_cflags, list), (
        f"Required type(extra_cxx_cflags) == list[str], but received {extra_cxx_cflags}"
    )
    assert isinstance(extra_cuda_cflags, list), (
        f"Required type(extra_cuda_cflags) == list[str], but received {extra_cuda_cflags}"
    )
    check_sources_use_torch_api(sources)
    ldflags = list(extra_ldflags or []) + [f"-L{path}" for path in extra_library_paths or []]
    build_base_dir = os.path.join(build_directory, name)
    os.makedirs(build_base_dir, exist_ok=True)
    options = dict(
        extra_cflags=extra_cxx_cflags,
        extra_cuda_cflags=extra_cuda_cflags,
        extra_ldflags=ldflags,
        extra_include_paths=extra_include_paths,
        build_directory=build_base_dir,
        verbose=verbose,
    )
    if _defines_python_module(sources):
        return _paddle_facing_module(_torch_ext.load(name, sources, **options))
    # Operators registered with TORCH_LIBRARY (the counterpart of Paddle's PD_BUILD_OP): the library is
    # loaded into torch's operator registry and its new operators are returned as a module, like Paddle.
    before = _all_op_names()
    library = _torch_ext.load(name, sources, is_python_module=False, **options)
    ops = {}
    for qualified in sorted(_all_op_names() - before):
        namespace, op_name = qualified.split("::", 1)
        ops[op_name.split(".")[0]] = getattr(getattr(torch.ops, namespace), op_name.split(".")[0])
    module = types.ModuleType(name)
    for op_name, op in ops.items():
        setattr(module, op_name, _paddle_facing(op, op_name))
    module.__file__ = library
    return module


def _defines_python_module(sources):
    for source in sources:
        try:
            with open(source, encoding="utf-8", errors="replace") as f:
                if "PYBIND11_MODULE" in f.read():
                    return True
        except OSError:
            pass
    return False


def _paddle_facing(function, name=None):
    def call(*args, **kwargs):
        out = function(*_to_torch_tree(args), **{k: _to_torch_tree(v) for k, v in kwargs.items()})
        return _to_paddle_tree(out)

    call.__name__ = name or getattr(function, "__name__", "op")
    call.__doc__ = getattr(function, "__doc__", None)
    return call


def _paddle_facing_module(torch_module):
    """A module exposing the extension's public functions with Paddle Tensors in and out; the torch
    module itself stays reachable as ``__torch_module__``."""
    module = types.ModuleType(torch_module.__name__, torch_module.__doc__)
    for attr_name in dir(torch_module):
        if attr_name.startswith("_"):
            continue
        value = getattr(torch_module, attr_name)
        setattr(module, attr_name, _paddle_facing(value) if callable(value) else value)
    module.__file__ = getattr(torch_module, "__file__", None)
    module.__torch_module__ = torch_module
    return module
