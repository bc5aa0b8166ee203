"""``paddle.distributed.ProcessMesh``: the Cartesian topology of processes, mapped on demand to a torch
``DeviceMesh`` (built lazily: DeviceMesh creation is collective, Paddle's ProcessMesh constructor is not)."""

import copy

import numpy as np

_current_process_mesh = [None, None]  # previous, current
_unique_ids = {}


def get_current_process_mesh():
    return _current_process_mesh[1]


def set_current_process_mesh(process_mesh):
    _current_process_mesh[0], _current_process_mesh[1] = _current_process_mesh[1], process_mesh


def reset_current_process_mesh():
    _current_process_mesh[1] = _current_process_mesh[0]


def get_unique_id_for_process_mesh(shape, process_ids):
    key = f"shape {shape}, process_ids {process_ids}"
    return _unique_ids.setdefault(key, len(_unique_ids) + 1)


def _join(values):
    return "[" + ",".join(str(v) for v in values) + "]"


def _copied_list(attr):
    """A read-only property giving a copy of the list ``self.<attr>``, so that callers cannot change the mesh."""
    return property(lambda self: list(getattr(self, attr)))


class _CoreProcessMesh:
    """Paddle's C++ ``ProcessMesh`` (what a dist tensor's ``process_mesh`` and a DistAttr hold)."""

    def __init__(self, shape=(), process_ids=(), dim_names=()):
        self._shape = list(shape)
        self._process_ids = list(process_ids)
        self._dim_names = list(dim_names)

    shape = _copied_list("_shape")
    process_ids = _copied_list("_process_ids")
    dim_names = _copied_list("_dim_names")

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def size(self):
        return int(np.prod(self._shape)) if self._shape else 0

    def empty(self):
        return not self._process_ids

    def contains(self, process_id):
        return process_id in self._process_ids

    def dim_size(self, dim):
        if isinstance(dim, str):
            return self._shape[self._dim_names.index(dim)]
        return self._shape[dim]

    def __eq__(self, other):
        if not isinstance(other, _CoreProcessMesh):
            return False
        return self.shape == other.shape and self.process_ids == other.process_ids

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((tuple(self._shape), tuple(self._process_ids)))

    def __str__(self):
        return (f"{{shape: {_join(self._shape)}, process_ids: {_join(self._process_ids)}, "
                f"dim_names: {_join(self._dim_names)}}}")

    def _device_mesh(self):
        """The torch DeviceMesh of this mesh (created once per topology, on first use, by all ranks). Without the
        parallel environment it is a mesh without process groups: local computation works, communication
        (reshard, numpy, printing) raises, as in Paddle."""
        import torch
        from torch.distributed.device_mesh import DeviceMesh

        from ..._core.place import current_device
        from ..parallel import get_rank

        initialized = torch.distributed.is_initialized()
        key = (tuple(self._shape), tuple(self._process_ids), tuple(self._dim_names), initialized)
        mesh = _DEVICE_MESHES.get(key)
        if mesh is None:
            ids = torch.tensor(self._process_ids, dtype=torch.int64).reshape(self._shape)
            if initialized:
                mesh = DeviceMesh(current_device().type, ids, mesh_dim_names=tuple(self._dim_names))
            else:
                mesh = DeviceMesh(current_device().type, ids, mesh_dim_names=tuple(self._dim_names),
                                  _init_backend=False, _rank=get_rank())
                _LOCAL_ONLY.add(id(mesh))
            _DEVICE_MESHES[key] = mesh
            _MESHES_OF_DEVICE_MESH[id(mesh)] = _CoreProcessMesh(self._shape, self._process_ids, self._dim_names)
        return mesh


_CoreProcessMesh.__name__ = _CoreProcessMesh.__qualname__ = "ProcessMesh"
_CoreProcessMesh.__module__ = "paddle.base.libpaddle"
_DEVICE_MESHES = {}
_MESHES_OF_DEVICE_MESH = {}
_LOCAL_ONLY = set()  # ids of DeviceMeshes made without the parallel environment


def require_communication(device_mesh):
    if id(device_mesh) in _LOCAL_ONLY:
        raise RuntimeError("paddle.distributed: this dist tensor was made without the parallel environment, so it "
                           "cannot communicate (reshard, numpy, printing): call "
                           "paddle.distributed.init_parallel_env() first (or start with "
                           "python -m paddle.distributed.launch)")


def core_mesh_of(device_mesh):
    mesh = _MESHES_OF_DEVICE_MESH.get(id(device_mesh))
    if mesh is None:
        ids = device_mesh.mesh
        names = device_mesh.mesh_dim_names or tuple(f"d{i}" for i in range(ids.dim()))
        mesh = _CoreProcessMesh(list(ids.shape), ids.flatten().tolist(), list(names))
    return mesh


class ProcessMesh(_CoreProcessMesh):
    """
    The Cartesian topology of the processes used by auto-parallel.

    Args:
        mesh (list|numpy.array): an n-dimensional array of process ids.
        dim_names (list, optional): the name of each dimension of the mesh (default ``d0``, ``d1``, ...).
    """

    def __init__(self, mesh=None, dim_names=None, shape=None, process_ids=None):
        if mesh is None:
            assert shape is not None
            assert process_ids is not None
            mesh = np.array(process_ids).reshape(shape)
        if not isinstance(mesh, (list, np.ndarray)):
            raise ValueError('The mesh must be an instance of list or np.ndarray.')
        if isinstance(mesh, list):
            mesh = np.array(mesh)
        if dim_names is not None and not isinstance(dim_names, list):
            raise ValueError('The dim_names must be an instance of list.')
        self._mesh = mesh
        shape = list(mesh.shape)
        process_ids = mesh.flatten().tolist()
        assert all(isinstance(p, int) for p in process_ids), "All elements of the mesh must be integer"
        assert min(process_ids) >= 0, 'All elements of the mesh must be >= 0.'
        assert len(set(process_ids)) == len(process_ids), 'All elements of the mesh must be unique.'
        if dim_names is not None:
            assert len(dim_names) == len(shape), "The length of dims_names must be same as the shape of the mesh."
            dim_names = copy.deepcopy(dim_names)
        else:
            dim_names = ["d" + str(i) for i in range(len(shape))]
        assert len(set(dim_names)) == len(dim_names), f'All dim_names {dim_names} must be unique.'
        _CoreProcessMesh.__init__(self, shape, process_ids, dim_names)
        self._unique_id = get_unique_id_for_process_mesh(shape, process_ids)

    @property
    def mesh(self):
        return self._mesh

    @property
    def dim_names(self):
        return self._dim_names

    @property
    def unique_id(self):
        return self._unique_id

    def __getitem__(self, index):
        if isinstance(index, tuple):
            names = [self._dim_names[i] for i, item in enumerate(index) if isinstance(item, slice)]
            sub = self._mesh[index]
            return ProcessMesh(sub, names) if sub.shape else ProcessMesh([sub])
        if isinstance(index, slice):
            return ProcessMesh(self._mesh[index], self._dim_names)
        sub = self._mesh[index]
        return ProcessMesh(sub, self._dim_names[1:]) if sub.shape else ProcessMesh([sub])

    def get_dim_size(self, dim_name):
        assert dim_name in self._dim_names
        return self._shape[self._dim_names.index(dim_name)]

    def get_mesh_with_dim(self, dim_name):
        assert dim_name in self._dim_names, f'{dim_name} is not a valid dim name.'
        axis = self._dim_names.index(dim_name)
        order = [axis] + [i for i in range(len(self._dim_names)) if i != axis]
        names = [dim_name] + [d for d in self._dim_names if d != dim_name]
        return ProcessMesh(self._mesh.transpose(order), names)

    def __enter__(self):
        set_current_process_mesh(self)

    def __exit__(self, exc_type, exc_value, exc_traceback):
        reset_current_process_mesh()

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        new = ProcessMesh(np.array(self.mesh), self.dim_names)
        memo[id(self)] = new
        return new

    __eq__ = _CoreProcessMesh.__eq__
    __hash__ = _CoreProcessMesh.__hash__

    def __str__(self):
        return f"shape {self.shape}, process_ids {self.process_ids}, dim_nams {self.dim_names}"


def compute_compatible_process_mesh(process_mesh_list):
    """The smallest mesh among ``process_mesh_list`` that contains all of their processes (None if none)."""
    result = None
    for mesh in process_mesh_list:
        if mesh is None or result == mesh:
            continue
        if result is None:
            result = mesh
        elif result.process_ids == mesh.process_ids:
            result = result if len(result.shape) >= len(mesh.shape) else mesh
        elif set(result.process_ids) <= set(mesh.process_ids):
            result = mesh
        elif not set(mesh.process_ids) <= set(result.process_ids):
            return None
    return copy.deepcopy(result)


def merge_process_meshes(process_meshes):
    ids = set()
    for mesh in process_meshes:
        if mesh is not None:
            ids |= set(mesh.process_ids)
    return ProcessMesh(list(ids)) if ids else None
