"""First code of every rank the legacy launcher starts under torch's elastic agent: the agent's own variables
are replaced by the environment Paddle's legacy launcher gives that rank, the rank announces its pid, its output
goes to ``<log_dir>/workerlog.<index in node>``, then the training script runs as ``__main__``."""

import json
import os
import sys

from paddle_compat.distributed.launch._worker import redirect_output, run_script  # run as a script: absolute

# What torch's elastic agent adds for its workers; Paddle's legacy launcher sets none of these.
_AGENT_VARIABLES = ("LOCAL_RANK", "RANK", "GROUP_RANK", "ROLE_RANK", "ROLE_NAME", "LOCAL_WORLD_SIZE", "WORLD_SIZE",
                    "GROUP_WORLD_SIZE", "ROLE_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT",
                    "TORCH_NCCL_ASYNC_ERROR_HANDLING", "NCCL_ASYNC_ERROR_HANDLING")


def is_agent_variable(name):
    return name in _AGENT_VARIABLES or name.startswith("TORCHELASTIC_")


def main():
    plan = json.loads(os.environ.pop("_PADDLE_COMPAT_FLEET_LAUNCH", "{}"))
    local_index = int(os.environ["LOCAL_RANK"])
    for name in [*(n for n in os.environ if is_agent_variable(n)), *plan["removed"]]:
        os.environ.pop(name, None)
    os.environ.update(plan["overrides"])
    os.environ.update(plan["ranks"][local_index])
    # One write, so that the lines of ranks starting together do not interleave on the shared stdout.
    sys.stdout.flush()
    os.write(1, f"launch proc_id:{os.getpid()} idx:{local_index}\n".encode())
    if plan["log_dir"] is not None:
        redirect_output(plan["log_dir"], local_index)
    run_script(__file__)


if __name__ == "__main__":
    main()
