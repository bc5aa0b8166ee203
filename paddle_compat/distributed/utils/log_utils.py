"""The distributed modules' loggers: one stderr handler, Paddle's line format, not propagated to the root."""

import logging


def get_logger(log_level, name="root"):
    logger = logging.getLogger(name)
    logger.setLevel(log_level)
    # a second call must not stack handlers (each would print the record again)
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(
            fmt="[%(asctime)-15s] [%(levelname)8s] %(filename)s:%(lineno)s - %(message)s"))
        logger.addHandler(handler)
    logger.propagate = False
    return logger
