"""``paddle.nn.decode``: ``Decoder``, ``BeamSearchDecoder`` and ``dynamic_decode`` (dygraph semantics)."""

import collections
import warnings

import torch

from paddle_compat._core import Tensor, unwrap, wrap

__all__ = ["Decoder", "BeamSearchDecoder", "dynamic_decode"]


# ---------------------------------------------------------------- nested structures
def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(x, "_fields")


def _flatten(struct):
    if isinstance(struct, dict):
        out = []
        for k in sorted(struct):
            out.extend(_flatten(struct[k]))
        return out
    if isinstance(struct, (list, tuple)):
        out = []
        for s in struct:
            out.extend(_flatten(s))
        return out
    return [struct]


def _map_structure(fn, *structs):
    first = structs[0]
    if isinstance(first, dict):
        return type(first)((k, _map_structure(fn, *[s[k] for s in structs])) for k in first)
    if _is_namedtuple(first):
        return type(first)(*[_map_structure(fn, *items) for items in zip(*structs)])
    if isinstance(first, (list, tuple)):
        return type(first)(_map_structure(fn, *items) for items in zip(*structs))
    return fn(*structs)


def _t(x):
    return unwrap(x) if isinstance(x, Tensor) else torch.as_tensor(x)


def _nograd(x):
    out = wrap(x)
    out.stop_gradient = True
    return out


class ArrayWrapper:
    def __init__(self, x):
        self.array = [x]

    def append(self, x):
        self.array.append(x)
        return self

    def __getitem__(self, item):
        return self.array.__getitem__(item)


class Decoder:
    """Base class of decoders used by :func:`dynamic_decode` (``initialize``, ``step``, ``finalize``)."""

    def initialize(self, inits):
        raise NotImplementedError

    def step(self, time, inputs, states, **kwargs):
        raise NotImplementedError

    def finalize(self, outputs, final_states, sequence_lengths):
        raise NotImplementedError

    @property
    def tracks_own_finished(self):
        return False


class BeamSearchDecoder(Decoder):
    """Beam search decoder wrapping an RNN cell (Paddle 2.6 ``paddle.nn.BeamSearchDecoder``)."""

    def __init__(self, cell, start_token, end_token, beam_size, embedding_fn=None, output_fn=None):
        self.cell = cell
        self.embedding_fn = embedding_fn
        self.output_fn = output_fn
        self.start_token = start_token
        self.end_token = end_token
        self.beam_size = beam_size

    @staticmethod
    def tile_beam_merge_with_batch(x, beam_size):
        """Tile ``[batch, ...]`` to ``[batch * beam_size, ...]`` (each entry repeated ``beam_size`` times)."""
        t = _t(x)
        out = t.unsqueeze(1).expand(t.shape[0], beam_size, *t.shape[1:]).reshape(-1, *t.shape[1:])
        return wrap(out.contiguous())

    def _split_batch_beams(self, x):
        t = _t(x)
        return wrap(t.reshape(-1, self.beam_size, *t.shape[1:]))

    def _merge_batch_beams(self, x):
        t = _t(x)
        return wrap(t.reshape(-1, *t.shape[2:]))

    def _expand_to_beam_size(self, x):
        t = _t(x)
        return wrap(t.unsqueeze(1).repeat(1, self.beam_size, *([1] * (t.dim() - 1))))

    def _mask_probs(self, probs, finished):
        p = _t(probs)
        f = _t(finished).to(p.dtype).unsqueeze(2)
        mask = _t(self.noend_mask_tensor).to(p.dtype)
        return wrap(f * mask - p * (f - 1))

    def _gather(self, x, indices, batch_size):
        t = _t(x)
        idx = _t(indices).long()
        bs = int(_t(batch_size).reshape(-1)[0]) if not isinstance(batch_size, int) else batch_size
        batch_pos = torch.arange(bs, device=idx.device).unsqueeze(1).expand(bs, idx.shape[1])
        return wrap(t[batch_pos, idx])

    class OutputWrapper(collections.namedtuple("OutputWrapper", ("scores", "predicted_ids", "parent_ids"))):
        """Outputs of ``BeamSearchDecoder.step``: scores, predicted_ids, parent_ids."""

    class StateWrapper(
        collections.namedtuple("StateWrapper", ("cell_states", "log_probs", "finished", "lengths"))
    ):
        """States of ``BeamSearchDecoder.step``: cell_states, log_probs, finished, lengths."""

    def _float_dtype(self):
        from paddle_compat import get_default_dtype

        return torch.float64 if str(get_default_dtype()) == "float64" else torch.float32

    def initialize(self, initial_cell_states):
        # Paddle accepts any beam_size in the constructor and fails (ValueError, from tile) here.
        if isinstance(self.beam_size, bool) or not isinstance(self.beam_size, int) or self.beam_size < 1:
            raise ValueError(
                f"BeamSearchDecoder: `beam_size` must be a positive integer (it is used as a tile "
                f"repeat_times), but got {self.beam_size!r}"
            )
        self.kinf = 1e9
        flat = _flatten(initial_cell_states)
        if not flat or not isinstance(flat[0], Tensor):
            raise TypeError("BeamSearchDecoder.initialize: `initial_cell_states` must be a (nested) Tensor")
        state = _t(flat[0])
        bs = state.shape[0]
        self.batch_size = _nograd(torch.tensor(bs, dtype=torch.int32))
        self._bs = bs
        self.start_token_tensor = _nograd(torch.full([1], self.start_token, dtype=torch.int64))
        self.end_token_tensor = _nograd(torch.full([1], self.end_token, dtype=torch.int64))
        init_cell_states = _map_structure(self._expand_to_beam_size, initial_cell_states)
        init_inputs = torch.full([bs, self.beam_size], self.start_token, dtype=torch.int64)
        row = torch.tensor([[0.0] + [-self.kinf] * (self.beam_size - 1)], dtype=torch.float32)
        log_probs = row.repeat(bs, 1).to(self._float_dtype())
        init_finished = torch.zeros([bs, self.beam_size], dtype=torch.bool)
        init_lengths = torch.zeros_like(init_inputs)
        init_inputs = _nograd(init_inputs)
        init_inputs = self.embedding_fn(init_inputs) if self.embedding_fn else init_inputs
        finished = _nograd(init_finished)
        return (
            init_inputs,
            self.StateWrapper(init_cell_states, _nograd(log_probs), finished, _nograd(init_lengths)),
            finished,
        )

    def _beam_search_step(self, time, logits, next_cell_states, beam_state):
        lg = _t(logits)
        self.vocab_size = lg.shape[-1]
        self.vocab_size_tensor = _nograd(torch.full([1], self.vocab_size, dtype=torch.int64))
        noend = [-self.kinf] * self.vocab_size
        noend[self.end_token] = 0
        self.noend_mask_tensor = _nograd(torch.tensor(noend, dtype=torch.float32).to(self._float_dtype()))

        step_log_probs = torch.log(torch.softmax(lg, dim=-1))
        step_log_probs = _t(self._mask_probs(wrap(step_log_probs), beam_state.finished))
        log_probs = step_log_probs + _t(beam_state.log_probs).unsqueeze(2)
        scores = log_probs.reshape(-1, self.beam_size * self.vocab_size)
        topk_scores, topk_indices = torch.topk(scores, k=self.beam_size, dim=-1)
        beam_indices = torch.div(topk_indices, self.vocab_size, rounding_mode="floor")
        token_indices = torch.remainder(topk_indices, self.vocab_size)
        bs = self._bs
        next_log_probs = self._gather(wrap(scores), wrap(topk_indices), bs)
        beam_idx_w = _nograd(beam_indices)
        next_cell_states = _map_structure(lambda x: self._gather(x, beam_idx_w, bs), next_cell_states)
        next_finished = _t(self._gather(beam_state.finished, beam_idx_w, bs))
        lengths = _t(beam_state.lengths)
        next_lengths = _t(self._gather(beam_state.lengths, beam_idx_w, bs))
        next_lengths = next_lengths + torch.logical_not(next_finished).to(lengths.dtype)
        next_finished = torch.logical_or(next_finished, token_indices == self.end_token)
        out = self.OutputWrapper(wrap(topk_scores), _nograd(token_indices), beam_idx_w)
        state = self.StateWrapper(next_cell_states, next_log_probs, _nograd(next_finished), _nograd(next_lengths))
        return out, state

    def step(self, time, inputs, states, **kwargs):
        inputs = _map_structure(self._merge_batch_beams, inputs)
        cell_states = _map_structure(self._merge_batch_beams, states.cell_states)
        if not callable(self.cell):
            raise TypeError(f"'{type(self.cell).__name__}' object is not callable: `cell` must be an RNNCellBase")
        cell_outputs, next_cell_states = self.cell(inputs, cell_states, **kwargs)
        cell_outputs = _map_structure(self._split_batch_beams, cell_outputs)
        next_cell_states = _map_structure(self._split_batch_beams, next_cell_states)
        if self.output_fn is not None:
            cell_outputs = self.output_fn(cell_outputs)
        beam_search_output, beam_search_state = self._beam_search_step(
            time=time, logits=cell_outputs, next_cell_states=next_cell_states, beam_state=states
        )
        finished = beam_search_state.finished
        sample_ids = beam_search_output.predicted_ids
        sample_ids.stop_gradient = True
        next_inputs = self.embedding_fn(sample_ids) if self.embedding_fn else sample_ids
        return beam_search_output, beam_search_state, next_inputs, finished

    def finalize(self, outputs, final_states, sequence_lengths):
        from paddle_compat.nn.functional import gather_tree

        predicted_ids = gather_tree(outputs.predicted_ids, outputs.parent_ids)
        return predicted_ids, final_states

    @property
    def tracks_own_finished(self):
        return True


def dynamic_decode(
    decoder,
    inits=None,
    max_step_num=None,
    output_time_major=False,
    impute_finished=False,
    is_test=False,
    return_length=False,
    **kwargs,
):
    """Run ``decoder.step`` repeatedly until all finished or ``max_step_num`` is exceeded (dygraph path)."""
    if not (hasattr(decoder, "initialize") and hasattr(decoder, "step")):
        raise TypeError(f"dynamic_decode: `decoder` must be a Decoder instance, but got {type(decoder).__name__}")
    if max_step_num is not None and (isinstance(max_step_num, bool) or not isinstance(max_step_num, int)):
        max_step_num = int(_t(max_step_num).reshape(-1)[0])

    def _maybe_copy(state, new_state, step_mask):
        s, n = _t(state), _t(new_state)
        is_bool = s.dtype == torch.bool
        if is_bool:
            s, n = s.float(), n.float()
        m = _t(step_mask).to(s.dtype).unsqueeze(1)
        while m.dim() < s.dim():
            m = m.unsqueeze(-1)
        out = s * m - n * (m - 1)
        if is_bool:
            out = out.bool()
        return wrap(out)

    initial_inputs, initial_states, initial_finished = decoder.initialize(inits)
    inputs, states, finished = initial_inputs, initial_states, initial_finished
    cond = not bool(_t(initial_finished).all())
    sequence_lengths = _nograd(torch.zeros(_t(initial_finished).shape, dtype=torch.int64))
    outputs = None
    step_idx = 0
    step_idx_tensor = _nograd(torch.zeros([1], dtype=torch.int64))
    while cond:
        step_outputs, next_states, next_inputs, next_finished = decoder.step(
            step_idx_tensor, inputs, states, **kwargs
        )
        if not decoder.tracks_own_finished:
            next_finished = _nograd(torch.logical_or(_t(next_finished), _t(finished)))
            # Paddle assigns the merged flags into `finished` in place (paddle.assign) before using it
            # below, so lengths and imputation see the already-updated flags.
            with torch.no_grad():
                _t(finished).copy_(_t(next_finished).to(_t(finished).dtype))
            next_sequence_lengths = _nograd(
                _t(sequence_lengths) + torch.logical_not(_t(finished)).to(_t(sequence_lengths).dtype)
            )
            if impute_finished:
                next_states = _map_structure(
                    lambda x, y, fin=finished: _maybe_copy(x, y, fin), states, next_states
                )
        else:
            if not hasattr(next_states, "lengths"):
                warnings.warn(
                    "`next_states` has no `lengths` attribute, the returned `sequence_lengths` would be all zeros."
                )
            next_sequence_lengths = getattr(next_states, "lengths", sequence_lengths)

        if step_idx == 0:
            outputs = _map_structure(ArrayWrapper, step_outputs)
        else:
            outputs = _map_structure(lambda x, arr: arr.append(x), step_outputs, outputs)
        inputs, states, finished, sequence_lengths = (
            next_inputs,
            next_states,
            next_finished,
            next_sequence_lengths,
        )
        step_idx_tensor = _nograd(_t(step_idx_tensor) + 1)
        step_idx += 1
        cond = not bool(_t(finished).all())
        if max_step_num is not None and step_idx > max_step_num:
            break

    final_outputs = _map_structure(lambda arr: wrap(torch.stack([_t(a) for a in arr.array], 0)), outputs)
    final_states = states
    try:
        final_outputs, final_states = decoder.finalize(final_outputs, final_states, sequence_lengths)
    except NotImplementedError:
        pass
    if not output_time_major:
        final_outputs = _map_structure(
            lambda x: wrap(_t(x).permute(1, 0, *range(2, _t(x).dim()))), final_outputs
        )
    return (final_outputs, final_states, sequence_lengths) if return_length else (final_outputs, final_states)
