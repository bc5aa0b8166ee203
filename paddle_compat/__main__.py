"""``python -m paddle_compat run script.py [args]`` / ``paddle-compat ...`` command line."""

import os
import runpy
import sys


def _install_finder():
    os.environ["PADDLE_COMPAT"] = "1"  # children (DataLoader workers, torchrun) choose ours too
    try:
        import _paddle_compat_finder
    except ImportError:  # running from a source checkout that was not installed
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "install"))
        import _paddle_compat_finder
    _paddle_compat_finder.install(force=True)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        print("commands: run SCRIPT [ARGS...] | demo | report | scan PATH... [--format json] | version")
        return 0
    command, rest = argv[0], argv[1:]
    if command == "run":
        if not rest:
            print("usage: python -m paddle_compat run script.py [args]", file=sys.stderr)
            return 2
        _install_finder()
        sys.argv = rest
        sys.path.insert(0, os.path.dirname(os.path.abspath(rest[0])))
        runpy.run_path(rest[0], run_name="__main__")
        return 0
    if command == "version":
        from ._version import PADDLE_VERSION, __version__

        print(f"paddle-compat {__version__} (Paddle API {PADDLE_VERSION})")
        return 0
    if command == "demo":
        _install_finder()
        from .hapi import demo

        return demo.main(rest)
    if command in ("report", "scan"):
        from . import _cli_tools

        return _cli_tools.main(command, rest)
    print(f"unknown command {command!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
