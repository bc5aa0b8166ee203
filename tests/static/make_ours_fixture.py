"""Write the inference model saved by paddle-compat (tests/static/fixtures/engine_ours_mlp.*):
    .venv/bin/python -m tests.static.make_ours_fixture
then `.oracle/bin/python -m tests.static.record_static` has real Paddle load and run it (golden
"ours_inference_in_paddle"); test_persistence.py checks that our writer still produces these exact bytes."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    import paddle

    from tests.static import static_programs as sp

    paddle.enable_static()
    sp.inference_model(paddle, os.path.join(HERE, "fixtures", "engine_ours_mlp"))


if __name__ == "__main__":
    main()
