"""Goldens for paddle.nn MultiHeadAttention / Transformer* layers (real Paddle 2.6.2), mostly dropout=0; the
``#dropout`` cases train with dropout after paddle.seed (Paddle's CPU random stream, drawn in Paddle's order);
masks: float (added), bool (True = keep) and int."""

from tools.api_diff.casefmt import T, case, layer

N = "paddle.nn."
CASES = []
add = CASES.append

B, S, S2, E, H = 2, 4, 5, 8, 2
q = T("float32", (B, S, E))
kv = T("float32", (B, S2, E))
fmask = T("float32", (B, H, S, S), -2.0, 0.0)
bmask = T("bool", (B, 1, S, S))
imask = T("int64", (B, 1, 1, S), 0, 2)

add(layer(N + "MultiHeadAttention", E, H, inputs=[q], grad=True))
add(layer(N + "MultiHeadAttention", E, H, inputs=[q, kv, kv], grad=True))
add(layer(N + "MultiHeadAttention", E, H, need_weights=True, inputs=[q, kv, kv], grad=True))
add(layer(N + "MultiHeadAttention", E, H, inputs=[q, None, None, fmask], grad=True))
add(layer(N + "MultiHeadAttention", E, H, inputs=[q, None, None, bmask], grad=True))
add(layer(N + "MultiHeadAttention", E, H, need_weights=True, inputs=[q, None, None, imask], grad=True))
add(
    layer(
        N + "MultiHeadAttention",
        E,
        4,
        kdim=6,
        vdim=3,
        inputs=[q, T("float32", (B, S2, 6)), T("float32", (B, S2, 3))],
        grad=True,
    )
)
add(layer(N + "MultiHeadAttention", E, 1, bias_attr=False, inputs=[q], grad=True))
add(layer(N + "MultiHeadAttention", E, H, inputs=[T("float64", (B, S, E))], grad=True, id="mha_f64_input"))

for nb in (False, True):
    for act in ("relu", "gelu"):
        add(
            layer(
                N + "TransformerEncoderLayer",
                E,
                H,
                16,
                dropout=0.0,
                activation=act,
                normalize_before=nb,
                inputs=[q],
                grad=True,
            )
        )
        add(
            layer(
                N + "TransformerEncoderLayer",
                E,
                H,
                16,
                dropout=0.0,
                activation=act,
                normalize_before=nb,
                inputs=[q, bmask],
                grad=True,
            )
        )
        add(
            layer(
                N + "TransformerDecoderLayer",
                E,
                H,
                16,
                dropout=0.0,
                activation=act,
                normalize_before=nb,
                inputs=[q, kv],
                grad=True,
            )
        )
        add(
            layer(
                N + "TransformerDecoderLayer",
                E,
                H,
                16,
                dropout=0.0,
                activation=act,
                normalize_before=nb,
                inputs=[q, kv, fmask, T("float32", (B, H, S, S2), -2.0, 0.0)],
                grad=True,
            )
        )
    add(layer(N + "Transformer", E, H, 2, 2, 16, dropout=0.0, normalize_before=nb, inputs=[kv, q], grad=True))
    add(
        layer(
            N + "Transformer",
            E,
            H,
            1,
            2,
            16,
            dropout=0.0,
            normalize_before=nb,
            inputs=[kv, q, None, T("float32", (S, S), -1.0, 0.0)],
            grad=True,
        )
    )
add(layer(N + "Transformer", E, H, 1, 1, 16, dropout=0.0, bias_attr=[False, None], inputs=[kv, q], grad=True))
add(
    layer(
        N + "TransformerEncoderLayer",
        E,
        H,
        16,
        dropout=0.0,
        weight_attr=[None, None],
        bias_attr=False,
        inputs=[q],
        grad=True,
    )
)

# scaled_dot_product_attention ([batch, seq, heads, dim]); real Paddle's CPU build only runs it without a mask
for causal in (False, True):
    add(
        case(
            "paddle.nn.functional.scaled_dot_product_attention",
            T("float32", (2, 5, 3, 4)),
            T("float32", (2, 5, 3, 4)),
            T("float32", (2, 5, 3, 4)),
            is_causal=causal,
            grad=True,
        )
    )
# training-mode dropout (attention weights, activation, residual branches) from Paddle's seeded CPU stream
add(layer(N + "MultiHeadAttention", E, H, dropout=0.3, need_weights=True, inputs=[q, kv, kv], grad=True,
          id="mha#dropout"))
add(layer(N + "TransformerEncoderLayer", E, H, 16, dropout=0.2, activation="gelu", inputs=[q, fmask], grad=True,
          id="encoder_layer#dropout"))
add(layer(N + "TransformerDecoderLayer", E, H, 16, dropout=0.2, normalize_before=True, inputs=[q, kv], grad=True,
          id="decoder_layer#dropout"))
