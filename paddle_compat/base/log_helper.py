"""``paddle.base.log_helper.get_logger``."""

import logging

__all__ = ["get_logger"]


def get_logger(name, level, fmt=None):
    """A logger named ``name`` at ``level`` writing to stderr (``fmt`` its format), not propagating to root."""
    logger = logging.getLogger(name)
    logger.setLevel(level)
    handler = logging.StreamHandler()
    if fmt:
        handler.setFormatter(logging.Formatter(fmt=fmt, datefmt='%a %b %d %H:%M:%S'))  # Paddle's date format
    logger.addHandler(handler)
    logger.propagate = False
    return logger
