"""Record tests/interop/fixtures/oracle_goldens.json from REAL Paddle 2.6.2 (run with the oracle):

    .oracle/bin/python -m tests.interop.record_goldens

What is recorded: paddle.utils.download (cache hits, archive layouts, md5 failure without network),
paddle.hub from a local repository (list / help / load and its errors) and paddle.utils.dlpack (dtypes,
values, errors). Paths are stored relative to the temporary root they were made in."""

import io
import json
import os
import sys
import tarfile
import tempfile
import time
import zipfile

from tools.api_diff.common import oracle_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")
# A URL whose host refuses connections at once: a download attempt fails without waiting on a network.
UNREACHABLE = "http://127.0.0.1:9/"


def _error(call):
    try:
        call()
    except Exception as e:  # noqa: BLE001 - the golden records whatever Paddle raises
        return {"error": type(e).__name__}
    return {"error": None}


def make_archives(root):
    """The same files on both sides: see tests/interop/test_download.py, which builds them with this."""
    def add_tar(path, members):
        with tarfile.open(path, "w:gz") as tar:
            for name, data in members:
                info = tarfile.TarInfo(name)
                info.size = len(data)
                info.mtime = 0
                tar.addfile(info, io.BytesIO(data))

    def add_zip(path, members):
        with zipfile.ZipFile(path, "w") as archive:
            for name, data in members:
                archive.writestr(name, data)

    with open(os.path.join(root, "weights.pdparams"), "wb") as f:
        f.write(b"not really weights")
    add_tar(os.path.join(root, "single.tar.gz"), [("only.txt", b"one")])
    add_tar(os.path.join(root, "onedir.tar.gz"), [("pkg/a.txt", b"a"), ("pkg/sub/b.txt", b"b")])
    add_zip(os.path.join(root, "flat.zip"), [("x.txt", b"x"), ("y.txt", b"y")])
    add_zip(os.path.join(root, "onedir.zip"), [("data/", b""), ("data/z.txt", b"z")])


def _listing(root):
    found = []
    for dirpath, _, files in os.walk(root):
        for name in files:
            found.append(os.path.relpath(os.path.join(dirpath, name), root))
    return sorted(found)


def record_download():
    from paddle.utils import download

    out = {
        "WEIGHTS_HOME": download.WEIGHTS_HOME.replace(os.path.expanduser("~"), "~"),
        "DOWNLOAD_RETRY_LIMIT": download.DOWNLOAD_RETRY_LIMIT,
        "__all__": list(download.__all__),
        "is_url": {u: download.is_url(u) for u in ("http://a/b", "https://a/b", "ftp://a/b", "/tmp/x", "")},
        "get_path_from_url": {},
    }
    md5 = "6b6ea1d9e9d4d5d0ba4cdd1b45bd9cbf"  # not the md5 of weights.pdparams: forces a re-download
    with tempfile.TemporaryDirectory() as root:
        make_archives(root)
        for name in ("weights.pdparams", "single.tar.gz", "onedir.tar.gz", "flat.zip", "onedir.zip"):
            path = download.get_path_from_url(UNREACHABLE + name, root)
            out["get_path_from_url"][name] = os.path.relpath(path, root)
        out["listing_after"] = _listing(root)
        import hashlib

        with open(os.path.join(root, "weights.pdparams"), "rb") as f:
            good_md5 = hashlib.md5(f.read()).hexdigest()
        out["md5_match"] = os.path.relpath(
            download.get_path_from_url(UNREACHABLE + "weights.pdparams", root, md5sum=good_md5), root)
        out["no_decompress"] = os.path.relpath(
            download.get_path_from_url(UNREACHABLE + "flat.zip", root, decompress=False), root)
        start = time.time()
        out["md5_mismatch_offline"] = _error(
            lambda: download.get_path_from_url(UNREACHABLE + "weights.pdparams", root, md5sum=md5))
        out["md5_mismatch_offline_seconds"] = round(time.time() - start, 1)
        out["missing_offline"] = _error(lambda: download.get_path_from_url(UNREACHABLE + "absent.bin", root))
        out["not_a_url"] = _error(lambda: download.get_path_from_url("/tmp/absent.bin", root))
    return out


def record_hub():
    import paddle

    repo = os.path.join(FIXTURES, "hub_repo")
    out = {"__all__": list(paddle.hub.__all__)}
    out["list"] = paddle.hub.list(repo, source="local")
    out["help"] = paddle.hub.help(repo, "tiny_linear", source="local")
    out["help_no_doc"] = paddle.hub.help(repo, "answer", source="local")
    with paddle.utils.unique_name.guard():
        layer = paddle.hub.load(repo, "tiny_linear", source="local", in_features=4)
    out["load"] = {"type": type(layer).__name__, "weight_shape": layer.weight.shape,
                   "names": [p.name for p in layer.parameters()]}
    out["load_answer"] = paddle.hub.load(repo, "answer", source="local")
    out["errors"] = {
        "bad_source": _error(lambda: paddle.hub.list(repo, source="svn")),
        "missing_entry": _error(lambda: paddle.hub.load(repo, "nope", source="local")),
        "not_callable": _error(lambda: paddle.hub.load(repo, "VALUE", source="local")),
        "model_not_str": _error(lambda: paddle.hub.help(repo, 3, source="local")),
        "no_hubconf": _error(lambda: paddle.hub.list(FIXTURES, source="local")),
        "missing_dependency": _error(
            lambda: paddle.hub.load(os.path.join(FIXTURES, "hub_repo_missing_dep"), "model", source="local")),
        "help_ignores_dependencies": paddle.hub.help(
            os.path.join(FIXTURES, "hub_repo_missing_dep"), "model", source="local"),
    }
    return out


def record_dlpack():
    import numpy as np
    import paddle
    from paddle.utils import dlpack

    out = {"__all__": list(dlpack.__all__), "cases": {}}
    for dtype in ("bool", "float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
                  "complex64", "complex128"):
        x = paddle.to_tensor(np.arange(6).reshape(2, 3) % 2 if dtype == "bool" else np.arange(6).reshape(2, 3),
                             dtype=dtype)
        y = dlpack.from_dlpack(dlpack.to_dlpack(x))
        out["cases"][dtype] = {"dtype": str(y.dtype).replace("paddle.", ""), "shape": y.shape,
                               "stop_gradient": y.stop_gradient, "values": y.astype("float64").numpy().tolist()
                               if dtype not in ("complex64", "complex128") else y.real().numpy().tolist()}
    a = np.arange(4.0)
    out["from_numpy_capsule"] = {"dtype": str(dlpack.from_dlpack(a.__dlpack__()).dtype).replace("paddle.", "")}
    capsule = dlpack.to_dlpack(paddle.ones([2]))
    dlpack.from_dlpack(capsule)
    out["errors"] = {
        "to_dlpack_numpy": _error(lambda: dlpack.to_dlpack(np.ones(2))),
        "from_dlpack_ndarray": _error(lambda: dlpack.from_dlpack(np.ones(2))),
        "from_dlpack_tensor": _error(lambda: dlpack.from_dlpack(paddle.ones([2]))),
        "capsule_used_twice": _error(lambda: dlpack.from_dlpack(capsule)),
    }
    param = paddle.create_parameter([2], "float32")
    out["parameter_roundtrip_stop_gradient"] = dlpack.from_dlpack(dlpack.to_dlpack(param)).stop_gradient
    return out


def main():
    stamp = oracle_stamp()
    golden = dict(stamp)
    golden["download"] = record_download()
    golden["hub"] = record_hub()
    golden["dlpack"] = record_dlpack()
    path = os.path.join(FIXTURES, "oracle_goldens.json")
    with open(path, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
