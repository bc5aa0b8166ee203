"""Static-mode ``paddle.tensor.create_array/array_write/array_read/array_length``: a LOD_TENSOR_ARRAY variable
holds, while a program runs, a Python list of tensors; Paddle's ops (``write_to_array``, ``read_from_array``,
``lod_array_length``) update and read it. Fetched, it comes back as a list (``return_numpy``) or a
``core.LoDTensorArray``."""

import torch

from ..framework import program as _prog

ARRAY = "LOD_TENSOR_ARRAY"


def is_array(var):
    info = _prog._tensor_info(var)
    return info is not None and info.type == ARRAY


def _array_var(helper_name, torch_dtype, element=None):
    from ..utils import unique_name

    block = _prog.default_main_program().current_block()
    var = _prog._new_var(_prog._make_fake([0], torch_dtype), unique_name.generate(helper_name) + ".out", block)
    info = _prog._info(var._t)
    info.type = ARRAY
    info.array_element = element  # the fake of the last tensor written: array_read's shape
    return var


def _append(op_type, inputs, outputs, run):
    block = _prog.default_main_program().current_block()
    block.ops.append(_prog.Operator(block, op_type, inputs, outputs, {}, run=run))
    block.program._version += 1


def _index(env, name):
    return int(env[name].reshape(-1)[0])


def create_array(dtype, initialized_list=None):
    from .._core.dtypes import convert_dtype_to_paddle

    array = _array_var("array", convert_dtype_to_paddle(dtype).torch)
    for value in initialized_list or ():
        array_write(value, array_length(array), array)
    return array


def array_write(x, i, array=None):
    from .data_feeder import check_type, check_variable_and_dtype

    check_variable_and_dtype(i, "i", ["int64"], "array_write")
    check_type(x, "x", _prog.Variable, "array_write")
    if array is None:
        array = _array_var("array_write", x._t.dtype)
    elif not is_array(array):
        raise TypeError("array should be tensor array vairable")
    _prog._info(array._t).array_element = x._t
    x_name, i_name, out = x.name, i.name, array.name

    def run(op, env, ctx):
        items = list(env.get(out) or ())
        index = _index(env, i_name)
        if index > len(items):
            items.extend([None] * (index - len(items)))
        if index == len(items):
            items.append(env[x_name])
        else:
            items[index] = env[x_name]
        env[out] = items

    _append("write_to_array", {"I": [i_name], "X": [x_name]}, {"Out": [out]}, run)
    return array


def array_read(array, i):
    from ..utils import unique_name
    from .data_feeder import check_variable_and_dtype

    if not is_array(array):
        raise TypeError("array should be tensor array vairable")
    check_variable_and_dtype(i, "i", ["int64"], "array_read")
    element = _prog._info(array._t).array_element
    fake = _prog._make_fake(_prog._static_dims(element) if element is not None else [], array._t.dtype)
    block = _prog.default_main_program().current_block()
    out = _prog._new_var(fake, unique_name.generate_with_ignorable_key(unique_name.generate("array_read") + ".tmp"),
                         block)
    out.stop_gradient = True
    name, i_name = array.name, i.name

    def run(op, env, ctx):
        items = env.get(name) or []
        env[out.name] = items[_index(env, i_name)]

    _append("read_from_array", {"I": [i_name], "X": [name], "X_W": []}, {"Out": [out.name]}, run)
    return out


def array_length(array):
    from ..utils import unique_name

    if not is_array(array):
        raise TypeError("array should be tensor array vairable in array_length Op")
    block = _prog.default_main_program().current_block()
    out = _prog._new_var(_prog._make_fake([1], torch.int64),
                         unique_name.generate_with_ignorable_key(unique_name.generate("array_length") + ".tmp"),
                         block)
    out.stop_gradient = True
    name = array.name

    def run(op, env, ctx):
        env[out.name] = torch.tensor([len(env.get(name) or ())], dtype=torch.int64)

    _append("lod_array_length", {"X": [name]}, {"Out": [out.name]}, run)
    return out
