"""NCCL version checks (the version torch was built with)."""


def _nccl_version():
    import torch

    if not torch.cuda.is_available():
        raise RuntimeError("(Unavailable) NCCL is not available: paddle-compat runs without CUDA here")
    major, minor, patch = torch.cuda.nccl.version()
    return major * 10000 + minor * 100 + patch if (major, minor) >= (2, 9) else major * 1000 + minor * 100 + patch


def get_nccl_version_str(ver):
    """NCCL's integer version code -> ``"major.minor.patch"`` (codes of 2.9 and later use 10000 per major)."""
    major, rest = (int(ver // 10000), ver % 10000) if ver >= 10000 else (int(ver // 1000), ver % 1000)
    return f"{major}.{int(rest // 100)}.{int(rest % 100)}"


def check_nccl_version_for_p2p():
    version = _nccl_version()
    assert version >= 2804, (
        "The version of NCCL is required to be at least v2.8.4 while training with pipeline/MoE parallelism, but we "
        f"found v{get_nccl_version_str(version)}. The previous version of NCCL has some bugs in p2p communication, "
        "and you can see more detailed description about this issue from ReleaseNotes of NCCL v2.8.4 "
        "(https://docs.nvidia.com/deeplearning/nccl/release-notes/rel_2-8-4.html#rel_2-8-4).")


def check_nccl_version_for_bf16():
    return _nccl_version() >= 21000
