"""``paddle.nn`` recurrent layers (rnn.py in Paddle 2.6).

Paddle's cell math equals torch's (LSTM gates i, f, g, o; GRU gates r, z, c with the reset gate applied
after the hidden matmul, ``h = z * h_prev + (1 - z) * c``), so cells call ``torch._VF.*_cell`` and the
SimpleRNN / LSTM / GRU networks call the fused ``torch._VF`` kernels with Paddle's weights. Parameter
names follow Paddle: cells own ``weight_ih``, ``weight_hh``, ``bias_ih``, ``bias_hh``; networks expose
them again as ``weight_ih_l{k}[_reverse]`` (same tensors, so ``state_dict`` lists both names).
``RNN`` / ``BiRNN`` loop over time steps with any cell, masking states by ``sequence_length`` as Paddle.
"""

import math

import numpy as np
import torch
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pad_packed_sequence

from ..._core import Tensor, errors, get_default_dtype, to_torch_dtype, wrap
from ...framework.program import _flatten_nested as _flatten
from .. import initializer as I  # noqa: N812
from ._codegen import forwarding_init
from .container import LayerList
from .layers import Layer

__all__ = ["BiRNN", "GRU", "GRUCell", "LSTM", "LSTMCell", "RNN", "RNNCellBase", "SimpleRNN", "SimpleRNNCell"]

_VF = torch._VF


# ---- nested-structure helpers (tuples / lists / dicts of Tensors) -----------------------------
def _map(fn, *structs):
    s0 = structs[0]
    if isinstance(s0, (list, tuple)):
        return type(s0)(_map(fn, *items) for items in zip(*structs))
    if isinstance(s0, dict):
        return {k: _map(fn, *(s[k] for s in structs)) for k in s0}
    return fn(*structs)


def _is_shape(seq):
    return isinstance(seq, (list, tuple)) and all(isinstance(e, int) for e in seq)


class RNNCellBase(Layer):
    def get_initial_states(self, batch_ref, shape=None, dtype=None, init_value=0.0, batch_dim_idx=0):
        ref = _flatten(batch_ref)[0]
        batch = ref._t.shape[batch_dim_idx]
        shapes = self.state_shape if shape is None else shape
        try:
            dtypes = self.state_dtype if dtype is None else dtype
        except NotImplementedError:
            dtypes = get_default_dtype()

        def build(shp, dt):
            shp = list(shp)
            shp = [batch] + (shp[1:] if shp and shp[0] == -1 else shp)
            return wrap(torch.full(shp, init_value, dtype=to_torch_dtype(dt), device=ref._t.device))

        def walk(shp):
            if _is_shape(shp):
                return build(shp, dtypes if not isinstance(dtypes, (list, tuple, dict)) else _flatten(dtypes)[0])
            if isinstance(shp, (list, tuple)):
                return type(shp)(walk(e) for e in shp)
            return build(shp, dtypes)

        return walk(shapes)

    @property
    def state_shape(self):
        raise NotImplementedError("Please add implementaion for `state_shape` in the used cell.")

    @property
    def state_dtype(self):
        raise NotImplementedError("Please add implementaion for `state_dtype` in the used cell.")


def _cell_params(cell, gates, input_size, hidden_size, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr):
    if hidden_size <= 0:
        raise ValueError(
            f"hidden_size of {type(cell).__name__} must be greater than 0, but now equals to {hidden_size}"
        )
    std = 1.0 / math.sqrt(hidden_size)
    specs = (
        ("weight_ih", (gates * hidden_size, input_size), weight_ih_attr, False, 1.0),
        ("weight_hh", (gates * hidden_size, hidden_size), weight_hh_attr, False, 1.0),
        ("bias_ih", (gates * hidden_size,), bias_ih_attr, True, 0.0),
        ("bias_hh", (gates * hidden_size,), bias_hh_attr, True, 0.0),
    )
    for name, shape, attr, is_bias, off_value in specs:
        if attr is not False:
            p = cell.create_parameter(shape, attr, is_bias=is_bias, default_initializer=I.Uniform(-std, std))
        else:
            p = cell.create_parameter(shape, None, is_bias=is_bias, default_initializer=I.Constant(off_value))
            p.stop_gradient = True
        setattr(cell, name, p)
    cell.input_size = input_size
    cell.hidden_size = hidden_size


def _cell_weights(cell):
    return (
        cell.weight_ih._t,
        cell.weight_hh._t,
        None if cell.bias_ih is None else cell.bias_ih._t,
        None if cell.bias_hh is None else cell.bias_hh._t,
    )


def _state_t(s):
    return s._t if isinstance(s, Tensor) else torch.as_tensor(s)


def _check_dtype(cell, x):
    w = cell.weight_ih._t
    if x.dtype != w.dtype:
        raise errors.invalid_argument(
            f"The dtype of the input ({x.dtype}) of {type(cell).__name__} does not match the dtype of its "
            f"weights ({w.dtype})"
        )
    if x.dim() and x.shape[-1] != w.shape[1]:
        # Paddle's matmul(inputs, weight_ih^T) check: InvalidArgument -> ValueError
        raise ValueError(
            f"(InvalidArgument) Input(Y) has error dim. Y'dims[1] must be equal to {x.shape[-1]}, but received "
            f"Y'dims[1] is {w.shape[1]}."
        )


class _OneStateCell(RNNCellBase):
    """A cell whose state is one tensor h (SimpleRNNCell, GRUCell): h' = _cell_fn(x, h, weights)."""

    _cell_fn = None

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        _check_dtype(self, inputs._t)
        h = wrap(self._cell_fn(inputs._t, _state_t(states), *_cell_weights(self)))
        return h, h

    @property
    def state_shape(self):
        return (self.hidden_size,)


_CELL_ATTRS = "weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None"
_CELL_ARGS = "input_size, hidden_size, " + _CELL_ATTRS


def _cell_init(cell, gates, input_size, hidden_size, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr):
    Layer.__init__(cell)
    _cell_params(cell, gates, input_size, hidden_size, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)


def _simple_rnn_cell_init(cell, activation, **args):
    _cell_init(cell, 1, **args)
    if activation not in ("tanh", "relu"):
        raise ValueError(f"activation for SimpleRNNCell should be tanh or relu, but get {activation}")
    cell.activation = activation
    cell._cell_fn = _VF.rnn_tanh_cell if activation == "tanh" else _VF.rnn_relu_cell


def _sizes_repr(self):
    return f"{self.input_size}, {self.hidden_size}"


class SimpleRNNCell(_OneStateCell):
    __init__ = forwarding_init(
        _simple_rnn_cell_init, "input_size, hidden_size, activation='tanh', " + _CELL_ATTRS, "SimpleRNNCell",
        drop=("name",),
    )

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.activation != "tanh":
            s += f", activation={self.activation}"
        return s


class LSTMCell(RNNCellBase):
    __init__ = forwarding_init(_cell_init, _CELL_ARGS, "LSTMCell", drop=("name",), gates=4)

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        pre_h, pre_c = states
        _check_dtype(self, inputs._t)
        h, c = _VF.lstm_cell(inputs._t, (_state_t(pre_h), _state_t(pre_c)), *_cell_weights(self))
        h = wrap(h)
        return h, (h, wrap(c))

    @property
    def state_shape(self):
        return ((self.hidden_size,), (self.hidden_size,))

    extra_repr = _sizes_repr


class GRUCell(_OneStateCell):
    _cell_fn = staticmethod(_VF.gru_cell)
    __init__ = forwarding_init(_cell_init, _CELL_ARGS, "GRUCell", drop=("name",), gates=3)
    extra_repr = _sizes_repr


# ---- generic time loop -------------------------------------------------------------------------
def _rnn(cell, inputs, initial_states=None, sequence_length=None, time_major=False, is_reverse=False, **kwargs):
    flat = _flatten(inputs)
    t_idx = 0 if time_major else 1
    steps = flat[0]._t.shape[t_idx]
    if initial_states is None:
        initial_states = cell.get_initial_states(batch_ref=inputs, batch_dim_idx=1 if time_major else 0)
    xs = _map(lambda x: x._t if time_major else x._t.transpose(0, 1), inputs)
    mask = None
    if sequence_length is not None:
        lens = sequence_length._t if isinstance(sequence_length, Tensor) else torch.as_tensor(sequence_length)
        mask = (torch.arange(steps, device=lens.device).unsqueeze(1) < lens.unsqueeze(0)).to(flat[0]._t.dtype)
    if is_reverse:
        xs = _map(lambda x: x.flip(0), xs)
        if mask is not None:
            mask = mask.flip(0)
    states = initial_states
    outs = []
    new_states = states
    for i in range(steps):
        step_in = _map(lambda x, i=i: wrap(x[i]), xs)
        step_out, new_states = cell(step_in, states, **kwargs)
        if mask is not None:
            m = mask[i]

            def _copy(old, new, m=m):
                nt, ot = _state_t(new), _state_t(old)
                mm = m.reshape((-1,) + (1,) * (nt.dim() - 1))
                return wrap(nt * mm + ot * (1 - mm))

            new_states = _map(_copy, states, new_states)
        states = new_states
        outs.append(step_out)
    final = _map(lambda *xs_: torch.stack([x._t for x in xs_], 0), *outs)
    if is_reverse:
        final = _map(lambda x: x.flip(0), final)
    final = _map(lambda x: wrap(x if time_major else x.transpose(0, 1)), final)
    return final, new_states


class RNN(Layer):
    def __init__(self, cell, is_reverse=False, time_major=False):
        super().__init__()
        self.cell = cell
        if not hasattr(self.cell, "call"):
            self.cell.call = self.cell.forward
        self.is_reverse = is_reverse
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        return _rnn(
            self.cell,
            inputs,
            initial_states=initial_states,
            sequence_length=sequence_length,
            time_major=self.time_major,
            is_reverse=self.is_reverse,
            **kwargs,
        )


class BiRNN(Layer):
    def __init__(self, cell_fw, cell_bw, time_major=False):
        super().__init__()
        self.cell_fw = cell_fw
        self.cell_bw = cell_bw
        if cell_fw.input_size != cell_bw.input_size:
            raise ValueError(
                f"input size of forward cell({cell_fw.input_size}) does not equals"
                f"that of backward cell({cell_bw.input_size})"
            )
        for cell in (self.cell_fw, self.cell_bw):
            if not hasattr(cell, "call"):
                cell.call = cell.forward
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        if isinstance(initial_states, (list, tuple)):
            assert len(initial_states) == 2, "length of initial_states should be 2 when it is a list/tuple"
            states_fw, states_bw = initial_states
        else:
            states_fw = states_bw = initial_states
        out_fw, st_fw = _rnn(self.cell_fw, inputs, states_fw, sequence_length, self.time_major, False, **kwargs)
        out_bw, st_bw = _rnn(self.cell_bw, inputs, states_bw, sequence_length, self.time_major, True, **kwargs)
        outputs = _map(lambda a, b: wrap(torch.cat([a._t, b._t], -1)), out_fw, out_bw)
        return outputs, (st_fw, st_bw)


# ---- fused networks ----------------------------------------------------------------------------
# the networks' parameters, shared by RNNBase, SimpleRNN, LSTM and GRU
_NETWORK = "input_size, hidden_size, num_layers=1, direction='forward', time_major=False, dropout=0.0, "
_WEIGHT_ATTRS = "weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None"


def _rnn_base_init(self, mode, input_size, hidden_size, num_layers, direction, time_major, dropout, weight_ih_attr,
                   weight_hh_attr, bias_ih_attr, bias_hh_attr):
    LayerList.__init__(self)
    bidirectional = ("bidirectional", "bidirect")
    self.mode = mode
    self.input_size = input_size
    self.hidden_size = hidden_size
    self.dropout = dropout
    self.num_directions = 2 if direction in bidirectional else 1
    self.time_major = time_major
    self.num_layers = num_layers
    self.state_components = 2 if mode == "LSTM" else 1
    kwargs = {
        "weight_ih_attr": weight_ih_attr,
        "weight_hh_attr": weight_hh_attr,
        "bias_ih_attr": bias_ih_attr,
        "bias_hh_attr": bias_hh_attr,
    }
    if mode == "LSTM":
        cls = LSTMCell
    elif mode == "GRU":
        cls = GRUCell
    else:
        cls = SimpleRNNCell
        kwargs["activation"] = self.activation
    if direction == "forward":
        self.append(RNN(cls(input_size, hidden_size, **kwargs), False, time_major))
        for _ in range(1, num_layers):
            self.append(RNN(cls(hidden_size, hidden_size, **kwargs), False, time_major))
    elif direction in bidirectional:
        self.append(
            BiRNN(cls(input_size, hidden_size, **kwargs), cls(input_size, hidden_size, **kwargs), time_major)
        )
        for _ in range(1, num_layers):
            self.append(
                BiRNN(
                    cls(2 * hidden_size, hidden_size, **kwargs),
                    cls(2 * hidden_size, hidden_size, **kwargs),
                    time_major,
                )
            )
    else:
        raise ValueError(
            f"direction should be forward or bidirect (or bidirectional), received direction = {direction}"
        )
    params = self.parameters()
    self.could_use_cudnn = len(params) == num_layers * 4 * self.num_directions
    names = []
    for layer in range(num_layers):
        for d in range(self.num_directions):
            suffix = "_reverse" if d == 1 else ""
            names.extend(["weight_ih_l{}{}", "weight_hh_l{}{}"])
            if bias_ih_attr is not False:
                names.append("bias_ih_l{}{}")
            if bias_hh_attr is not False:
                names.append("bias_hh_l{}{}")
            names = [x.format(layer, suffix) for x in names]
    for name, p in zip(names, params):
        setattr(self, name, p)
    self._torch_fn = {"LSTM": _VF.lstm, "GRU": _VF.gru, "RNN_TANH": _VF.rnn_tanh, "RNN_RELU": _VF.rnn_relu}[mode]


class RNNBase(LayerList):
    __init__ = forwarding_init(_rnn_base_init, "mode, " + _NETWORK + _WEIGHT_ATTRS, "RNNBase")

    def _flat_weights(self):
        ws = []
        for layer in self:
            cells = (layer.cell,) if isinstance(layer, RNN) else (layer.cell_fw, layer.cell_bw)
            for c in cells:
                ws += [c.weight_ih._t, c.weight_hh._t, c.bias_ih._t, c.bias_hh._t]
        return ws

    def _no_layers_error(self, initial_states):
        """What Paddle's RNN forward runs into with num_layers < 1 (it does not check the value itself)."""
        if self.num_layers < 0 and initial_states is None:
            shape = [self.num_layers * self.num_directions, -1, self.hidden_size]
            return ValueError("(InvalidArgument) Each value of attribute 'shape' is expected to be no less than 0. "
                              f"But received: shape[0] = {shape[0]}; shape = {shape}.")
        if self.mode == "LSTM":  # splitting the (h, c) states over no layers
            return IndexError("list index out of range")
        return AttributeError("'tuple' object has no attribute 'ndim'")

    def forward(self, inputs, initial_states=None, sequence_length=None):
        if self.num_layers < 1:
            raise self._no_layers_error(initial_states)
        x = inputs._t
        if x.dim() != 3:
            raise ValueError(f"The input of {type(self).__name__} should be a 3-D Tensor, but received {inputs.shape}")
        if x.shape[-1] != self.input_size:
            raise errors.invalid_argument(
                f"The last dimension of the input ({x.shape[-1]}) of {type(self).__name__} should equal "
                f"input_size ({self.input_size})"
            )
        wdt = self[0].cell.weight_ih._t.dtype if isinstance(self[0], RNN) else self[0].cell_fw.weight_ih._t.dtype
        if x.dtype != wdt:
            raise ValueError(
                f"(InvalidArgument) The type of data we are trying to retrieve ({str(x.dtype)[6:]}) does not match "
                f"the type of data ({str(wdt)[6:]}) currently contained in the container."
            )
        batch_index = 1 if self.time_major else 0
        batch = x.shape[batch_index]
        steps = x.shape[1 - batch_index]
        shape = (self.num_layers * self.num_directions, batch, self.hidden_size)
        if initial_states is None:
            hx = tuple(torch.zeros(shape, dtype=x.dtype, device=x.device) for _ in range(self.state_components))
        else:
            st = initial_states if isinstance(initial_states, (list, tuple)) else [initial_states]
            hx = tuple(_state_t(s) for s in st)
            if len(hx) != self.state_components:
                raise ValueError(
                    f"{type(self).__name__} expects {self.state_components} initial state tensor(s), "
                    f"but received {len(hx)}"
                )
            for h in hx:
                if tuple(h.shape) != shape:
                    raise ValueError(
                        f"The initial state of {type(self).__name__} should have shape {list(shape)}, "
                        f"but received {list(h.shape)}"
                    )
                if h.dtype != x.dtype:
                    raise ValueError(
                        f"(InvalidArgument) The type of data we are trying to retrieve ({str(x.dtype)[6:]}) does not "
                        f"match the type of data ({str(h.dtype)[6:]}) currently contained in the container."
                    )
        try:
            dropout = float(self.dropout)
        except (TypeError, ValueError):
            raise errors.arg_type("rnn", 6, "double", self.dropout) from None
        weights = self._flat_weights()
        lens = None
        if sequence_length is not None:
            lens = sequence_length._t if isinstance(sequence_length, Tensor) else torch.as_tensor(sequence_length)
            lens = lens.to("cpu", torch.int64)
        if self.training and dropout != 0 and self.num_layers > 1 and x.device.type == "cpu":
            out, states = self._run_with_paddle_dropout(x, hx, weights, lens, steps, batch, dropout)
        else:
            out, states = self._run_torch(x, hx, weights, lens, steps, self.num_layers, dropout)
        out = wrap(out)
        if self.mode == "LSTM":
            return out, (wrap(states[0]), wrap(states[1]))
        return out, wrap(states[0])

    def _run_torch(self, x, hx, weights, lens, steps, num_layers, dropout):
        """torch's fused RNN over ``num_layers`` layers; padded steps (``lens``) come out as zeros."""
        h_arg = hx if self.mode == "LSTM" else hx[0]
        if lens is None:
            res = self._torch_fn(x, h_arg, weights, True, num_layers, dropout, self.training,
                                 self.num_directions == 2, not self.time_major)
            return res[0], res[1:]
        packed = pack_padded_sequence(x, lens, batch_first=not self.time_major, enforce_sorted=False)
        sidx, uidx = packed.sorted_indices, packed.unsorted_indices
        h_sorted = tuple(h.index_select(1, sidx) for h in hx)
        h_arg = h_sorted if self.mode == "LSTM" else h_sorted[0]
        res = self._torch_fn(packed.data, packed.batch_sizes, h_arg, weights, True, num_layers, dropout,
                             self.training, self.num_directions == 2)
        out, _ = pad_packed_sequence(PackedSequence(res[0], packed.batch_sizes, sidx, uidx),
                                     batch_first=not self.time_major, total_length=steps)
        return out, tuple(s.index_select(1, uidx) for s in res[1:])

    def _run_with_paddle_dropout(self, x, hx, weights, lens, steps, batch, dropout):
        """Paddle's CPU rnn kernel, layer by layer: one keep mask, drawn from Paddle's engine over the
        time-major [steps, batch, directions * hidden] output before the second layer, scales the input of
        every later layer (``in * mask / (1 - p)``)."""
        from ...tensor.random import dropout_keep_mask

        per_layer = len(weights) // self.num_layers
        directions = self.num_directions
        layer_states, inp, scale = [], x, None
        for layer in range(self.num_layers):
            if layer:
                if scale is None:
                    keep = dropout_keep_mask((steps, batch, directions * self.hidden_size), dropout, x.device)
                    if not self.time_major:
                        keep = keep.transpose(0, 1)
                    if dropout == 1:
                        scale = torch.zeros((), dtype=x.dtype)
                    else:
                        scale = keep.to(x.dtype) / torch.tensor(float(np.float32(1) - np.float32(dropout)),
                                                                 dtype=x.dtype)
                inp = inp * scale
            h_layer = tuple(h[layer * directions:(layer + 1) * directions] for h in hx)
            inp, states = self._run_torch(inp, h_layer, weights[layer * per_layer:(layer + 1) * per_layer], lens,
                                          steps, 1, 0.0)
            layer_states.append(states)
        return inp, tuple(torch.cat(parts) for parts in zip(*layer_states))

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.time_major is not False:
            s += f", time_major={self.time_major}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        return s




def _simple_rnn_init(self, activation, **args):
    if activation == "tanh":
        mode = "RNN_TANH"
    elif activation == "relu":
        mode = "RNN_RELU"
    else:
        raise ValueError(f"Unknown activation '{activation}'")
    self.activation = activation
    RNNBase.__init__(self, mode, **args)


class SimpleRNN(RNNBase):
    __init__ = forwarding_init(
        _simple_rnn_init, _NETWORK + "activation='tanh', " + _CELL_ATTRS, "SimpleRNN", drop=("name",)
    )


class LSTM(RNNBase):
    __init__ = forwarding_init(RNNBase.__init__, _NETWORK + _CELL_ATTRS, "LSTM", drop=("name",), mode="LSTM")


class GRU(RNNBase):
    __init__ = forwarding_init(RNNBase.__init__, _NETWORK + _CELL_ATTRS, "GRU", drop=("name",), mode="GRU")
