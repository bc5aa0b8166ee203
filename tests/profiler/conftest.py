import pytest


@pytest.fixture(autouse=True)
def _in_tmp_dir(tmp_path, monkeypatch):
    """A Profiler without on_trace_ready creates ./profiler_log/ (as Paddle's): keep it out of the checkout."""
    monkeypatch.chdir(tmp_path)
