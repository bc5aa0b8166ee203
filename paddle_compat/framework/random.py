"""``paddle.seed``, the generators and the RNG-state functions.

The CPU default generator is Paddle's: a ``std::mt19937_64`` engine (``_core.paddle_rng``) that ``paddle.seed``
seeds through ``std::seed_seq`` exactly as Paddle 2.6 does, so the CPU random ops that draw from it give real
Paddle's numbers. ``paddle.seed`` also seeds torch's generators, which the ops still on torch's streams (the
CUDA ones, dropout, poisson...) use; a CPU state holds both. CUDA generators stay torch's.
"""

import operator
import random as _py_random

import numpy as np
import torch

from .._core import paddle_rng
from .._core import place as _place
from ._shared import name_methods

__all__ = ["seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state", "set_cuda_rng_state"]


class GeneratorState:
    """An opaque snapshot of one generator (Paddle's ``GeneratorState``): the mt19937_64 words and position
    plus torch's CPU generator state for a CPU generator; torch's state alone for a CUDA one."""

    __slots__ = ("_state", "_seed", "_engine")

    def __init__(self, state, seed_value, engine=None):
        self._state = state
        self._seed = seed_value
        self._engine = engine

    def current_seed(self):
        return self._seed

    def clone(self):
        engine = None if self._engine is None else (self._engine[0].copy(), self._engine[1])
        return GeneratorState(self._state.clone(), self._seed, engine)

    def __getstate__(self):
        d = {"state": self._state.numpy().tobytes(), "seed": self._seed}
        if self._engine is not None:
            d["engine"] = self._engine[0].tobytes()
            d["pos"] = self._engine[1]
        return d

    def __setstate__(self, d):
        self._state = torch.frombuffer(bytearray(d["state"]), dtype=torch.uint8).clone()
        self._seed = d["seed"]
        self._engine = None
        if "engine" in d:
            self._engine = (np.frombuffer(d["engine"], dtype=np.uint64).copy(), int(d["pos"]))


def _random_seed():
    # what Paddle draws from std::random_device for an unseeded generator: 53 random bits
    return _py_random.SystemRandom().getrandbits(53)


class Generator:
    """Paddle's ``Generator``: on CPU an mt19937_64 engine (with torch's CPU generator seeded alongside);
    a CUDA one wraps that device's torch.Generator."""

    def __init__(self, place=None, _torch_generator=None, _engine=True):
        self._g = _torch_generator if _torch_generator is not None else torch.Generator()
        self._engine = None
        self._seed = 0
        if _engine and self._g.device.type == "cpu":
            # unseeded, like Paddle's (std::random_device); torch's own generator is left as it is
            self._seed = _random_seed()
            self._engine = paddle_rng.EntropyEngine()

    def _reproducible_engine(self):
        """The mt19937_64 engine, created on the first seeding or state capture (the unseeded stream is
        Paddle's random_device one: not reproducible, so drawn from a faster source until then)."""
        if not isinstance(self._engine, paddle_rng.MT19937_64):
            self._engine = paddle_rng.MT19937_64()
            self._engine.seed_sequence(self._seed)
        return self._engine

    def manual_seed(self, seed_value):
        given = seed_value
        try:
            seed_value = operator.index(seed_value)
        except TypeError:
            seed_value = None
        if seed_value is None or not 0 <= seed_value < 2**64:  # Paddle's binding takes a uint64
            raise TypeError(
                "manual_seed(): incompatible function arguments. The following argument types are supported:\n"
                "    1. (self: paddle.base.libpaddle.Generator, arg0: int) -> paddle.base.libpaddle.Generator\n\n"
                f"Invoked with: {self!r}, {given!r}"
            )
        self._g.manual_seed(seed_value)
        if self._engine is not None:
            self._reproducible_engine().seed_sequence(seed_value)
        self._seed = seed_value
        return self

    def seed(self):
        value = _random_seed()
        self.manual_seed(value)
        return value

    def initial_seed(self):
        return self._seed if self._engine is not None else self._g.initial_seed()

    def get_state(self):
        engine = None if self._engine is None else self._reproducible_engine().get_state()
        return GeneratorState(self._g.get_state(), self.initial_seed(), engine)

    def set_state(self, state):
        self._g.set_state(state._state)
        if self._engine is not None and state._engine is not None:
            self._reproducible_engine().set_state(state._engine)
            self._seed = state._seed
        return self

    def random(self):
        if self._engine is not None:
            return self._engine()
        return int(torch.randint(0, 2**63 - 1, (), generator=self._g))

    def __repr__(self):
        # what `>>> paddle.seed(2023)` echoes in Paddle's own examples
        return f"<paddle.base.libpaddle.Generator object at {hex(id(self))}>"


name_methods(Generator)
_CPU = Generator(_torch_generator=torch.default_generator)


def cpu_engine(seed=0):
    """The engine a CPU random op draws from: the default generator's, or for a non-zero op ``seed`` a fresh
    one seeded with it (``engine.seed(seed)``, no seed_seq), as Paddle's kernels do."""
    if seed:
        return paddle_rng.MT19937_64(int(seed))
    return _CPU._engine


def default_cpu_generator():
    return _CPU


def _cuda_count():
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def seed(seed):  # noqa: A001 - Paddle's argument name
    """Seed every default generator (CPU and, when present, each CUDA device); returns the CPU one."""
    seed = int(seed)
    _CPU.manual_seed(seed)  # first: it rejects what Paddle's generators reject (outside uint64)
    if _cuda_count():
        torch.cuda.manual_seed_all(seed)
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
