"""``paddle.utils``: deprecated, run_check, require_version, try_import."""

import functools
import importlib
import re
import warnings

__all__ = ["deprecated", "run_check", "require_version", "try_import"]


def try_import(module_name, err_msg=None):
    """Import ``module_name`` or raise ImportError saying how to install it."""
    if not isinstance(module_name, str):
        raise TypeError(f"module_name must be a str, but received {type(module_name)}")
    install_name = module_name.replace("-", "_")
    if install_name == "cv2":
        install_name = "opencv-python"
    try:
        return importlib.import_module(module_name)
    except ImportError:
        if err_msg is None:
            err_msg = (
                f"Failed importing {module_name}. This likely means that some paddle modules require additional "
                f"dependencies that have to be manually installed (usually with `pip install {install_name}`). "
            )
        raise ImportError(err_msg) from None


def _version_parts(version):
    return [int(p) for p in re.findall(r"\d+", version)[:4]] + [0] * (4 - len(re.findall(r"\d+", version)[:4]))


def require_version(min_version, max_version=None):
    """Raise if the installed Paddle API version (2.6.2) is outside [min_version, max_version]."""
    import paddle_compat

    for name, value in (("min_version", min_version), ("max_version", max_version)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"The type of '{name}' in require_version must be str, but received {type(value)}.")
        if value is not None and not re.match(r"\d+(\.\d+){0,3}", value):
            raise ValueError(f"The value of '{name}' in require_version must be in format '\\d+(\\.\\d+){{0,3}}', "
                             f"like '1.5.2.0', but received {value}")
    installed = paddle_compat._PADDLE_VERSION
    have = _version_parts(installed)
    if have < _version_parts(min_version) or (max_version is not None and have > _version_parts(max_version)):
        if max_version is None:
            msg = (f"VersionError: PaddlePaddle version {min_version} or higher is required, but {installed} "
                   f"installed, please upgrade your PaddlePaddle to {min_version} or other higher version.")
        else:
            msg = (f"VersionError: PaddlePaddle version in [{min_version}, {max_version}] required, but {installed} "
                   f"installed.")
        raise Exception(msg)  # Paddle raises a bare Exception here


def deprecated(update_to="", since="", reason="", level=0):
    """Decorator warning (level 0/1) or raising (level 2) that an API is deprecated, as Paddle's."""

    def decorator(func):
        msg = f'API "{func.__module__}.{func.__name__}" is deprecated'
        if since:
            msg += f" since {since}"
        if update_to:
            msg += f', and will be removed in future versions. Please use "{update_to}" instead'
        if reason:
            msg += f".\n    Reason: {reason}"
        msg += "."

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if level == 2:
                raise RuntimeError(msg)
            if level == 1:
                warnings.warn(msg, category=DeprecationWarning, stacklevel=2)
            return func(*args, **kwargs)

        return wrapper

    return decorator


def _run_check_data():
    import numpy as np

    return np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32).reshape(1, 2, 2)


def _run_check_static():
    """One step of a linear network through the static engine, as Paddle's check does (it also leaves the
    process in dynamic mode with fresh default programs and dygraph names, as Paddle's does)."""
    import paddle_compat as paddle

    paddle.enable_static()
    with paddle.static.scope_guard(paddle.static.Scope()):
        train_prog, startup_prog = paddle.static.Program(), paddle.static.Program()
        startup_prog.random_seed = 1
        with paddle.static.program_guard(train_prog, startup_prog):
            x = paddle.static.data(name="input", shape=[None, 2, 2], dtype="float32")
            weight = paddle.create_parameter(
                shape=[2, 3], dtype="float32", attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.1))
            )
            bias = paddle.create_parameter(shape=[3], dtype="float32")
            out = paddle.tensor.sum(paddle.nn.functional.linear(x=x, weight=weight, bias=bias))
            grads = paddle.static.append_backward(out, parameter_list=[weight.name])[0]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup_prog)
        exe.run(train_prog, feed={x.name: _run_check_data()}, fetch_list=[out.name, grads[1].name])
    paddle.disable_static()


def _run_check_dygraph(device):
    import paddle_compat as paddle

    paddle.disable_static()
    paddle.set_device(device)
    linear = paddle.nn.Linear(
        2, 4,
        weight_attr=paddle.ParamAttr(name="weight", initializer=paddle.nn.initializer.Constant(value=0.5)),
        bias_attr=paddle.ParamAttr(name="bias", initializer=paddle.nn.initializer.Constant(value=1.0)),
    )
    out = paddle.tensor.sum(linear(paddle.to_tensor(_run_check_data())))
    out.backward()
    paddle.optimizer.Adam(learning_rate=0.001, parameters=linear.parameters()).step()


def run_check():
    """Run Paddle's installation check: one static and one dynamic training step of a linear network (the
    dynamic one on the first GPU when CUDA is available), then Paddle's summary lines."""
    import torch

    print("Running verify PaddlePaddle program ... ")
    on_gpu = torch.cuda.is_available()
    _run_check_static()
    _run_check_dygraph("gpu" if on_gpu else "cpu")
    print(f"PaddlePaddle works well on 1 {'GPU' if on_gpu else 'CPU'}.")
    print("PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.")
