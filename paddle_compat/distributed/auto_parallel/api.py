"""Dynamic-graph auto-parallel API (``shard_tensor``, ``reshard``, ``shard_layer``, ``shard_optimizer``, ...) on
torch DTensor: a dist tensor is a ``paddle.Tensor`` whose ``_t`` is a ``torch.distributed.tensor.DTensor``, so
every paddle op on it runs DTensor's sharding propagation."""

import copy

from ... import _core
from ..._core.tensor import Parameter, Tensor, wrap
from . import strategy as _strategy
from .placement_type import (
    _REDUCE_NAMES,
    Partial,
    ReduceType,
    Replicate,
    dims_mapping_of,
    from_torch_placements,
    get_shard_spec,
    to_torch_placements,
)
from .process_mesh import ProcessMesh, _CoreProcessMesh, core_mesh_of, require_communication

_TORCH = {}


def _dtensor():
    """torch's DTensor machinery, imported on first use (torch.distributed.tensor is slow to import)."""
    if not _TORCH:
        from torch.distributed.tensor import DTensor

        # Paddle treats a dense operand of an op on dist tensors as replicated; torch refuses the mix unless
        # implicit replication is on
        DTensor._op_dispatcher._allow_implicit_replication = True
        _TORCH["DTensor"] = DTensor
        _core.tensor._DTensor = DTensor
    return _TORCH["DTensor"]


def _dist_tensor_attr(tensor, name):
    """The dist-tensor members of ``paddle.Tensor`` (``placements``, ``process_mesh``, ``dist_attr``,
    ``_local_value``); called by the Tensor class for tensors whose ``_t`` is a DTensor."""
    t = tensor._t
    marks = t.__dict__
    if name == "_local_value":
        return wrap(t.to_local())
    if name == "placements":
        if marks.get("_pd_reshard_result", False):
            return []
        return from_torch_placements(t.placements) + [Replicate() for _ in range(marks.get("_pd_extra", 0))]
    if name == "process_mesh":
        return _CoreProcessMesh() if marks.get("_pd_reshard_result", False) else core_mesh_of(t.device_mesh)
    if name == "dist_attr":
        placements = from_torch_placements(t.placements)
        attr = TensorDistAttr()
        attr.process_mesh = core_mesh_of(t.device_mesh)
        attr.dims_mapping = dims_mapping_of(placements, t.dim())
        attr._partial = [(i, p._reduce_type) for i, p in enumerate(placements) if p.is_partial()]
        if marks.get("_pd_annotated", False):
            attr.mark_annotated("process_mesh")
            attr.mark_annotated("dims_mapping")
        return attr
    raise AttributeError(name)


def mesh_of(tensor):
    return core_mesh_of(tensor._t.device_mesh)


def _mark(t, mesh, extra=0, reshard_result=False):
    """Paddle-visible facts about a dist tensor made by shard_tensor/reshard that torch's DTensor does not keep
    (measured on Paddle 2.6.2): such a tensor on a 1-D mesh has its dist_attr marked annotated; surplus
    Replicate() placements are listed; a reshard result reports empty placements and mesh."""
    marks = t.__dict__
    if len(mesh.shape) == 1:
        marks["_pd_annotated"] = True
    if extra:
        marks["_pd_extra"] = extra
    if reshard_result:
        marks["_pd_reshard_result"] = True
    return t


def _global_value(t):
    """The global torch tensor of the DTensor ``t`` (gathered: numpy(), tolist() and printing show it)."""
    require_communication(t.device_mesh)
    return t.full_tensor()


def dist_tensor_to_string(tensor, prefix="Tensor"):
    from ..._core.printing import format_array

    data = format_array(tensor.numpy(), len(prefix) + 1)
    return (f"{prefix}(shape={tensor.shape}, dtype={tensor.dtype.name}, place={tensor.place}, "
            f"stop_gradient={tensor.stop_gradient}, process_mesh={tensor.process_mesh}, placements=["
            + ", ".join(str(p) for p in tensor.placements) + f"], GlobalDenseTensor=\n{' ' * (len(prefix) + 1)}"
            f"{data})")


class TensorDistAttr:
    """Paddle's C++ ``TensorDistAttr``: the process mesh and dims mapping of a dist tensor."""

    def __init__(self):
        self.process_mesh = _CoreProcessMesh()
        self.dims_mapping = []
        self.batch_dim = 0
        self.chunk_id = 0
        self._partial = []
        self._annotated = {}

    def mark_annotated(self, name):
        self._annotated[name] = True

    def is_annotated(self, name):
        return self._annotated.get(name, False)

    def _set_partial_dims(self, dims):
        self._partial = [(d, ReduceType.kRedSum) for d in dims]

    def _is_partial(self):
        return bool(self._partial)

    def _partial_dims(self):
        return {d for d, _ in self._partial}

    def __str__(self):
        annotated = ",".join(f"{k}: 1" for k in sorted(self._annotated))
        partial = "".join(f"Partial(dims:{d}, {_REDUCE_NAMES[r]}), " for d, r in self._partial)
        return (f"{{process_mesh: {self.process_mesh}, dims_mappings: [{','.join(map(str, self.dims_mapping))}], "
                f"batch_dim: {self.batch_dim}, chunk_id: {self.chunk_id}, dynamic_dims: "
                f"[{','.join('0' for _ in self.dims_mapping)}], annotated: [{annotated}], partial: [{partial}].}}")


TensorDistAttr.__module__ = "paddle.base.libpaddle"


class DistAttr(TensorDistAttr):
    """How a tensor is distributed on a ProcessMesh: ``sharding_specs`` names, per tensor dimension, the mesh
    dimension that shards it (None: not sharded)."""

    def __init__(self, mesh, sharding_specs):
        if not isinstance(mesh, _CoreProcessMesh):
            raise ValueError("The mesh must be an instance of paddle.distributed.ProcessMesh.")
        if not isinstance(sharding_specs, list):
            raise ValueError("The sharding_specs must be an instance of list.")
        assert all(isinstance(name, str) or name is None for name in sharding_specs), \
            'The dimension name in sharding_specs must be an instance of str.'
        self._sharding_specs = sharding_specs
        TensorDistAttr.__init__(self)
        self.process_mesh = _CoreProcessMesh(mesh.shape, mesh.process_ids, mesh.dim_names)
        self.dims_mapping = [mesh.dim_names.index(name) if name is not None else -1 for name in sharding_specs]
        self.mark_annotated("process_mesh")
        self.mark_annotated("dims_mapping")

    @property
    def sharding_specs(self):
        return self._sharding_specs


def _check_mesh(mesh, name="mesh"):
    if not isinstance(mesh, _CoreProcessMesh):
        raise ValueError(f"The argument `{name}` must be a paddle.distributed.ProcessMesh, but got {type(mesh)}")


def _local_piece(full, device_mesh, torch_placements, placements):
    """This rank's local tensor of ``full`` (this rank's own data, no communication, as in Paddle): its shard
    for Shard placements; for Partial(SUM/MAX/...) the value on the first process of that mesh dimension and
    zeros elsewhere, for Partial(AVG) the value everywhere (measured on Paddle 2.6.2)."""
    import torch
    from torch.distributed.tensor._utils import compute_local_shape_and_global_offset

    shape, offset = compute_local_shape_and_global_offset(full.shape, device_mesh, torch_placements)
    local = full
    if full.dim():
        local = full[tuple(slice(o, o + s) for o, s in zip(offset, shape))]
    coordinate = device_mesh.get_coordinate()
    for mesh_dim, placement in enumerate(placements):
        if (isinstance(placement, Partial) and placement._reduce_type != ReduceType.kRedAvg and coordinate
                is not None and coordinate[mesh_dim] != 0):
            local = torch.zeros_like(local)
    return local.contiguous()


def _split_placements(placements, mesh):
    """Paddle accepts more placements than mesh dimensions (shard_layer passes one Replicate() per tensor
    dimension) and lists them all; the surplus must be Replicate() here."""
    if not isinstance(placements, (list, tuple)):
        raise TypeError(f"The placements must be a list of paddle.distributed.Placement, but got {type(placements)}")
    ndim = len(mesh.shape)
    if len(placements) < ndim:
        raise ValueError(f"The length of `placements` ({len(placements)}) must be at least the number of dimensions "
                         f"of the process mesh ({ndim})")
    extra = placements[ndim:]
    if not all(isinstance(p, Replicate) for p in extra):
        raise NotImplementedError(f"paddle.distributed: placements beyond the {ndim} mesh dimension(s) must be "
                                  "Replicate() in paddle-compat (argument `placements`), got "
                                  f"{[str(p) for p in extra]}")
    return list(placements[:ndim]), len(extra)


def _make_dist(full, mesh, placements):
    import torch

    DTensor = _dtensor()
    _check_mesh(mesh)
    placements, extra = _split_placements(placements, mesh)
    torch_placements = to_torch_placements(placements, full.dim())
    device_mesh = mesh._device_mesh()
    local = _local_piece(full, device_mesh, torch_placements, placements)
    out = DTensor.from_local(local, device_mesh, torch_placements, run_check=False, shape=full.shape,
                             stride=torch.empty(full.shape, device="meta").stride())
    return out, extra


def _full_value(t, mesh, placements):
    if mesh is None or placements is None:
        raise ValueError("A distributed Tensor needs both `process_mesh` and `placements`")
    t = t.detach()
    return _global_value(t) if isinstance(t, _dtensor()) else t


def _to_dist(t, mesh, placements):
    """``t`` (this rank's data) as a dist tensor: ``paddle.Tensor(t, process_mesh=..., placements=...)``."""
    dist, extra = _make_dist(_full_value(t, mesh, placements), mesh, placements)
    return _mark(dist, mesh, extra)


def _dist_parameter(cls, t, mesh, placements, attrs):
    """A parameter holding ``t`` as a dist tensor: ``EagerParamBase.from_tensor(t, process_mesh=...,
    placements=..., **attrs)``."""
    dist, extra = _make_dist(_full_value(t, mesh, placements), mesh, placements)
    param = cls(_data=dist, **attrs)
    _mark(param._t, mesh, extra)  # torch.nn.Parameter made a new object: mark that one
    return param


def shard_tensor(data, mesh, placements, dtype=None, place=None, stop_gradient=True):
    """A dist tensor from ``data`` (scalar, list, ndarray or Tensor): each rank keeps its own part of its own
    ``data`` as the ``placements`` say (no communication)."""
    from ...tensor.creation import to_tensor

    tensor = to_tensor(data, dtype=dtype, place=place, stop_gradient=stop_gradient)
    if isinstance(data, Parameter):
        # Paddle: EagerParamBase.from_tensor copies the parameter's attributes onto a new, freshly named one
        attrs = {k: v for k, v in data.__dict__.items() if not k.startswith("_")}
        attrs.pop("name", None)
        return _dist_parameter(Parameter, tensor._t, mesh, placements, dict(attrs, trainable=data.trainable))
    # Paddle 2.6.2 builds the result with paddle.Tensor(tensor, process_mesh=..., placements=...): a new leaf
    # that reports stop_gradient=True whatever `stop_gradient` said (measured)
    return wrap(_to_dist(tensor._t, mesh, placements))


def dtensor_from_fn(fn, mesh, placements, *args, **kwargs):
    """``shard_tensor(fn(*args, **kwargs), mesh, placements)``."""
    return shard_tensor(fn(*args, **kwargs), mesh, placements)


def reshard(dist_tensor, mesh, placements):
    """``dist_tensor`` redistributed to ``placements`` on ``mesh`` (torch DTensor.redistribute: all-gather,
    all-reduce, local split or all-to-all)."""
    DTensor = _dtensor()
    if not isinstance(dist_tensor, Tensor) or not isinstance(dist_tensor._t, DTensor):
        raise ValueError("The argument `dist_tensor` of paddle.distributed.reshard must be a distributed Tensor "
                         "(made by paddle.distributed.shard_tensor)")
    _check_mesh(mesh)
    t = dist_tensor._t
    placements, extra = _split_placements(placements, mesh)
    torch_placements = to_torch_placements(placements, t.dim())
    require_communication(t.device_mesh)
    if core_mesh_of(t.device_mesh) != mesh:
        moved = _reshard_cross_mesh(t, mesh, torch_placements)
        return wrap(_mark(moved, mesh, extra, reshard_result=True))
    if list(t.placements) == torch_placements:
        # nothing to move: Paddle hands back the tensor with its placements (measured)
        return wrap(_mark(t.view_as(t), mesh, extra))
    # Paddle 2.6.2's reshard result reports empty placements and an empty process_mesh (its dist_attr keeps
    # the real ones); measured, reproduced
    return wrap(_mark(_redistribute(t, torch_placements), mesh, extra, reshard_result=True))


def _reshard_cross_mesh(t, mesh, torch_placements):
    """To another mesh of the same shape: redistributed on the source mesh, then each local tensor sent from the
    source mesh's process to the target mesh's process at the same mesh coordinate (point-to-point)."""
    import torch
    import torch.distributed as tdist

    source = core_mesh_of(t.device_mesh)
    if source.shape != mesh.shape:
        raise NotImplementedError(
            f"paddle.distributed.reshard between process meshes of different shapes ({source.shape} -> "
            f"{mesh.shape}, argument `mesh`) is not supported by paddle-compat")
    from torch.distributed.tensor._utils import compute_local_shape_and_global_offset

    if list(t.placements) != torch_placements:
        t = _redistribute(t, torch_placements)
    target = mesh._device_mesh()
    rank = tdist.get_rank()
    local = t.to_local().detach().contiguous()
    received = None
    requests = []
    for src, dst in zip(source.process_ids, mesh.process_ids):
        if src == dst:
            if rank == src:
                received = local
            continue
        if rank == src:
            requests.append(tdist.isend(local, dst))
        if rank == dst:
            shape, _ = compute_local_shape_and_global_offset(t.shape, target, torch_placements)
            received = torch.empty(shape, dtype=local.dtype, device=local.device)
            requests.append(tdist.irecv(received, src))
    for request in requests:
        request.wait()
    if received is None:  # this process is not in the target mesh
        shape, _ = compute_local_shape_and_global_offset(t.shape, target, torch_placements)
        received = torch.empty(shape, dtype=local.dtype, device=local.device)
    return _dtensor().from_local(received, target, torch_placements, run_check=False, shape=t.shape,
                                 stride=t.stride())


def _redistribute(t, torch_placements):
    from torch.distributed.tensor import Partial as TorchPartial

    # gloo has no AVG all-reduce: an avg partial becomes a sum partial of the values divided by the mesh size
    for mesh_dim, placement in enumerate(t.placements):
        if isinstance(placement, TorchPartial) and placement.reduce_op == "avg" and \
                torch_placements[mesh_dim] != placement:
            local = t.to_local() / t.device_mesh.size(mesh_dim)
            placements = list(t.placements)
            placements[mesh_dim] = TorchPartial("sum")
            t = _dtensor().from_local(local, t.device_mesh, placements, run_check=False, shape=t.shape,
                                      stride=t.stride())
    return t.redistribute(t.device_mesh, torch_placements)


class FusePasses:
    """Which fusion passes ``to_static`` would apply (``enable``, ``gemm_epilogue``, ``dropout_add``)."""

    def __init__(self, config_dict=None):
        self.enable = False
        self.gemm_epilogue = False
        self.dropout_add = False
        if config_dict is not None:
            for key, value in config_dict.items():
                if not hasattr(self, key):
                    raise ValueError(f"Unknown fuse pass {key}")
                setattr(self, key, value)


class Strategy(_strategy.BaseConfig):
    """
    Parallelization and optimization settings for ``paddle.distributed.to_static``: ``sharding``,
    ``gradient_merge``, ``pipeline`` and ``fused_passes`` (a ``config`` dict overrides the defaults).

    paddle-compat keeps the settings (fields, defaults, printing as Paddle); ``to_static``, which would apply
    them, is not implemented (a stub).
    """

    def __init__(self, config=None):
        if config is not None and not isinstance(config, dict):
            raise ValueError(f"Expected a dictionary. But received: {config}")
        self._config_dict = copy.deepcopy(config) if config is not None else {}
        super().__init__(_strategy.BASE, self._config_dict)
        self._sharding = _strategy.ShardingConfig(self._config_dict.get(_strategy.SHARDING, None))
        self._gradient_merge = _strategy.GradientMergeConfig(self._config_dict.get(_strategy.GRADIENT_MERGE, None))
        self._pipeline = _strategy.PipelineConfig(self._config_dict.get(_strategy.PIPELINE, None))
        self._fused_passes = FusePasses(self._config_dict.get(_strategy.FUSED_PASSES, None))

    @property
    def sharding(self):
        return self._sharding

    @property
    def gradient_merge(self):
        return self._gradient_merge

    @property
    def fused_passes(self):
        return self._fused_passes

    @property
    def pipeline(self):
        return self._pipeline


def shard_layer(layer, process_mesh, shard_fn=None, input_fn=None, output_fn=None):
    """Make every parameter and buffer of ``layer`` a dist tensor: ``shard_fn(name, sublayer, process_mesh)``
    decides for the ones it handles, the rest are replicated; ``input_fn``/``output_fn`` become forward
    pre/post hooks."""
    if process_mesh is None:
        raise ValueError("The argument `process_mesh` cannot be empty.")
    if not isinstance(process_mesh, ProcessMesh):
        raise ValueError("The argument `process_mesh` is not `dist.ProcessMesh` type.")

    def replicate_rest(sublayer):
        for key, param in list(sublayer._parameters.items()):
            if param is not None and not param.is_dist():
                sublayer.add_parameter(key, shard_tensor(param, process_mesh,
                                                         [Replicate() for _ in range(len(param.shape))]))
        for key, buffer in list(sublayer._buffers.items()):
            if buffer is not None and not buffer.is_dist():
                sublayer.register_buffer(key, shard_tensor(buffer, process_mesh,
                                                           [Replicate() for _ in range(len(buffer.shape))]))

    for name, sublayer in layer.named_sublayers(include_self=True):
        if shard_fn is not None:
            shard_fn(name, sublayer, process_mesh)
        replicate_rest(sublayer)
    if input_fn is not None:
        layer.register_forward_pre_hook(lambda _, inputs: input_fn(inputs, process_mesh))
    if output_fn is not None:
        layer.register_forward_post_hook(lambda _, inputs, outputs: output_fn(outputs, process_mesh))
    return layer


class _ShardOptimizer:
    """The optimizer seen from the dist view: its states are created like the parameters (DTensors of the
    same placements), so they are sharded as the parameters are."""

    def __init__(self, optimizer, shard_fn=None):
        from ...optimizer import SGD, AdamW

        assert optimizer is not None, "The argument `optimizer` cannot be empty."
        assert isinstance(optimizer, (AdamW, SGD)), \
            "`paddle.distributed.ShardOptimizer` only supports AdamW and SGD optimizer for now."
        self._inner_opt = optimizer
        self._shard_fn = shard_fn

    def step(self):
        self._inner_opt.step()
        self._shard_accumulators()

    def _shard_accumulators(self):
        """Make each optimizer state a dist tensor placed like its parameter (beta powers replicated on the
        parameter's mesh), as Paddle's ShardOptimizer does; every rank holds the same full state before."""
        DTensor = _dtensor()
        inner = self._inner_opt
        inner._sync_scalars_out()
        params = {p.name: p for p in self._trainable()}
        params.update({m.name: params[name] for name, m in getattr(inner, "_master_weights", {}).items()
                       if name in params})
        for key, bucket in inner._accumulators.items():
            for name, var in bucket.items():
                param = params.get(name)
                if param is None:
                    continue
                if isinstance(var._t, DTensor):
                    # Paddle's update kernels give a state of the parameter's shape the parameter's placements
                    # (recorded: whatever shard_fn chose before)
                    if isinstance(param._t, DTensor) and "beta" not in key and var._t.shape == param._t.shape \
                            and var._t.placements != param._t.placements:
                        var._t = _mark(var._t.redistribute(param._t.device_mesh, param._t.placements), mesh_of(
                            param), var._t.__dict__.get("_pd_extra", 0))
                    continue
                if self._shard_fn is not None:
                    # shard_fn(accumulator_name, param, accumulator) -> the dist accumulator
                    var._t = self._shard_fn(key, param, wrap(var._t))._t
                    continue
                if not isinstance(param._t, DTensor):
                    continue
                mesh = core_mesh_of(param._t.device_mesh)
                if "beta" in key or list(var._t.shape) != list(param._t.shape):
                    placements = [Replicate() for _ in range(len(mesh.shape))]
                else:
                    placements = param.placements or from_torch_placements(param._t.placements)
                var._t, extra = _make_dist(var._t.detach(), mesh, placements)
                _mark(var._t, mesh, extra)

    def _trainable(self):
        params = self._inner_opt._parameter_list
        if params and isinstance(params[0], dict):
            params = [p for group in params for p in group["params"]]
        return [p for p in params if not p.stop_gradient]

    def state_dict(self):
        """The optimizer's states; before the first step they are created first (Paddle runs one step on zero
        gradients, then clears the gradients), so that a checkpoint can be loaded into them."""
        from ... import zeros_like

        inner = self._inner_opt
        params = self._trainable()
        if any(p.grad is not None for p in params):
            return inner.state_dict()
        states = inner.state_dict()
        if any(isinstance(v, Tensor) and v.is_dist() for k, v in states.items()
               if k not in ("master_weights", "LR_Scheduler")):
            return states
        for p in params:
            p.grad = zeros_like(p)
        self.step()
        inner.clear_grad(set_to_zero=False)
        return inner.state_dict()

    def __getattr__(self, item):
        return getattr(self._inner_opt, item)


def shard_optimizer(optimizer, shard_fn=None):
    """Wrap the global-view ``optimizer`` to the distributed view."""
    return _ShardOptimizer(optimizer, shard_fn)


__all__ = ["DistAttr", "Strategy", "shard_tensor", "dtensor_from_fn", "reshard", "shard_layer", "shard_optimizer",
           "get_shard_spec"]
