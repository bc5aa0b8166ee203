import pytest


@pytest.fixture
def fresh_fleet():
    """fleet.init keeps the first hybrid group of the process (as Paddle); tests start from none."""
    from paddle_compat.distributed.fleet.base import topology

    topology._HYBRID_PARALLEL_GROUP = None
    yield
    topology._HYBRID_PARALLEL_GROUP = None
