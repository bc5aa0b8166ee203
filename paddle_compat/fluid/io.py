"""``paddle.fluid.io``: ``DataLoader`` (``paddle.io.DataLoader``), ``save``/``load`` (``paddle.static.save`` /
``paddle.static.load``, same arguments). The 2.4 ``save_inference_model(dirname, feeded_var_names, ...)`` /
``load_inference_model(dirname, executor)`` and ``save_params``/``save_persistables`` families take other
arguments than their 2.6 replacements and raise AttributeError naming them."""

from ._alias import make_getattr, same_names

# each name is the object of the same name in the 2.6.2 module it is listed under
_TABLE = same_names({
    "paddle.io": "DataLoader",
    "paddle.static": "save load load_program_state set_program_state",
    "paddle": "batch",
    "paddle.reader": "shuffle buffered compose chain firstn xmap_readers multiprocess_reader",
})
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
