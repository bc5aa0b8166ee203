"""``paddle.distributed.fleet.utils.log_util``: fleet's logger (INFO by default, its own stderr handler)."""

import logging

__all__ = []


def _make_logger(name):
    logger = logging.getLogger(name)
    logger.propagate = False
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(
            "[%(asctime)-15s] [%(levelname)8s] %(filename)s:%(lineno)s - %(message)s"))
        logger.addHandler(handler)
    logger.setLevel("INFO")
    return logger


logger = _make_logger("paddle.distributed.fleet.utils.log_util")


def set_log_level(level):
    """Set the fleet logger's level from a name ("DEBUG") or a number."""
    assert isinstance(level, (str, int)), "level's type must be str or int"
    logger.setLevel(level if isinstance(level, int) else level.upper())


def get_log_level_code():
    return logger.getEffectiveLevel()


def get_log_level_name():
    return logging.getLevelName(get_log_level_code())
