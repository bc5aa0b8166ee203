"""paddle.save / paddle.load: Paddle's format both ways, safe loading, atomic writes."""

import io
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from collections import OrderedDict

import numpy as np
import paddle
import pytest

from paddle_compat.framework.io import trusted_load

FIX = os.path.join(os.path.dirname(__file__), "fixtures")
EXP = np.load(os.path.join(FIX, "expected.npz"))


# --- files written by real Paddle 2.6.2 (tests/core/fixtures/make_fixtures.py) ----------------------
@pytest.mark.verifies("paddle.load")
def test_read_paddle_state_dict():
    for name in ("state.pdparams", "state_p2.pdparams"):
        sd = paddle.load(os.path.join(FIX, name))
        assert list(sd) == ["w", "b", "i", "bf16"]
        assert sd["w"].dtype == paddle.float32 and sd["b"].dtype == paddle.float64
        assert sd["i"].dtype == paddle.int64 and sd["bf16"].dtype == paddle.bfloat16
        np.testing.assert_array_equal(sd["w"].numpy(), EXP["w"])
        np.testing.assert_array_equal(sd["b"].numpy(), EXP["b"])
        np.testing.assert_array_equal(sd["i"].numpy(), EXP["i"])
        np.testing.assert_array_equal(sd["bf16"].astype("float32").numpy(), EXP["bf"])


@pytest.mark.verifies("paddle.load")
def test_read_paddle_layer_and_optimizer_state():
    sd = paddle.load(os.path.join(FIX, "linear.pdparams"))
    assert list(sd) == ["weight", "bias"]
    assert sd["weight"].name == "linear_0.w_0" and sd["bias"].name == "linear_0.b_0"
    np.testing.assert_array_equal(sd["weight"].numpy(), EXP["w"].T)
    opt = paddle.load(os.path.join(FIX, "adam.pdopt"))
    assert "linear_0.w_0_moment1_0" in opt and opt["linear_0.w_0_moment1_0"].shape == [4, 3]
    kept = paddle.load(os.path.join(FIX, "linear.pdparams"), keep_name_table=True)
    assert kept["StructuredToParameterName@@"] == {"weight": "linear_0.w_0", "bias": "linear_0.b_0"}


@pytest.mark.verifies("paddle.load")
def test_read_paddle_tensor_and_nested():
    t = paddle.load(os.path.join(FIX, "tensor.pdtensor"))
    assert isinstance(t, paddle.Tensor)
    np.testing.assert_array_equal(t.numpy(), EXP["w"])
    n = paddle.load(os.path.join(FIX, "nested.pdckpt"))
    assert n["epoch"] == 3 and n["lr"] == 0.5 and n["names"] == ["a", "b"]
    assert isinstance(n["t"], paddle.Tensor) and isinstance(n["arr"], np.ndarray)  # Paddle's rule
    np.testing.assert_array_equal(n["inner"]["x"].numpy(), EXP["w"])
    assert n["inner"]["tup"][0] == 1
    np.testing.assert_array_equal(n["inner"]["tup"][1].numpy(), EXP["bf"])
    r = paddle.load(os.path.join(FIX, "nested.pdckpt"), return_numpy=True)
    assert isinstance(r["t"], np.ndarray)
    only = paddle.load(os.path.join(FIX, "numpy_only.pdckpt"))
    assert isinstance(only["only_numpy"], paddle.Tensor) and only["k"] == 1


# --- our own round trips --------------------------------------------------------------------------
def test_round_trip_file_and_bytesio(tmp_path):
    sd = OrderedDict(a=paddle.to_tensor([1.0, 2.0]), b=paddle.to_tensor([[1, 2]], dtype="int32"))
    sd["a"].name = "my.a"
    p = tmp_path / "sub" / "m.pdparams"
    paddle.save(sd, str(p))
    back = paddle.load(str(p))
    assert list(back) == ["a", "b"] and back["a"].name == "my.a" and back["b"].dtype == paddle.int32
    buf = io.BytesIO()
    paddle.save({"x": paddle.to_tensor(3.0), "n": [1, 2]}, buf)
    buf.seek(0)
    r = paddle.load(buf)
    assert float(r["x"]) == 3.0 and r["n"] == [1, 2]
    assert not [f for f in os.listdir(p.parent) if f.endswith(".tmp")]


def test_save_protocol_checks(tmp_path):
    with pytest.raises(ValueError, match="protocol"):
        paddle.save({"a": paddle.to_tensor([1.0])}, str(tmp_path / "x"), protocol=5)
    with pytest.raises(ValueError, match="protocol"):
        paddle.save([1], str(tmp_path / "x"), protocol="4")
    with pytest.raises(ValueError, match="not supported"):
        paddle.save([1], str(tmp_path / "x"), bogus=1)
    with pytest.raises(ValueError, match="filename is empty"):
        paddle.save([1], str(tmp_path) + os.sep)


def test_save_layer_refused(tmp_path):
    with pytest.raises(ValueError, match="do not support saving"):
        paddle.save({"m": paddle.nn.Linear(2, 2), "k": 1}, str(tmp_path / "layer.pd"))


# --- safety ---------------------------------------------------------------------------------------
class _Evil:
    def __reduce__(self):
        return (os.system, ("echo pwned",))


def test_malicious_pickle_refused(tmp_path):
    p = tmp_path / "evil.pdparams"
    p.write_bytes(pickle.dumps({"w": _Evil()}, protocol=4))
    with pytest.raises(pickle.UnpicklingError, match=r"(posix|os|nt)\.system"):
        paddle.load(str(p))


def test_unknown_class_refused_but_trusted_load_works(tmp_path):
    p = tmp_path / "obj.pd"
    frac = __import__("fractions").Fraction(1, 3)
    p.write_bytes(pickle.dumps({"d": OrderedDict(a=1), "s": {1, 2}, "c": 1 + 2j, "frac": frac}))
    with pytest.raises(pickle.UnpicklingError, match="fractions.Fraction"):
        paddle.load(str(p))
    assert trusted_load(str(p))["frac"] == __import__("fractions").Fraction(1, 3)


def test_env_opt_out(tmp_path):
    p = tmp_path / "obj.pd"
    p.write_bytes(pickle.dumps({"frac": __import__("fractions").Fraction(1, 3)}))
    code = f"import paddle; print(paddle.load({str(p)!r})['frac'])"
    env = dict(os.environ, PADDLE_COMPAT_UNSAFE_LOAD="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1/3"


def test_truncated_checkpoint_clear_error(tmp_path):
    data = open(os.path.join(FIX, "state.pdparams"), "rb").read()
    p = tmp_path / "trunc.pdparams"
    p.write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match="truncated, corrupted or not a Paddle checkpoint"):
        paddle.load(str(p))
    with pytest.raises(ValueError, match="not exists"):
        paddle.load(str(tmp_path / "missing.pdparams"))


def test_sigkill_mid_save_leaves_old_target(tmp_path):
    target = tmp_path / "ckpt.pdparams"
    paddle.save({"v": paddle.to_tensor([1.0, 2.0])}, str(target))
    script = textwrap.dedent(
        f"""
        import time, numpy as np, paddle

        class Slow:
            def __reduce__(self):
                print("WRITING", flush=True)
                time.sleep(120)
                return (int, (1,))

        paddle.save({{"big": np.zeros(2_000_000), "slow": Slow()}}, {str(target)!r})
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.strip() == "WRITING"
        time.sleep(0.2)
        tmp_files = [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]
        assert tmp_files, "the save should be writing a temporary file"
        assert os.path.getsize(tmp_path / tmp_files[0]) > 0
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    back = paddle.load(str(target))  # the old, complete checkpoint is still there
    np.testing.assert_array_equal(back["v"].numpy(), [1.0, 2.0])
