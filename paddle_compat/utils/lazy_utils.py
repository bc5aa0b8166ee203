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


def run_check():
    """Train a tiny linear model one step and print Paddle's installation check lines."""
    import paddle_compat as paddle

    print("Running verify PaddlePaddle program ... ")
    linear = paddle.nn.Linear(2, 1)
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=linear.parameters())
    loss = paddle.mean(linear(paddle.ones([4, 2])))
    loss.backward()
    opt.step()
    opt.clear_grad()
    device = paddle.get_device()
    if device.startswith("gpu"):
        print("PaddlePaddle works well on 1 GPU.")
    else:
        print("PaddlePaddle works well on 1 CPU.")
    print("PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.")
