"""Named RNG states for model parallelism: ``get_rng_state_tracker().rng_state()`` runs a block on a state
seeded differently per model-parallel rank (so sharded weights initialise differently) and keeps its advance."""

import contextlib

__all__ = []

MODEL_PARALLEL_RNG = "model_parallel_rng"


class RNGStatesTracker:
    """Tracks named RNG states; each is created from its own seed."""

    def __init__(self):
        self.states_ = {}
        self.seeds_ = set()

    def reset(self):
        self.states_ = {}
        self.seeds_ = set()

    def add(self, name, seed):
        from .....framework.random import get_rng_state, set_rng_state
        from .....framework.random import seed as set_seed

        if seed in self.seeds_:
            raise ValueError(f"seed {seed} already exists")
        self.seeds_.add(seed)
        if name in self.states_:
            raise ValueError(f"state {name} already exists")
        original = get_rng_state()
        set_seed(seed)
        self.states_[name] = get_rng_state()
        set_rng_state(original)

    def get_states_tracker(self):
        return dict(self.states_)

    def set_states_tracker(self, states):
        self.states_ = states

    @contextlib.contextmanager
    def rng_state(self, name=MODEL_PARALLEL_RNG):
        from .....framework.random import get_rng_state, set_rng_state

        if name not in self.states_:
            raise ValueError(f"state {name} does not exist")
        original = get_rng_state()
        set_rng_state(self.states_[name])
        try:
            yield
        finally:
            self.states_[name] = get_rng_state()
            set_rng_state(original)


RNG_STATE_TRACKER = RNGStatesTracker()


def get_rng_state_tracker():
    return RNG_STATE_TRACKER


def model_parallel_random_seed(seed=None):
    """Seed the global generator with one seed for all ranks and the model-parallel state with a seed that
    differs per model-parallel (and pipeline) rank."""
    import numpy as np

    from .....framework.random import seed as set_seed
    from .... import fleet

    hcg = fleet.get_hybrid_communicate_group()
    mp_rank = hcg.get_model_parallel_rank()
    pp_rank = hcg.get_stage_id()
    pp_size = hcg.get_pipe_parallel_world_size()
    global_seed = seed if seed else np.random.randint(0, 10000)
    local_seed = global_seed + 1 + mp_rank * pp_size + pp_rank
    RNG_STATE_TRACKER.reset()
    RNG_STATE_TRACKER.add(MODEL_PARALLEL_RNG, local_seed)
    set_seed(global_seed)
