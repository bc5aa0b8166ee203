"""``paddle.save(program, path)`` writes the ProgramDesc and ``paddle.load`` reads it back, both ways with real
Paddle 2.6.2. Golden: tests/goldens/static_save_program.json (tests/static/record_save_program.py, oracle)."""

import io

import pytest

from tools.api_diff.common import load_golden_json

from . import record_save_program as rec


@pytest.fixture(scope="module")
def save_golden():
    return load_golden_json(rec.GOLDEN)


def test_loads_program_saved_by_paddle(paddle, save_golden):
    program = paddle.load(rec.PADDLE_FILE)
    assert isinstance(program, paddle.static.Program)
    assert rec.describe(program) == save_golden["paddle_file"]


def test_saved_program_loads_in_paddle(paddle, save_golden, tmp_path):
    path = str(tmp_path / "m.pdmodel")
    rec.build_and_save(paddle, path)
    with open(path, "rb") as f, open(rec.OURS_FILE, "rb") as g:
        assert f.read() == g.read()  # the bytes real Paddle read back in the golden
    assert save_golden["ours_file_in_paddle"] == save_golden["paddle_file"]
    assert rec.describe(paddle.load(path)) == save_golden["paddle_file"]


def test_program_through_bytes_buffer(paddle, save_golden):
    buffer = io.BytesIO()
    with open(rec.PADDLE_FILE, "rb") as f:
        buffer.write(f.read())
    assert rec.describe(paddle.load(buffer)) == save_golden["paddle_file"]


def test_garbage_file_still_reports_parse_error(paddle, tmp_path):
    path = tmp_path / "junk.pdmodel"
    path.write_bytes(b"\xff\xfe not a pickle, not a ProgramDesc \x00" * 4)
    with pytest.raises(ValueError, match="can not parse the file"):
        paddle.load(str(path))
