"""``paddle.fluid.io``: ``DataLoader`` (``paddle.io.DataLoader``), ``save``/``load`` (``paddle.static.save`` /
``paddle.static.load``, same arguments). The 2.4 ``save_inference_model(dirname, feeded_var_names, ...)`` /
``load_inference_model(dirname, executor)`` and ``save_params``/``save_persistables`` families take other
arguments than their 2.6 replacements and raise AttributeError naming them."""

from ._alias import make_getattr

_TABLE = {
    "DataLoader": "paddle.io.DataLoader", "save": "paddle.static.save", "load": "paddle.static.load",
    "load_program_state": "paddle.static.load_program_state", "set_program_state": "paddle.static.set_program_state",
    "batch": "paddle.batch", "shuffle": "paddle.reader.shuffle", "buffered": "paddle.reader.buffered",
    "compose": "paddle.reader.compose", "chain": "paddle.reader.chain", "firstn": "paddle.reader.firstn",
    "xmap_readers": "paddle.reader.xmap_readers", "multiprocess_reader": "paddle.reader.multiprocess_reader",
}
_HINTS = {
    "save_inference_model": "paddle.static.save_inference_model(path_prefix, feed_vars, fetch_vars, executor)",
    "load_inference_model": "paddle.static.load_inference_model(path_prefix, executor)",
    "save_params": "paddle.static.save(program, model_path)", "save_persistables": "paddle.static.save",
    "load_params": "paddle.static.load(program, model_path, executor)", "load_persistables": "paddle.static.load",
    "save_vars": "paddle.static.save", "load_vars": "paddle.static.load",
    "PyReader": "paddle.io.DataLoader", "DataFeeder": "paddle.base.DataFeeder",
}
__getattr__ = make_getattr("paddle.fluid.io", _TABLE, _HINTS, globals())
__all__ = []
