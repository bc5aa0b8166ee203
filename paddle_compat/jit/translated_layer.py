"""``paddle.jit.load``: a TranslatedLayer runs a ``.pdmodel`` ProgramDesc on torch, op by op (``program_ops``),
with the ``.pdiparams`` persistables as its parameters (trainable: fine-tuning works through autograd)."""

import os
import pickle

import numpy as np
import torch

from .._core.tensor import Parameter, Tensor, to_torch, wrap
from .._proto.framework import ProgramDesc, VarTypeType
from .._proto.tensor_stream import read_tensors
from .._proto.wire import DecodeError
from ..nn.layer.layers import Layer
from .program_ops import OPS, TORCH_DTYPE_OF, UnsupportedOpError

__all__ = ["TranslatedLayer", "load"]

INFER_MODEL_SUFFIX = ".pdmodel"
INFER_PARAMS_SUFFIX = ".pdiparams"
INFER_PARAMS_INFO_SUFFIX = ".pdiparams.info"
_NOT_TENSORS = (VarTypeType.FEED_MINIBATCH, VarTypeType.FETCH_LIST, VarTypeType.RAW, VarTypeType.READER,
                VarTypeType.STEP_SCOPES)


class _CompiledProgram:
    """The op list of block 0 with attrs decoded once; ``run`` executes it on torch tensors."""

    def __init__(self, program, source):
        block = program.blocks[0]
        self.program = program
        self.vars = {v.name: v for v in block.vars}
        self.feed_names, self.fetch_names, self.steps = [], [], []
        unsupported = {}
        feeds, fetches = {}, {}
        for op in block.ops:
            if op.type == "feed":
                feeds[op.attr_map().get("col", len(feeds))] = op.output("Out")[0]
                continue
            if op.type == "fetch":
                fetches[op.attr_map().get("col", len(fetches))] = op.input("X")[0]
                continue
            fn = OPS.get(op.type)
            if fn is None:
                unsupported[op.type] = unsupported.get(op.type, 0) + 1
                continue
            attrs = {a.name: a.value() for a in op.attrs if not a.name.startswith("op_")}
            inputs = [(v.parameter, list(v.arguments)) for v in op.inputs if v.arguments]
            outputs = [(v.parameter, list(v.arguments)) for v in op.outputs if v.arguments]
            self.steps.append((op.type, fn, attrs, inputs, outputs))
        if unsupported:
            listed = ", ".join(f"{name} ({count} op{'s' if count > 1 else ''})" for name, count in
                               sorted(unsupported.items()))
            raise UnsupportedOpError(f"{source}: the program uses operator type(s) that paddle-compat cannot run "
                                     f"yet: {listed}")
        self.feed_names = [feeds[k] for k in sorted(feeds)]
        self.fetch_names = [fetches[k] for k in sorted(fetches)]

    def persistable_names(self):
        names = []
        for v in self.program.blocks[0].vars:
            if v.persistable and v.type.type not in _NOT_TENSORS and v.name not in ("feed", "fetch"):
                names.append(v.name)
        return sorted(names)

    def run(self, env, training):
        for op_type, fn, attrs, inputs, outputs in self.steps:
            try:
                values = {slot: [env[name] for name in names] for slot, names in inputs}
            except KeyError as missing:
                raise RuntimeError(f"operator {op_type}: input variable {missing} was not computed") from None
            result = fn(values, attrs, training)
            for slot, names in outputs:
                produced = result.get(slot)
                if produced is None:
                    continue
                for name, value in zip(names, produced):
                    if value is not None:
                        env[name] = value
        return [env[name] for name in self.fetch_names]


class TranslatedLayer(Layer):
    """A Layer restored from a saved inference program (``paddle.jit.load``)."""

    def __init__(self, programs, persistable_vars):
        super().__init__()
        self._program_holder_dict = programs
        self._persistable_var_name_dict = {}
        for index, (name, param) in enumerate(persistable_vars.items()):
            self.add_parameter(f"param_{index}", param)
            self._persistable_var_name_dict[name] = f"param_{index}"
        self._env_params = list(persistable_vars.items())
        self.training = False
        self._is_test = True

    @staticmethod
    def _construct(model_path, configs=None):
        return _load_program_layer(model_path, configs or {})

    def forward(self, *inputs):
        compiled = self._program_holder_dict["forward"]
        if not isinstance(compiled, _CompiledProgram):  # a torch.export program (.pt2)
            return compiled.forward(inputs)
        if len(inputs) != len(compiled.feed_names):
            raise ValueError(f"The number of inputs ({len(inputs)}) does not match the saved program's inputs "
                             f"{compiled.feed_names}.")
        env = {name: p._t for name, p in self._env_params}
        for name, value in zip(compiled.feed_names, inputs):
            env[name] = value._t if isinstance(value, Tensor) else to_torch(value)
        outs = compiled.run(env, self.training)
        if len(outs) == 1:
            return wrap(outs[0])
        return [wrap(o) for o in outs]

    def train(self):
        self._is_test = False
        return super().train()

    def eval(self):
        self._is_test = True
        return super().eval()

    def program(self, method_name="forward"):
        """The loaded program as a static ``Program`` without its feed and fetch operators, as Paddle's."""
        from .._proto import framework as proto
        from ..static.io import deserialize_program

        holder = self._program_holder_dict.get(method_name)
        if holder is None:
            raise ValueError(f"The method `{method_name}` does not exist in loaded TranslatedLayer.")
        desc = proto.ProgramDesc.FromString(holder.program.SerializeToString())
        block = desc.blocks[0]
        block.ops = [op for op in block.ops if op.type not in ("feed", "fetch")]
        return deserialize_program(desc.SerializeToString())

    def _input_spec(self, method_name="forward"):
        from ..static.input import InputSpec

        compiled = self._program_holder_dict[method_name]
        return [_spec_of_var(compiled.vars[n], InputSpec) for n in compiled.feed_names]

    def _output_spec(self, method_name="forward"):
        from ..static.input import InputSpec

        compiled = self._program_holder_dict[method_name]
        return [_spec_of_var(compiled.vars[n], InputSpec) for n in compiled.fetch_names]

    @property
    def _input_args_names(self):
        return list(self._program_holder_dict["forward"].feed_names)


def _spec_of_var(var, spec_cls):
    from .._core.dtypes import convert_dtype_to_paddle

    tensor = var.type.lod_tensor.tensor
    return spec_cls(list(tensor.dims), convert_dtype_to_paddle(TORCH_DTYPE_OF[VarTypeType(tensor.data_type)]),
                    var.name)


def _model_files(path, configs):
    model_filename = configs.get("model_filename")
    params_filename = configs.get("params_filename")
    if os.path.isdir(path):
        model = os.path.join(path, model_filename or "__model__")
        params = os.path.join(path, params_filename) if params_filename else None
    else:
        model = model_filename and os.path.join(os.path.dirname(path), model_filename) or path + INFER_MODEL_SUFFIX
        params = (os.path.join(os.path.dirname(path), params_filename) if params_filename
                  else path + INFER_PARAMS_SUFFIX)
    return model, params


def _load_program_layer(path, configs):
    model_file, params_file = _model_files(path, configs)
    with open(model_file, "rb") as f:
        data = f.read()
    try:
        program = ProgramDesc.FromString(data)
    except DecodeError as error:
        raise ValueError(f"{model_file} is not a valid Paddle program: {error}") from None
    if not program.blocks:
        raise ValueError(f"{model_file} holds no program block")
    compiled = _CompiledProgram(program, model_file)
    names = compiled.persistable_names()
    arrays = []
    if names:
        if params_file is None or not os.path.exists(params_file):
            raise ValueError(f"The parameter file {params_file} of {model_file} does not exist.")
        with open(params_file, "rb") as f:
            arrays = read_tensors(f.read(), len(names), source=params_file, names=names)
    info = {}
    info_file = path + INFER_PARAMS_INFO_SUFFIX
    if os.path.exists(info_file):
        with open(info_file, "rb") as f:
            info = pickle.load(f)
    display_names = _loaded_parameter_names(program, names)
    params = {}
    for name, (array, _lod, data_type) in zip(names, arrays):
        if data_type == VarTypeType.BF16:
            t = torch.from_numpy(array.astype(np.int16)).view(torch.bfloat16)
        else:
            t = torch.from_numpy(array)
        extra = info.get(name)
        trainable = bool(extra.get("trainable", True)) if extra else False
        param = Parameter(_data=t, name=display_names[name], trainable=trainable)
        if extra is None:
            param.stop_gradient = True
        params[name] = param
    layer = TranslatedLayer({"forward": compiled}, params)
    layer.eval()
    return layer


def _loaded_parameter_names(program, persistable_names):
    """Paddle renames loaded persistables through the current unique-name generator, in name order: the saved
    name without its numeric suffix is the key (linear_0.w_0 -> linear_0.w_<next>), skipping names other
    variables of the program hold. The program itself keeps the saved names (they only label our Parameters)."""
    from ..utils import unique_name

    taken = {var.name for var in program.blocks[0].vars}
    renamed = {}
    for old in sorted(persistable_names):
        head, _, tail = old.rpartition("_")
        prefix = head if head and tail.isnumeric() else old
        while True:
            new = unique_name.generate(prefix)
            if new == old or new not in taken:
                break
        renamed[old] = new
    return renamed


def state_dict_of_saved_model(path, configs):
    """``paddle.load(prefix)`` of what jit.save wrote: the persistables as numpy arrays (whatever
    ``return_numpy`` or ``keep_name_table`` say, as Paddle), keyed by structured name when the .pdiparams.info
    names one, in the parameter file's order. None when ``path`` is no saved model prefix."""
    model_file, _ = _model_files(path, configs)
    if not os.path.exists(model_file):
        return None
    layer = _load_program_layer(path, configs)
    info = {}
    info_file = path + INFER_PARAMS_INFO_SUFFIX
    if os.path.exists(info_file):
        with open(info_file, "rb") as f:
            info = pickle.load(f)
    result = {}
    for name, param in layer._env_params:
        result[info.get(name, {}).get("structured_name", name)] = param._t.detach().numpy()
    return result


def load(path, **configs):
    model_file, _ = _model_files(path, configs)
    if os.path.exists(model_file):
        return _load_program_layer(path, configs)
    if os.path.exists(path + ".pt2"):
        from .export_layer import load_exported

        return load_exported(path + ".pt2")
    raise ValueError(f"The ``path`` ({path}) to load model not exists. Please make sure that *.pdmodel exists or "
                     f"don't using ``skip_forward=True`` to jit.save.")

