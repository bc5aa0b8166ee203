"""paddle.audio's public surface (recorded from real Paddle 2.6.2): every name present, real (no stub),
with Paddle's module paths."""

import importlib
import types

import paddle
import pytest

from tests.audio._golden import golden

_SURFACE = golden()[0]["surface"]


@pytest.mark.parametrize("module_name", sorted(_SURFACE))
def test_module_surface(module_name):
    module = importlib.import_module(module_name)
    recorded = _SURFACE[module_name]
    if recorded["all"] is not None:
        assert list(module.__all__) == recorded["all"]
    for name, meta in recorded["names"].items():
        value = getattr(module, name)
        assert not getattr(value, "__paddle_compat_stub__", False), f"{module_name}.{name} is a stub"
        if isinstance(value, types.ModuleType):
            assert value.__name__.replace("paddle_compat", "paddle", 1) == meta["module"]
        else:
            assert value.__module__.replace("paddle_compat", "paddle", 1) == meta["module"], name
            assert type(value).__name__ == meta["kind"], name


def test_load_save_info_are_the_wave_backend():
    wave_backend = paddle.audio.backends.wave_backend
    assert paddle.audio.load is wave_backend.load
    assert paddle.audio.backends.backend.save is wave_backend.save
