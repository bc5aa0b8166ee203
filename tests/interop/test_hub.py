"""paddle.hub from a local repository, compared with what real Paddle returned and raised on the same
fixture (tests/interop/fixtures/hub_repo), plus the offline error of the github/gitee sources."""

import os
import sys

import paddle
import pytest

from ._golden import FIXTURES, oracle

HUB = oracle()["hub"]
REPO = os.path.join(FIXTURES, "hub_repo")
MISSING_DEP = os.path.join(FIXTURES, "hub_repo_missing_dep")


def test_all_as_paddle():
    assert paddle.hub.__all__ == HUB["__all__"]


@pytest.mark.verifies("paddle.hub.list", "paddle.hub.help", "paddle.hub.load")
def test_local_list_help_load_as_paddle():
    assert paddle.hub.list(REPO, source="local") == HUB["list"]
    assert paddle.hub.help(REPO, "tiny_linear", source="local") == HUB["help"]
    assert paddle.hub.help(REPO, "answer", source="local") == HUB["help_no_doc"]
    with paddle.utils.unique_name.guard():
        layer = paddle.hub.load(REPO, "tiny_linear", source="local", in_features=4)
    assert type(layer).__name__ == HUB["load"]["type"]
    assert layer.weight.shape == HUB["load"]["weight_shape"]
    assert [p.name for p in layer.parameters()] == HUB["load"]["names"]
    assert paddle.hub.load(REPO, "answer", source="local") == HUB["load_answer"]
    assert "hubconf" not in sys.modules and REPO not in sys.path


@pytest.mark.verifies("paddle.hub.list", "paddle.hub.help", "paddle.hub.load")
def test_errors_as_paddle():
    errors = HUB["errors"]
    calls = {
        "bad_source": lambda: paddle.hub.list(REPO, source="svn"),
        "missing_entry": lambda: paddle.hub.load(REPO, "nope", source="local"),
        "not_callable": lambda: paddle.hub.load(REPO, "VALUE", source="local"),
        "model_not_str": lambda: paddle.hub.help(REPO, 3, source="local"),
        "no_hubconf": lambda: paddle.hub.list(FIXTURES, source="local"),
        "missing_dependency": lambda: paddle.hub.load(MISSING_DEP, "model", source="local"),
    }
    for key, call in calls.items():
        with pytest.raises(Exception) as info:
            call()
        assert type(info.value).__name__ == errors[key]["error"], key
    assert paddle.hub.help(MISSING_DEP, "model", source="local") == errors["help_ignores_dependencies"]


def test_github_source_uses_the_cache_dir_then_fails_clearly_offline(tmp_path, monkeypatch, capsys):
    from paddle_compat import hub

    monkeypatch.setattr(hub, "HUB_DIR", str(tmp_path))
    # a host that refuses connections: the download fails at once, as on a machine without network
    monkeypatch.setattr(hub, "_archive_url", lambda owner, name, branch, source: f"http://127.0.0.1:9/{branch}.zip")
    with pytest.raises(RuntimeError) as info:
        paddle.hub.list("someone/models:dev", source="github")
    message = str(info.value)
    assert os.path.join(str(tmp_path), "someone_models_dev") in message and "source='local'" in message
    # a repository already in the cache is used without any network access
    cached = tmp_path / "someone_models_dev"
    cached.mkdir()
    (cached / "hubconf.py").write_text("def net():\n    '''cached'''\n    return 7\n")
    assert paddle.hub.load("someone/models:dev", "net", source="github") == 7
    assert paddle.hub.help("someone/models:dev", "net", source="gitee") == "cached"
    assert "Using cache found in" in capsys.readouterr().err


def test_github_archive_urls_and_default_branches():
    from paddle_compat import hub

    assert hub._parse_repo_info("a/b", "github") == ("a", "b", "main")
    assert hub._parse_repo_info("a/b", "gitee") == ("a", "b", "master")
    assert hub._archive_url("a", "b", "v1", "github") == "https://github.com/a/b/archive/v1.zip"
    assert hub._archive_url("a", "b", "v1", "gitee") == "https://gitee.com/a/b/repository/archive/v1.zip"
