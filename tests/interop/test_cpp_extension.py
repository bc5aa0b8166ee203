"""paddle.utils.cpp_extension on torch.utils.cpp_extension: Paddle's build-script API builds a torch
extension. Compiling needs a C++ compiler and ninja (skipped without them); the build directory is kept
between runs so a rerun only relinks nothing (torch checks the sources' hash)."""

import os
import shutil
import sys
import tempfile
import textwrap

import numpy as np
import paddle
import pytest
import setuptools
from paddle.utils import cpp_extension

BUILD_ROOT = os.path.join(tempfile.gettempdir(), "paddle_compat_test_extensions")

TORCH_LIBRARY_OP = textwrap.dedent("""
    #include <ATen/ATen.h>
    #include <torch/library.h>

    at::Tensor scale_add(const at::Tensor& x, double alpha, double beta) {
      return x * alpha + beta;
    }

    TORCH_LIBRARY(paddle_compat_test_ops, m) {
      m.def("scale_add(Tensor x, float alpha, float beta) -> Tensor", &scale_add);
    }
""")

PADDLE_OP = textwrap.dedent("""
    #include "paddle/extension.h"

    std::vector<paddle::Tensor> ReluForward(const paddle::Tensor& x) { return {x}; }

    PD_BUILD_OP(custom_relu).Inputs({"X"}).Outputs({"Out"}).SetKernelFn(PD_KERNEL(ReluForward));
""")

needs_compiler = pytest.mark.skipif(
    shutil.which("c++") is None or shutil.which("ninja") is None,
    reason="building a C++ extension needs a C++ compiler (c++) and ninja on PATH",
)


def _write(directory, name, text):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name)
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return path  # unchanged: ninja keeps the objects of the previous run
    with open(path, "w") as f:
        f.write(text)
    return path


def test_public_names_as_paddle():
    assert cpp_extension.__all__ == ["CppExtension", "CUDAExtension", "load", "setup", "get_build_directory"]
    assert cpp_extension.BuildExtension.__module__ == "paddle.utils.cpp_extension.cpp_extension"
    assert callable(cpp_extension.parse_op_info) and callable(cpp_extension.load_op_meta_info_and_register_op)


def test_paddle_header_is_a_clear_error(tmp_path):
    source = _write(str(tmp_path), "relu_op.cc", PADDLE_OP)
    for build in (lambda: cpp_extension.CppExtension(sources=[source]),
                  lambda: cpp_extension.load("custom_relu", [source], build_directory=str(tmp_path))):
        with pytest.raises(RuntimeError) as info:
            build()
        message = str(info.value)
        assert "paddle/extension.h" in message and "torch/extension.h" in message and "PD_BUILD_OP" in message


def test_cpp_extension_is_a_torch_extension_named_after_its_sources(tmp_path):
    a = _write(str(tmp_path), "relu_op.cc", "// torch op\n")
    b = _write(str(tmp_path), "relu_op.cu", "// cuda\n")
    ext = cpp_extension.CppExtension(sources=[a, b, a], extra_compile_args={"cxx": ["-O2"]})
    assert isinstance(ext, setuptools.Extension)
    assert ext.name == "relu_op"
    assert ext.extra_compile_args == {"cxx": ["-O2"], "nvcc": []}
    assert any("torch" in d for d in ext.include_dirs)
    assert cpp_extension.CppExtension([a], name="given").name == "given"


def test_setup_checks_as_paddle(tmp_path):
    source = _write(str(tmp_path), "op.cc", "// torch op\n")
    with pytest.raises(ValueError, match="Required to specific `name`"):
        cpp_extension.setup(ext_modules=cpp_extension.CppExtension([source]))
    with pytest.raises(AssertionError):
        cpp_extension.setup(name="custom_module", ext_modules=cpp_extension.CppExtension([source]))
    with pytest.raises(AssertionError, match="Required only one Extension"):
        cpp_extension.setup(name="custom_ops", ext_modules=[cpp_extension.CppExtension([source])] * 2)


def test_build_directory_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_EXTENSION_DIR", str(tmp_path / "ext"))
    assert cpp_extension.get_build_directory() == str(tmp_path / "ext")
    assert (tmp_path / "ext").is_dir()
    monkeypatch.delenv("PADDLE_EXTENSION_DIR")
    assert cpp_extension.get_build_directory() == os.path.join(os.path.expanduser("~/.cache"), "paddle_extensions")


@needs_compiler
def test_load_builds_a_torch_library_op_used_with_paddle_tensors():
    source = _write(os.path.join(BUILD_ROOT, "src"), "scale_add_op.cc", TORCH_LIBRARY_OP)
    module = cpp_extension.load("paddle_compat_test_scale_add", [source], build_directory=BUILD_ROOT)
    x = paddle.to_tensor([1.0, -2.0, 3.0])
    out = module.scale_add(x, 2.0, 0.5)
    assert isinstance(out, paddle.Tensor)
    np.testing.assert_allclose(out.numpy(), [2.5, -3.5, 6.5])
    ins, attrs, outs = cpp_extension.parse_op_info("paddle_compat_test_ops::scale_add")
    assert (ins, attrs, len(outs)) == (["x"], ["alpha", "beta"], 1)
    with pytest.raises(ValueError, match="load_op_meta_info_and_register_op"):
        cpp_extension.parse_op_info("paddle_compat_test_ops::absent")


@needs_compiler
def test_setup_script_builds_with_torch(tmp_path):
    """A Paddle-style setup.py (setup + CppExtension) run with `build_ext`: torch's BuildExtension compiles
    the extension named after setup's `name`."""
    src_dir = os.path.join(BUILD_ROOT, "setup_src")
    _write(src_dir, "scale_op.cc", TORCH_LIBRARY_OP.replace("paddle_compat_test_ops", "paddle_compat_setup_ops"))
    _write(src_dir, "setup.py", textwrap.dedent("""
        from paddle.utils.cpp_extension import CppExtension, setup

        setup(name="paddle_compat_setup_ops", ext_modules=CppExtension(sources=["scale_op.cc"]))
    """))
    import subprocess

    result = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--build-lib", str(tmp_path / "lib"), "--build-temp",
         os.path.join(BUILD_ROOT, "setup_tmp")],
        cwd=src_dir, capture_output=True, text=True, timeout=900,
        env=dict(os.environ, PADDLE_COMPAT="1"),
    )
    assert result.returncode == 0, result.stderr[-3000:]
    built = os.listdir(tmp_path / "lib")
    assert any(name.startswith("paddle_compat_setup_ops") and name.endswith(".so") for name in built), built
    ops = cpp_extension.load_op_meta_info_and_register_op(
        str(next((tmp_path / "lib").glob("paddle_compat_setup_ops*.so"))))
    assert ops == ["paddle_compat_setup_ops::scale_add"]


@pytest.mark.skipif(bool(os.environ.get("CUDA_HOME")) or __import__("torch").version.cuda is not None,
                    reason="checks the error of a machine without the CUDA toolkit")
def test_cuda_extension_without_cuda_toolkit_says_so(tmp_path):
    source = _write(str(tmp_path), "op.cu", "// cuda kernel\n")
    with pytest.raises(OSError, match="CUDA_HOME"):
        cpp_extension.CUDAExtension(sources=[source])
