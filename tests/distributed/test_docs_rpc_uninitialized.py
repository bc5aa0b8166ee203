"""paddle.distributed.rpc calls before init_rpc raise Paddle's SystemError "(Fatal) RpcAgent is not set" (torch's
own RuntimeError, naming torch.distributed.rpc.init_rpc, leaked through shutdown/rpc_sync/rpc_async). Found by
guides/model_convert/convert_from_pytorch/api_difference (torch.distributed.rpc.shutdown). Golden:
tests/goldens/docs_programs.json, recorded by `.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("rpc_uninitialized")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_rpc_before_init_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
