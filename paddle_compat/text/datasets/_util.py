from ...vision.datasets._common import DATA_HOME, _check_exists_and_download

__all__ = ["DATA_HOME", "_check_exists_and_download", "check_mode", "need_file"]


def check_mode(mode, allowed):
    if not isinstance(mode, str) or mode.lower() not in allowed:
        raise AssertionError(f"mode should be {', '.join(repr(m) for m in allowed)}, but got {mode}")
    return mode.lower()


def need_file(path, url, md5, module, download, what="data_file"):
    if path is None:
        if not download:
            raise AssertionError(f"{what} is not set and downloading automatically is disabled")
        return _check_exists_and_download(path, url, md5, module, download)
    return path
