"""Record the scenario goldens of tests/compat with real Paddle 2.6.2:
``.oracle/bin/python -m tests.compat.record_goldens`` writes tests/goldens/compat_<module>.json for each scenario
module (``grad_flag_scenarios``, ``module_scenarios``, ``surface``)."""

import importlib
import json
import os
import warnings

from tools.api_diff.common import oracle_stamp

MODULES = ("grad_flag_scenarios", "module_scenarios", "surface")
GOLDENS = os.path.join(os.path.dirname(__file__), "..", "goldens")


def golden_path(module):
    return os.path.join(GOLDENS, f"compat_{module}.json")


def main():
    stamp = oracle_stamp()
    import paddle

    warnings.simplefilter("ignore")
    for module in MODULES:
        scenarios = importlib.import_module(f"tests.compat.{module}").SCENARIOS
        results = {name: fn(paddle) for name, fn in scenarios.items()}
        with open(golden_path(module), "w") as f:
            json.dump({**stamp, "scenarios": results}, f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"recorded {len(results)} scenarios -> {os.path.normpath(golden_path(module))}")


if __name__ == "__main__":
    main()
