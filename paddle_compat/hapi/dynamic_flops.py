"""``paddle.flops``: Paddle's FLOPs counting rules for a Layer, run with forward post-hooks."""

import warnings

import numpy as np

__all__ = ["flops"]


def _count_conv(m, x, y):
    x = x[0]
    kernel_ops = np.prod(m.weight.shape[2:])
    bias_ops = 1 if m.bias is not None else 0
    m._flops_total += abs(int(int(y.numel()) * (x.shape[1] / m._groups * kernel_ops + bias_ops)))


def _count_leaky_relu(m, x, y):
    m._flops_total += int(x[0].numel())


def _count_bn(m, x, y):
    if not m.training:
        m._flops_total += abs(int(2 * x[0].numel()))


def _count_linear(m, x, y):
    m._flops_total += abs(int(m.weight.shape[0] * y.numel()))


def _count_avgpool(m, x, y):
    m._flops_total += int(y.numel())


def _count_adaptive_avgpool(m, x, y):
    kernel = np.array(x[0].shape[2:]) // np.array(y.shape[2:])
    m._flops_total += abs(int((np.prod(kernel) + 1) * y.numel()))


def _count_zero(m, x, y):
    pass


def _default_rules():
    from .. import nn

    rules = {}
    for name in ("Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose"):
        rules[getattr(nn, name)] = _count_conv
    for name in ("BatchNorm2D", "BatchNorm"):
        rules[getattr(nn, name)] = _count_bn
    for name in ("ReLU", "ReLU6", "Dropout"):
        rules[getattr(nn, name)] = _count_zero
    rules[nn.LeakyReLU] = _count_leaky_relu
    rules[nn.Linear] = _count_linear
    for name in ("AvgPool1D", "AvgPool2D", "AvgPool3D"):
        rules[getattr(nn, name)] = _count_avgpool
    for name in ("AdaptiveAvgPool1D", "AdaptiveAvgPool2D", "AdaptiveAvgPool3D"):
        rules[getattr(nn, name)] = _count_adaptive_avgpool
    return rules


class Table:
    """The ``+----+`` table ``print_detail=True`` prints."""

    def __init__(self, table_heads):
        self.table_heads = table_heads
        self.table_len = [len(h) for h in table_heads]
        self.data = []
        self.col_num = len(table_heads)

    def add_row(self, row):
        for i in range(self.col_num):
            self.table_len[i] = max(self.table_len[i], len(str(row[i])))
        self.data.append(row)

    def _row(self, row):
        return "".join("|" + str(row[i]).center(self.table_len[i] + 2) for i in range(self.col_num)) + "|"

    def _shelf(self):
        return "".join("+" + "-" * (n + 2) for n in self.table_len) + "+"

    def print_table(self):
        print(self._shelf())
        print(self._row(self.table_heads))
        print(self._shelf())
        for row in self.data:
            print(self._row(row))
        print(self._shelf())


def flops(net, input_size, custom_ops=None, print_detail=False):
    """Total FLOPs of ``net`` on a random input of ``input_size`` (printed like Paddle, returned as int)."""
    import paddle_compat as paddle

    if not isinstance(net, paddle.nn.Layer):
        warnings.warn("Your model must be an instance of paddle.nn.Layer or paddle.static.Program.")
        return -1
    return dynamic_flops(net, paddle.randn(input_size), custom_ops=custom_ops, print_detail=print_detail)


def dynamic_flops(model, inputs, custom_ops=None, print_detail=False):
    from ..autograd import no_grad

    custom_ops = custom_ops or {}
    rules = _default_rules()
    handles, seen_types, counted = [], set(), []

    def record_io(m, x, y):
        m._flops_params = sum(int(p.numel()) for p in m.parameters())
        m._flops_input_shape = list(x[0].shape)
        m._flops_output_shape = list((y[0] if isinstance(y, (list, tuple)) else y).shape)

    def add_hooks(m):
        if len(list(m.children())) > 0:
            return
        m._flops_total = 0
        m_type = type(m)
        rule = custom_ops.get(m_type) or rules.get(m_type)
        if m_type not in seen_types:
            if m_type in custom_ops:
                print(f"Customize Function has been applied to {m_type}")
            elif m_type in rules:
                print(f"{m_type}'s flops has been counted")
            else:
                print(f"Cannot find suitable count function for {m_type}. Treat it as zero FLOPs.")
        if rule is not None:
            handles.append(m.register_forward_post_hook(_custom_adapter(rule) if m_type in custom_ops else rule))
        handles.append(m.register_forward_post_hook(record_io))
        seen_types.add(m_type)
        counted.append(m)

    training = model.training
    model.eval()
    model.apply(add_hooks)
    try:
        with no_grad():
            model(inputs)
    finally:
        for h in handles:
            h.remove()
        if training:
            model.train()
    table = Table(["Layer Name", "Input Shape", "Output Shape", "Params", "Flops"])
    total_ops = total_params = 0
    for _, m in model.named_sublayers():
        if m not in counted or not hasattr(m, "_flops_input_shape"):
            continue
        total_ops += m._flops_total
        total_params += m._flops_params
        table.add_row([m.full_name(), m._flops_input_shape, m._flops_output_shape, m._flops_params, m._flops_total])
    for m in counted:
        for attr in ("_flops_total", "_flops_params", "_flops_input_shape", "_flops_output_shape"):
            m.__dict__.pop(attr, None)
    if print_detail:
        table.print_table()
    print(f"Total Flops: {int(total_ops)}     Total Params: {int(total_params)}")
    return int(total_ops)


def _custom_adapter(fn):
    """User count functions add to ``m.total_ops`` (a Tensor in Paddle); mirror it into our counter."""

    def hook(m, x, y):
        import paddle_compat as paddle

        m.total_ops = paddle.zeros([1], dtype="int64")
        fn(m, x, y)
        m._flops_total += int(m.total_ops)
        del m.total_ops

    return hook
