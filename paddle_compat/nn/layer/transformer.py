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
from ._codegen import forwarding_init
from .common import Dropout, Linear
from .container import LayerList
from .layers import Layer
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
        if self.dropout:  # F.dropout: Paddle's random stream on CPU, and its rule for any p (NaN, ints...)
            weights = F.dropout(wrap(weights), self.dropout, training=self.training, mode="upscale_in_train")._t
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


def _attend(attn, query, key_value, mask, cache):
    """(output, new cache) of one attention sublayer; the cache is None when none was given."""
    if cache is None:
        return attn(query, key_value, key_value, mask, None), None
    return attn(query, key_value, key_value, mask, cache)


def _residual(layer, x, norm, dropout, sublayer):
    """``x + dropout(sublayer(x))``, normalized by ``norm`` before the sublayer (``normalize_before``) or after the
    sum, as Paddle's transformer layers; ``sublayer`` returns (output, cache), the cache is passed on."""
    residual = x
    if layer.normalize_before:
        x = norm(x)
    x, cache = sublayer(x)
    x = residual + dropout(x)
    if not layer.normalize_before:
        x = norm(x)
    return x, cache


def _feed_forward(layer):
    return lambda x: (layer.linear2(layer.dropout(layer.activation(layer.linear1(x)))), None)


def _encoder_layer_init(self, **config):
    attn_dropout, act_dropout, weight_attrs, bias_attrs = _layer_prologue(self, config, 2)
    d_model, nhead, dim_feedforward, dropout = (config[k] for k in ("d_model", "nhead", "dim_feedforward", "dropout"))
    self.self_attn = MultiHeadAttention(
        d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[0], bias_attr=bias_attrs[0]
    )
    _feed_forward_sublayers(self, d_model, dim_feedforward, act_dropout, weight_attrs[1], bias_attrs[1])
    self.norm1 = LayerNorm(d_model)
    self.norm2 = LayerNorm(d_model)
    self.dropout1 = Dropout(dropout, mode="upscale_in_train")
    self.dropout2 = Dropout(dropout, mode="upscale_in_train")
    self.activation = getattr(F, config["activation"])


def _decoder_layer_init(self, **config):
    attn_dropout, act_dropout, weight_attrs, bias_attrs = _layer_prologue(self, config, 3)
    d_model, nhead, dim_feedforward, dropout = (config[k] for k in ("d_model", "nhead", "dim_feedforward", "dropout"))
    self.self_attn = MultiHeadAttention(
        d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[0], bias_attr=bias_attrs[0]
    )
    self.cross_attn = MultiHeadAttention(
        d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[1], bias_attr=bias_attrs[1]
    )
    _feed_forward_sublayers(self, d_model, dim_feedforward, act_dropout, weight_attrs[2], bias_attrs[2])
    self.norm1 = LayerNorm(d_model)
    self.norm2 = LayerNorm(d_model)
    self.norm3 = LayerNorm(d_model)
    self.dropout1 = Dropout(dropout, mode="upscale_in_train")
    self.dropout2 = Dropout(dropout, mode="upscale_in_train")
    self.dropout3 = Dropout(dropout, mode="upscale_in_train")
    self.activation = getattr(F, config["activation"])


def _feed_forward_sublayers(self, d_model, dim_feedforward, act_dropout, weight_attr, bias_attr):
    self.linear1 = Linear(d_model, dim_feedforward, weight_attr, bias_attr=bias_attr)
    self.dropout = Dropout(act_dropout, mode="upscale_in_train")
    self.linear2 = Linear(dim_feedforward, d_model, weight_attr, bias_attr=bias_attr)


_LAYER_ARGS = (
    "d_model, nhead, dim_feedforward, dropout=0.1, activation='relu', attn_dropout=None, act_dropout=None, "
    "normalize_before=False, weight_attr=None, bias_attr=None"
)


class TransformerEncoderLayer(Layer):
    __init__ = forwarding_init(_encoder_layer_init, _LAYER_ARGS, "TransformerEncoderLayer")

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src._t.dtype)
        src, incremental_cache = _residual(
            self, src, self.norm1, self.dropout1, lambda x: _attend(self.self_attn, x, x, src_mask, cache)
        )
        src, _ = _residual(self, src, self.norm2, self.dropout2, _feed_forward(self))
        return src if cache is None else (src, incremental_cache)

    def gen_cache(self, src):
        return self.self_attn.gen_cache(src, type=self.self_attn.Cache)


def _stack_init(stack, first_layer, num_layers, norm):
    """TransformerEncoder/Decoder: ``num_layers`` layers, the first one given, the others built from its
    arguments (fresh parameters)."""
    Layer.__init__(stack)
    stack.layers = LayerList(
        [first_layer if i == 0 else type(first_layer)(**first_layer._config) for i in range(num_layers)]
    )
    stack.num_layers = num_layers
    stack.norm = norm


def _run_stack(stack, output, cache, run_layer):
    """Runs the layers in turn (``run_layer(layer, x, layer_cache)``); with a cache, also the list of new caches."""
    new_caches = []
    for i, mod in enumerate(stack.layers):
        if cache is None:
            output = run_layer(mod, output, None)
        else:
            output, new_cache = run_layer(mod, output, cache[i])
            new_caches.append(new_cache)
    if stack.norm is not None:
        output = stack.norm(output)
    return output if cache is None else (output, new_caches)


class TransformerEncoder(Layer):
    def __init__(self, encoder_layer, num_layers, norm=None):
        _stack_init(self, encoder_layer, num_layers, norm)

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src._t.dtype)

        def run_layer(mod, x, layer_cache):
            if layer_cache is None:
                return mod(x, src_mask=src_mask)
            return mod(x, src_mask=src_mask, cache=layer_cache)

        return _run_stack(self, src, cache, run_layer)

    def gen_cache(self, src):
        return [layer.gen_cache(src) for layer in self.layers]


class TransformerDecoderLayer(Layer):
    __init__ = forwarding_init(_decoder_layer_init, _LAYER_ARGS, "TransformerDecoderLayer")

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt._t.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory._t.dtype)
        self_cache, cross_cache = (None, None) if cache is None else (cache[0], cache[1])
        tgt, incremental_cache = _residual(
            self, tgt, self.norm1, self.dropout1, lambda x: _attend(self.self_attn, x, x, tgt_mask, self_cache)
        )
        tgt, static_cache = _residual(
            self, tgt, self.norm2, self.dropout2,
            lambda x: _attend(self.cross_attn, x, memory, memory_mask, cross_cache),
        )
        tgt, _ = _residual(self, tgt, self.norm3, self.dropout3, _feed_forward(self))
        return tgt if cache is None else (tgt, (incremental_cache, static_cache))

    def gen_cache(self, memory):
        incremental_cache = self.self_attn.gen_cache(memory, type=self.self_attn.Cache)
        static_cache = self.cross_attn.gen_cache(memory, memory, type=self.cross_attn.StaticCache)
        return incremental_cache, static_cache


class TransformerDecoder(Layer):
    def __init__(self, decoder_layer, num_layers, norm=None):
        _stack_init(self, decoder_layer, num_layers, norm)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt._t.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory._t.dtype)

        def run_layer(mod, x, layer_cache):
            return mod(x, memory, tgt_mask=tgt_mask, memory_mask=memory_mask, cache=layer_cache)

        return _run_stack(self, tgt, cache, run_layer)

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
        layer_args = (d_model, nhead, dim_feedforward, dropout, activation, attn_dropout, act_dropout, normalize_before)
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            enc_layer = TransformerEncoderLayer(*layer_args, enc_w, enc_b)
            self.encoder = TransformerEncoder(enc_layer, num_encoder_layers, LayerNorm(d_model))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            dec_layer = TransformerDecoderLayer(*layer_args, dec_w, dec_b)
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
