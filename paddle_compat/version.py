"""``paddle.version``: the build information of the Paddle release reproduced here (2.6.2, CPU build).

Values are those a CPU-only ``paddlepaddle==2.6.2`` wheel reports (tag commit included); the library
versions are the string ``'False'`` there, as in Paddle's generated file.
"""

full_version = "2.6.2"
major = "2"
minor = "6"
patch = "2"
rc = "0"
cuda_version = "False"
cudnn_version = "False"
xpu_version = "False"
xpu_xccl_version = "False"
istaged = True
commit = "8ce0de584c570589117e403322f3d1a0de6554e5"
with_mkl = "ON"
cinn_version = "False"

__all__ = ["cuda", "cudnn", "show", "xpu", "xpu_xccl"]


def show():
    """Print the release (or, for an untagged build, the commit) and the versions of the device libraries."""
    if istaged:
        print("full_version:", full_version)
        print("major:", major)
        print("minor:", minor)
        print("patch:", patch)
        print("rc:", rc)
    else:
        print("commit:", commit)
    for label, value in (("cuda", cuda_version), ("cudnn", cudnn_version), ("xpu", xpu_version),
                         ("xpu_xccl", xpu_xccl_version), ("cinn", cinn_version)):
        print(f"{label}:", value)


def mkl():
    return with_mkl


def cuda():
    return cuda_version


def cudnn():
    return cudnn_version


def xpu():
    return xpu_version


def xpu_xccl():
    return xpu_xccl_version


def cinn():
    return cinn_version
