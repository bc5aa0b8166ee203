"""python -m tools.api_diff {diff|report|record|spec} ...

    diff    surface diff of our package against mappings/spec/paddle-2.6.2.json (our venv)
    report  reports/conformance.{md,html} + reports/status.json (our venv; replays all goldens)
    record  record goldens (ORACLE interpreter: .oracle/bin/python -m tools.api_diff.record ...)
    spec    dump Paddle's API surface (ORACLE interpreter: .oracle/bin/python -m tools.api_diff.spec)
"""

import sys


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    cmd, rest = argv[0], argv[1:]
    if cmd == "diff":
        from tools.api_diff import diff

        return diff.main(rest)
    if cmd == "report":
        from tools.api_diff import report

        return report.main(rest)
    if cmd == "record":
        from tools.api_diff import record

        return record.main(rest)
    if cmd == "spec":
        from tools.api_diff import spec

        return spec.main(rest)
    print(f"unknown command {cmd!r}\n{__doc__.strip()}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
