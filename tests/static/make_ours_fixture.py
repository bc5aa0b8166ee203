"""Write the files saved by paddle-compat that real Paddle then reads (tests/static/fixtures/engine_ours_*):
    .venv/bin/python -m tests.static.make_ours_fixture
then `.oracle/bin/python -m tests.static.record_static` has real Paddle load them (goldens
"ours_inference_in_paddle", "ours_checkpoint_in_paddle"); test_persistence.py checks that our writers still
produce what real Paddle read."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    import paddle

    from tests.static import static_programs as sp

    paddle.enable_static()
    sp.inference_model(paddle, os.path.join(HERE, "fixtures", "engine_ours_mlp"))
    sp.checkpoint_save(paddle, os.path.join(HERE, "fixtures", "engine_ours_ckpt"))
    sp.cnn_inference_model(paddle, os.path.join(HERE, "fixtures", "engine_ours_cnn"))


if __name__ == "__main__":
    main()
