"""Record tests/inference_config/fixtures/config_golden.json with the oracle:
``.oracle/bin/python -m tests.inference_config.record_golden``."""

import json
import os

from tools.api_diff.common import oracle_stamp

from .scenarios import SCENARIOS, pass_builder_outcome, run, snapshot


def main():
    golden = dict(oracle_stamp())
    from paddle.inference import Config

    golden["defaults"] = snapshot(Config())
    golden["scenarios"] = {name: run(Config, calls) for name, calls in SCENARIOS.items()}
    golden["pass_builder"] = pass_builder_outcome(Config)
    path = os.path.join(os.path.dirname(__file__), "fixtures", "config_golden.json")
    with open(path, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
