"""paddle.incubate.autotune.set_config calls run by both interpreters (record_autotune.py with real Paddle,
test_autotune.py with ours): each call's warnings, printed lines, exception, and the DataLoader tuning switch it
leaves (paddle.io.reader.USE_AUTOTUNE / TUNING_STEPS)."""

import contextlib
import io
import json
import os
import tempfile
import warnings


def _configs(tmpdir):
    good = os.path.join(tmpdir, "autotune_ok.json")
    with open(good, "w") as f:
        json.dump({"kernel": {"enable": False, "tuning_range": [2, 4]}, "dataloader": {"enable": True,
                                                                                     "tuning_steps": 7}}, f)
    broken = os.path.join(tmpdir, "autotune_broken.json")
    with open(broken, "w") as f:
        f.write("{not json")
    return [
        ("default", None),
        ("dataloader_steps_only", {"dataloader": {"tuning_steps": 3}}),
        ("dataloader_enable_only", {"dataloader": {"enable": True}}),
        ("all_enabled", {"kernel": {"enable": True, "tuning_range": [1, 5]}, "layout": {"enable": True},
                         "dataloader": {"enable": True, "tuning_steps": 20}}),
        ("wrong_types", {"kernel": {"enable": 1, "tuning_range": (1, 2)}, "layout": {"enable": "x"},
                         "dataloader": {"enable": 1, "tuning_steps": 2.5}}),
        ("range_of_three", {"kernel": {"tuning_range": [1, 2, 3]}}),
        ("range_of_strings", {"kernel": {"tuning_range": ["a", "b"]}}),
        ("disable_dataloader", {"dataloader": {"enable": False, "tuning_steps": 500}}),
        ("json_file", good),
        ("missing_file", os.path.join(tmpdir, "no_such_config.json")),
        ("broken_json", broken),
        ("not_a_config", 5),
        ("unknown_sections", {"kernels": {"enable": True}, "layout": {}}),
    ]


def run(paddle):
    """One entry per call, in order (each call sees the state the previous ones left)."""
    import paddle.incubate.autotune as autotune

    out = []
    with tempfile.TemporaryDirectory() as tmpdir:
        for name, config in _configs(tmpdir):
            printed = io.StringIO()
            with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stdout(printed):
                warnings.simplefilter("always")
                try:
                    autotune.set_config(config)
                    error = None
                except Exception as e:  # noqa: BLE001 - the exception Paddle raises is part of the result
                    error = [type(e).__name__, str(e)]
            out.append({
                "name": name,
                "warnings": [[w.category.__name__, str(w.message)] for w in caught],
                "printed": printed.getvalue().replace(tmpdir, "<tmp>"),
                "error": error,
                "dataloader": [paddle.io.reader.USE_AUTOTUNE, paddle.io.reader.TUNING_STEPS],
            })
    paddle.io.reader.set_autotune_config(False)
    return out
