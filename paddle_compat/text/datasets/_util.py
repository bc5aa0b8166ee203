from ...vision.datasets._common import DATA_HOME, _check_exists_and_download, check_mode, need_file

__all__ = ["DATA_HOME", "_check_exists_and_download", "check_mode", "need_file"]
