"""``paddle-compat report`` and ``paddle-compat scan`` (called by ``paddle_compat.__main__``)."""

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _report(rest):
    if not os.path.isdir(os.path.join(_ROOT, "tools", "api_diff")) or not os.path.isdir(
            os.path.join(_ROOT, "tests", "cases")):
        print("paddle-compat report needs a source checkout (tools/api_diff, tests/cases, tests/goldens); "
              "an installed package can still `paddle-compat scan`.", file=sys.stderr)
        return 2
    if _ROOT not in sys.path:
        sys.path.insert(0, _ROOT)
    from tools.api_diff import report

    return report.main(rest)


def main(command, rest):
    if command == "report":
        return _report(rest)
    if command == "scan":
        from . import _scan

        return _scan.main(rest)
    print(f"unknown command {command!r}", file=sys.stderr)
    return 2
