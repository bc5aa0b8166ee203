"""Rank script for the legacy launcher tests: rank 1 fails at once, rank 0 would wait for it forever."""

import os
import time

if os.environ["PADDLE_TRAINER_ID"] == "1":
    raise RuntimeError("rank 1 fails on purpose")
while True:
    time.sleep(0.5)
