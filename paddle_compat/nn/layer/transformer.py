"""``paddle.nn`` Transformer layers (transformer.py in Paddle 2.6).

Paddle's layout: separate ``q_proj`` / ``k_proj`` / ``v_proj`` / ``out_proj`` Linear layers (weight
``[in, out]``); attention masks are added to the scaled scores, bool / int masks are converted with
``(mask - 1) * 1e9`` (True / 1 = keep). ``Cache`` / ``StaticCache`` incremental decoding as Paddle.
"""

import collections
import copy

import numpy as np
import torch
import torch.nn.functional as TF  # noqa: N812

from ..._core import Tensor, errors, get_default_dtype, to_torch_dtype, wrap
from .. import functional as F
from ..param_attr import ParamAttr
from .common import Dropout, Linear
from .container import LayerList
from .layers import Layer, _init_args
from .norm import LayerNorm

__all__ = [
    "MultiHeadAttention",
    "Transformer",
    "TransformerDecoder",
    "TransformerDecoderLayer",
    "TransformerEncoder",
    "TransformerEncoderLayer",
]


class _ArgAssert(AssertionError, ValueError):
    """Paddle checks these constructor arguments with ``assert``: catchable as AssertionError (Paddle) and
    ValueError."""


def _convert_param_attr_to_list(param_attr, n):
    if isinstance(param_attr, (list, tuple)):
        if len(param_attr) != n:
            raise _ArgAssert(f"length of param_attr should be {n} when it is a list/tuple")
        out = []
        for attr in param_attr:
            if isinstance(attr, bool):
                out.append(ParamAttr._to_attr(None) if attr else False)
            else:
                out.append(ParamAttr._to_attr(attr))
        return out
    if isinstance(param_attr, bool):
        return [ParamAttr._to_attr(None) for _ in range(n)] if param_attr else [False] * n
    attr = ParamAttr._to_attr(param_attr)
    out = []
    for i in range(n):
        a = copy.deepcopy(attr)
        if attr is not None and getattr(attr, "name", None):
            a.name = a.name + "_" + str(i)
        out.append(a)
    return out


def _mask_t(attn_mask, dtype):
    """Paddle's _convert_attention_mask on torch tensors: bool/int -> (mask - 1) * 1e9, float -> cast."""
    if attn_mask is None:
        return None
    m = attn_mask._t if isinstance(attn_mask, Tensor) else torch.as_tensor(attn_mask)
    if m.dtype == dtype:
        return m
    if m.dtype == torch.bool or not (m.is_floating_point() or m.is_complex()):
        return (m.to(dtype) - 1.0) * 1e9
    return m.to(dtype)


def _convert_attention_mask(attn_mask, dtype):
    if attn_mask is None:
        return None
    td = to_torch_dtype(dtype) if not isinstance(dtype, torch.dtype) else dtype
    return wrap(_mask_t(attn_mask, td))


def _linear(layer, x):
    if x.dtype != layer.weight._t.dtype:
        raise errors.invalid_argument(
            f"The dtype of the input ({x.dtype}) does not match the dtype of the projection weight "
            f"({layer.weight._t.dtype}) in MultiHeadAttention"
        )
    b = layer.bias
    return TF.linear(x, layer.weight._t.t(), None if b is None else b._t)


class MultiHeadAttention(Layer):
    Cache = collections.namedtuple("Cache", ["k", "v"])
    StaticCache = collections.namedtuple("StaticCache", ["k", "v"])

    def __init__(
        self,
        embed_dim,
        num_heads,
        dropout=0.0,
        kdim=None,
        vdim=None,
        need_weights=False,
        weight_attr=None,
        bias_attr=None,
    ):
        super().__init__()
        if embed_dim <= 0:
            raise _ArgAssert(f"Expected embed_dim to be greater than 0, but received {embed_dim}")
        if num_heads <= 0:
            raise _ArgAssert(f"Expected num_heads to be greater than 0, but received {num_heads}")
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.need_weights = need_weights
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise _ArgAssert("embed_dim must be divisible by num_heads")
        self.q_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.k_proj = Linear(self.kdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.v_proj = Linear(self.vdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.out_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)

    def _heads(self, t):
        b, s = t.shape[0], t.shape[1]
        return t.reshape(b, s, self.num_heads, self.head_dim).permute(0, 2, 1, 3)

    def _prepare_qkv(self, query, key, value, cache=None):
        q = self._heads(_linear(self.q_proj, query._t))
        if isinstance(cache, self.StaticCache):
            k, v = cache.k._t, cache.v._t
        else:
            k, v = self.compute_kv(key, value)
            k, v = k._t, v._t
        if isinstance(cache, self.Cache):
            k = torch.cat([cache.k._t, k], 2)
            v = torch.cat([cache.v._t, v], 2)
            cache = self.Cache(wrap(k), wrap(v))
        return (q, k, v) if cache is None else (q, k, v, cache)

    def compute_kv(self, key, value):
        k = self._heads(_linear(self.k_proj, key._t))
        v = self._heads(_linear(self.v_proj, value._t))
        return wrap(k), wrap(v)

    def gen_cache(self, key, value=None, type=Cache):  # noqa: A002 - Paddle's name
        if type == MultiHeadAttention.StaticCache:
            k, v = self.compute_kv(key, value)
            return self.StaticCache(k, v)
        if value is None:
            shape = [key._t.shape[0], self.num_heads, 0, self.head_dim]
            k = wrap(torch.zeros(shape, dtype=key._t.dtype, device=key._t.device))
            v = wrap(torch.zeros(shape, dtype=key._t.dtype, device=key._t.device))
            return self.Cache(k, v)
        return self.Cache(key, value)

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        key = query if key is None else key
        value = query if value is None else value
        if query._t.dim() != 3:
            raise ValueError(
                f"The query of MultiHeadAttention should be a 3-D Tensor [batch, seq, embed_dim], but received "
                f"{query.shape}"
            )
        if query._t.shape[-1] != self.embed_dim:
            raise ValueError(
                f"The last dimension of query ({query._t.shape[-1]}) should equal embed_dim ({self.embed_dim})"
            )
        if cache is None:
            q, k, v = self._prepare_qkv(query, key, value, cache)
        else:
            q, k, v, cache = self._prepare_qkv(query, key, value, cache)
        product = torch.matmul(q * (self.head_dim**-0.5), k.transpose(-1, -2))
        if attn_mask is not None:
            m = _mask_t(attn_mask, product.dtype)
            try:
                product = product + m
            except RuntimeError:
                raise ValueError(
                    "(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast together with "
                    f"the shape of X = {list(product.shape)} and the shape of Y = {list(m.shape)}."
                ) from None
        weights = torch.softmax(product, -1)
        if self.dropout:
            p = self.dropout
            if type(p) is float and 0.0 <= p <= 1.0:
                weights = TF.dropout(weights, p, training=self.training)
            else:  # Paddle's dropout takes any p (NaN, ints, out of range): its own rule in F.dropout
                weights = F.dropout(wrap(weights), p, training=self.training, mode="upscale_in_train")._t
        out = torch.matmul(weights, v).permute(0, 2, 1, 3)
        out = out.reshape(out.shape[0], out.shape[1], -1)
        out = wrap(_linear(self.out_proj, out))
        outs = [out]
        if self.need_weights:
            outs.append(wrap(weights))
        if cache is not None:
            outs.append(cache)
        return out if len(outs) == 1 else tuple(outs)


def _check_positive(d_model, nhead, dim_feedforward):
    if d_model <= 0:
        raise _ArgAssert(f"Expected d_model to be greater than 0, but received {d_model}")
    if nhead <= 0:
        raise _ArgAssert(f"Expected nhead to be greater than 0, but received {nhead}")
    if dim_feedforward <= 0:
        raise _ArgAssert(f"Expected dim_feedforward to be greater than 0, but received {dim_feedforward}")


def _layer_prologue(layer, config, n_attrs):
    """What TransformerEncoderLayer/DecoderLayer do first: keep their arguments (``_config``, to clone them),
    check the sizes, resolve the dropout defaults and split the parameter attributes over ``n_attrs`` sublayers."""
    layer._config = config
    Layer.__init__(layer)
    _check_positive(config["d_model"], config["nhead"], config["dim_feedforward"])
    dropout = config["dropout"]
    attn_dropout = dropout if config["attn_dropout"] is None else config["attn_dropout"]
    act_dropout = dropout if config["act_dropout"] is None else config["act_dropout"]
    layer.normalize_before = config["normalize_before"]
    return (attn_dropout, act_dropout, _convert_param_attr_to_list(config["weight_attr"], n_attrs),
            _convert_param_attr_to_list(config["bias_attr"], n_attrs))


class TransformerEncoderLayer(Layer):
    def __init__(
        self,
        d_model,
        nhead,
        dim_feedforward,
        dropout=0.1,
        activation="relu",
        attn_dropout=None,
        act_dropout=None,
        normalize_before=False,
        weight_attr=None,
        bias_attr=None,
    ):
        # first statement: the constructor's arguments exactly
        attn_dropout, act_dropout, weight_attrs, bias_attrs = _layer_prologue(self, _init_args(locals()), 2)
        self.self_attn = MultiHeadAttention(
            d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[0], bias_attr=bias_attrs[0]
        )
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[1], bias_attr=bias_attrs[1])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[1], bias_attr=bias_attrs[1])
        self.norm1 = LayerNorm(d_model)
        self.norm2 = LayerNorm(d_model)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.activation = getattr(F, activation)

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src._t.dtype)
        residual = src
        if self.normalize_before:
            src = self.norm1(src)
        if cache is None:
            src = self.self_attn(src, src, src, src_mask)
        else:
            src, incremental_cache = self.self_attn(src, src, src, src_mask, cache)
        src = residual + self.dropout1(src)
        if not self.normalize_before:
            src = self.norm1(src)
        residual = src
        if self.normalize_before:
            src = self.norm2(src)
        src = self.linear2(self.dropout(self.activation(self.linear1(src))))
        src = residual + self.dropout2(src)
        if not self.normalize_before:
            src = self.norm2(src)
        return src if cache is None else (src, incremental_cache)

    def gen_cache(self, src):
        return self.self_attn.gen_cache(src, type=self.self_attn.Cache)


class TransformerEncoder(Layer):
    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = LayerList(
            [encoder_layer if i == 0 else type(encoder_layer)(**encoder_layer._config) for i in range(num_layers)]
        )
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src._t.dtype)
        output = src
        new_caches = []
        for i, mod in enumerate(self.layers):
            if cache is None:
                output = mod(output, src_mask=src_mask)
            else:
                output, new_cache = mod(output, src_mask=src_mask, cache=cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, src):
        return [layer.gen_cache(src) for layer in self.layers]


class TransformerDecoderLayer(Layer):
    def __init__(
        self,
        d_model,
        nhead,
        dim_feedforward,
        dropout=0.1,
        activation="relu",
        attn_dropout=None,
        act_dropout=None,
        normalize_before=False,
        weight_attr=None,
        bias_attr=None,
    ):
        # first statement: the constructor's arguments exactly
        attn_dropout, act_dropout, weight_attrs, bias_attrs = _layer_prologue(self, _init_args(locals()), 3)
        self.self_attn = MultiHeadAttention(
            d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[0], bias_attr=bias_attrs[0]
        )
        self.cross_attn = MultiHeadAttention(
            d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[1], bias_attr=bias_attrs[1]
        )
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[2], bias_attr=bias_attrs[2])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[2], bias_attr=bias_attrs[2])
        self.norm1 = LayerNorm(d_model)
        self.norm2 = LayerNorm(d_model)
        self.norm3 = LayerNorm(d_model)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.dropout3 = Dropout(dropout, mode="upscale_in_train")
        self.activation = getattr(F, activation)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt._t.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory._t.dtype)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm1(tgt)
        if cache is None:
            tgt = self.self_attn(tgt, tgt, tgt, tgt_mask, None)
        else:
            tgt, incremental_cache = self.self_attn(tgt, tgt, tgt, tgt_mask, cache[0])
        tgt = residual + self.dropout1(tgt)
        if not self.normalize_before:
            tgt = self.norm1(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm2(tgt)
        if cache is None:
            tgt = self.cross_attn(tgt, memory, memory, memory_mask, None)
        else:
            tgt, static_cache = self.cross_attn(tgt, memory, memory, memory_mask, cache[1])
        tgt = residual + self.dropout2(tgt)
        if not self.normalize_before:
            tgt = self.norm2(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm3(tgt)
        tgt = self.linear2(self.dropout(self.activation(self.linear1(tgt))))
        tgt = residual + self.dropout3(tgt)
        if not self.normalize_before:
            tgt = self.norm3(tgt)
        return tgt if cache is None else (tgt, (incremental_cache, static_cache))

    def gen_cache(self, memory):
        incremental_cache = self.self_attn.gen_cache(memory, type=self.self_attn.Cache)
        static_cache = self.cross_attn.gen_cache(memory, memory, type=self.cross_attn.StaticCache)
        return incremental_cache, static_cache


class TransformerDecoder(Layer):
    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = LayerList(
            [decoder_layer if i == 0 else type(decoder_layer)(**decoder_layer._config) for i in range(num_layers)]
        )
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt._t.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory._t.dtype)
        output = tgt
        new_caches = []
        for i, mod in enumerate(self.layers):
            if cache is None:
                output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask, cache=None)
            else:
                output, new_cache = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask, cache=cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, memory, do_zip=False):
        cache = [layer.gen_cache(memory) for layer in self.layers]
        if do_zip:
            cache = list(zip(*cache))
        return cache


def _split_attr(attr, name):
    if isinstance(attr, (list, tuple)):
        if len(attr) == 1:
            return [attr[0]] * 2, [attr[0]] * 3
        if len(attr) == 2:
            return attr, [attr[0], attr[0], attr[-1]]
        if len(attr) == 3:
            return [attr[0], attr[-1]], attr
        raise _ArgAssert(f"length of {name} should be 1 or 2 or 3 when it is a list/tuple")
    return attr, attr


class Transformer(Layer):
    def __init__(
        self,
        d_model=512,
        nhead=8,
        num_encoder_layers=6,
        num_decoder_layers=6,
        dim_feedforward=2048,
        dropout=0.1,
        activation="relu",
        attn_dropout=None,
        act_dropout=None,
        normalize_before=False,
        weight_attr=None,
        bias_attr=None,
        custom_encoder=None,
        custom_decoder=None,
    ):
        super().__init__()
        _check_positive(d_model, nhead, dim_feedforward)
        enc_b, dec_b = _split_attr(bias_attr, "bias_attr")
        enc_w, dec_w = _split_attr(weight_attr, "weight_attr")
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            enc_layer = TransformerEncoderLayer(
                d_model,
                nhead,
                dim_feedforward,
                dropout,
                activation,
                attn_dropout,
                act_dropout,
                normalize_before,
                enc_w,
                enc_b,
            )
            self.encoder = TransformerEncoder(enc_layer, num_encoder_layers, LayerNorm(d_model))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            dec_layer = TransformerDecoderLayer(
                d_model,
                nhead,
                dim_feedforward,
                dropout,
                activation,
                attn_dropout,
                act_dropout,
                normalize_before,
                dec_w,
                dec_b,
            )
            self.decoder = TransformerDecoder(dec_layer, num_decoder_layers, LayerNorm(d_model))
        self.d_model = d_model
        self.nhead = nhead

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None):
        src_mask = _convert_attention_mask(src_mask, src._t.dtype)
        memory = self.encoder(src, src_mask=src_mask)
        tgt_mask = _convert_attention_mask(tgt_mask, tgt._t.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory._t.dtype)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask)

    def generate_square_subsequent_mask(self, length):
        if isinstance(length, Tensor):
            length = int(length._t.item())
        dt = to_torch_dtype(get_default_dtype())
        return wrap(torch.triu(torch.full((length, length), -np.inf, dtype=dt), 1))
