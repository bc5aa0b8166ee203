"""paddle.version / sysconfig / reader / device.xpu / device.cuda / paddle.tensor spellings: scenarios
written against Paddle's public API only; each returns JSON-able facts.

Record from real Paddle 2.6.2 (oracle interpreter):

    .oracle/bin/python tests/misc_ns/scenarios.py --record

tests/misc_ns/test_misc_ns.py runs the same functions on our package and compares.
"""

import contextlib
import io
import json
import os
import random
import re
import sys
import warnings

FIXTURE = os.path.join(os.path.dirname(__file__), "fixtures", "misc_ns_scenarios.json")
SCENARIOS = {}


def scenario(fn):
    SCENARIOS[fn.__name__] = fn
    return fn


def _outcome(fn):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return {"ok": repr(fn())}
    except BaseException as e:  # noqa: BLE001
        # C++ errors end with their source location in Paddle: not part of the behaviour
        return {"error": type(e).__name__, "message": re.sub(r" \(at [^)]*\)\s*$", "", str(e))}


def _printed(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    return buf.getvalue()


@scenario
def version_values(paddle):
    v = paddle.version
    names = ["full_version", "major", "minor", "patch", "rc", "cuda_version", "cudnn_version", "xpu_version",
             "xpu_xccl_version", "istaged", "commit", "with_mkl", "cinn_version"]
    facts = {n: repr(getattr(v, n)) for n in names}
    facts["functions"] = {f: repr(getattr(v, f)()) for f in ["cuda", "cudnn", "xpu", "xpu_xccl", "mkl", "cinn"]}
    facts["__all__"] = list(v.__all__)
    facts["show"] = _printed(v.show)
    return facts


@scenario
def sysconfig_paths(paddle):
    return {"include": os.path.basename(paddle.sysconfig.get_include()),
            "lib": os.path.basename(paddle.sysconfig.get_lib()),
            "same_parent": os.path.dirname(paddle.sysconfig.get_include())
            == os.path.dirname(paddle.sysconfig.get_lib()),
            "__all__": list(paddle.sysconfig.__all__)}


def _counting_reader(items, calls):
    def reader():
        calls.append(1)
        yield from items

    return reader


def _r(items):
    return lambda: iter(list(items))


@scenario
def reader_basic(paddle):
    R = paddle.reader
    calls = []
    cached = R.cache(_counting_reader([1, 2, 3], calls))
    facts = {
        "cache": [list(cached()), list(cached()), len(calls)],
        "map_readers": list(R.map_readers(lambda a, b: a * b, _r([1, 2, 3]), _r([4, 5]))()),
        "map_readers_one": list(R.map_readers(lambda a: a + 1, _r(range(4)))()),
        "chain": list(R.chain(_r([[0, 0]]), _r([]), _r([[1, 1], [2, 2]]))()),
        "compose": repr(list(R.compose(_r([(1, 2), (3, 4)]), _r([5, 6]), _r([(7,), (8,)]))())),
        "compose_unaligned": _outcome(lambda: list(R.compose(_r([1, 2, 3]), _r([4, 5]))())),
        "compose_no_check": repr(list(R.compose(_r([1, 2, 3]), _r([4, 5]), check_alignment=False)())),
        "compose_not_aligned_class": [c.__name__ for c in R.ComposeNotAligned.__mro__],
        "buffered": list(R.buffered(_r(range(7)), 2)()),
        "buffered_empty": list(R.buffered(_r([]), 3)()),
        "firstn": [list(R.firstn(_r(range(10)), 3)()), list(R.firstn(_r(range(2)), 5)()),
                   list(R.firstn(_r(range(3)), 0)())],
        "__all__": list(R.__all__),
        "decorator_names": sorted(n for n in dir(R.decorator) if not n.startswith("_")
                                  and callable(getattr(R.decorator, n))
                                  and getattr(getattr(R.decorator, n), "__module__", "").endswith("decorator")),
    }
    return facts


@scenario
def reader_shuffle(paddle):
    R = paddle.reader
    random.seed(123)
    first = list(R.shuffle(_r(range(10)), 3)())
    second = list(R.shuffle(_r(range(7)), 10)())
    third = list(R.shuffle(_r(range(5)), 1)())
    return {"buf3": first, "buf10": second, "buf1": third}


@scenario
def reader_xmap(paddle):
    R = paddle.reader
    ordered = list(R.xmap_readers(lambda x: x * 10, _r(range(20)), 4, 3, order=True)())
    unordered = sorted(R.xmap_readers(lambda x: x + 1, _r(range(20)), 3, 2)())
    single = list(R.xmap_readers(lambda x: -x, _r(range(5)), 1, 1)())
    return {"ordered": ordered, "unordered_sorted": unordered, "single": single}


@scenario
def reader_multiprocess(paddle):
    R = paddle.reader
    readers = [_r([1, 2, 3]), _r([(4, 5), (6, 7)]), _r([[8, 9]])]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pipe = R.multiprocess_reader(readers)()
        pipe_out = sorted(map(repr, pipe))
        queue_out = sorted(map(repr, R.multiprocess_reader(readers, use_pipe=False, queue_size=4)()))
    return {"pipe": pipe_out, "queue": queue_out,
            "empty": _outcome(lambda: R.multiprocess_reader([])),
            "not_list": _outcome(lambda: R.multiprocess_reader(_r([1])))}


@scenario
def device_xpu(paddle):
    xpu = paddle.device.xpu
    return {"device_count": xpu.device_count(), "__all__": list(xpu.__all__),
            "sync": {repr(d): _outcome(lambda d=d: xpu.synchronize(d)) for d in (None, 0, "xpu", 1.5)},
            "sync_cpu_place": _outcome(lambda: xpu.synchronize(paddle.CPUPlace()))}


@scenario
def device_cuda_names(paddle):
    cuda = paddle.device.cuda
    return {"streams_stream": cuda.streams.Stream is cuda.Stream, "streams_event": cuda.streams.Event is cuda.Event,
            "deprecated": cuda.deprecated is paddle.utils.deprecated,
            "extract": {repr(d): _outcome(lambda d=d: cuda.extract_cuda_device_id(d, "opname"))
                        for d in (None, 0, "gpu:0", "cpu", 1.5, -1)},
            "stream_guard": {repr(s): _outcome(lambda s=s: _enter(cuda.stream_guard(s))) for s in (None, 3)}}


@scenario
def device_cuda_on_cpu(paddle):
    """What each paddle.device.cuda query answers on a machine without CUDA."""
    cuda = paddle.device.cuda
    calls = {
        "device_count()": lambda: cuda.device_count(),
        "empty_cache()": lambda: cuda.empty_cache(),
        "synchronize()": lambda: cuda.synchronize(),
        "synchronize(0)": lambda: cuda.synchronize(0),
        "current_stream()": lambda: cuda.current_stream(),
        "Stream()": lambda: cuda.Stream(),
        "Event()": lambda: cuda.Event(),
        "memory_allocated()": lambda: cuda.memory_allocated(),
        "max_memory_allocated()": lambda: cuda.max_memory_allocated(),
        "memory_reserved()": lambda: cuda.memory_reserved(),
        "max_memory_reserved()": lambda: cuda.max_memory_reserved(),
        "get_device_properties()": lambda: cuda.get_device_properties(),
        "get_device_name()": lambda: cuda.get_device_name(),
        "get_device_capability()": lambda: cuda.get_device_capability(),
        "memory_allocated('cpu')": lambda: cuda.memory_allocated("cpu"),
    }
    return {name: _outcome(fn) for name, fn in calls.items()}


@scenario
def device_on_cpu(paddle):
    """What paddle.device answers on a CPU-only machine."""
    dev = paddle.device
    calls = {
        "get_device()": lambda: dev.get_device(),
        "set_device('cpu')": lambda: dev.set_device("cpu"),
        "set_device('gpu')": lambda: dev.set_device("gpu"),
        "set_device('xpu:0')": lambda: dev.set_device("xpu:0"),
        "get_all_device_type()": lambda: dev.get_all_device_type(),
        "get_all_custom_device_type()": lambda: dev.get_all_custom_device_type(),
        "get_available_device()": lambda: dev.get_available_device(),
        "get_available_custom_device()": lambda: dev.get_available_custom_device(),
        "get_cudnn_version()": lambda: dev.get_cudnn_version(),
        "is_compiled_with_cuda()": lambda: dev.is_compiled_with_cuda(),
        "is_compiled_with_xpu()": lambda: dev.is_compiled_with_xpu(),
        "is_compiled_with_rocm()": lambda: dev.is_compiled_with_rocm(),
        "is_compiled_with_cinn()": lambda: dev.is_compiled_with_cinn(),
        "is_compiled_with_ipu()": lambda: dev.is_compiled_with_ipu(),
        "is_compiled_with_distribute()": lambda: dev.is_compiled_with_distribute(),
        "is_compiled_with_custom_device('npu')": lambda: dev.is_compiled_with_custom_device("npu"),
        "Stream()": lambda: dev.Stream(),
        "Event()": lambda: dev.Event(),
        "current_stream()": lambda: dev.current_stream(),
        "synchronize()": lambda: dev.synchronize(),
        "stream_guard(None)": lambda: _enter(dev.stream_guard(None)),
    }
    facts = {name: _outcome(fn) for name, fn in calls.items()}
    # Paddle formats a regex match object into this message ("should not be <re.Match object; ...>"): only
    # the exception type is meaningful
    facts["set_device('xpu:0')"].pop("message", None)
    return facts


def _enter(context):
    with context:
        return "entered"


def _public_names(module):
    import inspect

    names = set(getattr(module, "__all__", []))
    for n in dir(module):
        if n.startswith("_"):
            continue
        v = getattr(module, n)
        if inspect.ismodule(v):
            if v.__name__.startswith(module.__name__ + "."):
                names.add(n)
        elif str(getattr(v, "__module__", None) or "").startswith("paddle"):
            names.add(n)
    return sorted(names)


@scenario
def tensor_spellings(paddle):
    """Each public name of paddle.tensor and which public spellings elsewhere are the very same object."""
    import inspect

    places = {"paddle": paddle, "paddle.linalg": paddle.linalg, "paddle.signal": paddle.signal,
              "paddle.Tensor": paddle.Tensor}
    out = {}
    for name in _public_names(paddle.tensor):
        value = getattr(paddle.tensor, name)
        if inspect.ismodule(value):
            out[name] = "module"
            continue
        out[name] = sorted(p for p, m in places.items() if getattr(m, name, None) is value)
    return out


@scenario
def tensor_array(paddle):
    A = paddle.tensor
    x = paddle.ones([2])
    arr = A.create_array("float32", [x])
    A.array_write(x * 2, paddle.to_tensor([1]), arr)
    A.array_write(x * 3, paddle.to_tensor([0]), arr)
    return {
        "after_writes": [t.numpy().tolist() for t in arr],
        "length": A.array_length(arr),
        "read": A.array_read(arr, paddle.to_tensor([1])).numpy().tolist(),
        "new_array": len(A.array_write(x, paddle.to_tensor([0]))),
        "empty": A.create_array("float32"),
        "bad_init": _outcome(lambda: A.create_array("float32", x)),
        "bad_value": _outcome(lambda: A.create_array("float32", [1.0])),
        "bad_index_shape": _outcome(lambda: A.array_write(x, paddle.to_tensor(0))),
        "index_too_big": _outcome(lambda: A.array_write(x, paddle.to_tensor([2]), [x])),
        "length_of_tuple": _outcome(lambda: A.array_length((1,))),
        "to_string": A.to_string.to_string(x),
        "to_string_prefix": A.to_string.to_string(x, prefix="Var"),
    }


def run_all(paddle):
    results = {}
    for name, fn in SCENARIOS.items():
        try:
            results[name] = fn(paddle)
        except Exception as e:  # noqa: BLE001
            results[name] = {"scenario_error": f"{type(e).__name__}: {e}"}
    return results


if __name__ == "__main__" and "--record" in sys.argv:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    import paddle

    facts = run_all(paddle)
    os.makedirs(os.path.dirname(FIXTURE), exist_ok=True)
    with open(FIXTURE, "w") as f:
        json.dump({**stamp, "scenarios": facts}, f, indent=1, sort_keys=True)
    print(f"wrote {FIXTURE}")
