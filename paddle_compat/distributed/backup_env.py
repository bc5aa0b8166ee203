"""Environment lookups that fall back to a JSON snapshot of the launcher's environment
(``PADDLE_BACKUP_ENV_PATH``), read once."""

import json
import os

g_backup_envs = None


def getenv_or_backup(name, default=None):
    """``os.environ[name]`` if set, else the backed-up value, else ``default``."""
    global g_backup_envs
    if g_backup_envs is None:
        path = os.getenv("PADDLE_BACKUP_ENV_PATH")
        if path is None:
            g_backup_envs = {}
        else:
            with open(path) as f:
                g_backup_envs = json.load(f)
    value = os.getenv(name)
    return value if value is not None else g_backup_envs.get(name, default)
