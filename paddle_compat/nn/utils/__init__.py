"""``paddle.nn.utils``: weight/spectral norm hooks, parameter<->vector, gradient clipping helpers."""

import torch

from ..._core import Tensor, wrap

__all__ = [
    "weight_norm",
    "remove_weight_norm",
    "spectral_norm",
    "parameters_to_vector",
    "vector_to_parameters",
    "clip_grad_norm_",
    "clip_grad_value_",
]


# --- weight norm ------------------------------------------------------------------------------------
def _norm_except_dim(p, dim):
    if dim == -1:
        return torch.sqrt((p * p).sum() + 1e-12)
    if dim != 0:
        perm = list(range(p.dim()))
        perm[0], perm[dim] = dim, 0
        p = p.permute(perm)
    return torch.linalg.vector_norm(p.reshape(p.shape[0], -1), dim=1)


def _weight_norm(v, g, dim):
    if dim == -1:
        return v / (torch.sqrt((v * v).sum()) + 1e-12) * g
    nd = v.dim()
    perm = list(range(nd))
    perm[0], perm[dim] = dim, 0
    vt = v.permute(perm) if dim != 0 else v
    mat = vt.reshape(vt.shape[0], -1)
    mat = mat / torch.linalg.vector_norm(mat, dim=1, keepdim=True).clamp_min(1e-12)
    vn = mat.reshape(vt.shape)
    if dim != 0:
        vn = vn.permute(perm)
    shape = [1] * nd
    shape[dim] = -1
    return vn * g.reshape(shape)


class WeightNorm:
    def __init__(self, name, dim):
        if dim is None:
            dim = -1
        self.name = name
        self.dim = dim

    def compute_weight(self, layer):
        g = getattr(layer, self.name + "_g")
        v = getattr(layer, self.name + "_v")
        return wrap(_weight_norm(v._t, g._t, self.dim))

    @staticmethod
    def apply(layer, name, dim):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError(f"Cannot register two weight_norm hooks on the same parameter {name}")
        if dim is None:
            dim = -1
        weight_dim = len(layer._parameters[name].shape)
        assert -weight_dim <= dim < weight_dim, "dim must set between [-R, R), R means the dimension of weight."
        if dim != -1:
            dim = (dim + weight_dim) % weight_dim
        fn = WeightNorm(name, dim)
        w = getattr(layer, name)
        del layer._parameters[name]
        g_val = _norm_except_dim(w._t.detach(), dim)
        v = layer.create_parameter(w.shape, dtype=w.dtype)
        layer.add_parameter(name + "_v", v)
        g = layer.create_parameter(list(g_val.shape), dtype=w.dtype)
        layer.add_parameter(name + "_g", g)
        with torch.no_grad():
            v._t.copy_(w._t)
            g._t.copy_(g_val)
        setattr(layer, name, fn.compute_weight(layer))
        layer.register_forward_pre_hook(fn)
        return fn

    def remove(self, layer):
        w_var = self.compute_weight(layer)
        delattr(layer, self.name)
        del layer._parameters[self.name + "_g"]
        del layer._parameters[self.name + "_v"]
        w = layer.create_parameter(w_var.shape, dtype=w_var.dtype)
        layer.add_parameter(self.name, w)
        with torch.no_grad():
            w._t.copy_(w_var._t)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer))


def weight_norm(layer, name="weight", dim=0):
    WeightNorm.apply(layer, name, dim)
    return layer


def remove_weight_norm(layer, name="weight"):
    for k, hook in list(layer._forward_pre_hooks.items()):
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(layer)
            del layer._forward_pre_hooks[k]
            return layer
    raise ValueError(f"weight_norm of '{name}' not found in {layer}")


# --- spectral norm ----------------------------------------------------------------------------------
def _normalize(t, eps):
    return t / torch.linalg.vector_norm(t, dim=0, keepdim=True).clamp_min(eps)


class SpectralNorm:
    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12):
        self.name = name
        self.dim = dim
        if n_power_iterations <= 0:
            raise ValueError(
                f"Expected n_power_iterations to be positive, but got n_power_iterations={n_power_iterations}"
            )
        self.n_power_iterations = n_power_iterations
        self.eps = eps

    def reshape_weight_to_matrix(self, weight):
        w = weight
        if self.dim != 0:
            w = w.permute([self.dim] + [d for d in range(w.dim()) if d != self.dim])
        return w.reshape(w.shape[0], -1)

    def compute_weight(self, layer, do_power_iteration):
        weight = getattr(layer, self.name + "_orig")._t
        u_t = getattr(layer, self.name + "_u")
        v_t = getattr(layer, self.name + "_v")
        u, v = u_t._t, v_t._t
        mat = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            with torch.no_grad():
                for _ in range(self.n_power_iterations):
                    v.copy_(_normalize(mat.T @ u, self.eps))
                    u.copy_(_normalize(mat @ v, self.eps))
            u = u.clone()
            v = v.clone()
        sigma = torch.dot(u, mat @ v)
        return wrap(weight / sigma)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer, do_power_iteration=layer.training))

    @staticmethod
    def apply(layer, name, n_power_iterations, dim, eps):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, SpectralNorm) and hook.name == name:
                raise RuntimeError(f"Cannot register two spectral_norm hooks on the same parameter {name}")
        fn = SpectralNorm(name, n_power_iterations, dim, eps)
        weight = layer._parameters[name]
        with torch.no_grad():
            mat = fn.reshape_weight_to_matrix(weight._t)
            h, w = mat.shape
            # as Paddle: each vector is created (default initializer) and then refilled by paddle.normal
            from ...tensor.random import normal as _normal

            u = layer.create_parameter([h])
            u._t.copy_(_normal(0.0, 1.0, shape=[h])._t)
            v = layer.create_parameter([w])
            v._t.copy_(_normal(0.0, 1.0, shape=[w])._t)
            u = wrap(_normalize(u._t.detach(), fn.eps))
            v = wrap(_normalize(v._t.detach(), fn.eps))
        del layer._parameters[fn.name]
        layer.add_parameter(fn.name + "_orig", weight)
        setattr(layer, fn.name, wrap(weight._t * 1.0))
        layer.register_buffer(fn.name + "_u", u)
        layer.register_buffer(fn.name + "_v", v)
        layer.register_forward_pre_hook(fn)
        return fn


def spectral_norm(layer, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    if dim is None:
        from ..layer import common, conv

        kinds = tuple(getattr(conv, n) for n in ("Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose")
                      if hasattr(conv, n)) + (common.Linear,)
        dim = 1 if isinstance(layer, kinds) else 0
    SpectralNorm.apply(layer, name, n_power_iterations, dim, eps)
    return layer


# --- parameters <-> vector -------------------------------------------------------------------------------
def parameters_to_vector(parameters, name=None):
    with torch.no_grad():
        out = torch.cat([p._t.detach().reshape(-1) for p in parameters], 0)
    r = wrap(out)
    r.stop_gradient = False
    return r


def vector_to_parameters(vec, parameters, name=None):
    v = vec._t.detach()
    off = 0
    with torch.no_grad():
        for p in parameters:
            n = p._t.numel()
            p._t.copy_(v[off:off + n].reshape(p._t.shape))
            off += n


# --- gradient clipping --------------------------------------------------------------------------------
def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    support = [float("inf"), 0, 1, 2]
    if norm_type not in support:
        raise ValueError(f"norm_type only support {support}")
    parameters = list(parameters)
    grads = [p._t.grad for p in parameters if p._t.grad is not None]
    max_norm = float(max_norm)
    norm_type = float(norm_type)
    if len(grads) == 0:
        return wrap(torch.tensor(0.0))
    with torch.no_grad():
        if norm_type == float("inf"):
            norms = [g.detach().abs().max() for g in grads]
            total = norms[0] if len(norms) == 1 else torch.stack(norms).max()
        else:
            total = torch.linalg.vector_norm(
                torch.stack([torch.linalg.vector_norm(g.detach(), norm_type) for g in grads]), norm_type)
        if error_if_nonfinite and bool(torch.logical_or(total.isnan(), total.isinf())):
            raise RuntimeError(
                f"The total norm of {norm_type} order of the gradients from `parameters` is non-finite, so it cannot "
                "be clipped. In any case, disable this error and scale the gradient by non-finite norm, set "
                "`error_if_nonfinite=False`"
            )
        coef = (max_norm / (total + 1e-6)).clamp(max=1.0)
        for p in parameters:
            g = p._t.grad
            if g is not None:
                g.mul_(coef)  # in place, as Paddle: the gradient keeps its identity and stop_gradient flag
    return wrap(total)


def clip_grad_value_(parameters, clip_value):
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    clip_value = float(clip_value)
    with torch.no_grad():
        for p in parameters:
            g = p._t.grad
            if g is not None:
                g.clamp_(min=-clip_value, max=clip_value)
