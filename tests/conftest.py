"""Shared pytest configuration: the ``verifies`` marker (see tools/api_diff/verifies.py, docs/conformance.md)."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "verifies(*apis): the test compares these public Paddle APIs (spec names, e.g. paddle.optimizer.Adam) "
        "with goldens recorded by real Paddle 2.6.2; the conformance report credits them",
    )
