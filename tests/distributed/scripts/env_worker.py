"""Prints this rank's Paddle launcher environment as one JSON line (no paddle import: cheap to start)."""

import json
import os

names = ["PADDLE_TRAINER_ENDPOINTS", "PADDLE_CURRENT_ENDPOINT", "PADDLE_TRAINER_ID", "PADDLE_TRAINERS_NUM",
         "PADDLE_NNODES", "PADDLE_LOCAL_RANK", "PADDLE_LOCAL_SIZE", "PADDLE_GLOBAL_RANK", "PADDLE_GLOBAL_SIZE"]
print("ENV " + json.dumps({name: os.environ.get(name) for name in names}), flush=True)
