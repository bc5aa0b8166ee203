"""``paddle.hub``: list / help / load the entry points of a ``hubconf.py``, from a local directory or from a
GitHub/Gitee repository archive cached under ``~/.cache/paddle/hub/<owner>_<name>_<branch>``."""

import os
import shutil
import sys

__all__ = ["list", "help", "load"]

HUB_DIR = os.path.expanduser(os.path.join("~", ".cache", "paddle", "hub"))
MODULE_HUBCONF = "hubconf.py"
VAR_DEPENDENCY = "dependencies"
_SOURCES = ("github", "gitee", "local")


def _check_source(source):
    if source not in _SOURCES:
        raise ValueError(f'Unknown source: "{source}". Allowed values: "github" | "gitee" | "local".')


def _remove_if_exists(path):
    if os.path.isfile(path):
        os.remove(path)
    elif os.path.exists(path):
        shutil.rmtree(path)


def _parse_repo_info(repo, source):
    branch = "main" if source == "github" else "master"
    repo_info = repo
    if ":" in repo:
        repo_info, branch = repo.split(":")
    owner, name = repo_info.split("/")
    return owner, name, branch


def _archive_url(owner, name, branch, source):
    if source == "github":
        return f"https://github.com/{owner}/{name}/archive/{branch}.zip"
    return f"https://gitee.com/{owner}/{name}/repository/archive/{branch}.zip"


def _get_cache_or_reload(repo, force_reload, verbose=True, source="github"):
    """The repository's directory in the hub cache, downloading and unpacking its archive when it is not
    there (or when ``force_reload``)."""
    import zipfile

    from .utils.download import get_path_from_url

    os.makedirs(HUB_DIR, exist_ok=True)
    owner, name, branch = _parse_repo_info(repo, source)
    normalized_branch = branch.replace("/", "_")
    repo_dir = os.path.join(HUB_DIR, "_".join([owner, name, normalized_branch]))
    if not force_reload and os.path.exists(repo_dir):
        if verbose:
            sys.stderr.write(f"Using cache found in {repo_dir}\n")
        return repo_dir
    cached_file = os.path.join(HUB_DIR, normalized_branch + ".zip")
    _remove_if_exists(cached_file)
    url = _archive_url(owner, name, branch, source)
    try:
        archive = get_path_from_url(url, HUB_DIR, check_exist=not force_reload, decompress=False)
    except RuntimeError as e:
        if not hasattr(e, "download_reason"):
            raise
        raise RuntimeError(
            f"paddle.hub could not download {url} ({e.download_reason}). Without network access, put a copy of the "
            f"repository (the directory holding {MODULE_HUBCONF}) at {repo_dir}, or pass its path with "
            "source='local'."
        ) from None
    shutil.move(archive, cached_file)
    with zipfile.ZipFile(cached_file) as cached_zip:
        extracted = os.path.join(HUB_DIR, cached_zip.infolist()[0].filename)
        _remove_if_exists(extracted)
        cached_zip.extractall(HUB_DIR)
    _remove_if_exists(cached_file)
    _remove_if_exists(repo_dir)
    shutil.move(extracted, repo_dir)
    return repo_dir


def _import_hubconf(repo_dir):
    module_name = MODULE_HUBCONF[: -len(".py")]
    # hubconf.py may import its repository's own modules, so the directory goes first on sys.path while it
    # runs; a hubconf imported earlier (another repository's) must not be reused.
    previous = sys.modules.pop(module_name, None)
    sys.path.insert(0, repo_dir)
    try:
        module = __import__(module_name)
    except ImportError:
        raise RuntimeError(
            "Please make sure config exists or repo error messages above fixed when importing"
        ) from None
    finally:
        sys.path.remove(repo_dir)
        sys.modules.pop(module_name, None)
        if previous is not None:
            sys.modules[module_name] = previous
    return module


def _resolve(repo_dir, source, force_reload):
    _check_source(source)
    if source != "local":
        repo_dir = _get_cache_or_reload(repo_dir, force_reload, True, source=source)
    return _import_hubconf(repo_dir)


def _entry(hub_module, name):
    if not isinstance(name, str):
        raise ValueError("Invalid input: model should be a str of function name")
    func = getattr(hub_module, name, None)
    if func is None or not callable(func):
        raise RuntimeError(f"Cannot find callable {name} in hubconf")
    return func


def _importable(name):
    try:
        __import__(name)
    except ImportError:
        return False
    return True


def _check_dependencies(hub_module):
    missing = [pkg for pkg in getattr(hub_module, VAR_DEPENDENCY, None) or () if not _importable(pkg)]
    if missing:
        raise RuntimeError("Missing dependencies: {}".format(", ".join(missing)))


def list(repo_dir, source="github", force_reload=False):
    """Names of the public callables (entry points) of the repository's ``hubconf.py``."""
    hub_module = _resolve(repo_dir, source, force_reload)
    return [name for name in dir(hub_module) if callable(getattr(hub_module, name)) and not name.startswith("_")]


def help(repo_dir, model, source="github", force_reload=False):
    """Docstring of the entry point ``model``."""
    return _entry(_resolve(repo_dir, source, force_reload), model).__doc__


def load(repo_dir, model, source="github", force_reload=False, **kwargs):
    """Call the entry point ``model`` with ``kwargs`` and return what it builds."""
    hub_module = _resolve(repo_dir, source, force_reload)
    _check_dependencies(hub_module)
    return _entry(hub_module, model)(**kwargs)

