"""``paddle.utils.unique_name``: the global name generator behind Layer / parameter names.

``generate("linear")`` -> ``linear_0``, ``linear_1``...; ``guard()`` opens a fresh namespace (and a fresh
parameter-name checker), ``switch()`` swaps it and returns the previous ``(generator, checker)`` pair.
"""

import collections
import contextlib

__all__ = ["generate", "switch", "guard"]


class UniqueNameGenerator:
    """Numbers names per key from zero, prefixed by ``prefix``."""

    def __init__(self, prefix=None):
        self.ids = collections.defaultdict(int)
        self.prefix = "" if prefix is None else prefix

    def __call__(self, key):
        n = self.ids[key]
        self.ids[key] = n + 1
        return f"{self.prefix}{key}_{n}"


class DygraphParameterNameChecker:
    """Remembers the parameter names in use; calling it returns whether ``name`` was already taken."""

    def __init__(self):
        self._name_set = set()

    def __call__(self, name):
        if name in self._name_set:
            return True
        self._name_set.add(name)
        return False


generator = UniqueNameGenerator()
dygraph_parameter_name_checker = DygraphParameterNameChecker()


def generate(key):
    return generator(key)


def generate_with_ignorable_key(key):
    return generator(key)


def switch(new_generator=None, new_para_name_checker=None):
    global generator, dygraph_parameter_name_checker
    old = generator, dygraph_parameter_name_checker
    generator = UniqueNameGenerator() if new_generator is None else new_generator
    dygraph_parameter_name_checker = (
        DygraphParameterNameChecker() if new_para_name_checker is None else new_para_name_checker
    )
    return old


@contextlib.contextmanager
def guard(new_generator=None):
    if isinstance(new_generator, str):
        new_generator = UniqueNameGenerator(new_generator)
    elif isinstance(new_generator, bytes):
        new_generator = UniqueNameGenerator(new_generator.decode())
    old_generator, old_checker = switch(new_generator)
    try:
        yield
    finally:
        switch(old_generator, old_checker)
