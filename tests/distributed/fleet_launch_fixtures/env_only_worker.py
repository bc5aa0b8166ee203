"""Rank script that only records the variables the launcher added (no paddle import, no collective): used for
device layouts the CPU machines cannot run, e.g. a GPU cluster's FLAGS_selected_gpus."""

import json
import os
import re
import sys

with open(os.path.join(sys.argv[1], "launcher_env.json")) as f:
    LAUNCHER_ENV = json.load(f)
ADDED = {name: re.sub(r"(\d+\.\d+\.\d+\.\d+):\d+", r"\1:<port>", value) for name, value in os.environ.items()
         if LAUNCHER_ENV.get(name) != value and name not in ("LD_LIBRARY_PATH", "CUSTOM_DEVICE_ROOT")}
with open(os.path.join(sys.argv[1], f"rank{os.environ['PADDLE_TRAINER_ID']}.json"), "w") as f:
    json.dump({"env": ADDED, "argv": sys.argv[2:]}, f, indent=1, sort_keys=True)
print(f"rank {os.environ['PADDLE_TRAINER_ID']} env recorded", flush=True)
