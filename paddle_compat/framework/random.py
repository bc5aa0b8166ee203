"""``paddle.seed`` and the RNG-state functions, on torch's default generators.

The random *streams* are torch's, not Paddle's: the same seed gives reproducible but different numbers
than real Paddle (recorded in mappings/core.toml). States round-trip through get/set as in Paddle.
"""

import torch

from .._core import place as _place
from ._shared import name_methods

__all__ = ["seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state", "set_cuda_rng_state"]


class GeneratorState:
    """An opaque snapshot of one generator (Paddle's ``GeneratorState``)."""

    __slots__ = ("_state", "_seed")

    def __init__(self, state, seed_value):
        self._state = state
        self._seed = seed_value

    def current_seed(self):
        return self._seed

    def clone(self):
        return GeneratorState(self._state.clone(), self._seed)

    def __getstate__(self):
        return {"state": self._state.numpy().tobytes(), "seed": self._seed}

    def __setstate__(self, d):
        self._state = torch.frombuffer(bytearray(d["state"]), dtype=torch.uint8).clone()
        self._seed = d["seed"]


def _torch_generator_query(method):
    """A Generator method answering its torch.Generator's ``method()``."""

    def query(self):
        return getattr(self._g, method)()

    return query


class Generator:
    """Paddle's ``Generator`` over a torch.Generator (the CPU default one unless given)."""

    def __init__(self, place=None, _torch_generator=None):
        self._g = _torch_generator if _torch_generator is not None else torch.Generator()

    def manual_seed(self, seed_value):
        self._g.manual_seed(int(seed_value))
        return self

    seed = _torch_generator_query("seed")
    initial_seed = _torch_generator_query("initial_seed")

    def get_state(self):
        return GeneratorState(self._g.get_state(), self._g.initial_seed())

    def set_state(self, state):
        self._g.set_state(state._state)
        return self

    def random(self):
        return int(torch.randint(0, 2**63 - 1, (), generator=self._g))

    def __repr__(self):
        # what `>>> paddle.seed(2023)` echoes in Paddle's own examples
        return f"<paddle.base.libpaddle.Generator object at {hex(id(self))}>"


name_methods(Generator)
_CPU = Generator(_torch_generator=torch.default_generator)


def default_cpu_generator():
    return _CPU


def _cuda_count():
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def seed(seed):  # noqa: A001 - Paddle's argument name
    """Seed every default generator (CPU and, when present, each CUDA device); returns the CPU one."""
    seed = int(seed)
    if _cuda_count():
        torch.cuda.manual_seed_all(seed)
    torch.manual_seed(seed)
    return _CPU


def get_rng_state(device=None):
    """List of generator states of the current (or given) device kind."""
    dev = _place.parse_device(device) if device is not None else _place.current_device()
    if dev.type == "cuda":
        return get_cuda_rng_state()
    return [_CPU.get_state()]


def get_cuda_rng_state():
    return [GeneratorState(torch.cuda.get_rng_state(i), torch.cuda.initial_seed()) for i in range(_cuda_count())]


def set_rng_state(state_list, device=None):
    dev = _place.parse_device(device) if device is not None else _place.current_device()
    if dev.type == "cuda":
        if len(state_list) != _cuda_count():
            raise ValueError("Length of gpu state list shoule be equal to the gpu device count")
        set_cuda_rng_state(state_list)
        return
    if len(state_list) != 1:
        raise ValueError("Length of cpu state list shoule be equal to 1")
    _CPU.set_state(state_list[0])


def set_cuda_rng_state(state_list):
    if len(state_list) != _cuda_count():
        raise ValueError("Length of gpu state list shoule be equal to the gpu device count")
    for i, s in enumerate(state_list):
        torch.cuda.set_rng_state(s._state, i)


def _manual_program_seed(seed):
    """Paddle's old program-level seed: sets ``random_seed`` of the default programs (not the generators)."""
    from .program import Program, default_main_program, default_startup_program

    default_main_program().random_seed = seed
    default_startup_program().random_seed = seed
    Program().global_seed(seed)
