"""Record tests/goldens/fleet_pipeline_segments.json with real Paddle 2.6.2: how PipelineLayer's SegmentLayers
cuts layer descriptions into stages (uniform, layer:<regex>, explicit boundaries, and its errors), LayerDesc
reprs, and the 1F1B and interleaved schedule strings (the static_scheduler of PipelineParallel and
PipelineParallelWithInterleave, computed here from objects carrying only the fields it reads). Paddle's
PipelineLayer itself cannot be built on a CPU-only Paddle (ParallelEnv has no device id there), so the layout
is recorded from these pure-Python parts.
Run from the repo root:

    .oracle/bin/python -m tests.fleet.record_pipeline_golden
"""

import json
import os
import types

from tools.api_diff.common import oracle_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "goldens", "fleet_pipeline_segments.json")


def descriptions(nn, LayerDesc, SharedLayerDesc):  # noqa: N803 - Paddle's class names
    return [
        SharedLayerDesc("tied", nn.Linear, None, "weight", 6, 6),
        LayerDesc(nn.Linear, 6, 16), LayerDesc(nn.Tanh),
        LayerDesc(nn.Linear, 16, 16), LayerDesc(nn.Tanh),
        LayerDesc(nn.Linear, 16, 6),
        nn.ReLU(),
        SharedLayerDesc("tied", nn.Linear, None, "weight", 6, 6),
    ]


CASES = [
    ("uniform", 8, 2), ("uniform", 8, 3), ("uniform", 8, 5), ("uniform", 8, 8), ("uniform", 8, 9),
    ("layer:Linear", 8, 2), ("layer:Linear", 8, 3), ("layer:Linear", 6, 2), ("layer:Linear", 6, 4),
    ("layer:Tanh", 8, 2), ("layer:linear", 8, 1),
    ("layer:Conv", 8, 2), ([0, 3], 8, 2), ([0, 3, 8], 8, 2), ([0, 3], 8, 4), ("random", 8, 2),
]


def segment(SegmentLayers, descs, method, parts):  # noqa: N803
    try:
        return {"parts": SegmentLayers(descs, num_parts=parts, method=method).do_segment()}
    except Exception as error:  # noqa: BLE001 - the error is what is recorded
        return {"error": type(error).__name__, "message": str(error)}


def schedules(PipelineParallel):  # noqa: N803
    out = {}
    for stages, stage, steps in [(2, 0, 4), (2, 1, 4), (4, 0, 3), (4, 2, 6), (3, 1, 1)]:
        fake = types.SimpleNamespace(num_stages=stages, stage_id=stage, accumulate_steps=steps, scaler=None,
                                     total_loss=None, micro_batch_id=0, _profiling=False,
                                     _wrap_data=lambda data: None)
        out[f"{stages}/{stage}/{steps}"] = PipelineParallel.forward_backward_pipeline(
            fake, None, static_scheduler=True)
    return out


INTERLEAVE_CASES = [(3, 0, 6, 2), (3, 1, 6, 2), (3, 2, 6, 2), (4, 0, 8, 2), (4, 3, 8, 2), (3, 1, 9, 3), (4, 1, 4, 2),
                    (3, 0, 3, 3)]


def bare_interleave(cls, stages, stage, steps, chunks):
    """An interleaved PipelineParallel carrying only what its static scheduler reads (no process group)."""
    fake = object.__new__(cls)
    fields = {"num_stages": stages, "stage_id": stage, "accumulate_steps": steps, "num_model_chunks": chunks,
              "_using_cache": True, "_profiling": False, "_comm_overlap": False, "_virtual_pp_world_size": chunks,
              "_virtual_pp_rank": 0, "_real_pp_rank": stage, "_real_pp_world_size": stages,
              "_forward_micro_step_counter": {}, "_backward_micro_step_counter": {}}
    for name, value in fields.items():
        object.__setattr__(fake, name, value)
    fake._reset_counter()
    return fake


def interleave_schedules(cls):
    out = {}
    for case in INTERLEAVE_CASES:
        try:
            out["/".join(map(str, case))] = bare_interleave(cls, *case).get_static_scheduler()
        except Exception as error:  # noqa: BLE001 - the error is what is recorded
            out["/".join(map(str, case))] = {"error": type(error).__name__, "message": str(error)}
    return out


def main():
    golden = dict(oracle_stamp())
    import paddle.nn as nn
    from paddle.distributed.fleet.meta_parallel import (
        LayerDesc,
        PipelineParallel,
        PipelineParallelWithInterleave,
        SharedLayerDesc,
    )
    from paddle.distributed.fleet.meta_parallel.parallel_layers.pp_layers import SegmentLayers

    descs = descriptions(nn, LayerDesc, SharedLayerDesc)
    golden["segments"] = [[method, items, parts, segment(SegmentLayers, descs[:items], method, parts)]
                          for method, items, parts in CASES]
    golden["reprs"] = [repr(d) for d in descs if isinstance(d, LayerDesc)]
    golden["schedules"] = schedules(PipelineParallel)
    golden["interleave_schedules"] = interleave_schedules(PipelineParallelWithInterleave)
    try:
        LayerDesc(nn.functional.relu)
    except Exception as error:  # noqa: BLE001
        golden["layer_desc_error"] = [type(error).__name__, str(error)]
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1)
    print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
